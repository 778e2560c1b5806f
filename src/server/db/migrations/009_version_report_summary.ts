import type { Migration } from './migration';

/**
 * Each version's translation report counted by severity, stored beside the report (issue #22): model lists show
 * these counts for every version, and counting them from the jsonb on every read was most of the database's
 * work for the models page. A generated column, so every way of making a version (upload, merge, review, repair,
 * clone) fills it without knowing about it. Each item counts as reportItemCount says in the engine (its `count`,
 * else its ids, else one), so the summary agrees with the report's groups when it is opened (issue #23).
 */
export const versionReportSummary: Migration = {
  version: 9,
  name: 'version_report_summary',
  sql: `
    CREATE FUNCTION gusset_report_summary(report jsonb) RETURNS jsonb
      LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
        SELECT jsonb_build_object(
          'approximated', COALESCE(sum(stood) FILTER (WHERE severity = 'approximated'), 0)::int,
          'dropped', COALESCE(sum(stood) FILTER (WHERE severity = 'dropped'), 0)::int,
          'warning', COALESCE(sum(stood) FILTER (WHERE severity = 'warning'), 0)::int)
          FROM (SELECT item ->> 'severity' AS severity,
                       CASE WHEN jsonb_typeof(item -> 'count') = 'number' THEN (item ->> 'count')::numeric
                            WHEN jsonb_typeof(item -> 'ids') = 'array'
                              THEN GREATEST(jsonb_array_length(item -> 'ids'), 1)
                            ELSE 1 END AS stood
                  FROM jsonb_array_elements(CASE WHEN jsonb_typeof(report -> 'items') = 'array'
                                                 THEN report -> 'items' ELSE '[]'::jsonb END) item) items
      $$;
    ALTER TABLE versions
      ADD COLUMN report_summary jsonb NOT NULL GENERATED ALWAYS AS (gusset_report_summary(report)) STORED;
  `,
};
