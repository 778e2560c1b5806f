import { z } from 'zod';
import { text } from './text';

/**
 * DXF export (issue #9): `GET /api/models/{id}/data/dxf/?ID={versionId}` answers the drawing's download when it
 * is cached, else the job drawing it (202); DXFExport announces it. The file itself is
 * `GET /api/models/{id}/data/dxf/{versionId}/file`, authorised like every version download.
 */

/** Spec: "GET /api/models/{id}/data/dxf/ with ID" — the version. */
export const dxfQuery = z.object({ ID: text().min(1).max(100) });
export type DxfQuery = z.input<typeof dxfQuery>;

/** Where a finished drawing is downloaded, and the name to save it under. */
export const dxfDownloadSchema = z.object({
  modelId: z.string(),
  versionId: z.string(),
  fileName: z.string(),
  /** Path of the file route (under /api); fetched with the Authorization header like other downloads. */
  url: z.string(),
});
export type DxfDownload = z.infer<typeof dxfDownloadSchema>;

export const dxfExportResponse = z.discriminatedUnion('status', [
  dxfDownloadSchema.extend({ status: z.literal('done') }),
  z.object({ status: z.enum(['queued', 'running']), jobId: z.string() }),
  z.object({ status: z.literal('failed'), jobId: z.string(), error: z.string() }),
]);
export type DxfExportResponse = z.infer<typeof dxfExportResponse>;

/**
 * DXFExport's data: the version's drawing is ready (fileName and url) or failed (`error`, and null for both).
 * Sent to the model's readers, the asking tab included (no GussetSessionId).
 */
export const dxfExportEventSchema = z.object({
  modelId: z.string(),
  versionId: z.string(),
  jobId: z.string(),
  fileName: z.string().nullable(),
  url: z.string().nullable(),
  error: z.string().nullable(),
});
export type DxfExportEvent = z.infer<typeof dxfExportEventSchema>;

/** The file route of a version's drawing, as `url` names it. */
export function dxfFilePath(modelId: string, versionId: string): string {
  return `/api/models/${encodeURIComponent(modelId)}/data/dxf/${encodeURIComponent(versionId)}/file`;
}
