import { Readable } from 'node:stream';
import sharp from 'sharp';
import { messages, ownMessages } from '../../../contract/errors';
import type { z } from 'zod';
import {
  AVATAR_CONTENT_TYPES,
  AVATAR_MAX_BYTES,
  AVATAR_SIZE_PX,
  BATCH_IMAGE_URLS_MAX,
  imageBlobUrl,
  MODEL_SCREENSHOT_MAX_BYTES,
  MODEL_THUMBNAIL_HEIGHT_PX,
  MODEL_THUMBNAIL_WIDTH_PX,
  type AvatarContentType,
  type BatchImageUrls,
  type ModelScreenshot,
  type modelScreenshotBody,
} from '../../../contract/http/images';
import type { User } from '../../../contract/http/users';
import type { BlobStore } from '../../blobs/blobStore';
import { recordBlob } from '../../blobs/repository';
import type { ServerContext } from '../../context';
import { HttpError } from '../../httpError';
import { noRealtime } from '../../realtime/realtime';
import { realtimeEvent, type EventCause } from '../../realtime/events';
import { isUuid } from '../access/access';
import type { UserRecord } from '../users/repository';
import { toUser } from '../users/service';
import { sniffImageType } from './imageType';
import { createImagesRepository } from './repository';

/** Decompression bombs: a small file that decodes to a huge bitmap is refused before it is decoded. */
const maxInputPixels = 40_000_000;

function notAnImage(): HttpError {
  return new HttpError(400, ownMessages.imageNotSupported);
}

function isAvatarContentType(value: string): value is AvatarContentType {
  return (AVATAR_CONTENT_TYPES as readonly string[]).includes(value);
}

/**
 * Turns an uploaded picture into the stored avatar: the declared type must be PNG, JPEG or WebP and the bytes
 * must be that type; it is turned upright (EXIF orientation), cropped to a square around its centre, scaled to
 * AVATAR_SIZE_PX and re-encoded as WebP, which also drops every metadata field (camera, location).
 */
export async function avatarFrom(declaredType: string, bytes: Buffer): Promise<Buffer> {
  if (!isAvatarContentType(declaredType) || sniffImageType(bytes) !== declaredType) throw notAnImage();
  try {
    return await sharp(bytes, { limitInputPixels: maxInputPixels })
      .rotate()
      .resize(AVATAR_SIZE_PX, AVATAR_SIZE_PX, { fit: 'cover' })
      .webp({ quality: 85 })
      .toBuffer();
  } catch {
    // A truncated or corrupt file with a valid signature, or one over the pixel limit.
    throw notAnImage();
  }
}

/**
 * The bytes of a screenshot data URL (the contract checked its shape): over MODEL_SCREENSHOT_MAX_BYTES → 413,
 * bytes that are not the PNG or JPEG the URL declares → 400 (the avatar's signature check).
 */
export function screenshotDataUrlBytes(dataUrl: string): Buffer {
  const comma = dataUrl.indexOf(',');
  const declared = dataUrl.slice('data:'.length, dataUrl.indexOf(';'));
  const base64 = dataUrl.slice(comma + 1);
  // Checked before decoding: 4 base64 characters carry 3 bytes.
  if (Math.floor((base64.length * 3) / 4) - 2 > MODEL_SCREENSHOT_MAX_BYTES) {
    throw new HttpError(413, ownMessages.modelScreenshotTooLarge);
  }
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length > MODEL_SCREENSHOT_MAX_BYTES)
    throw new HttpError(413, ownMessages.modelScreenshotTooLarge);
  const sniffed = sniffImageType(bytes);
  if ((sniffed !== 'image/png' && sniffed !== 'image/jpeg') || sniffed !== declared) {
    throw new HttpError(400, ownMessages.screenshotNotSupported);
  }
  return bytes;
}

/**
 * A model's thumbnail from a viewer screenshot: cropped around its centre to the list's 3:2 tile (cover),
 * scaled to MODEL_THUMBNAIL_WIDTH_PX × MODEL_THUMBNAIL_HEIGHT_PX and re-encoded as WebP without metadata.
 */
export async function thumbnailFrom(bytes: Buffer): Promise<Buffer> {
  try {
    return await sharp(bytes, { limitInputPixels: maxInputPixels })
      .resize(MODEL_THUMBNAIL_WIDTH_PX, MODEL_THUMBNAIL_HEIGHT_PX, { fit: 'cover' })
      .webp({ quality: 80 })
      .toBuffer();
  } catch {
    // A truncated or corrupt file with a valid signature, or one over the pixel limit.
    throw new HttpError(400, ownMessages.screenshotNotSupported);
  }
}

export function createImagesService(context: ServerContext, deps: { blobs: BlobStore }) {
  const { db, clock } = context;
  const images = createImagesRepository(db);

  return {
    async setAvatar(actor: UserRecord, declaredType: string, bytes: Buffer): Promise<User> {
      const avatar = await avatarFrom(declaredType, bytes);
      const blob = await deps.blobs.put(Readable.from([avatar]), { maxBytes: AVATAR_MAX_BYTES });
      const updated = await db.transaction(async (tx) => {
        await recordBlob(tx, blob, clock());
        return createImagesRepository(tx).setAvatar(
          actor.id,
          blob.sha256,
          imageBlobUrl(blob.sha256),
          clock(),
        );
      });
      if (!updated) throw new HttpError(404, messages.userDetailNotFound);
      return toUser(updated);
    },

    /** The old picture stays in the blob store (content-addressed, maybe shared) but is no longer served. */
    async removeAvatar(actor: UserRecord): Promise<User> {
      const updated = await images.setAvatar(actor.id, null, null, clock());
      if (!updated) throw new HttpError(404, messages.userDetailNotFound);
      return toUser(updated);
    },

    /**
     * POST /api/images/modelScreenshot: WRITE on the model, a version of it, then the picture; the thumbnail is
     * stored by its hash and set on the model, and everyone who can see the model hears of it.
     */
    async setModelScreenshot(
      actor: UserRecord,
      body: z.output<typeof modelScreenshotBody>,
      cause: EventCause,
    ): Promise<ModelScreenshot> {
      const { modelId, versionId } = body;
      await context.access.requireModel(actor.id, modelId, 'update');
      if (!isUuid(versionId) || !(await images.isVersionOf(modelId, versionId))) {
        throw new HttpError(404, ownMessages.versionNotFound);
      }
      const thumbnail = await thumbnailFrom(screenshotDataUrlBytes(body.data));
      const blob = await deps.blobs.put(Readable.from([thumbnail]), { maxBytes: MODEL_SCREENSHOT_MAX_BYTES });
      const updated = await db.transaction(async (tx) => {
        await recordBlob(tx, blob, clock());
        return createImagesRepository(tx).setModelImage(modelId, blob.sha256);
      });
      // Deleted between the access check and now.
      if (!updated) throw new HttpError(404, ownMessages.modelNotFound);
      void (context.realtime ?? noRealtime).emitToModel(
        modelId,
        realtimeEvent('ModelUpdated', { modelId, thumbnail: true }, cause),
        { minimumAbility: 'see' },
      );
      return { modelId, versionId, imageUrl: imageBlobUrl(blob.sha256) };
    },

    /**
     * PUT /api/images/getBatchImageUrls: the thumbnails of the models the user can see among `modelIds` (one
     * query), in the order asked, each once; ids that are not UUIDs cannot name a model and are skipped.
     */
    async batchImageUrls(actor: UserRecord, modelIds: readonly string[]): Promise<BatchImageUrls> {
      if (modelIds.length > BATCH_IMAGE_URLS_MAX) throw new HttpError(400, ownMessages.tooManyModelIds);
      const wanted = [...new Set(modelIds.filter(isUuid).map((id) => id.toLowerCase()))];
      const found = new Map(
        (await images.visibleModelImages(actor.id, wanted)).map((row) => [row.id, row.image_blob]),
      );
      return {
        data: wanted.flatMap((modelId) => {
          const blob = found.get(modelId);
          return blob === undefined ? [] : [{ modelId, imageUrl: blob === null ? null : imageBlobUrl(blob) }];
        }),
      };
    },

    /** An avatar or model thumbnail by hash; anything else (other blobs, unknown hashes, non-images) is null. */
    async readImage(sha256: string): Promise<{ bytes: Uint8Array; contentType: AvatarContentType } | null> {
      if (!(await images.isServedImage(sha256)) || !(await deps.blobs.has(sha256))) return null;
      const bytes = await deps.blobs.read(sha256);
      const contentType = sniffImageType(bytes);
      return contentType ? { bytes, contentType } : null;
    },
  };
}

export type ImagesService = ReturnType<typeof createImagesService>;
