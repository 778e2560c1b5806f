import type { z } from 'zod';
import { certificateResponse, type CertificateWire } from '../contract/http/fidelity';
import {
  attributesResponse,
  groupsResponse,
  minimalModelResponse,
  restoreVersionResponse,
  versionDetailSchema,
  versionElementResponse,
  versionSceneResponse,
  type MinimalModel,
  type Version,
  type VersionDetail,
  type VersionElement,
  type VersionScene,
} from '../contract/http/versions';
import { modelPath, versionDataPath } from './paths';
import type { ApiResult, DownloadedFile, HttpClient } from './types';

/** The version and version-data calls (uploads live in uploads.ts, the model calls in models.ts). */

/** GET /api/models/{id}/versions/{versionId}: one version with its whole translation report. */
export function getVersion(
  http: HttpClient,
  modelId: string,
  versionId: string,
  options: { showLoader?: boolean } = {},
): Promise<ApiResult<VersionDetail>> {
  return http.request('GET', `${modelPath(modelId)}/versions/${encodeURIComponent(versionId)}`, {
    schema: versionDetailSchema,
    ...options,
  });
}

/** POST /api/models/{id}/versions/{versionId}/restore: 201 with the new version, equal to the old one. */
export function restoreVersion(
  http: HttpClient,
  modelId: string,
  versionId: string,
): Promise<ApiResult<Version>> {
  return http.request('POST', `${modelPath(modelId)}/versions/${encodeURIComponent(versionId)}/restore`, {
    schema: restoreVersionResponse,
  });
}

/** The formats a version can be exported to from the export screen: the server's translator ids. */
export const EXPORT_FORMATS = ['e2k', 's2k', 'ifc', 'cis2', 'xlsx', 'json'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** The extension each export format's file gets (a CIS/2 file is a STEP file). */
export const EXPORT_EXTENSIONS: Readonly<Record<ExportFormat, string>> = {
  e2k: '.e2k',
  s2k: '.s2k',
  ifc: '.ifc',
  cis2: '.stp',
  xlsx: '.xlsx',
  json: '.json',
};

/**
 * GET /api/models/{id}/data/versions/{versionId}/export?format=…: the file, with the model's filters applied.
 * Fetched as a blob because the Authorization header cannot ride on a plain link.
 */
export function downloadVersionExport(
  http: HttpClient,
  modelId: string,
  versionId: string,
  format: ExportFormat,
): Promise<ApiResult<DownloadedFile>> {
  return http.request<DownloadedFile>('GET', `${versionDataPath(modelId, versionId)}/export`, {
    searchParams: { format },
    download: true,
    timeoutMs: 120_000,
  });
}

/**
 * GET /api/models/{id}/data/versions/{versionId}/certificate?format=…: what an export keeps, approximates and
 * loses (issue #20), checked by the server reading the written file back. The export screen shows it beside the
 * Download button, so the global loader stays hidden; a large model takes a while to write twice.
 */
export function getExportCertificate(
  http: HttpClient,
  modelId: string,
  versionId: string,
  format: ExportFormat,
): Promise<ApiResult<CertificateWire>> {
  return http.request('GET', `${versionDataPath(modelId, versionId)}/certificate`, {
    searchParams: { format },
    schema: certificateResponse,
    showLoader: false,
    timeoutMs: 300_000,
  });
}

export interface MinimalOptions {
  /** Attribute keys to include with each element. */
  keys?: readonly string[];
  specificAttributesOnly?: boolean;
  showLoader?: boolean;
}

/** GET /api/models/{id}/data/versions/{versionId}/minimal: what the viewer needs to draw a version. */
export function getMinimalModel(
  http: HttpClient,
  modelId: string,
  versionId: string,
  options: MinimalOptions = {},
): Promise<ApiResult<MinimalModel>> {
  const searchParams: Record<string, string> = {};
  if (options.keys !== undefined && options.keys.length > 0) searchParams.keys = options.keys.join(',');
  if (options.specificAttributesOnly !== undefined) {
    searchParams.specificAttributesOnly = String(options.specificAttributesOnly);
  }
  return http.request('GET', `${versionDataPath(modelId, versionId)}/minimal`, {
    searchParams,
    schema: minimalModelResponse,
    timeoutMs: 120_000,
    ...(options.showLoader === undefined ? {} : { showLoader: options.showLoader }),
  });
}

export type VersionGroups = z.infer<typeof groupsResponse>;

/** GET /api/models/{id}/data/versions/{versionId}/groups */
export function getVersionGroups(
  http: HttpClient,
  modelId: string,
  versionId: string,
): Promise<ApiResult<VersionGroups>> {
  return http.request('GET', `${versionDataPath(modelId, versionId)}/groups`, { schema: groupsResponse });
}

export type ModelAttributes = z.infer<typeof attributesResponse>;

/** GET /api/models/{id}/data/attributes: the attribute keys of the latest version's elements. */
export function getModelAttributes(http: HttpClient, modelId: string): Promise<ApiResult<ModelAttributes>> {
  return http.request('GET', `${modelPath(modelId)}/data/attributes`, { schema: attributesResponse });
}

/**
 * GET /api/models/{id}/data/versions/{versionId}/scene: the columns the 3-D viewer draws a version from. The
 * viewer shows its own progress, so the global loader stays hidden; a large model may take a while to send.
 */
export function getVersionScene(
  http: HttpClient,
  modelId: string,
  versionId: string,
): Promise<ApiResult<VersionScene>> {
  return http.request('GET', `${versionDataPath(modelId, versionId)}/scene`, {
    schema: versionSceneResponse,
    showLoader: false,
    timeoutMs: 120_000,
  });
}

/**
 * GET /api/models/{id}/data/versions/{versionId}/context (issue #9): the glTF binary of the IFC products the
 * reader approximated or dropped, drawn grey around the model. Most versions have none: the server answers 204,
 * which is null here.
 */
export async function getVersionContextGeometry(
  http: HttpClient,
  modelId: string,
  versionId: string,
): Promise<ApiResult<ArrayBuffer | null>> {
  const result = await http.request<DownloadedFile>('GET', `${versionDataPath(modelId, versionId)}/context`, {
    download: true,
    showLoader: false,
    timeoutMs: 120_000,
  });
  if (!result.ok) return result;
  if (result.status === 204) return { ok: true, status: 204, data: null };
  return { ok: true, status: result.status, data: await result.data.blob.arrayBuffer() };
}

/** GET /api/models/{id}/data/versions/{versionId}/elements/{elementId}: one element for the properties panel. */
export function getVersionElement(
  http: HttpClient,
  modelId: string,
  versionId: string,
  elementId: string,
): Promise<ApiResult<VersionElement>> {
  return http.request(
    'GET',
    `${versionDataPath(modelId, versionId)}/elements/${encodeURIComponent(elementId)}`,
    { schema: versionElementResponse, showLoader: false },
  );
}
