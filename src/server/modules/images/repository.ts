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

    /** Sets a model's thumbnail, a view someone chose (no longer a sketch); false when the model is gone. */
    async setModelImage(modelId: string, blob: string): Promise<boolean> {
      const rows = await db.query(
        'UPDATE models SET image_blob = $2, image_is_sketch = false WHERE id = $1 RETURNING id',
        [modelId, blob],
      );
      return rows.length > 0;
    },

    async isVersionOf(modelId: string, versionId: string): Promise<boolean> {
      const rows = await db.query('SELECT 1 FROM versions WHERE id = $1 AND model_id = $2', [
        versionId,
        modelId,
      ]);
      return rows.length > 0;
    },

    /**
     * The thumbnails of the given models (UUIDs) that the user has a role on, LIMITEDVIEW included: the owner
     * of the model's organization is ADMIN on it without a permission row.
     */
    visibleModelImages: (userId: string, modelIds: readonly string[]) =>
      db.query<{ id: string; image_blob: string | null }>(
        `SELECT m.id, m.image_blob
           FROM models m
           JOIN organizations o ON o.id = m.organization_id
          WHERE m.id = ANY($2::uuid[])
            AND (o.owner_id = $1
                 OR EXISTS (SELECT 1 FROM model_permissions p WHERE p.model_id = m.id AND p.user_id = $1))`,
        [userId, modelIds],
      ),

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
