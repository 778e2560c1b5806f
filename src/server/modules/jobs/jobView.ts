import type { Job } from '../../../contract/http/jobs';
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

const REPORTED_KINDS = ['merge', 'repair', 'repairCommit'] as const;
const reportedKind = (kind: string): NonNullable<Job['kind']> =>
  REPORTED_KINDS.find((reported) => reported === kind) ?? 'upload';

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
