import { z } from 'zod';
import { multilineText, text } from './text';
import { CHECK_IDS, OPERATION_IDS } from '../../engine/repair/types';
import { DisplayUnitSchema } from '../../engine/schema';
import { diffViewSchema } from './compare';
import { jobSchema } from './jobs';
import { versionSceneResponse } from './versions';
import { publicUserSchema } from './users';

/**
 * Connectivity checks and repair (issue #8). The engine's report and plan (src/engine/repair/types.ts) travel in
 * display form: every length in the model's display units, every row with the sentence a person reads.
 */

const checkIdSchema = z.enum(CHECK_IDS);
const operationIdSchema = z.enum(OPERATION_IDS);
const point3 = z.object({ x: z.number(), y: z.number(), z: z.number() });

/** Tolerances in the model's display units (angles in degrees), as the repair screen shows and edits them. */
export const repairTolerancesSchema = z.strictObject({
  merge: z.number().positive().max(1e6),
  near: z.number().positive().max(1e6),
  snap: z.number().positive().max(1e6),
  minLength: z.number().positive().max(1e6),
  gapMax: z.number().positive().max(1e6),
  angle: z.number().positive().max(45),
  classAngle: z.number().positive().max(45),
});
export type RepairTolerancesWire = z.infer<typeof repairTolerancesSchema>;

export const issueViewSchema = z.object({
  id: z.string(),
  check: checkIdSchema,
  severity: z.enum(['error', 'warning', 'info']),
  nodeIds: z.array(z.string()),
  elementIds: z.array(z.string()),
  /** Display units. */
  location: point3,
  /** Display units (degrees for C12); null when none applies. */
  distance: z.number().nullable(),
  /** 'B12 and B13 at Story 4 are 0.4 mm apart', in display units. */
  text: z.string(),
});
export type IssueView = z.infer<typeof issueViewSchema>;

const checkCounts = z.record(checkIdSchema, z.number().int());

export const connectivityViewSchema = z.object({
  units: DisplayUnitSchema,
  tolerances: repairTolerancesSchema,
  counts: checkCounts,
  /** CHECK_TITLES, so the client shows the same words as the CLI. */
  titles: z.record(checkIdSchema, z.string()),
  summary: z.object({
    nodes: z.number().int(),
    members: z.number().int(),
    components: z.number().int(),
    floatingComponents: z.number().int(),
    freeEnds: z.number().int(),
    nearMisses: z.number().int(),
    duplicateGroups: z.number().int(),
    unstableReleases: z.number().int(),
  }),
  issues: z.array(issueViewSchema),
});
export type ConnectivityView = z.infer<typeof connectivityViewSchema>;

export const operationViewSchema = z.object({
  id: z.string(),
  operation: operationIdSchema,
  reason: checkIdSchema,
  issueId: z.string(),
  requiresConfirmation: z.boolean(),
  /** Display units; null when nothing moves. */
  distance: z.number().nullable(),
  dependsOn: z.array(z.string()),
  nodeIds: z.array(z.string()),
  elementIds: z.array(z.string()),
  /** 'Merge 3 nodes into N12 at Story 2 (0.4 mm)', in display units. */
  text: z.string(),
});
export type OperationView = z.infer<typeof operationViewSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Connectivity

/**
 * GET /api/models/{id}/data/connectivity?versionId= (READ and up; default the latest version; tolerances as
 * optional query numbers in display units, default the model's). Cached per version and tolerances: 200
 * `{ status: 'done', versionId, report }`, else 202 `{ status: 'queued' | 'running', jobId }` and a connectivity job
 * starts (one per key); ModelConnectivity tells the model's room when it is ready, and the client asks again.
 */
export const connectivityQuery = z.object({
  versionId: text().min(1).max(100).optional(),
  merge: z.coerce.number().positive().max(1e6).optional(),
  near: z.coerce.number().positive().max(1e6).optional(),
  snap: z.coerce.number().positive().max(1e6).optional(),
  minLength: z.coerce.number().positive().max(1e6).optional(),
  gapMax: z.coerce.number().positive().max(1e6).optional(),
  angle: z.coerce.number().positive().max(45).optional(),
  classAngle: z.coerce.number().positive().max(45).optional(),
});
export type ConnectivityQuery = z.input<typeof connectivityQuery>;

export const connectivityResponse = z.discriminatedUnion('status', [
  z.object({ status: z.literal('done'), versionId: z.string(), report: connectivityViewSchema }),
  z.object({ status: z.enum(['queued', 'running']), jobId: z.string() }),
  z.object({ status: z.literal('failed'), jobId: z.string(), error: z.string() }),
]);
export type ConnectivityResponse = z.infer<typeof connectivityResponse>;

/** ModelConnectivity's data: the version whose checks are ready (or failed: `error`). */
export const modelConnectivityEventSchema = z.object({
  modelId: z.string(),
  versionId: z.string(),
  jobId: z.string(),
  error: z.string().nullable(),
  /** Issue counts per check when it succeeded, so a list can badge the model without asking. */
  counts: checkCounts.nullable(),
});
export type ModelConnectivityEvent = z.infer<typeof modelConnectivityEventSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Repair

export const repairStatusSchema = z.enum(['running', 'ready', 'failed', 'committed', 'discarded']);

export const repairSchema = z.object({
  _id: z.string(),
  modelId: z.string(),
  /** The version repaired. */
  versionId: z.string(),
  versionNumber: z.number().int(),
  jobId: z.string(),
  status: repairStatusSchema,
  error: z.string().nullable(),
  units: DisplayUnitSchema,
  tolerances: repairTolerancesSchema,
  operations: z.array(operationIdSchema),
  createdBy: publicUserSchema.nullable(),
  createdAt: z.string(),
  /** The version the commit made. */
  committedVersionId: z.string().nullable(),
});
export type Repair = z.infer<typeof repairSchema>;

/**
 * POST /api/models/{id}/repairs (WRITE and up): 202 with the repair and its job. The job sends ProgressUpdate
 * (the job, `kind` 'repair') per pipeline stage, then ModelRepaired with `{ modelId, repairId, jobId, versionId,
 * error }` to the model's room. 409 while another upload, merge, repair or commit of the model is unfinished.
 */
export const startRepairBody = z.strictObject({
  versionId: text().max(100).optional(),
  tolerances: repairTolerancesSchema.partial().optional(),
  operations: z.array(operationIdSchema).max(OPERATION_IDS.length).optional(),
});
export type StartRepairBody = z.input<typeof startRepairBody>;
export const startRepairResponse = z.object({ repair: repairSchema, job: jobSchema });
export type StartRepairResponse = z.infer<typeof startRepairResponse>;

/**
 * GET /api/models/{id}/repairs/{repairId} (READ and up): the repair; when ready, the plan, the checks before and
 * after the default selection (every operation that does not need confirmation), and the diff of that preview
 * against the repaired version.
 */
export const repairResponse = z.object({
  repair: repairSchema,
  plan: z
    .object({
      operations: z.array(operationViewSchema),
      before: connectivityViewSchema,
      after: connectivityViewSchema,
      diff: diffViewSchema,
    })
    .nullable(),
});
export type RepairResponse = z.infer<typeof repairResponse>;

/**
 * POST /api/models/{id}/repairs/{repairId}/preview (READ and up) `{ accepted }`: the checks after and the diff
 * against the repaired version if exactly these operations were applied (operations whose dependencies are not
 * accepted are listed in `skipped`).
 */
export const previewRepairBody = z.strictObject({ accepted: z.array(text().max(500)).max(1_000_000) });
export type PreviewRepairBody = z.input<typeof previewRepairBody>;
export const previewRepairResponse = z.object({
  after: connectivityViewSchema,
  diff: diffViewSchema,
  skipped: z.array(z.string()),
});
export type PreviewRepairResponse = z.infer<typeof previewRepairResponse>;

/**
 * POST /api/models/{id}/repairs/{repairId}/scene (READ and up) `{ accepted }`: what the viewer draws of the
 * repaired model with exactly these operations applied (the "after" side of the before/after toggle): the same
 * shape as a version's scene, `versionId` being the repaired version's.
 */
export const repairSceneBody = previewRepairBody;
export const repairSceneResponse = versionSceneResponse;

/**
 * POST /api/models/{id}/repairs/{repairId}/commit (WRITE and up) `{ accepted, message? }`: 202 with the commit job
 * (`kind` 'repairCommit'). It makes a version with origin `repair` whose message lists the operations
 * ('Repair of version 3: 12 × Merge coincident nodes (R01), 2 × Split member at node (R02)' unless a message is
 * given), then ModelAdded and ModelRepairCommit `{ modelId, repairId, jobId, versionId, versionNumber }`. 409
 * `repairOutdated` when the repaired version is no longer the latest, 409 when the repair is not ready or was
 * committed or discarded already; 400 when nothing is accepted.
 */
export const commitRepairBody = z.strictObject({
  accepted: z.array(text().max(500)).max(1_000_000),
  message: multilineText().max(2000).optional(),
});
export type CommitRepairBody = z.input<typeof commitRepairBody>;
export const commitRepairResponse = jobSchema;

/** DELETE /api/models/{id}/repairs/{repairId} (WRITE and up): 204; the repair is discarded. */

/** ModelRepaired's data: the repair's plan is ready (or failed: `error`). */
export const modelRepairedEventSchema = z.object({
  modelId: z.string(),
  repairId: z.string(),
  jobId: z.string(),
  versionId: z.string(),
  error: z.string().nullable(),
});
export type ModelRepairedEvent = z.infer<typeof modelRepairedEventSchema>;

/** ModelRepairCommit's data: the version the commit made. */
export const modelRepairCommitEventSchema = z.object({
  modelId: z.string(),
  repairId: z.string(),
  jobId: z.string(),
  versionId: z.string(),
  versionNumber: z.number().int(),
});
export type ModelRepairCommitEvent = z.infer<typeof modelRepairCommitEventSchema>;
