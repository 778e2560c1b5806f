import { createHash } from 'node:crypto';
import { splitModel, type ObjectBodies, type VersionManifest } from '../../../engine/manifest';
import type { Model } from '../../../engine/schema';
import { MODEL_COLLECTIONS } from '../../../engine/schema';

// The manifest is the engine's (a model as content-addressed objects); the server addresses objects by SHA-256.
export {
  eachManifestHash,
  manifestHashes,
  rebuildCollection,
  rebuildModel,
  type ManifestEntry,
  type ObjectBodies,
  type VersionManifest,
} from '../../../engine/manifest';

export function sha256Hex(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/**
 * Splits a model into its manifest and the canonical JSON of every object, addressed by SHA-256. `onProgress`
 * gets the share of objects done (0–1) every few thousand objects.
 */
export function buildManifest(
  model: Model,
  onProgress?: (done: number) => void,
): { manifest: VersionManifest; objects: ObjectBodies } {
  return splitModel(model, sha256Hex, onProgress);
}

/**
 * The content hash of a whole version (`versions.model_hash`): SHA-256 over the model-level data and, per
 * collection, its `id hash` lines sorted, so the order a file listed its objects in does not change it.
 */
export function manifestModelHash(manifest: VersionManifest): string {
  const hash = createHash('sha256').update(manifest.header);
  for (const collection of MODEL_COLLECTIONS) {
    const lines = manifest.collections[collection]
      .map(([id, objectHash]) => `${id}\u0000${objectHash}`)
      .sort();
    hash.update(`\n${collection}\n`).update(lines.join('\n'));
  }
  if (manifest.results) hash.update(`\nresults\n${manifest.results}`);
  return hash.digest('hex');
}

/**
 * A manifest as the database returns it, unparsed, with how many object entries it lists (issue #22: parsing
 * three 10 MB manifests held the server's event loop; a model task parses them where it runs, in a worker for a
 * large model).
 */
export interface ManifestText {
  json: string;
  entries: number;
}

/** A manifest parsed, or as text still. */
export type ManifestSource = VersionManifest | ManifestText;

export function isManifestText(manifest: ManifestSource): manifest is ManifestText {
  return 'json' in manifest;
}

export function parseManifestSource(manifest: ManifestSource): VersionManifest {
  return isManifestText(manifest) ? (JSON.parse(manifest.json) as VersionManifest) : manifest;
}

/** How many object entries the manifest lists (its collections; the header and results not counted). */
export function manifestEntryCount(manifest: ManifestSource): number {
  if (isManifestText(manifest)) return manifest.entries;
  let count = 0;
  for (const entries of Object.values(manifest.collections)) count += entries.length;
  return count;
}
