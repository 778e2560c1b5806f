import { createHash } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BlobTooLargeError, EmptyBlobError } from './blobStore';
import { createLocalBlobStore } from './localBlobStore';

async function filesUnder(directory: string): Promise<string[]> {
  const entries = await readdir(directory, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(directory, path.join(entry.parentPath, entry.name)));
}

describe('local blob store', () => {
  let root: string;
  beforeEach(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'gusset-blobs-test-'));
  });
  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
  });

  const chunks = (...parts: string[]) => Readable.from(parts.map((part) => Buffer.from(part)));

  it('stores bytes under their SHA-256 and reads them back; the same bytes twice keep one file', async () => {
    const store = createLocalBlobStore(root);
    const sha256 = createHash('sha256').update('hello, world').digest('hex');
    expect(await store.put(chunks('hello, ', 'world'), { maxBytes: 100 })).toEqual({ sha256, sizeBytes: 12 });
    expect(await store.put(chunks('hello, world'), { maxBytes: 100 })).toEqual({ sha256, sizeBytes: 12 });
    expect(new TextDecoder().decode(await store.read(sha256))).toBe('hello, world');
    expect(await store.has(sha256)).toBe(true);
    expect(await store.has('0'.repeat(64))).toBe(false);
    expect(await filesUnder(root)).toEqual([path.join(sha256.slice(0, 2), sha256.slice(2, 4), sha256)]);
  });

  it('refuses more than maxBytes while streaming and an empty stream, leaving no file', async () => {
    const store = createLocalBlobStore(root);
    await expect(store.put(chunks('12345', '67890', 'x'), { maxBytes: 10 })).rejects.toBeInstanceOf(
      BlobTooLargeError,
    );
    await expect(store.put(chunks(), { maxBytes: 10 })).rejects.toBeInstanceOf(EmptyBlobError);
    expect(await filesUnder(root)).toEqual([]);
  });

  it('removes the temp file when the source fails midway', async () => {
    const store = createLocalBlobStore(root);
    const failing = new Readable({
      read() {
        this.push(Buffer.from('part'));
        this.destroy(new Error('connection reset'));
      },
    });
    await expect(store.put(failing, { maxBytes: 100 })).rejects.toThrow('connection reset');
    expect(await filesUnder(root)).toEqual([]);
  });

  it('never takes a path from a caller: only hashes name files', async () => {
    const store = createLocalBlobStore(root);
    await expect(store.read('../../etc/passwd')).rejects.toThrow(/Not a SHA-256/);
  });
});
