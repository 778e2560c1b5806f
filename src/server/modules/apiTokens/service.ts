import { randomUUID } from 'node:crypto';
import { ownMessages } from '../../../contract/errors';
import {
  API_TOKEN_DISPLAY_LENGTH,
  API_TOKEN_PREFIX,
  MAX_ACTIVE_API_TOKENS,
  type ApiToken,
  type CreatedApiToken,
} from '../../../contract/http/apiTokens';
import type { Clock } from '../../clock';
import type { Db } from '../../db/db';
import { HttpError } from '../../httpError';
import type { AuthSession } from '../auth/repository';
import { hashToken, newToken } from '../auth/tokens';
import { createApiTokensRepository, type ApiTokenRecord } from './repository';

/** last_used_at is written at most this often per token: a script polling an upload must not write every call. */
export const LAST_USED_RESOLUTION_MS = 60_000;

const DAY_MS = 86_400_000;

/** What requireSession gets for a personal API token: a session of the token's user, naming the token. */
export type ApiTokenSession = AuthSession & { apiTokenId: string };

export function toApiToken(record: ApiTokenRecord): ApiToken {
  return {
    _id: record.id,
    name: record.name,
    prefix: record.prefix,
    createdAt: record.createdAt.toISOString(),
    lastUsedAt: record.lastUsedAt?.toISOString() ?? null,
    expiresAt: record.expiresAt?.toISOString() ?? null,
  };
}

/**
 * Personal API tokens (issue #9). The secret is `gst_` + 32 bytes from the CSPRNG in base64url; only its SHA-256
 * is stored, like a session's. Creating, listing and revoking happen for the signed-in user only; routes refuse
 * them to a request that an API token authenticated.
 */
export function createApiTokensService({ db, clock }: { db: Db; clock: Clock }) {
  const tokens = createApiTokensRepository(db);

  return {
    async list(userId: string): Promise<ApiToken[]> {
      return (await tokens.listLive(userId, clock())).map(toApiToken);
    },

    /** Makes a token and answers its secret, the only time it is ever sent. */
    async create(
      userId: string,
      input: { name: string; expiresInDays?: number | null | undefined },
    ): Promise<CreatedApiToken> {
      const secret = `${API_TOKEN_PREFIX}${newToken()}`;
      const now = clock();
      const record = await db.transaction(async (tx) => {
        const repository = createApiTokensRepository(tx);
        // Serialises a user's concurrent creations, so the limit holds (the user row is the natural lock).
        await tx.query('SELECT id FROM users WHERE id = $1 FOR NO KEY UPDATE', [userId]);
        if ((await repository.countLive(userId, now)) >= MAX_ACTIVE_API_TOKENS)
          throw new HttpError(409, ownMessages.apiTokenLimit);
        return repository.insert({
          id: randomUUID(),
          userId,
          name: input.name,
          tokenHash: hashToken(secret),
          prefix: secret.slice(0, API_TOKEN_DISPLAY_LENGTH),
          createdAt: now,
          expiresAt: input.expiresInDays ? new Date(now.getTime() + input.expiresInDays * DAY_MS) : null,
        });
      });
      return { ...toApiToken(record), token: secret };
    },

    async revoke(userId: string, tokenId: string): Promise<{ _id: string }> {
      const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
      // A malformed id is answered like an unknown one (and never reaches a uuid column as text).
      if (!uuid.test(tokenId) || !(await tokens.revoke(userId, tokenId, clock())))
        throw new HttpError(404, ownMessages.apiTokenNotFound);
      return { _id: tokenId };
    },

    /** POST /auth/logout with an API token: the token that made the request stops working, like a session. */
    async logout(userId: string, tokenId: string): Promise<void> {
      await tokens.revoke(userId, tokenId, clock());
    },

    /**
     * The session of a live personal API token, or null for anything else (unknown, revoked, expired, not a
     * `gst_` token). Records the use, at most once per LAST_USED_RESOLUTION_MS.
     */
    async authenticate(secret: string): Promise<ApiTokenSession | null> {
      if (!secret.startsWith(API_TOKEN_PREFIX)) return null;
      const tokenHash = hashToken(secret);
      const now = clock();
      const found = await tokens.findLive(tokenHash, now);
      if (!found) return null;
      const last = found.token.lastUsedAt;
      if (!last || now.getTime() - last.getTime() >= LAST_USED_RESOLUTION_MS) {
        await tokens.touch(found.token.id, now, new Date(now.getTime() - LAST_USED_RESOLUTION_MS));
      }
      return { tokenHash, user: found.user, apiTokenId: found.token.id };
    },
  };
}

export type ApiTokensService = ReturnType<typeof createApiTokensService>;

/**
 * The authentication requireSession uses: a `gst_` token is looked up among API tokens first; anything else, and
 * a `gst_` string that is no API token (a session secret may begin with those four characters by chance), is a
 * browser session. Both unknown: null, which requireSession answers with 403 'Your session has expired'.
 */
export function withApiTokens(
  sessions: (token: string) => Promise<AuthSession | null>,
  apiTokens: Pick<ApiTokensService, 'authenticate'>,
): (token: string) => Promise<(AuthSession & { apiTokenId?: string }) | null> {
  return async (token) => {
    if (token.startsWith(API_TOKEN_PREFIX)) {
      const session = await apiTokens.authenticate(token);
      if (session) return session;
    }
    return sessions(token);
  };
}
