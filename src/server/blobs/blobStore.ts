import type { Readable } from 'node:stream';

/** A stored file: the SHA-256 (hex) of its bytes names it. */
export interface StoredBlob {
  sha256: string;
  sizeBytes: number;
}

/** The file was larger than the limit; nothing was kept. */
export class BlobTooLargeError extends Error {
  override readonly name = 'BlobTooLargeError';
  constructor(readonly maxBytes: number) {
    super(`The blob is larger than ${maxBytes} bytes`);
  }
}

/** The file had no bytes; nothing was kept. */
export class EmptyBlobError extends Error {
  override readonly name = 'EmptyBlobError';
  constructor() {
    super('The blob is empty');
  }
}

/**
 * Where uploaded files live, addressed by content. The local disk is the default; an S3-compatible store
 * implements the same three calls (a multipart upload hashed on the way, then a copy to the hash's key).
 */
export interface BlobStore {
  /**
   * Streams `source` in, hashing as it goes, and keeps it under its hash. Throws BlobTooLargeError as soon as
   * more than `maxBytes` arrive, EmptyBlobError for no bytes; in both cases nothing is left behind. Storing
   * bytes already stored keeps one copy.
   */
  put(source: Readable, options: { maxBytes: number }): Promise<StoredBlob>;
  /** The bytes of a stored blob. */
  read(sha256: string): Promise<Uint8Array>;
  has(sha256: string): Promise<boolean>;
}
