import { Readable } from 'node:stream';
import sharp from 'sharp';
import { messages, ownMessages } from '../../../contract/errors';
import {
  AVATAR_CONTENT_TYPES,
  AVATAR_MAX_BYTES,
  AVATAR_SIZE_PX,
  imageBlobUrl,
  type AvatarContentType,
} from '../../../contract/http/images';
import type { User } from '../../../contract/http/users';
import type { BlobStore } from '../../blobs/blobStore';
import { recordBlob } from '../../blobs/repository';
import type { ServerContext } from '../../context';
import { HttpError } from '../../httpError';
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
