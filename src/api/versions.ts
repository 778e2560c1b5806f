import type { z } from 'zod';
import { certificateResponse, type CertificateWire } from '../contract/http/fidelity';
import {
  attributesResponse,
  groupsResponse,
  minimalModelResponse,
  restoreVersionResponse,
  UPLOAD_FILE_NAME_HEADER,
  uploadResponse,
  versionDetailSchema,
  versionElementResponse,
  versionSceneResponse,
  type MinimalModel,
  type Version,
  type VersionDetail,
  type VersionElement,
  type VersionScene,
} from '../contract/http/versions';
import type { Job } from '../contract/http/jobs';
import type { ApiResult, DownloadedFile, HttpClient } from './types';

/** The upload, version and version-data calls (the model calls live in models.ts). */

function modelPath(modelId: string): string {
  return `/api/models/${encodeURIComponent(modelId)}`;
}

function versionDataPath(modelId: string, versionId: string): string {
  return `${modelPath(modelId)}/data/versions/${encodeURIComponent(versionId)}`;
}

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
