import type { UploadJob } from '../../../contract/http/versions';
import type { JobRow } from '../../jobs/queue';

/** What an upload job carries from the request to the worker (the `payload` jsonb). */
export interface UploadPayload {
  /** The display name (last path segment of X-File-Name); never used as a path. */
  fileName: string;
  /** Translator id chosen by the extension (e2k, s2k, json). */
  format: string;
  sizeBytes: number;
  /** SHA-256 of the file in the blob store. */
  blob: string;
  message: string | null;
  /** Set for an upload that creates its model; the model row appears with the first version. */
  newModel: { id: string; organizationId: string; name: string } | null;
  /** The GussetSessionId of the upload request, carried by the job's live events (absent: none was sent). */
  sessionId?: string;
  /** review=true (issue #7): the job stores an upload review instead of a version (absent: false). */
  review?: boolean;
}

/** A job's result: the version it made, or (a review upload) the review. */
export interface UploadResult {
  modelId: string;
  versionId: string | null;
  reviewId?: string;
}

/** What every job shown as an UploadJob carries in its payload (uploads and merges). */
interface JobPayloadView {
  fileName: string;
}

const iso = (value: Date | string) => new Date(value).toISOString();

const REPORTED_KINDS = ['merge', 'repair', 'repairCommit'] as const;
const reportedKind = (kind: string): NonNullable<UploadJob['kind']> =>
  REPORTED_KINDS.find((reported) => reported === kind) ?? 'upload';

/** The contract's UploadJob of a job row (an upload's or a merge's: `kind` tells which). */
export function toUploadJob(row: JobRow): UploadJob {
  const payload = row.payload as JobPayloadView;
  const result = row.result as UploadResult | null;
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
