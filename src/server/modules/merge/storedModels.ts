import { randomUUID } from 'node:crypto';
import type { TranslationReportWire, VersionOrigin } from '../../../contract/http/versions';
import { countModel } from '../../../engine/formats/report';
import type { Model } from '../../../engine/schema';
import type { Queryable } from '../../db/db';
import type { VersionRow } from '../models/versionRows';
import {
  buildManifest,
  manifestHashes,
  manifestModelHash,
  rebuildModel,
  type ManifestSource,
  type ManifestText,
  type ObjectBodies,
  type VersionManifest,
} from '../versions/manifest';
import { versionStore } from '../versions/repository';

/**
 * Whole models in and out of the content-addressed store, for the upload review and the merge (issue #7), whose
 * model tasks (modelTasks.ts) diff and merge them off the event loop.
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

export interface StoredVersionInput {
  modelId: string;
  authorId: string;
  now: Date;
  message: string | null;
  origin: VersionOrigin;
  jobId: string | null;
  /**
   * Either a model made here (split and its objects stored) or a manifest, with the objects to store (a model
   * task's BuiltVersion) or without (they are stored already).
   */
  content:
    | { kind: 'model'; model: Model }
    | {
        kind: 'manifest';
        /** As text when it is stored as it was read (a review applied whole). */
        manifest: ManifestSource;
        objects?: ObjectBodies;
        modelHash: string;
        counts: Record<string, number>;
        report: TranslationReportWire | null;
        sourceBlob: string | null;
      };
}

/**
 * The model's next version (call with the model locked: versionStore.lockModel), and the model's updated_at.
 * A model made here has no translation report: no file was read.
 */
export async function insertVersion(tx: Queryable, input: StoredVersionInput): Promise<VersionRow> {
  let stored: {
    manifest: ManifestSource;
    modelHash: string;
    counts: Record<string, number>;
    report: TranslationReportWire | null;
    sourceBlob: string | null;
  };
  if (input.content.kind === 'model') {
    const { manifest, objects } = buildManifest(input.content.model);
    await versionStore.insertObjects(tx, objects);
    stored = {
      manifest,
      modelHash: manifestModelHash(manifest),
      counts: { ...countModel(input.content.model) },
      report: null,
      sourceBlob: null,
    };
  } else {
    if (input.content.objects) await versionStore.insertObjects(tx, input.content.objects);
    stored = input.content;
  }
  const version = await versionStore.insert(tx, {
    id: randomUUID(),
    modelId: input.modelId,
    authorId: input.authorId,
    createdAt: input.now,
    message: input.message,
    origin: input.origin,
    sourceBlob: stored.sourceBlob,
    manifest: stored.manifest,
    modelHash: stored.modelHash,
    counts: stored.counts,
    report: stored.report,
    jobId: input.jobId,
  });
  await tx.query('UPDATE models SET updated_at = $2 WHERE id = $1', [input.modelId, input.now]);
  return version;
}

/** Fills `{name}` placeholders of a message. */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => String(values[name] ?? whole));
}
