import type { Job } from '../contract/http/jobs';
import { UPLOAD_FILE_NAME_HEADER, uploadResponse } from '../contract/http/versions';
import type { ApiResult, HttpClient } from './types';

/** Uploads: a file in, the job that translates it out (contract/http/versions.ts holds the upload's fields). */

/** Where an uploaded file goes: a new version of a model, or a new model in an organization. */
export type UploadTarget = { modelId: string } | { organizationId: string; name: string };

export interface UploadRequest {
  file: Blob;
  fileName: string;
  target: UploadTarget;
  message?: string;
  /** A new version of a model held for review (issue #7): the job ends with a review, not a version. */
  review?: boolean;
  /** The same key on a retry makes the server answer with the first upload's job: never two versions. */
  idempotencyKey: string;
}

/**
 * POST /api/v2/uploads: the file itself is the body (streamed by the server, not multipart), its name in the
 * X-File-Name header, the target in the query. 202 with the job that translates it (200 with the first job when
 * the Idempotency-Key was seen before).
 *
 * Upload progress is not reported: ky's onUploadProgress streams the request body, which browsers allow only
 * over HTTP/2 (Chromium refuses a streamed body on HTTP/1.1, and our server speaks HTTP/1.1), so the
 * uploading step is shown as indeterminate. The translation's own progress comes from the job.
 */
export function uploadModelFile(http: HttpClient, request: UploadRequest): Promise<ApiResult<Job>> {
  const searchParams: Record<string, string> =
    'modelId' in request.target
      ? { modelId: request.target.modelId }
      : { organizationId: request.target.organizationId, name: request.target.name };
  if (request.message !== undefined) searchParams.message = request.message;
  if (request.review === true) searchParams.review = 'true';
  return http.request('POST', '/api/v2/uploads', {
    body: request.file,
    searchParams,
    headers: {
      'Content-Type': 'application/octet-stream',
      // Percent-encoded: any file name fits in a header that way.
      [UPLOAD_FILE_NAME_HEADER]: encodeURIComponent(request.fileName),
      'Idempotency-Key': request.idempotencyKey,
    },
    schema: uploadResponse,
    // The panel shows its own progress; the whole-page loader would hide it.
    showLoader: false,
    timeoutMs: false,
  });
}
