import {
  applyReviewResponse,
  diffResponse,
  mergePreviewResponse,
  mergeResponse,
  reportListResponse,
  reportRemovedResponse,
  reportSchema,
  reviewResponse,
  type ApplyReviewBody,
  type CreateReportBody,
  type DiffResponse,
  type MergeBody,
  type MergePreview,
  type Report,
  type ReviewResponse,
  type UpdateReportBody,
} from '../contract/http/compare';
import type { Version } from '../contract/http/versions';
import type { Job } from '../contract/http/jobs';
import type { ApiResult, DownloadedFile, HttpClient } from './types';

/** The compare calls of issue #7: diffs, reports, upload reviews and merges (contract/http/compare.ts). */

function modelPath(modelId: string): string {
  return `/api/models/${encodeURIComponent(modelId)}`;
}

function reportPath(modelId: string, reportId: string): string {
  return `${modelPath(modelId)}/reports/${encodeURIComponent(reportId)}`;
}

function reviewPath(modelId: string, reviewId: string): string {
  return `${modelPath(modelId)}/reviews/${encodeURIComponent(reviewId)}`;
}

export interface DiffRequest {
  /** The older version (before). */
  from: string;
  /** The newer version (after). */
  to: string;
  lengthTolerance?: number;
  relativeTolerance?: number;
}

/**
 * GET /api/models/{id}/data/diff?from&to: the diff when it is cached, else the job computing it (VersionDiff
 * announces it; then ask again).
 */
export function getVersionDiff(
  http: HttpClient,
  modelId: string,
  request: DiffRequest,
): Promise<ApiResult<DiffResponse>> {
  const searchParams: Record<string, string | number> = { from: request.from, to: request.to };
  if (request.lengthTolerance !== undefined) searchParams.lengthTolerance = request.lengthTolerance;
  if (request.relativeTolerance !== undefined) searchParams.relativeTolerance = request.relativeTolerance;
  return http.request('GET', `${modelPath(modelId)}/data/diff`, {
    searchParams,
    schema: diffResponse,
    showLoader: false,
    timeoutMs: 120_000,
  });
}

/** GET /api/models/{id}/reports: newest first; a LIMITEDVIEW user gets only the reports assigned to them. */
export function listReports(http: HttpClient, modelId: string): Promise<ApiResult<{ data: Report[] }>> {
  return http.request('GET', `${modelPath(modelId)}/reports`, { schema: reportListResponse });
}

/** POST /api/models/{id}/reports: 201 with the report. */
export function createReport(
  http: HttpClient,
  modelId: string,
  body: CreateReportBody,
): Promise<ApiResult<Report>> {
  return http.request('POST', `${modelPath(modelId)}/reports`, { json: body, schema: reportSchema });
}

/** PUT /api/models/{id}/reports/{reportId}. */
export function updateReport(
  http: HttpClient,
  modelId: string,
  reportId: string,
  body: UpdateReportBody,
): Promise<ApiResult<Report>> {
  return http.request('PUT', reportPath(modelId, reportId), { json: body, schema: reportSchema });
}

/** DELETE /api/models/{id}/reports/{reportId}. */
export function deleteReport(
  http: HttpClient,
  modelId: string,
  reportId: string,
): Promise<ApiResult<{ message: string }>> {
  return http.request('DELETE', reportPath(modelId, reportId), { schema: reportRemovedResponse });
}

/** GET /api/models/{id}/reports/{reportId}/diff: the report's diff, open to everyone who sees the report. */
export function getReportDiff(
  http: HttpClient,
  modelId: string,
  reportId: string,
): Promise<ApiResult<DiffResponse>> {
  return http.request('GET', `${reportPath(modelId, reportId)}/diff`, {
    schema: diffResponse,
    showLoader: false,
    timeoutMs: 120_000,
  });
}

/** GET /api/models/{id}/reports/{reportId}/xlsx: the report as a workbook. */
export function downloadReportWorkbook(
  http: HttpClient,
  modelId: string,
  reportId: string,
): Promise<ApiResult<DownloadedFile>> {
  return http.request<DownloadedFile>('GET', `${reportPath(modelId, reportId)}/xlsx`, {
    download: true,
    timeoutMs: 120_000,
  });
}

/** GET /api/models/{id}/reviews/{reviewId}: an upload waiting for review, with its diff against the latest. */
export function getReview(
  http: HttpClient,
  modelId: string,
  reviewId: string,
): Promise<ApiResult<ReviewResponse>> {
  return http.request('GET', reviewPath(modelId, reviewId), {
    schema: reviewResponse,
    timeoutMs: 120_000,
  });
}

/** POST /api/models/{id}/reviews/{reviewId}/apply: the selected changes become a new version (201). */
export function applyReview(
  http: HttpClient,
  modelId: string,
  reviewId: string,
  body: ApplyReviewBody,
): Promise<ApiResult<Version>> {
  return http.request('POST', `${reviewPath(modelId, reviewId)}/apply`, {
    json: body,
    schema: applyReviewResponse,
    timeoutMs: 120_000,
  });
}

/** DELETE /api/models/{id}/reviews/{reviewId}: the upload is discarded; no version is made. */
export function discardReview(
  http: HttpClient,
  modelId: string,
  reviewId: string,
): Promise<ApiResult<{ message: string }>> {
  return http.request('DELETE', reviewPath(modelId, reviewId), { schema: reportRemovedResponse });
}

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
