import { dxfExportResponse, type DxfExportResponse } from '../contract/http/dxf';
import type { ApiResult, DownloadedFile, HttpClient } from './types';

/**
 * GET /api/models/{id}/data/dxf/?ID={versionId} (issue #9): the drawing's download when the server has it, else
 * the job drawing it (202); DXFExport announces the end.
 */
export function requestDxfExport(
  http: HttpClient,
  modelId: string,
  versionId: string,
): Promise<ApiResult<DxfExportResponse>> {
  return http.request('GET', `/api/models/${encodeURIComponent(modelId)}/data/dxf/`, {
    searchParams: { ID: versionId },
    schema: dxfExportResponse,
    showLoader: false,
  });
}

/** The drawing itself, from the `url` the answer or DXFExport named (fetched as a blob: the token rides a header). */
export function downloadDxfFile(http: HttpClient, url: string): Promise<ApiResult<DownloadedFile>> {
  return http.request<DownloadedFile>('GET', url, { download: true, timeoutMs: 120_000 });
}
