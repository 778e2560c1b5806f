import { accounts } from './001_accounts';
import { models } from './002_models';
import { billing } from './003_billing';
import { admin } from './004_admin';
import { compare } from './005_compare';
import { repair } from './006_repair';
import { apiTokens } from './007_api_tokens';
import { rateLimits } from './008_rate_limits';
import { versionReportSummary } from './009_version_report_summary';
import { changeSummaries } from './010_change_summaries';
import { modelListGeneration } from './011_model_list_generation';
import { modelImageSketch } from './012_model_image_sketch';
import { versionResults } from './013_version_results';
import { versionResultChanges } from './014_version_result_changes';
import type { Migration } from './migration';

/** Every migration, in the order it is applied. */
export const migrations: readonly Migration[] = [
  accounts,
  models,
  billing,
  admin,
  compare,
  repair,
  apiTokens,
  rateLimits,
  versionReportSummary,
  changeSummaries,
  modelListGeneration,
  modelImageSketch,
  versionResults,
  versionResultChanges,
];
