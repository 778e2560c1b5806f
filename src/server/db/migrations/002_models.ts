import type { Migration } from './migration';

/**
 * Organizations, models, permissions, filters, blobs, content-addressed model objects, versions and the durable
 * job queue.
 *
 * Storage of model data: every canonical object (node, element, section, load…) is stored once in
 * `model_objects`, keyed by the SHA-256 of its canonical JSON. A version is one row whose `manifest` maps each
 * object id to its hash, so an unchanged object costs nothing in a new version and storage grows with change.
 */
export const models: Migration = {
  version: 2,
  name: 'models',
  sql: `
    -- An invited person without an account yet: the row exists so memberships can point at it; sign-up through
    -- the invitation link completes it (names, password) and clears the flag. A pending user cannot log in.
    ALTER TABLE users ADD COLUMN pending boolean NOT NULL DEFAULT false;

    CREATE TABLE organizations (
      id uuid PRIMARY KEY,
      name text NOT NULL,
      owner_id uuid NOT NULL REFERENCES users (id),
      billing_admin_id uuid REFERENCES users (id) ON DELETE SET NULL,
      billing_status text NOT NULL DEFAULT 'free',
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL
    );
    CREATE INDEX organizations_owner_idx ON organizations (owner_id);

    -- Members other than the owner. ADMIN members manage people, details and filters; MEMBER may create models.
    CREATE TABLE organization_collaborators (
      organization_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      role text NOT NULL CHECK (role IN ('ADMIN', 'MEMBER')),
      invited_by uuid REFERENCES users (id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL,
      PRIMARY KEY (organization_id, user_id)
    );
    CREATE INDEX organization_collaborators_user_idx ON organization_collaborators (user_id);

    CREATE TABLE models (
      id uuid PRIMARY KEY,
      organization_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
      name text NOT NULL,
      units text NOT NULL CHECK (units IN ('cm', 'mm', 'm', 'ft', 'in')),
      created_by uuid NOT NULL REFERENCES users (id),
      updated_by uuid REFERENCES users (id) ON DELETE SET NULL,
      cloned_from uuid REFERENCES models (id) ON DELETE SET NULL,
      image_blob text,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL
    );
    CREATE INDEX models_organization_idx ON models (organization_id);

    CREATE TABLE model_permissions (
      model_id uuid NOT NULL REFERENCES models (id) ON DELETE CASCADE,
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      role text NOT NULL CHECK (role IN ('ADMIN', 'WRITE', 'READ', 'LIMITEDVIEW')),
      created_at timestamptz NOT NULL,
      PRIMARY KEY (model_id, user_id)
    );
    CREATE INDEX model_permissions_user_idx ON model_permissions (user_id);

    -- A filter belongs to an organization, or to one model of it (which then overrides the organization's for
    -- the same From → To pair).
    CREATE TABLE filters (
      id uuid PRIMARY KEY,
      organization_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
      model_id uuid REFERENCES models (id) ON DELETE CASCADE,
      from_platform text NOT NULL,
      to_platform text NOT NULL,
      rules jsonb NOT NULL,
      created_by uuid REFERENCES users (id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL
    );
    CREATE INDEX filters_organization_idx ON filters (organization_id);
    -- One filter per From → To pair in each scope (the organization's own, and each model's).
    CREATE UNIQUE INDEX filters_organization_pair_idx ON filters (organization_id, from_platform, to_platform)
      WHERE model_id IS NULL;
    CREATE UNIQUE INDEX filters_model_pair_idx ON filters (model_id, from_platform, to_platform)
      WHERE model_id IS NOT NULL;

    -- Uploaded files, by the SHA-256 of their bytes; the bytes live in the blob store (local disk by default).
    CREATE TABLE blobs (
      sha256 text PRIMARY KEY,
      size_bytes bigint NOT NULL,
      created_at timestamptz NOT NULL
    );

    -- Canonical objects, content-addressed: hash = SHA-256 (hex) of body, the object's canonical JSON.
    CREATE TABLE model_objects (
      hash text PRIMARY KEY,
      body text NOT NULL
    );

    CREATE TABLE versions (
      id uuid PRIMARY KEY,
      model_id uuid NOT NULL REFERENCES models (id) ON DELETE CASCADE,
      number integer NOT NULL,
      author_id uuid REFERENCES users (id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL,
      message text,
      -- Where the version came from: the uploaded file, a restore of an older version, a clone.
      origin jsonb NOT NULL,
      source_blob text REFERENCES blobs (sha256),
      -- Model-level data (units, source, attributes…) and, per collection, [object id, hash] pairs in model order.
      manifest jsonb NOT NULL,
      model_hash text NOT NULL,
      counts jsonb NOT NULL,
      report jsonb,
      -- The job that made it: a retried job finds its version instead of making a second one.
      job_id uuid UNIQUE,
      UNIQUE (model_id, number)
    );
    CREATE INDEX versions_model_idx ON versions (model_id, created_at DESC);

    -- Durable background work. A worker claims a job with FOR UPDATE SKIP LOCKED and holds a lease; a job whose
    -- lease ran out (its worker died) is claimed again. At most one unfinished upload job per model.
    CREATE TABLE jobs (
      id uuid PRIMARY KEY,
      kind text NOT NULL,
      model_id uuid REFERENCES models (id) ON DELETE CASCADE,
      created_by uuid REFERENCES users (id) ON DELETE SET NULL,
      idempotency_key text,
      payload jsonb NOT NULL,
      status text NOT NULL CHECK (status IN ('queued', 'running', 'done', 'failed')),
      stage text NOT NULL DEFAULT 'queued',
      progress integer NOT NULL DEFAULT 0 CHECK (progress BETWEEN 0 AND 100),
      attempts integer NOT NULL DEFAULT 0,
      lease_until timestamptz,
      result jsonb,
      error text,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL
    );
    CREATE UNIQUE INDEX jobs_idempotency_idx ON jobs (created_by, idempotency_key)
      WHERE idempotency_key IS NOT NULL;
    CREATE UNIQUE INDEX jobs_one_active_upload_per_model_idx ON jobs (model_id)
      WHERE kind = 'upload' AND status IN ('queued', 'running');
    CREATE INDEX jobs_claim_idx ON jobs (status, created_at);
  `,
};
