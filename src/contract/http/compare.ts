import { z } from 'zod';
import { text } from './text';
import { CHANGE_KINDS, MATCHED_BY, PROPERTY_GROUPS, ROOT_CAUSE_KINDS } from '../../engine/diff/types';
import { DisplayUnitSchema, MODEL_COLLECTIONS } from '../../engine/schema';

/**
 * Compare versions (issue #7): the diff between two versions. The diff itself is the engine's DiffView
 * (src/engine/diff/types.ts), in the model's display units. Reports, upload reviews and merge, built on it, have
 * their own files (reports.ts, reviews.ts, merge.ts).
 */

export const propertyGroupSchema = z.enum(PROPERTY_GROUPS);
export const changeKindSchema = z.enum(CHANGE_KINDS);
const collectionSchema = z.enum(MODEL_COLLECTIONS);
const countsSchema = z.object({
  added: z.number().int(),
  removed: z.number().int(),
  modified: z.number().int(),
  unchanged: z.number().int(),
});

export const diffOptionsSchema = z.object({
  lengthTolerance: z.number().min(0).max(1e6),
  relativeTolerance: z.number().min(0).max(1),
  geometricMatching: z.enum(['fallback', 'off']),
});

export const diffViewChangeSchema = z.object({
  key: z.string(),
  kind: changeKindSchema,
  collection: collectionSchema,
  id: z.string(),
  beforeId: z.string().nullable(),
  type: z.string(),
  label: z.string(),
  level: z.string().nullable(),
  matchedBy: z.enum(MATCHED_BY).nullable(),
  groups: z.array(propertyGroupSchema),
  details: z.array(
    z.object({
      group: propertyGroupSchema,
      path: z.string(),
      text: z.string(),
      deviation: z.number().nullable(),
    }),
  ),
  /** The root cause this change sits under (diffs cached before root causes have none). */
  cause: z.string().nullable().default(null),
});
export type DiffViewChangeWire = z.infer<typeof diffViewChangeSchema>;

export const diffViewRootCauseSchema = z.object({
  key: z.string(),
  kind: z.enum(ROOT_CAUSE_KINDS),
  text: z.string(),
  count: z.number().int(),
  keys: z.array(z.string()),
});
export type DiffViewRootCauseWire = z.infer<typeof diffViewRootCauseSchema>;

export const diffViewSchema = z.object({
  units: DisplayUnitSchema,
  options: diffOptionsSchema,
  counts: z.record(z.string(), countsSchema),
  elementCounts: z.record(z.string(), countsSchema),
  header: z.array(z.object({ path: z.string(), text: z.string() })),
  rootCauses: z.array(diffViewRootCauseSchema).default([]),
  changes: z.array(diffViewChangeSchema),
});
export type DiffViewWire = z.infer<typeof diffViewSchema>;

/**
 * GET /api/models/{id}/data/diff?from={versionId}&to={versionId} (READ and up; `from` is the older side, the
 * "before"). Cached per pair: 200 `{ status: 'done', fromVersionId, toVersionId, diff }` when the diff exists,
 * else 202 `{ status: 'queued' | 'running', jobId }` and a diff job starts (one per pair); when it is done the
 * model's room gets VersionDiff and the client asks again. A failed job answers 200 `{ status: 'failed', error }`
 * once; asking again retries it. Optional tolerances: `lengthTolerance` (mm) and `relativeTolerance`; the
 * defaults (1 mm, 1e-4) are the cached ones, other values are computed by a job too and cached under their own key.
 */
export const diffQuery = z.object({
  from: text().min(1).max(100),
  to: text().min(1).max(100),
  lengthTolerance: z.coerce.number().min(0).max(1e6).optional(),
  relativeTolerance: z.coerce.number().min(0).max(1).optional(),
});
export type DiffQuery = z.input<typeof diffQuery>;

export const diffResponse = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('done'),
    fromVersionId: z.string(),
    toVersionId: z.string(),
    diff: diffViewSchema,
  }),
  z.object({ status: z.enum(['queued', 'running']), jobId: z.string() }),
  z.object({ status: z.literal('failed'), jobId: z.string(), error: z.string() }),
]);
export type DiffResponse = z.infer<typeof diffResponse>;

/** VersionDiff's data: the pair whose diff is ready (or failed: `error`). */
export const versionDiffEventSchema = z.object({
  modelId: z.string(),
  fromVersionId: z.string(),
  toVersionId: z.string(),
  jobId: z.string(),
  error: z.string().nullable(),
});
export type VersionDiffEvent = z.infer<typeof versionDiffEventSchema>;
