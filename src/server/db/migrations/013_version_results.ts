import type { Migration } from './migration';

/**
 * Analysis results on a version (issue #25): one set per version (a new upload replaces it). The uploaded file
 * and the column store read from it (GRS1, engine/results/encode.ts) are blobs, content-addressed like uploads;
 * the row holds the summary lists and screens read without decoding the store.
 */
export const versionResults: Migration = {
  version: 13,
  name: 'version_results',
  sql: `
    CREATE TABLE version_results (
      version_id uuid PRIMARY KEY REFERENCES versions (id) ON DELETE CASCADE,
      model_id uuid NOT NULL REFERENCES models (id) ON DELETE CASCADE,
      file_name text NOT NULL,
      source_blob text NOT NULL REFERENCES blobs (sha256),
      results_blob text NOT NULL REFERENCES blobs (sha256),
      summary jsonb NOT NULL,
      uploaded_by uuid REFERENCES users (id) ON DELETE SET NULL,
      uploaded_at timestamptz NOT NULL
    );
    CREATE INDEX version_results_model_idx ON version_results (model_id);
  `,
};
