import { WATCHED_JOB_KINDS, type Job } from '../../../contract/http/jobs';
import type { JobRow } from '../../jobs/queue';

/** What a job that makes a version stores as its result: the version, or (a review upload) the review. */
export interface JobResult {
  modelId: string;
  versionId: string | null;
  reviewId?: string;
}

/** What every job shown as a Job carries in its payload (uploads, merges and repairs). */
interface JobPayloadView {
  fileName: string;
}

const iso = (value: Date | string) => new Date(value).toISOString();

// The row's kind as the wire names it; the owning modules' kind constants hold the same strings.
const reportedKind = (kind: string): NonNullable<Job['kind']> =>
  WATCHED_JOB_KINDS.find((watched) => watched === kind) ?? 'upload';

/** The contract's Job of a job row (an upload's, a merge's or a repair's: `kind` tells which). */
export function toJob(row: JobRow): Job {
  const payload = row.payload as JobPayloadView;
  const result = row.result as JobResult | null;
  return {
    _id: row.id,
    status: row.status,
    stage: row.stage,
    progress: row.progress,
    modelId: row.model_id ?? result?.modelId ?? null,
    versionId: result?.versionId ?? null,
    fileName: payload.fileName,
    error: row.error,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    kind: reportedKind(row.kind),
    reviewId: result?.reviewId ?? null,
  };
}
