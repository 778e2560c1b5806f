import type { Migration } from './migration';

/**
 * What changed in a version against the one before it, in engineering words (issue #23): the engine's
 * ChangeSummary (phrases with canonical values, worded in the model's current display unit when read), computed
 * once when the version is made so lists never diff. NULL for a first version, for versions made before this
 * column, and while it is being computed.
 */
export const changeSummaries: Migration = {
  version: 10,
  name: 'change_summaries',
  sql: `
    ALTER TABLE versions ADD COLUMN change_summary jsonb;
  `,
};
