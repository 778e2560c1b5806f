import { z } from 'zod';
import { text } from './text';
import { ownMessages } from '../errors';

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

export const blobHashSchema = text().regex(/^[0-9a-f]{64}$/);

/** Where an image blob is served from. */
export function imageBlobUrl(sha256: string): string {
  return `/api/images/blobs/${sha256}`;
}

/**
 * POST /api/images/modelScreenshot { data, modelId, versionId }: a picture of a version in the 3-D viewer
 * becomes the model's thumbnail in lists. WRITE and up on the model (READ and LIMITEDVIEW 401, others 404);
 * `versionId` must be a version of that model (404 ownMessages.versionNotFound). `data` is a PNG or JPEG data URL
 * (canvas.toDataURL) of at most MODEL_SCREENSHOT_MAX_BYTES once decoded (413 ownMessages.modelScreenshotTooLarge;
 * a body over MODEL_SCREENSHOT_BODY_MAX_BYTES too); bytes that are not a PNG or JPEG → 400
 * ownMessages.screenshotNotSupported. The server crops it to MODEL_THUMBNAIL_WIDTH_PX × MODEL_THUMBNAIL_HEIGHT_PX
 * around its centre (cover), stores it as WebP by its SHA-256, sets it as the model's image and tells everyone
 * who can see the model (ModelUpdated with `thumbnail: true`). 201 { modelId, versionId, imageUrl }.
 */
export const MODEL_SCREENSHOT_MAX_BYTES = 2 * 1024 * 1024;
/** A 2 MB image is about 2.8 MB as base64; with the ids and the JSON around it this is the body limit. */
export const MODEL_SCREENSHOT_BODY_MAX_BYTES = 3.5 * 1024 * 1024;
export const MODEL_THUMBNAIL_WIDTH_PX = 480;
export const MODEL_THUMBNAIL_HEIGHT_PX = 320;

export const modelScreenshotBody = z.strictObject({
  data: z
    .string()
    .max(MODEL_SCREENSHOT_BODY_MAX_BYTES)
    .regex(/^data:image\/(png|jpeg);base64,[A-Za-z0-9+/]*={0,2}$/, {
      error: ownMessages.screenshotNotSupported,
    }),
  modelId: text().max(100),
  versionId: text().max(100),
});
export type ModelScreenshotBody = z.input<typeof modelScreenshotBody>;

export const modelScreenshotResponse = z.object({
  modelId: z.string(),
  versionId: z.string(),
  imageUrl: z.string(),
});
export type ModelScreenshot = z.infer<typeof modelScreenshotResponse>;

/**
 * PUT /api/images/getBatchImageUrls { modelIds }: the thumbnails of up to BATCH_IMAGE_URLS_MAX models in one
 * call (a model list refreshing the images that changed). Signed-in users; the answer holds only the models the
 * user can see (LIMITEDVIEW included, as in the lists), in the order asked, each once; `imageUrl` null for a
 * model without a thumbnail. More ids → 400 ownMessages.tooManyModelIds.
 */
export const BATCH_IMAGE_URLS_MAX = 500;

export const batchImageUrlsBody = z.strictObject({
  modelIds: z.array(text().max(100)).max(BATCH_IMAGE_URLS_MAX, { error: ownMessages.tooManyModelIds }),
});

export const batchImageUrlsResponse = z.object({
  data: z.array(z.object({ modelId: z.string(), imageUrl: z.string().nullable() })),
});
export type BatchImageUrls = z.infer<typeof batchImageUrlsResponse>;
