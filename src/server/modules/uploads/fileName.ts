import { UPLOAD_EXTENSIONS } from '../../../contract/http/versions';

const MAX_NAME_LENGTH = 255;

/**
 * The name an uploaded file is shown under: the X-File-Name header (percent-encoded UTF-8, so any name fits in
 * an HTTP header) reduced to its last path segment, without control characters, at most 255 characters.
 * It is only ever displayed and offered back on download: blobs are stored under their hash, so no name a
 * client sends (`../../etc/passwd.e2k`) reaches the file system. Undefined when nothing usable is left.
 */
export function displayFileName(header: string | undefined): string | undefined {
  if (header === undefined) return undefined;
  let decoded: string;
  try {
    decoded = decodeURIComponent(header);
  } catch {
    decoded = header;
  }
  const base = decoded.split(/[/\\]/).pop() ?? '';
  const clean = base
    // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .normalize('NFC')
    .trim();
  if (clean === '' || clean === '.' || clean === '..') return undefined;
  if (clean.length <= MAX_NAME_LENGTH) return clean;
  const extension = uploadExtensionOf(clean) ?? '';
  return clean.slice(0, MAX_NAME_LENGTH - extension.length) + extension;
}

/** The supported upload extension the name ends with (lower-case, with its dot), or undefined. */
export function uploadExtensionOf(fileName: string): (typeof UPLOAD_EXTENSIONS)[number] | undefined {
  const lower = fileName.toLowerCase();
  return UPLOAD_EXTENSIONS.find((extension) => lower.endsWith(extension));
}
