import type { DiffHints } from '../../../engine/diff/types';
import type { ModelCollection } from '../../../engine/schema';
import { MODEL_COLLECTIONS } from '../../../engine/schema';
import type { VersionManifest } from './manifest';

/** One manifest's object hashes per collection, in manifest order (the order rebuildModel gives the objects). */
function hashesOf(manifest: VersionManifest): Partial<Record<ModelCollection, string[]>> {
  const hashes: Partial<Record<ModelCollection, string[]>> = {};
  for (const collection of MODEL_COLLECTIONS) {
    const entries = manifest.collections[collection];
    const list = new Array<string>(entries.length);
    for (let index = 0; index < entries.length; index++)
      list[index] = (entries[index] as [string, string])[1];
    hashes[collection] = list;
  }
  return hashes;
}

/**
 * diffModels' hints for two stored versions: the SHA-256 each manifest already holds for every object, so the
 * diff skips objects whose hashes are equal instead of comparing them. Only valid for models rebuilt from these
 * manifests (rebuildModel / loadManifestModel), whose arrays are in manifest order.
 */
export function manifestDiffHints(before: VersionManifest, after: VersionManifest): DiffHints {
  return { before: hashesOf(before), after: hashesOf(after) };
}
