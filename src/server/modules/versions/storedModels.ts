import type { Model } from '../../../engine/schema';
import type { Queryable } from '../../db/db';
import {
  manifestHashes,
  rebuildModel,
  type ManifestText,
  type ObjectBodies,
  type VersionManifest,
} from './manifest';
import { versionStore } from './repository';

/**
 * Whole models out of the content-addressed store, for the upload review and the merge (issue #7), whose model
 * tasks (modelTasks.ts) diff and merge them off the event loop; what they make is stored by versions/createVersion.
 */

/** A stored version: which model, which version. */
export interface VersionRef {
  modelId: string;
  versionId: string;
}

/**
 * Versions as a model task takes them: each manifest as the database's text (the task parses it where it runs)
 * and every object body they name, found by the database (issue #22: parsing and walking three manifests of a
 * 100k-element model here held the event loop for most of a second). Per ref, in order: the manifest, undefined
 * when the model has no such version, null for a null ref.
 */
export async function loadTaskVersions(
  db: Queryable,
  refs: ReadonlyArray<VersionRef | null>,
): Promise<{ manifests: Array<ManifestText | null | undefined>; objects: ObjectBodies }> {
  const found = await Promise.all(
    refs.map((ref) => (ref ? versionStore.manifestText(db, ref.modelId, ref.versionId) : null)),
  );
  const versionIds = refs.flatMap((ref, index) => (ref && found[index] ? [ref.versionId] : []));
  return {
    manifests: found.map((stored) => (stored === null ? null : stored?.manifest)),
    objects: await versionStore.objectBodiesNamedBy(db, { versionIds: [...new Set(versionIds)] }),
  };
}

/** The model a manifest describes, read from model_objects. */
export async function loadManifestModel(db: Queryable, manifest: VersionManifest): Promise<Model> {
  const bodies = await versionStore.bodies(db, manifestHashes(manifest));
  return rebuildModel(manifest, bodies);
}

/**
 * A version of the model as a whole model, with its number and manifest (whose object hashes a diff of it can
 * use: manifestDiffHints); undefined when the model has no such version.
 */
export async function loadVersionModel(
  db: Queryable,
  modelId: string,
  versionId: string,
): Promise<{ number: number; manifest: VersionManifest; model: Model } | undefined> {
  const stored = await versionStore.manifest(db, modelId, versionId);
  if (!stored) return undefined;
  return {
    number: stored.number,
    manifest: stored.manifest,
    model: await loadManifestModel(db, stored.manifest),
  };
}

/** The newest version of a model: id and number. */
export async function latestVersion(
  db: Queryable,
  modelId: string,
): Promise<{ id: string; number: number } | undefined> {
  const rows = await db.query<{ id: string; number: number }>(
    'SELECT id, number FROM versions WHERE model_id = $1 ORDER BY number DESC LIMIT 1',
    [modelId],
  );
  return rows[0];
}
