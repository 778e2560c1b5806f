import { z } from 'zod';

/** The jobs capability's wire shapes: one job, however it was started. */

export const jobStatusSchema = z.enum(['queued', 'running', 'done', 'failed']);
export type JobStatus = z.infer<typeof jobStatusSchema>;

/**
 * A job's progress: GET /api/jobs/{jobId} (and GET /api/v2/uploads/{jobId}, kept for older clients), pushed live
 * as ProgressUpdate. The jobs shown this way are the ones that make a version or a review (upload, merge, repair
 * commit) and a repair's planning; `stage` is human text ('Reading the file', 'Storing 12,000 elements'…).
 */
/** The kinds of job a screen follows, as the wire names them. */
export const WATCHED_JOB_KINDS = ['upload', 'merge', 'repair', 'repairCommit'] as const;

export const jobSchema = z.object({
  _id: z.string(),
  status: jobStatusSchema,
  stage: z.string(),
  progress: z.number().int().min(0).max(100),
  /** Null for an upload that creates its model, until the job is done (the model appears with its version). */
  modelId: z.string().nullable(),
  versionId: z.string().nullable(),
  /** The name shown: the last path segment of the name sent. */
  fileName: z.string(),
  /** Why it failed, for the user (a parse error names the line). */
  error: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** What the job does: an upload (the default when absent) or a merge (issue #7), which reports the same way. */
  kind: z.enum(WATCHED_JOB_KINDS).optional(),
  /** A review upload (`review=true`) ends with the review it made instead of a version (issue #7). */
  reviewId: z.string().nullable().optional(),
});
export type Job = z.infer<typeof jobSchema>;
