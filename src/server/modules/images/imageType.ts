import type { AvatarContentType } from '../../../contract/http/images';

/**
 * The image type of bytes by their signature, or null. We trust this, never a declared Content-Type: a file
 * served as an image must really be one (an SVG or HTML "image" could run script in the browser).
 */
export function sniffImageType(bytes: Uint8Array): AvatarContentType | null {
  const starts = (signature: readonly number[], offset = 0) =>
    bytes.length >= offset + signature.length && signature.every((byte, i) => bytes[offset + i] === byte);
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (starts([0xff, 0xd8, 0xff])) return 'image/jpeg';
  // RIFF....WEBP
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp';
  return null;
}
