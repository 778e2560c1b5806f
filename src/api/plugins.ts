import { pluginListResponse, type PluginListResponse } from '../contract/http/plugins';
import type { ApiResult, DownloadedFile, HttpClient } from './types';

/** GET /api/plugins: what Get Plugins offers. */
export function listPlugins(http: HttpClient): Promise<ApiResult<PluginListResponse>> {
  return http.request('GET', '/api/plugins', { schema: pluginListResponse });
}

/** GET /api/plugins/{id}: one download as a file (a zip, the Excel template, or a guide's Markdown). */
export function downloadPlugin(http: HttpClient, id: string): Promise<ApiResult<DownloadedFile>> {
  return http.request<DownloadedFile>('GET', `/api/plugins/${encodeURIComponent(id)}`, {
    download: true,
    timeoutMs: 120_000,
  });
}
