import {
  reportListResponse,
  reportRemovedResponse,
  reportResultsResponse,
  reportSchema,
  type CreateReportBody,
  type Report,
  type ReportResultsWire,
  type UpdateReportBody,
} from '../contract/http/reports';
import type { DiffResponse } from '../contract/http/compare';
import { diffResponse } from '../contract/http/compare';
import { modelPath } from './paths';
import type { ApiResult, DownloadedFile, HttpClient } from './types';

/** Reports: named comparisons shared with collaborators (contract/http/reports.ts). */

function reportPath(modelId: string, reportId: string): string {
  return `${modelPath(modelId)}/reports/${encodeURIComponent(reportId)}`;
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

/** GET /api/models/{id}/reports/{reportId}/results: the analysis results that changed between its versions. */
export function getReportResults(
  http: HttpClient,
  modelId: string,
  reportId: string,
): Promise<ApiResult<ReportResultsWire>> {
  return http.request('GET', `${reportPath(modelId, reportId)}/results`, {
    schema: reportResultsResponse,
    showLoader: false,
    timeoutMs: 120_000,
  });
}
