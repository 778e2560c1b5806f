import { canonicalJson } from '../canonical';
import type { Model, ModelCollection } from '../schema';
import { MODEL_COLLECTIONS } from '../schema';

/*
 * A model as content-addressed objects: what a version stores instead of its model. The content hash is the
 * caller's (the server's is SHA-256 of the canonical JSON; the engine has no Node crypto), passed as `hashText`.
 */

/** [object id, hash of its canonical JSON], in model order. */
export type ManifestEntry = [id: string, hash: string];

/**
 * What a version stores instead of its model: the hash of its model-level data (schemaVersion, units, source,
 * sourceUnits, attributes: ETABS keeps hundreds of kB of sections there) and, per collection, its objects by
 * hash. Two versions that share an object share its row in `model_objects`, so storage grows with change, not
 * with versions.
 */
export interface VersionManifest {
  format: 1;
  /** Hash of the model-level data: the model without its collections and results. */
  header: string;
  /** The display unit, copied from the model-level data for readers that need nothing else of it. */
  units: string;
  collections: Record<ModelCollection, ManifestEntry[]>;
  /** The hash of the analysis results (one object), when the model has any. */
  results?: string;
  /**
   * The source tools of the objects (sorted; may name one no object has any more), so an upload can tell
   * without reading any object whether the version holds objects another platform wrote. Absent in
   * manifests made before it existed.
   */
  tools?: string[];
}

/** Object bodies a manifest refers to, each hash once: parallel arrays, cheap to post between threads. */
export interface ObjectBodies {
  hashes: string[];
  bodies: string[];
}

/** The content address of an object's canonical JSON. */
export type HashText = (text: string) => string;

/**
 * Splits a model into its manifest and the canonical JSON of every object. `onProgress` gets the share of
 * objects done (0–1) every few thousand objects.
 */
export function splitModel(
  model: Model,
  hashText: HashText,
  onProgress?: (done: number) => void,
): { manifest: VersionManifest; objects: ObjectBodies } {
  const { results, ...rest } = model;
  const header: Record<string, unknown> = { ...rest };
  for (const collection of MODEL_COLLECTIONS) delete header[collection];
  const objects: ObjectBodies = { hashes: [], bodies: [] };
  const seen = new Set<string>();
  const tools = new Set<string>();
  const keep = (body: string): string => {
    const hash = hashText(body);
    if (!seen.has(hash)) {
      seen.add(hash);
      objects.hashes.push(hash);
      objects.bodies.push(body);
    }
    return hash;
  };

  const total = MODEL_COLLECTIONS.reduce((sum, collection) => sum + model[collection].length, 0);
  let done = 0;
  const collections = {} as Record<ModelCollection, ManifestEntry[]>;
  for (const collection of MODEL_COLLECTIONS) {
    const items = model[collection] as readonly { id: string }[];
    const entries: ManifestEntry[] = new Array(items.length);
    for (let index = 0; index < items.length; index++) {
      const item = items[index] as { id: string; source?: { tool: string } };
      if (item.source) tools.add(item.source.tool);
      entries[index] = [item.id, keep(canonicalJson(item))];
      if (++done % 5000 === 0) onProgress?.(done / total);
    }
    collections[collection] = entries;
  }
  const manifest: VersionManifest = {
    format: 1,
    header: keep(canonicalJson(header)),
    units: model.units,
    collections,
    tools: [...tools].sort(),
  };
  if (results) manifest.results = keep(canonicalJson(results));
  return { manifest, objects };
}

/** Every distinct hash a manifest refers to, or only those of `only` collections. */
export function manifestHashes(
  manifest: VersionManifest,
  only: readonly ModelCollection[] = MODEL_COLLECTIONS,
): string[] {
  return [...new Set(eachManifestHash(manifest, only))];
}

/** The hashes manifestHashes lists, one by one (repeats included). */
export function* eachManifestHash(
  manifest: VersionManifest,
  only: readonly ModelCollection[] = MODEL_COLLECTIONS,
): Generator<string> {
  for (const collection of only) for (const entry of manifest.collections[collection]) yield entry[1];
  if (only === MODEL_COLLECTIONS) {
    yield manifest.header;
    if (manifest.results) yield manifest.results;
  }
}

/**
 * The objects of one collection, in manifest order: their bodies are joined into one JSON array and parsed in
 * one call, several times faster than a parse per object for 100k objects.
 */
export function rebuildCollection<T>(
  entries: readonly ManifestEntry[],
  bodies: ReadonlyMap<string, string>,
): T[] {
  if (entries.length === 0) return [];
  const parts = new Array<string>(entries.length);
  for (let index = 0; index < entries.length; index++) {
    const hash = (entries[index] as ManifestEntry)[1];
    const body = bodies.get(hash);
    if (body === undefined) throw new Error(`model object ${hash} is missing`);
    parts[index] = body;
  }
  return JSON.parse(`[${parts.join(',')}]`) as T[];
}

/** The whole model a manifest describes; `bodies` holds every hash of manifestHashes(manifest). */
export function rebuildModel(manifest: VersionManifest, bodies: ReadonlyMap<string, string>): Model {
  const header = bodies.get(manifest.header);
  if (header === undefined) throw new Error(`model object ${manifest.header} is missing`);
  const model = JSON.parse(header) as Record<string, unknown>;
  for (const collection of MODEL_COLLECTIONS) {
    model[collection] = rebuildCollection(manifest.collections[collection], bodies);
  }
  if (manifest.results) {
    const body = bodies.get(manifest.results);
    if (body === undefined) throw new Error(`model object ${manifest.results} is missing`);
    model.results = JSON.parse(body);
  }
  return model as Model;
}
