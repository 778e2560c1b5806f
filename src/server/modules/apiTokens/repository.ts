import type { Queryable } from '../../db/db';
import { toUserRecord, userColumns, type UserRecord } from '../users/repository';

/** One api_tokens row as the server holds it (the hash never leaves the server). */
export interface ApiTokenRecord {
  id: string;
  userId: string;
  name: string;
  prefix: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  expiresAt: Date | null;
  revokedAt: Date | null;
}

interface ApiTokenRow {
  id: string;
  user_id: string;
  name: string;
  prefix: string;
  created_at: Date | string;
  last_used_at: Date | string | null;
  expires_at: Date | string | null;
  revoked_at: Date | string | null;
}

const tokenColumns =
  'api_tokens.id, api_tokens.user_id, api_tokens.name, api_tokens.prefix, api_tokens.created_at, ' +
  'api_tokens.last_used_at, api_tokens.expires_at, api_tokens.revoked_at';

const orNull = (value: Date | string | null): Date | null => (value === null ? null : new Date(value));

function toApiToken(row: ApiTokenRow): ApiTokenRecord {
  return {
    id: row.id,
    userId: row.user_id,
    name: row.name,
    prefix: row.prefix,
    createdAt: new Date(row.created_at),
    lastUsedAt: orNull(row.last_used_at),
    expiresAt: orNull(row.expires_at),
    revokedAt: orNull(row.revoked_at),
  };
}

/** "Live" everywhere below: not revoked, and without an expiry or one still ahead of `now` (the caller's clock). */
const live =
  '(api_tokens.revoked_at IS NULL AND (api_tokens.expires_at IS NULL OR api_tokens.expires_at > $2))';

export function createApiTokensRepository(db: Queryable) {
  return {
    async insert(token: {
      id: string;
      userId: string;
      name: string;
      tokenHash: string;
      prefix: string;
      createdAt: Date;
      expiresAt: Date | null;
    }): Promise<ApiTokenRecord> {
      const [row] = await db.query<ApiTokenRow>(
        `INSERT INTO api_tokens (id, user_id, name, token_hash, prefix, created_at, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7)
         RETURNING ${tokenColumns}`,
        [token.id, token.userId, token.name, token.tokenHash, token.prefix, token.createdAt, token.expiresAt],
      );
      if (!row) throw new Error('INSERT … RETURNING gave no row');
      return toApiToken(row);
    },

    /** The user's live tokens, newest first. */
    async listLive(userId: string, now: Date): Promise<ApiTokenRecord[]> {
      const rows = await db.query<ApiTokenRow>(
        `SELECT ${tokenColumns} FROM api_tokens WHERE api_tokens.user_id = $1 AND ${live}
         ORDER BY api_tokens.created_at DESC, api_tokens.id`,
        [userId, now],
      );
      return rows.map(toApiToken);
    },

    async countLive(userId: string, now: Date): Promise<number> {
      const [row] = await db.query<{ count: number }>(
        `SELECT count(*)::int AS count FROM api_tokens WHERE api_tokens.user_id = $1 AND ${live}`,
        [userId, now],
      );
      return row?.count ?? 0;
    },

    /** Revokes one live token of the user; false when there is none by that id (unknown, someone else's, gone). */
    async revoke(userId: string, tokenId: string, now: Date): Promise<boolean> {
      const rows = await db.query<{ id: string }>(
        `UPDATE api_tokens SET revoked_at = $2
         WHERE api_tokens.id = $3 AND api_tokens.user_id = $1 AND ${live}
         RETURNING api_tokens.id`,
        [userId, now, tokenId],
      );
      return rows.length > 0;
    },

    /**
     * Revokes every live token of the user: a password change or reset ends them with the sessions, so a token
     * made by whoever held the account before does not outlive its recovery.
     */
    async revokeAllOfUser(userId: string, now: Date): Promise<number> {
      const rows = await db.query<{ id: string }>(
        `UPDATE api_tokens SET revoked_at = $2 WHERE api_tokens.user_id = $1 AND api_tokens.revoked_at IS NULL
         RETURNING api_tokens.id`,
        [userId, now],
      );
      return rows.length;
    },

    /** The live token with this hash and its user, or null. Pending (invited) users have no tokens to find. */
    async findLive(
      tokenHash: string,
      now: Date,
    ): Promise<{ token: ApiTokenRecord; user: UserRecord } | null> {
      // Users' columns as they are (toUserRecord reads them), the token's under t_ names so the two ids and
      // created_at columns do not collide.
      const [row] = await db.query<
        Parameters<typeof toUserRecord>[0] & {
          t_id: string;
          t_name: string;
          t_prefix: string;
          t_created_at: Date | string;
          t_last_used_at: Date | string | null;
          t_expires_at: Date | string | null;
        }
      >(
        `SELECT ${userColumns}, api_tokens.id AS t_id, api_tokens.name AS t_name, api_tokens.prefix AS t_prefix,
                api_tokens.created_at AS t_created_at, api_tokens.last_used_at AS t_last_used_at,
                api_tokens.expires_at AS t_expires_at
           FROM api_tokens JOIN users ON users.id = api_tokens.user_id
          WHERE api_tokens.token_hash = $1 AND ${live} AND NOT users.pending`,
        [tokenHash, now],
      );
      if (!row) return null;
      const user = toUserRecord(row);
      const token = toApiToken({
        id: row.t_id,
        user_id: user.id,
        name: row.t_name,
        prefix: row.t_prefix,
        created_at: row.t_created_at,
        last_used_at: row.t_last_used_at,
        expires_at: row.t_expires_at,
        revoked_at: null,
      });
      return { token, user };
    },

    /** Sets last_used_at unless another request did within `staleBefore` (so a busy script writes once a minute). */
    async touch(tokenId: string, now: Date, staleBefore: Date): Promise<void> {
      await db.query(
        `UPDATE api_tokens SET last_used_at = $2
         WHERE id = $1 AND (last_used_at IS NULL OR last_used_at < $3)`,
        [tokenId, now, staleBefore],
      );
    },
  };
}

export type ApiTokensRepository = ReturnType<typeof createApiTokensRepository>;
