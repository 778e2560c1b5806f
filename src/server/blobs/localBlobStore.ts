import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { access, mkdir, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { BlobTooLargeError, EmptyBlobError, type BlobStore, type StoredBlob } from './blobStore';

const sha256Pattern = /^[0-9a-f]{64}$/;

/**
 * Blobs as files under `root`: `ab/cd/abcd…` by SHA-256. A file is written to `root/tmp` while it is hashed and
 * counted, then renamed into place, so a reader never sees half a blob and a crash leaves only a temp file.
 * Names come from hashes only: nothing a user typed ever reaches the file system.
 */
export function createLocalBlobStore(root: string): BlobStore {
  const tmpDir = path.join(root, 'tmp');

  function pathOf(sha256: string): string {
    if (!sha256Pattern.test(sha256)) throw new Error(`Not a SHA-256: ${sha256}`);
    return path.join(root, sha256.slice(0, 2), sha256.slice(2, 4), sha256);
  }

  return {
    async put(source: Readable, { maxBytes }: { maxBytes: number }): Promise<StoredBlob> {
      await mkdir(tmpDir, { recursive: true });
      const tmpPath = path.join(tmpDir, `${randomUUID()}.part`);
      const hash = createHash('sha256');
      let sizeBytes = 0;
      const meter = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          sizeBytes += chunk.length;
          if (sizeBytes > maxBytes) {
            callback(new BlobTooLargeError(maxBytes));
            return;
          }
          hash.update(chunk);
          callback(null, chunk);
        },
      });
      // The source is piped rather than put in the pipeline: on an error the pipeline would destroy it, and a
      // destroyed request takes its socket along, so the client would never read the 413. The caller decides.
      const written = pipeline(meter, createWriteStream(tmpPath, { flags: 'wx' }));
      const onSourceError = (error: Error) => meter.destroy(error);
      const onSourceClose = () => {
        if (!source.readableEnded) meter.destroy(new Error('The upload was interrupted'));
      };
      source.on('error', onSourceError);
      source.on('close', onSourceClose);
      source.pipe(meter);
      try {
        await written;
        if (sizeBytes === 0) throw new EmptyBlobError();
        const sha256 = hash.digest('hex');
        const finalPath = pathOf(sha256);
        await mkdir(path.dirname(finalPath), { recursive: true });
        // Same bytes, same name: renaming over an existing copy replaces it with identical content.
        await rename(tmpPath, finalPath);
        return { sha256, sizeBytes };
      } catch (error) {
        source.unpipe(meter);
        await rm(tmpPath, { force: true });
        throw error;
      } finally {
        source.off('error', onSourceError);
        source.off('close', onSourceClose);
      }
    },

    async read(sha256: string): Promise<Uint8Array> {
      const buffer = await readFile(pathOf(sha256));
      return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
    },

    async has(sha256: string): Promise<boolean> {
      try {
        await access(pathOf(sha256));
        return true;
      } catch {
        return false;
      }
    },
  };
}
