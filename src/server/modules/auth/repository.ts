import type { Queryable } from '../../db/db';
import { toUserRecord, userColumns, type UserRecord } from '../users/repository';

export type MailTokenPurpose = 'verify' | 'reset';

export interface MailTokenRecord {
  tokenHash: string;
  purpose: MailTokenPurpose;
  email: string;
  userId: string | null;
  expiresAt: Date;
}

interface MailTokenRow {
  token_hash: string;
  purpose: MailTokenPurpose;
  email: string;
  user_id: string | null;
  expires_at: Date | string;
}

const toMailToken = (row: MailTokenRow): MailTokenRecord => ({
  tokenHash: row.token_hash,
  purpose: row.purpose,
  email: row.email,
  userId: row.user_id,
  expiresAt: new Date(row.expires_at),
});

/** A live session and its user: what the auth plugin puts on the request. */
export interface AuthSession {
  tokenHash: string;
  user: UserRecord;
}

declare module '../../plugins/auth' {
  /** A session's user is a UserRecord: signedInUser(request) returns it to every route. */
  interface SessionTypes {
    user: UserRecord;
  }
}

/** A user row as auth sees it: pending accounts (invited, not signed up) exist but cannot log in. */
export interface Account {
  user: UserRecord;
  pending: boolean;
}

/**
 * Sessions, mail tokens and the pending flag of accounts. Every time comparison takes `now` from the caller's
 * clock, never SQL's now().
 */
export function createAuthRepository(db: Queryable) {
  return {
    async findAccountByEmail(email: string): Promise<Account | null> {
      const [row] = await db.query<Parameters<typeof toUserRecord>[0] & { pending: boolean }>(
        `SELECT ${userColumns}, users.pending FROM users WHERE email = $1`,
        [email],
      );
      return row ? { user: toUserRecord(row), pending: row.pending } : null;
    },

    async markPending(userId: string): Promise<void> {
      await db.query('UPDATE users SET pending = true WHERE id = $1', [userId]);
    },

    /**
     * Completes an invited person's account with what they chose at sign-up, keeping its id (and so their
     * memberships). Null when the row is no longer pending (completed by a concurrent request).
     */
    async completePendingUser(
      userId: string,
      account: { firstName: string; lastName: string; passwordHash: string },
      now: Date,
    ): Promise<UserRecord | null> {
      const [row] = await db.query<Parameters<typeof toUserRecord>[0]>(
        `UPDATE users SET first_name = $2, last_name = $3, password_hash = $4, pending = false, updated_at = $5
         WHERE id = $1 AND pending
         RETURNING ${userColumns}`,
        [userId, account.firstName, account.lastName, account.passwordHash, now],
      );
      return row ? toUserRecord(row) : null;
    },

    async insertSession(session: { tokenHash: string; userId: string; createdAt: Date; expiresAt: Date }) {
      await db.query(
        'INSERT INTO sessions (token_hash, user_id, created_at, expires_at) VALUES ($1, $2, $3, $4)',
        [session.tokenHash, session.userId, session.createdAt, session.expiresAt],
      );
    },

    async findLiveSession(tokenHash: string, now: Date): Promise<AuthSession | null> {
      const [row] = await db.query<Parameters<typeof toUserRecord>[0]>(
        `SELECT ${userColumns} FROM sessions JOIN users ON users.id = sessions.user_id
         WHERE sessions.token_hash = $1 AND sessions.revoked_at IS NULL AND sessions.expires_at > $2`,
        [tokenHash, now],
      );
      return row ? { tokenHash, user: toUserRecord(row) } : null;
    },

    async revokeSession(tokenHash: string, now: Date) {
      await db.query('UPDATE sessions SET revoked_at = $2 WHERE token_hash = $1 AND revoked_at IS NULL', [
        tokenHash,
        now,
      ]);
    },

    async revokeAllSessions(userId: string, now: Date) {
      await db.query('UPDATE sessions SET revoked_at = $2 WHERE user_id = $1 AND revoked_at IS NULL', [
        userId,
        now,
      ]);
    },

    async insertMailToken(token: {
      tokenHash: string;
      purpose: MailTokenPurpose;
      email: string;
      userId: string | null;
      createdAt: Date;
      expiresAt: Date;
    }) {
      await db.query(
        `INSERT INTO mail_tokens (token_hash, purpose, email, user_id, created_at, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6)`,
        [token.tokenHash, token.purpose, token.email, token.userId, token.createdAt, token.expiresAt],
      );
    },

    /** A token that is unused and unexpired, without consuming it. */
    async findUsableMailToken(tokenHash: string, purpose: MailTokenPurpose, now: Date) {
      const [row] = await db.query<MailTokenRow>(
        `SELECT token_hash, purpose, email, user_id, expires_at FROM mail_tokens
         WHERE token_hash = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > $3`,
        [tokenHash, purpose, now],
      );
      return row ? toMailToken(row) : null;
    },

    /**
     * Marks the token used if it still is usable and returns it; null if another request got there first. The
     * check and the write are one statement, so a token can never be spent twice.
     */
    async consumeMailToken(tokenHash: string, purpose: MailTokenPurpose, now: Date) {
      const [row] = await db.query<MailTokenRow>(
        `UPDATE mail_tokens SET used_at = $3
         WHERE token_hash = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > $3
         RETURNING token_hash, purpose, email, user_id, expires_at`,
        [tokenHash, purpose, now],
      );
      return row ? toMailToken(row) : null;
    },

    async deleteOtherResetTokens(userId: string, keptTokenHash: string) {
      await db.query(
        `DELETE FROM mail_tokens WHERE user_id = $1 AND purpose = 'reset' AND token_hash <> $2`,
        [userId, keptTokenHash],
      );
    },
  };
}
