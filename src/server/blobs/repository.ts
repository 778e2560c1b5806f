import type { Queryable } from '../db/db';
import type { StoredBlob } from './blobStore';

/** Records a stored blob (once: the same bytes uploaded again keep the first row). */
export async function recordBlob(db: Queryable, blob: StoredBlob, now: Date): Promise<void> {
  await db.query(
    `INSERT INTO blobs (sha256, size_bytes, created_at) VALUES ($1, $2, $3)
     ON CONFLICT (sha256) DO NOTHING`,
    [blob.sha256, blob.sizeBytes, now],
  );
}
