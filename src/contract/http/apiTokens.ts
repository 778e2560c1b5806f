import { z } from 'zod';
import { ownMessages } from '../errors';

/**
 * Personal API tokens (issue #9): /api/users/me/tokens. A script sends `Authorization: Bearer gst_…` (or the bare
 * token, as the browser sends its session) and acts as the token's user. Tokens are managed only from a browser
 * session: a request authenticated by an API token gets 401 `apiTokenNeedsSession` on these routes.
 */

/** Every personal API token starts with this, so a leaked one is recognisable (secret scanners, logs). */
export const API_TOKEN_PREFIX = 'gst_';

/** How many characters of the secret the list shows (`gst_` and the first 8 random characters). */
export const API_TOKEN_DISPLAY_LENGTH = 12;

/** The most active (not revoked, not expired) tokens one account may hold. */
export const MAX_ACTIVE_API_TOKENS = 50;

/** One token as the profile lists it; the secret itself is never part of it. */
export const apiTokenSchema = z.object({
  _id: z.string(),
  name: z.string(),
  /** The first characters of the secret ('gst_AbCd1234'), to tell tokens apart. */
  prefix: z.string(),
  createdAt: z.string(),
  /** When a request last used it (updated at most once a minute), null when never. */
  lastUsedAt: z.string().nullable(),
  /** Null: valid until revoked. */
  expiresAt: z.string().nullable(),
});
export type ApiToken = z.infer<typeof apiTokenSchema>;

/** GET /api/users/me/tokens: the user's tokens that are neither revoked nor expired, newest first. */
export const apiTokenListResponse = z.object({ data: z.array(apiTokenSchema) });
export type ApiTokenListResponse = z.infer<typeof apiTokenListResponse>;

/** POST /api/users/me/tokens. `expiresInDays` absent or null: the token lasts until it is revoked. */
export const createApiTokenBody = z.strictObject({
  name: z
    .string({ error: ownMessages.apiTokenNameBlank })
    .trim()
    .min(1, { error: ownMessages.apiTokenNameBlank })
    .max(100, { error: ownMessages.apiTokenNameTooLong }),
  expiresInDays: z
    .number({ error: ownMessages.apiTokenExpiryRange })
    .int({ error: ownMessages.apiTokenExpiryRange })
    .min(1, { error: ownMessages.apiTokenExpiryRange })
    .max(3650, { error: ownMessages.apiTokenExpiryRange })
    .nullish(),
});
export type CreateApiTokenBody = z.input<typeof createApiTokenBody>;

/** 201: the token and, this once, its secret. */
export const createdApiTokenResponse = apiTokenSchema.extend({ token: z.string() });
export type CreatedApiToken = z.infer<typeof createdApiTokenResponse>;

/** DELETE /api/users/me/tokens/{tokenId}: 200 with the revoked token (its `_id`); 404 when unknown or not yours. */
export const revokedApiTokenResponse = z.object({ _id: z.string() });
