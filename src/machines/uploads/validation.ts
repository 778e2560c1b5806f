import { ownMessages } from '../../contract/errors';
import { UPLOAD_EXTENSIONS } from '../../contract/http/versions';

/**
 * The largest file the browser offers to send: the server's default UPLOAD_MAX_BYTES. The server has the last
 * word (413 with the same message); this only spares the user a long upload that would be refused anyway.
 */
export const UPLOAD_MAX_BYTES = 512 * 1024 * 1024;

/** The `accept` list of the file input, from the same list the server checks. */
export const uploadAccept = UPLOAD_EXTENSIONS.join(',');

export function hasUploadExtension(fileName: string): boolean {
  const lower = fileName.toLowerCase();
  return UPLOAD_EXTENSIONS.some((extension) => lower.endsWith(extension) && lower.length > extension.length);
}

/** Why a chosen file cannot be uploaded, or null when it may be sent. */
export function validateUploadFile(
  fileName: string,
  sizeBytes: number,
  maxBytes = UPLOAD_MAX_BYTES,
): string | null {
  if (!hasUploadExtension(fileName)) return ownMessages.uploadFormatUnsupported;
  if (sizeBytes === 0) return ownMessages.uploadFileEmpty;
  if (sizeBytes > maxBytes) return ownMessages.uploadFileTooLarge;
  return null;
}

/** The name a new model gets from its file unless the user types another: the file name without extension. */
export function modelNameFromFile(fileName: string): string {
  const base = fileName.replace(/^.*[\\/]/, '');
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(0, dot) : base;
}
