import { z } from 'zod';
import { multilineText, text } from './text';
import { CHANGE_KINDS, MATCHED_BY, PROPERTY_GROUPS, ROOT_CAUSE_KINDS } from '../../engine/diff/types';
import { DisplayUnitSchema, MODEL_COLLECTIONS } from '../../engine/schema';
import { modelPermissionSchema } from './models';
import { jobSchema } from './jobs';
import { versionSchema } from './versions';
import { publicUserSchema } from './users';

/**
 * Compare versions (issue #7): diffs, reports, upload review and merge. The diff itself is the engine's
 * DiffView (src/engine/diff/types.ts), in the model's display units.
 */

const propertyGroupSchema = z.enum(PROPERTY_GROUPS);
const changeKindSchema = z.enum(CHANGE_KINDS);
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

// ---------------------------------------------------------------------------------------------------------------
// Reports (spec sections 3 and 4)

/**
 * Spec section 3's Report. `permissions` are the users it is assigned to, each with their role on the report
 * (spec: the model role; an ADMIN of the model is ADMIN on every report). A LIMITEDVIEW user is listed here only
 * on reports assigned to them and sees only those.
 */
export const reportSchema = z.object({
  _id: z.string(),
  modelId: z.string(),
  title: z.string(),
  dateCreated: z.string(),
  currentVersionID: z.string(),
  comparisonVersionID: z.string(),
  currentVersionDate: z.string(),
  comparisonVersionDate: z.string(),
  currentVersionNumber: z.number().int(),
  comparisonVersionNumber: z.number().int(),
  createdBy: publicUserSchema.nullable(),
  permissions: z.array(modelPermissionSchema),
  /** The caller's role on this report. */
  currentUserRole: z.enum(['ADMIN', 'WRITE', 'READ', 'LIMITEDVIEW']),
});
export type Report = z.infer<typeof reportSchema>;

/** GET /api/models/{id}/reports: newest first; LIMITEDVIEW gets only the reports assigned to them. */
export const reportListResponse = z.object({ data: z.array(reportSchema) });

/**
 * POST /api/models/{id}/reports (WRITE and up): 201 with the report. Both versions must belong to the model and
 * differ; `assignedUserIds` must be collaborators of the model (any role). The report's diff is started at once.
 */
export const createReportBody = z.strictObject({
  title: text().trim().min(1).max(200).optional(),
  currentVersionID: text().min(1).max(100),
  comparisonVersionID: text().min(1).max(100),
  assignedUserIds: z.array(text().max(100)).max(500).optional(),
});
export type CreateReportBody = z.input<typeof createReportBody>;

/** PUT /api/models/{id}/reports/{reportId} (the report's ADMIN, or its creator with WRITE): any of the fields. */
export const updateReportBody = z.strictObject({
  title: text().trim().min(1).max(200).optional(),
  currentVersionID: text().min(1).max(100).optional(),
  comparisonVersionID: text().min(1).max(100).optional(),
  assignedUserIds: z.array(text().max(100)).max(500).optional(),
});
export type UpdateReportBody = z.input<typeof updateReportBody>;

/** DELETE /api/models/{id}/reports/{reportId}: same rule as PUT; 200 with ownMessages.reportRemoved. */
export const reportRemovedResponse = z.object({ message: z.string() });

/**
 * GET /api/models/{id}/reports/{reportId}/diff: the report's diff (comparisonVersionID → currentVersionID) for
 * anyone who can see the report, LIMITEDVIEW included; same answers as GET …/data/diff.
 * GET /api/models/{id}/reports/{reportId}/xlsx: the report as an Excel workbook (attachment): a Summary sheet
 * (model, versions, dates, author, counts per type) and a Changes sheet (one row per property change).
 */

// ---------------------------------------------------------------------------------------------------------------
// Upload review

/**
 * POST /api/v2/uploads?modelId=…&review=true: the upload job reads and stores the file but makes no version; the
 * job ends with `reviewId` set (GET /api/v2/uploads/{jobId} and ProgressUpdate carry it). Then:
 * - GET /api/models/{id}/reviews/{reviewId}: the review and its diff against the latest version (WRITE and up;
 *   only the uploader's reviews are open to them, ADMINs see all);
 * - POST /api/models/{id}/reviews/{reviewId}/apply with a selection: 201 with the new version, made of the latest
 *   version plus the selected changes (`{ all: true }` gives exactly the upload); `parts` takes some property
 *   groups of a change (a resized beam's Profile without its Geometry). Without a message, a version made of
 *   part of the upload is described by what it took ('1 beam resized W18X35 → W21X44 (from tower.e2k)'), the
 *   whole upload by the upload's message. ModelAdded follows as for an upload. A review whose base is no longer
 *   the latest version answers 409 (reviewOutdated).
 * - DELETE /api/models/{id}/reviews/{reviewId}: discards it.
 */
export const changeSelectionSchema = z.union([
  z.strictObject({ all: z.literal(true) }),
  z.strictObject({
    keys: z.array(text().max(300)).max(1_000_000).optional(),
    types: z.array(text().max(50)).max(50).optional(),
    groups: z.array(propertyGroupSchema).optional(),
    kinds: z.array(changeKindSchema).optional(),
    parts: z
      .record(text().max(300), z.array(propertyGroupSchema).max(PROPERTY_GROUPS.length))
      .refine((parts) => Object.keys(parts).length <= 1_000_000)
      .optional(),
  }),
]);

export const reviewSchema = z.object({
  _id: z.string(),
  modelId: z.string(),
  jobId: z.string(),
  fileName: z.string(),
  message: z.string().nullable(),
  createdBy: publicUserSchema.nullable(),
  createdAt: z.string(),
  /** The version the upload was compared with (the latest when the upload finished). */
  baseVersionId: z.string(),
  baseVersionNumber: z.number().int(),
  status: z.enum(['open', 'applied', 'discarded']),
  /** The version applying made. */
  appliedVersionId: z.string().nullable(),
});
export type Review = z.infer<typeof reviewSchema>;

export const reviewResponse = z.object({ review: reviewSchema, diff: diffViewSchema });
export type ReviewResponse = z.infer<typeof reviewResponse>;

export const applyReviewBody = z.strictObject({
  selection: changeSelectionSchema,
  message: multilineText().max(2000).optional(),
});
export type ApplyReviewBody = z.input<typeof applyReviewBody>;
export const applyReviewResponse = versionSchema;

// ---------------------------------------------------------------------------------------------------------------
// Merge (/model/{id}/visualize/merge)

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
