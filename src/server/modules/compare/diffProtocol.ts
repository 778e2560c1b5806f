import type { DiffOptions } from '../../../engine/diff/types';
import type { DisplayUnit } from '../../../engine/schema';
import type { VersionManifest } from '../versions/manifest';

/** Main thread → diff worker, once: both versions' manifests and every object body they name. */
export interface DiffRequest {
  before: VersionManifest;
  after: VersionManifest;
  /** Parallel arrays (hash, body), each hash once: cheaper to post between threads than a Map. */
  hashes: string[];
  bodies: string[];
  units: DisplayUnit;
  options: DiffOptions;
}
