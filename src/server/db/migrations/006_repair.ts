import type { Migration } from './migration';

/**
 * Connectivity checks and repair (issue #8).
 *
 * - repairs: a repair plan of one version of a model, made by a 'repair' job. `tolerances` are the display values
 *   asked for (in `units`, the model's display unit then), `operations` the operation ids the pipeline ran. The
 *   plan itself (the engine's operations with their edits, and its display form) is derived data: it lives in the
 *   derived cache ('repair-plan-v1', 'repair-view-v1', keyed by the repair's id) and is planned again from the
 *   version and these inputs when the cache lost it. A commit is a 'repairCommit' job whose payload carries the
 *   accepted operation ids; it makes `committed_version_id`.
 * - Connectivity reports are derived data too ('connectivity-v1', per version, units and tolerances), made by
 *   'connectivity' jobs.
 * - models.repair_tolerances: the model's own tolerances (mm and degrees, so a change of display unit keeps them),
 *   the ones its last repair was started with; null means the engine's defaults for the model's unit.
 * - A repair commit makes a version, so it joins uploads and merges in the "one unfinished writer per model"
 *   index; at most one repair is planned per model at a time.
 */
export const repair: Migration = {
  version: 6,
  name: 'repair',
  sql: `
    CREATE TABLE repairs (
      id uuid PRIMARY KEY,
      model_id uuid NOT NULL REFERENCES models (id) ON DELETE CASCADE,
      version_id uuid NOT NULL REFERENCES versions (id) ON DELETE CASCADE,
      job_id uuid NOT NULL UNIQUE REFERENCES jobs (id) ON DELETE CASCADE,
      status text NOT NULL CHECK (status IN ('running', 'ready', 'failed', 'committed', 'discarded')),
      error text,
      units text NOT NULL CHECK (units IN ('cm', 'mm', 'm', 'ft', 'in')),
      tolerances jsonb NOT NULL,
      operations jsonb NOT NULL,
      created_by uuid REFERENCES users (id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL,
      committed_version_id uuid REFERENCES versions (id) ON DELETE SET NULL
    );
    CREATE INDEX repairs_model_idx ON repairs (model_id, created_at DESC);
    ALTER TABLE models ADD COLUMN repair_tolerances jsonb;

    DROP INDEX jobs_one_active_writer_per_model_idx;
    CREATE UNIQUE INDEX jobs_one_active_writer_per_model_idx ON jobs (model_id)
      WHERE kind IN ('upload', 'merge', 'repairCommit') AND status IN ('queued', 'running');
    CREATE UNIQUE INDEX jobs_one_active_repair_per_model_idx ON jobs (model_id)
      WHERE kind = 'repair' AND status IN ('queued', 'running');
  `,
};
