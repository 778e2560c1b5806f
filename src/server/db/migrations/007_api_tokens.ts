import type { Migration } from './migration';

/**
 * Personal API tokens (issue #9): what a script, Grasshopper or Dynamo sends instead of a browser session.
 *
 * - The secret (`gst_` + 32 random bytes, base64url) is shown once when it is made; only its SHA-256 hex is
 *   stored, as for sessions, so a leaked table gives nobody access. `prefix` (the first characters of the
 *   secret) is kept so the profile can show which token is which.
 * - A token is revoked, never deleted, so its row still explains an old `last_used_at`. `expires_at` is optional
 *   (null: until revoked). `last_used_at` is written at most once a minute per token (the service throttles it).
 */
export const apiTokens: Migration = {
  version: 7,
  name: 'api_tokens',
  sql: `
    CREATE TABLE api_tokens (
      id uuid PRIMARY KEY,
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      name text NOT NULL,
      token_hash text NOT NULL UNIQUE,
      prefix text NOT NULL,
      created_at timestamptz NOT NULL,
      last_used_at timestamptz,
      expires_at timestamptz,
      revoked_at timestamptz
    );
    CREATE INDEX api_tokens_user_idx ON api_tokens (user_id, created_at DESC);
  `,
};
