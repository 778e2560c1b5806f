import { z } from 'zod';

/**
 * Images: the signed-in user's avatar and content-addressed image blobs.
 *
 * POST /api/images/profileImage takes the image itself as the body (Content-Type image/png, image/jpeg or
 * image/webp; at most AVATAR_MAX_BYTES, else 413). The server checks the bytes really are that kind of image
 * (else 400 ownMessages.imageNotSupported; over the size 413 ownMessages.imageTooLarge), resizes it to AVATAR_SIZE_PX square (cover) as WebP and answers the
 * updated user (userSchema) with avatarUrl set. DELETE /api/images/users removes the avatar and answers the user.
 *
 * GET /api/images/blobs/{sha256} serves image blobs (avatars and model thumbnails) without a session: an <img>
 * cannot send the Authorization header, and the address is the SHA-256 of the content, so it is unguessable and
 * served `Cache-Control: public, max-age=31536000, immutable`.
 */
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
export const AVATAR_SIZE_PX = 256;
export const AVATAR_CONTENT_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export type AvatarContentType = (typeof AVATAR_CONTENT_TYPES)[number];

export const blobHashSchema = z.string().regex(/^[0-9a-f]{64}$/);

/** Where an image blob is served from. */
export function imageBlobUrl(sha256: string): string {
  return `/api/images/blobs/${sha256}`;
}
