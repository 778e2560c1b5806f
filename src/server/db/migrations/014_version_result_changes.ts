import type { Migration } from './migration';

/**
 * The results line of a version's engineering summary (issue #25): how its member forces changed against the
 * version before, kept on its results when either side's results are stored, so a history of many versions reads
 * it without decoding any results. Model lists show it, so a change to it moves the model list generation on
 * (migration 011's bump, at commit).
 */
export const versionResultChanges: Migration = {
  version: 14,
  name: 'version_result_changes',
  sql: `
    ALTER TABLE version_results ADD COLUMN changes jsonb;
    CREATE CONSTRAINT TRIGGER version_results_model_list_generation
      AFTER INSERT OR UPDATE OF changes OR DELETE ON version_results
      DEFERRABLE INITIALLY DEFERRED
      FOR EACH ROW EXECUTE FUNCTION gusset_bump_model_list_generation();
    CREATE TRIGGER version_results_model_list_generation_truncate
      AFTER TRUNCATE ON version_results
      FOR EACH STATEMENT EXECUTE FUNCTION gusset_bump_model_list_generation();
  `,
};
