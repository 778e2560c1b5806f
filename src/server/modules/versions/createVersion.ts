import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { ownMessages } from '../../../contract/errors';
import type { TranslationReportWire, VersionOrigin } from '../../../contract/http/versions';
import { countModel } from '../../../engine/formats/report';
import type { Model } from '../../../engine/schema';
import type { DerivedCache } from '../../blobs/derivedCache';
import type { Queryable } from '../../db/db';
import { HttpError } from '../../httpError';
import type { VersionRow } from '../models/versionRows';
import { CONTEXT_GLB_CACHE_KIND } from './contextGeometry';
import { buildManifest, manifestModelHash, type ManifestSource, type ObjectBodies } from './manifest';
import { versionStore } from './repository';
import { SCENE_CACHE_KIND } from './scene';

/**
 * The job kinds that make a model's next version, as migration 006's writer index lists them: one unfinished at
 * a time per model, so two writers never race for the next version number. Each kind is its module's
 * (`uploads`, `merge`, `repair`), declared there with `satisfies WriterJobKind`.
 */
export const WRITER_JOB_KINDS = ['upload', 'merge', 'repairCommit'] as const;
export type WriterJobKind = (typeof WRITER_JOB_KINDS)[number];

/** The derived caches a version's maker already has (the upload's worker made them): stored with the version. */
export interface VersionCaches {
  /** The default minimal model without its ids (minimalContentJson). */
  minimal?: Uint8Array;
  /** The viewer's scene data without its unit (sceneContentJson). */
  scene?: Uint8Array;
  /** An IFC file's own geometry of what the reader approximated or dropped (issue #9). */
  contextGlb?: Uint8Array;
}

/** What a version is made of. */
export type VersionContent =
  /** A model made here (a repair): split and its objects stored. A model made here has no translation report. */
  | { kind: 'model'; model: Model }
  /**
   * A manifest, with the objects to store (an upload, a model task's BuiltVersion) or without (they are stored
   * already: a review applied whole).
   */
  | {
      kind: 'manifest';
      /** As text when it is stored as it was read (a review applied whole). */
      manifest: ManifestSource;
      objects?: ObjectBodies;
      modelHash: string;
      counts: Record<string, number>;
      report: TranslationReportWire | null;
      sourceBlob: string | null;
      caches?: VersionCaches;
    }
  /** A copy of another version of the same model (a restore): the manifest never leaves the database. */
  | { kind: 'copy'; versionId: string };

export interface NewVersionInput {
  modelId: string;
  authorId: string;
  now: Date;
  message: string | null;
  origin: VersionOrigin;
  /** The job that makes it (a retried job finds its version by it); null for a request's version. */
  jobId: string | null;
  content: VersionContent;
}

export interface CreateVersionDeps {
  derived: DerivedCache;
  log: FastifyBaseLogger;
}

/** Answers cached per version that a copy keeps (they depend on the manifest alone). */
const COPIED_CACHE_KINDS = ['minimal', SCENE_CACHE_KIND] as const;

/**
 * Makes the model's next version: every upload, restore, merge, review apply and repair commit comes here. Call
 * it in the transaction that holds the model locked (versionStore.lockModel, or the model inserted in it), so
 * versions are numbered one at a time. It stores the objects and the manifest, moves the model's updated_at and
 * fills the derived caches it can: the ones the maker hands over, or a copied version's. Caches are written before
 * the transaction commits, so whoever hears of the version finds them; a failure (or a rollback, leaving files no
 * version names) only costs the first reader a rebuild. Returns the version row its callers' events are made of.
 */
export async function createVersion(
  tx: Queryable,
  input: NewVersionInput,
  deps: CreateVersionDeps,
): Promise<VersionRow> {
  const { content } = input;
  let version: VersionRow;
  let caches: VersionCaches = {};
  if (content.kind === 'copy') {
    const copy = await versionStore.insertCopy(
      tx,
      { modelId: input.modelId, versionId: content.versionId },
      {
        id: randomUUID(),
        authorId: input.authorId,
        createdAt: input.now,
        message: input.message,
        origin: input.origin,
        jobId: input.jobId,
      },
    );
    if (!copy) throw new HttpError(404, ownMessages.versionNotFound);
    version = copy;
  } else {
    let stored: Omit<Extract<VersionContent, { kind: 'manifest' }>, 'kind' | 'objects' | 'caches'>;
    if (content.kind === 'model') {
      const { manifest, objects } = buildManifest(content.model);
      await versionStore.insertObjects(tx, objects);
      stored = {
        manifest,
        modelHash: manifestModelHash(manifest),
        counts: { ...countModel(content.model) },
        report: null,
        sourceBlob: null,
      };
    } else {
      if (content.objects) await versionStore.insertObjects(tx, content.objects);
      stored = content;
      caches = content.caches ?? {};
    }
    version = await versionStore.insert(tx, {
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
  }
  await tx.query('UPDATE models SET updated_at = $2 WHERE id = $1', [input.modelId, input.now]);

  const { derived, log } = deps;
  const versionId = version.id;
  const handedOver: Array<[kind: string, content: Uint8Array | undefined, failure: string]> = [
    ['minimal', caches.minimal, 'Could not cache the minimal model'],
    [SCENE_CACHE_KIND, caches.scene, 'Could not cache the scene data'],
    [CONTEXT_GLB_CACHE_KIND, caches.contextGlb, 'Could not store the IFC context geometry'],
  ];
  for (const [kind, bytes, failure] of handedOver) {
    if (bytes === undefined) continue;
    await derived.write(kind, versionId, bytes).catch((error: unknown) => {
      log.warn({ err: error, versionId }, failure);
    });
  }
  if (content.kind === 'copy') {
    for (const kind of COPIED_CACHE_KINDS) {
      await derived.copy(kind, content.versionId, versionId).catch((error: unknown) => {
        log.warn({ err: error, versionId, kind }, 'Could not copy a cached answer');
      });
    }
  }
  return version;
}
