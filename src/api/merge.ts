import type { Job } from '../contract/http/jobs';
import {
  mergePreviewResponse,
  mergeResponse,
  type MergeBody,
  type MergePreview,
} from '../contract/http/merge';
import { modelPath } from './paths';
import type { ApiResult, HttpClient } from './types';

/** Merge: another version's changes into the model's latest version (contract/http/merge.ts). */

/** POST /api/models/{id}/merge/preview: what a merge would take, and its conflicts. */
export function previewMerge(
  http: HttpClient,
  modelId: string,
  body: MergeBody,
): Promise<ApiResult<MergePreview>> {
  return http.request('POST', `${modelPath(modelId)}/merge/preview`, {
    json: body,
    schema: mergePreviewResponse,
    timeoutMs: 120_000,
  });
}

/** POST /api/models/{id}/merge: 202 with the merge job (ProgressUpdate, then VersionMerged). */
export function startMerge(http: HttpClient, modelId: string, body: MergeBody): Promise<ApiResult<Job>> {
  return http.request('POST', `${modelPath(modelId)}/merge`, {
    json: body,
    schema: mergeResponse,
    showLoader: false,
  });
}
