import { randomUUID } from 'node:crypto';
import { copyFile, mkdir, open, readFile, rename, rm, writeFile } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import path from 'node:path';

const keyPattern = /^[0-9A-Za-z-]{1,100}$/;

/**
 * Files derived from immutable data (a version's minimal model), kept so a large answer is read rather than
 * rebuilt. Only a cache: anything here can be deleted at any time and is rebuilt on the next request.
 */
export interface DerivedCache {
  read(kind: string, key: string): Promise<Buffer | undefined>;
  /**
   * The entry as a stream of its bytes, for an answer that sends it as it is (a 66 MB diff costs the event loop
   * nothing to pass on, unlike reading, decoding and sending it as one string); undefined when there is none.
   */
  stream(kind: string, key: string): Promise<Readable | undefined>;
  /** Written atomically (temp file, then rename), so a reader never sees half a file. */
  write(kind: string, key: string, content: string | Uint8Array): Promise<void>;
  /** Copies an entry, if there is one, to a new key (a restored version has the same content). */
  copy(kind: string, fromKey: string, toKey: string): Promise<void>;
}

export function createLocalDerivedCache(root: string): DerivedCache {
  function pathOf(kind: string, key: string): string {
    if (!keyPattern.test(kind) || !keyPattern.test(key)) throw new Error(`Not a cache key: ${kind}/${key}`);
    return path.join(root, kind, `${key}.json`);
  }

  async function atomically(target: string, produce: (tmp: string) => Promise<void>): Promise<void> {
    await mkdir(path.dirname(target), { recursive: true });
    const tmp = `${target}.${randomUUID()}.part`;
    try {
      await produce(tmp);
      await rename(tmp, target);
    } catch (error) {
      await rm(tmp, { force: true });
      throw error;
    }
  }

  return {
    async read(kind, key) {
      try {
        return await readFile(pathOf(kind, key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },
    async stream(kind, key) {
      try {
        // Opened now, so an entry replaced or deleted meanwhile is still read whole (the rename keeps the inode).
        return (await open(pathOf(kind, key))).createReadStream();
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },
    async write(kind, key, content) {
      await atomically(pathOf(kind, key), (tmp) => writeFile(tmp, content));
    },
    async copy(kind, fromKey, toKey) {
      const source = pathOf(kind, fromKey);
      await atomically(pathOf(kind, toKey), (tmp) => copyFile(source, tmp)).catch(
        (error: NodeJS.ErrnoException) => {
          if (error.code !== 'ENOENT') throw error;
        },
      );
    },
  };
}
