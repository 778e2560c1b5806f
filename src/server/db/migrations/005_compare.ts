import type { Migration } from './migration';

/**
 * Compare versions (issue #7): reports, their assignees, and upload reviews.
 *
 * - reports: a comparison of two versions of one model. A report is seen by the model's ADMIN, WRITE and READ
 *   collaborators; a LIMITEDVIEW collaborator sees only the reports listed for them in report_assignees.
 * - upload_reviews: an upload made with review=true. Its objects are stored like a version's (model_objects, by
 *   hash) and its manifest kept here, so applying all or part of it is a version made from stored objects,
 *   without reading the file again. `base_version_id` is the latest version the upload was compared with.
 * - Diffs are derived data: cached in the derived cache (kind 'diff-v1', key "{from}_{to}[_{tolerances}]"),
 *   computed by 'diff' jobs; merges are 'merge' jobs. At most one unfinished merge or upload per model, so two
 *   writers never race for the next version number.
 */
export const compare: Migration = {
  version: 5,
  name: 'compare',
  sql: `
    CREATE TABLE reports (
      id uuid PRIMARY KEY,
      model_id uuid NOT NULL REFERENCES models (id) ON DELETE CASCADE,
      title text NOT NULL,
      current_version_id uuid NOT NULL REFERENCES versions (id) ON DELETE CASCADE,
      comparison_version_id uuid NOT NULL REFERENCES versions (id) ON DELETE CASCADE,
      created_by uuid REFERENCES users (id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL
    );
    CREATE INDEX reports_model_idx ON reports (model_id, created_at DESC);

    CREATE TABLE report_assignees (
      report_id uuid NOT NULL REFERENCES reports (id) ON DELETE CASCADE,
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL,
      PRIMARY KEY (report_id, user_id)
    );
    CREATE INDEX report_assignees_user_idx ON report_assignees (user_id);

    CREATE TABLE upload_reviews (
      id uuid PRIMARY KEY,
      model_id uuid NOT NULL REFERENCES models (id) ON DELETE CASCADE,
      job_id uuid NOT NULL UNIQUE REFERENCES jobs (id) ON DELETE CASCADE,
      file_name text NOT NULL,
      message text,
      created_by uuid REFERENCES users (id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL,
      base_version_id uuid NOT NULL REFERENCES versions (id) ON DELETE CASCADE,
      source_blob text REFERENCES blobs (sha256),
      origin jsonb NOT NULL,
      manifest jsonb NOT NULL,
      model_hash text NOT NULL,
      counts jsonb NOT NULL,
      report jsonb,
      status text NOT NULL CHECK (status IN ('open', 'applied', 'discarded')),
      applied_version_id uuid REFERENCES versions (id) ON DELETE SET NULL
    );
    CREATE INDEX upload_reviews_model_idx ON upload_reviews (model_id, created_at DESC);

    DROP INDEX jobs_one_active_upload_per_model_idx;
    CREATE UNIQUE INDEX jobs_one_active_writer_per_model_idx ON jobs (model_id)
      WHERE kind IN ('upload', 'merge') AND status IN ('queued', 'running');
  `,
};
