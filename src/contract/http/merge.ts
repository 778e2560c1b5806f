import { z } from 'zod';
import { PROPERTY_GROUPS } from '../../engine/diff/types';
import { changeKindSchema, diffViewSchema, propertyGroupSchema } from './compare';
import { jobSchema } from './jobs';
import { multilineText, text } from './text';

/** Merge (/model/{id}/visualize/merge): another version's changes into the model's latest version. */

/**
 * What to merge into the model's latest version: the changes of `targetVersion` (of model `targetId`, which may
 * be this model) against `baseVersion`. When `baseVersion` is left out and the target is a version of this model,
 * the base is the version before it (the changes made in that version, cherry-picked); for another model's
 * version there is no base and the changes are those from the latest version to the target. `targetElements`
 * (element ids), `targetParts` (some property groups of an element's change) and `categories` narrow what is
 * taken; conflicts are decided in `resolutions`.
 * Missing targetId: 400 messages.targetIdMissing; missing targetVersion (or targetElements and categories both
 * empty on a merge): 400 messages.targetVersionMissing, verbatim.
 */
export const mergeBody = z.object({
  targetId: text().max(100).optional(),
  targetVersion: text().max(100).optional(),
  baseVersion: text().max(100).optional(),
  targetElements: z.array(text().max(300)).max(1_000_000).optional(),
  /** Some property groups of an element's change, by element id (its Profile without its Geometry). */
  targetParts: z
    .record(text().max(300), z.array(propertyGroupSchema).min(1).max(PROPERTY_GROUPS.length))
    .refine((parts) => Object.keys(parts).length <= 1_000_000)
    .optional(),
  categories: z
    .strictObject({
      types: z.array(text().max(50)).max(50).optional(),
      groups: z.array(propertyGroupSchema).optional(),
      kinds: z.array(changeKindSchema).optional(),
    })
    .optional(),
  resolutions: z.record(text().max(300), z.enum(['source', 'target'])).optional(),
  message: multilineText().max(2000).optional(),
});
export type MergeBody = z.input<typeof mergeBody>;

export const mergeConflictSchema = z.object({
  key: z.string(),
  kind: z.enum(['modify/modify', 'delete/modify', 'modify/delete', 'duplicate add']),
  type: z.string(),
  label: z.string(),
  /** What each side did, as diff lines in display units. */
  source: z.array(z.string()),
  target: z.array(z.string()),
});
export type MergeConflictWire = z.infer<typeof mergeConflictSchema>;

/**
 * POST /api/models/{id}/merge/preview (WRITE and up), same body: 200 with the changes the merge would take (the
 * diff base → target version, every change, so the screen can offer them), the conflicts with the latest version,
 * and the version it would merge into.
 */
export const mergePreviewResponse = z.object({
  latestVersionId: z.string(),
  baseVersionId: z.string().nullable(),
  changes: diffViewSchema,
  conflicts: z.array(mergeConflictSchema),
});
export type MergePreview = z.infer<typeof mergePreviewResponse>;

/**
 * POST /api/models/{id}/merge (WRITE and up): 202 with the merge job. It sends ProgressUpdate (the job, `kind`
 * 'merge') while it works, then VersionMerged with `{ modelId, jobId, versionId, versionNumber }` to the model's
 * room, and VersionMerged with empty data to the merging tab to mark it done (spec section 4). A failure sends
 * ModelError with the jobId. 409 while another merge or upload of the model is unfinished.
 */
export const mergeResponse = jobSchema;
export const versionMergedEventSchema = z.object({
  modelId: z.string(),
  jobId: z.string(),
  versionId: z.string(),
  versionNumber: z.number().int(),
});
export type VersionMergedEvent = z.infer<typeof versionMergedEventSchema>;
