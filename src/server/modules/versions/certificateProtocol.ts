import type { FilterRules } from '../../../engine/filters';
import type { Results } from '../../../engine/schema';
import type { VersionManifest } from './manifest';

/**
 * Main thread → certificate worker, once: the version's manifest, every object body it names, the filters the
 * export applies and the translator's id.
 */
export interface CertificateRequest {
  manifest: VersionManifest;
  /** Parallel arrays (hash, body), each hash once: cheaper to post between threads than a Map. */
  hashes: string[];
  bodies: string[];
  organizationFilters: readonly FilterRules[];
  modelFilters: readonly FilterRules[];
  format: string;
  /** The version's analysis results (issue #25), which the export carries, and the tables it leaves behind. */
  results?: Results;
  resultsLeftBehind?: string[];
}
