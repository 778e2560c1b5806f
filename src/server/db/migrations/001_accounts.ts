import type { Migration } from './migration';

/**
 * Accounts: users, opaque sessions and mail tokens. Tokens are stored only as SHA-256 hex of the secret sent to the
 * user, so a leaked table does not give anyone a session or a reset link.
 */
export const accounts: Migration = {
  version: 1,
  name: 'accounts',
  sql: `
    CREATE TABLE users (
      id uuid PRIMARY KEY,
      email text NOT NULL UNIQUE CHECK (email = lower(email)),
      first_name text NOT NULL,
      last_name text NOT NULL,
      password_hash text NOT NULL,
      avatar_url text,
      preferences jsonb NOT NULL,
      survey jsonb,
      state jsonb NOT NULL DEFAULT '{}'::jsonb,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL
    );

    CREATE TABLE sessions (
      token_hash text PRIMARY KEY,
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL,
      expires_at timestamptz NOT NULL,
      revoked_at timestamptz
    );
    CREATE INDEX sessions_user_id_idx ON sessions (user_id);

    CREATE TABLE mail_tokens (
      token_hash text PRIMARY KEY,
      purpose text NOT NULL CHECK (purpose IN ('verify', 'reset')),
      email text NOT NULL CHECK (email = lower(email)),
      user_id uuid REFERENCES users (id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL,
      expires_at timestamptz NOT NULL,
      used_at timestamptz
    );
    CREATE INDEX mail_tokens_user_id_idx ON mail_tokens (user_id);
  `,
};
