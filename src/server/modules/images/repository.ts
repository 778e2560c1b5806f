import type { Queryable } from '../../db/db';
import { toUserRecord, userColumns, type UserRecord } from '../users/repository';

export function createImagesRepository(db: Queryable) {
  return {
    /** Sets (or with nulls, clears) the user's avatar: the blob and the address it is served from. */
    async setAvatar(
      userId: string,
      blob: string | null,
      url: string | null,
      now: Date,
    ): Promise<UserRecord | null> {
      const [row] = await db.query<Parameters<typeof toUserRecord>[0]>(
        `UPDATE users SET avatar_blob = $2, avatar_url = $3, updated_at = $4 WHERE id = $1
         RETURNING ${userColumns}`,
        [userId, blob, url, now],
      );
      return row ? toUserRecord(row) : null;
    },

    /** Whether a blob is an image we show: someone's current avatar or a model's thumbnail. */
    async isServedImage(sha256: string): Promise<boolean> {
      const rows = await db.query(
        `SELECT 1 FROM users WHERE avatar_blob = $1
         UNION ALL
         SELECT 1 FROM models WHERE image_blob = $1
         LIMIT 1`,
        [sha256],
      );
      return rows.length > 0;
    },
  };
}
