import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { ownMessages } from '../../../contract/errors';
import { modelLimitCount, type ReadLimits } from '../../../engine/formats/limits';
import { capReportItems } from '../../../engine/formats/report';
import type { DisplayUnit } from '../../../engine/schema';
import { MODEL_SCREENSHOT_MAX_BYTES } from '../../../contract/http/images';
import type { BlobStore, StoredBlob } from '../../blobs/blobStore';
import { recordBlob } from '../../blobs/repository';
import type { DerivedCache } from '../../blobs/derivedCache';
import type { Clock } from '../../clock';
import type { Db, Queryable } from '../../db/db';
import { jobQueue } from '../../jobs/queue';
import { JobFailure, LostLeaseError, type JobAttempt, type JobHandler } from '../../jobs/runner';
import { translateInWorker } from './translateInWorker';
import { WorkerOutOfMemoryError } from '../../jobs/workerThread';
import { fill } from '../../messageTemplate';
import type { TranslatedVersion } from './translateProtocol';
import { planForNewModel, refreshBillingStatus } from '../billing/quota';
import { thumbnailFrom } from '../images/service';
import { createModelsRepository } from '../models/repository';
import { reviewStore } from '../reviews/repository';
import { ensureChangeSummary } from '../versions/changeSummary';
import { createVersion } from '../versions/createVersion';
import { manifestModelHash } from '../versions/manifest';
import { versionStore } from '../versions/repository';
import { filterUploadToModel, type FilteredUpload } from '../versions/uploadFilter';
import type { JobResult } from '../jobs/jobView';
import type { UploadPayload } from './payload';

export interface UploadJobDeps {
  db: Db;
  clock: Clock;
  blobs: BlobStore;
  derived: DerivedCache;
  log: FastifyBaseLogger;
  /** After a job made a PAID model (the billing subscription follows). */
  paidModelsChanged?: (organizationId: string) => void;
  /** The most points and elements one file may make (config: UPLOAD_MAX_POINTS, UPLOAD_MAX_ELEMENTS). */
  limits?: ReadLimits;
  /** The heap of each translation's worker thread in MB (config: JOB_WORKER_MAX_MEMORY_MB). */
  workerMaxMemoryMb?: number;
  /** Reads the analysis results a model file holds onto the version it made (issue #25). */
  modelFileResults?: (upload: {
    modelId: string;
    versionId: string;
    fileName: string;
    sourceBlob: string;
    uploadedBy: string | null;
  }) => Promise<void>;
  /** Whether a file's bytes hold result tables (looked at before the translation takes the bytes). */
  holdsResults?: (bytes: Uint8Array) => boolean;
}

/** What storing an upload did; `paidModelIn`: the organization where it made a PAID model (issue #10). */
type StoredUpload = JobResult & { paidModelIn: string | null };

/** The translated upload as the model's filters let it change the previous version. */
function withFilters(translated: TranslatedVersion, filtered: FilteredUpload): TranslatedVersion {
  return {
    ...translated,
    manifest: filtered.manifest,
    objects: filtered.objects,
    modelHash: manifestModelHash(filtered.manifest),
    report: {
      ...translated.report,
      counts: filtered.counts,
      items: capReportItems([...translated.report.items, ...filtered.items]),
    },
  };
}

/**
 * Runs one upload: the file is translated in a worker thread, then the main thread stores the objects, the
 * version (and, for a new model, the model and its creator's ADMIN permission) and marks the job done, all in
 * one transaction. A retried job whose version exists (the job_id is unique) only marks itself done.
 */
export function createUploadJobHandler(deps: UploadJobDeps): JobHandler {
  const { db, clock, blobs, derived, log } = deps;

  /** What an earlier attempt of the job committed: its version, or (review=true) its review. */
  async function existingResult(tx: Queryable, jobId: string): Promise<JobResult | undefined> {
    const found = await versionStore.findByJob(tx, jobId);
    if (found) return { modelId: found.model_id, versionId: found.id };
    const review = await reviewStore.findByJob(tx, jobId);
    return review ? { modelId: review.model_id, versionId: null, reviewId: review.id } : undefined;
  }

  /** Stores the version (with the caches the worker made) or, for review=true, the review. */
  async function store(
    attempt: JobAttempt,
    payload: UploadPayload,
    translated: TranslatedVersion,
    sketch: StoredBlob | null,
  ): Promise<StoredUpload> {
    const { job } = attempt;
    return db.transaction(async (tx): Promise<StoredUpload> => {
      if (!(await jobQueue.lockForCompletion(tx, job.id, attempt.attempt))) throw new LostLeaseError();
      const now = clock();
      const found = await existingResult(tx, job.id);
      if (found) {
        const result = found;
        await jobQueue.complete(tx, job.id, now, found.modelId, result);
        // Made by an earlier attempt, which stored its caches (or they are rebuilt when first read).
        return { ...result, paidModelIn: null };
      }
      const authorId = job.created_by;
      if (authorId === null) throw new JobFailure(ownMessages.uploadNotFound);
      let modelId: string;
      let stored = translated;
      let paidModelIn: string | null = null;
      if (payload.newModel) {
        modelId = payload.newModel.id;
        // The free-model rule (issue #10), decided with the organization row locked until this commits.
        const decided = await planForNewModel(tx, payload.newModel.organizationId);
        if (!decided.ok) {
          throw new JobFailure(
            decided.refusal === 'organizationGone' ? ownMessages.uploadOrganizationGone : decided.message,
          );
        }
        const models = createModelsRepository(tx);
        await models.insert({
          id: modelId,
          organizationId: payload.newModel.organizationId,
          name: payload.newModel.name,
          units: translated.units as DisplayUnit,
          createdBy: authorId,
          clonedFrom: null,
          plan: decided.plan,
          now,
        });
        await models.grant(modelId, authorId, 'ADMIN', now);
        if (decided.plan === 'PAID') {
          await refreshBillingStatus(tx, payload.newModel.organizationId, now);
          paidModelIn = payload.newModel.organizationId;
        }
      } else {
        modelId = job.model_id as string;
        // The model row is the lock that numbers its versions one at a time (uploads and restores alike).
        if (!(await versionStore.lockModel(tx, modelId))) throw new JobFailure(ownMessages.modelNotFound);
        // Under the lock, so the version the filters compare with is the one this version follows.
        const filtered = await filterUploadToModel(tx, modelId, {
          manifest: translated.manifest,
          objects: translated.objects,
          counts: translated.report.counts,
          format: translated.format,
        });
        if (filtered) stored = withFilters(translated, filtered);
      }
      if (payload.review && !payload.newModel) {
        // Issue #7: the upload waits as a review of the changes from the latest version, made into a version
        // only when its uploader applies it.
        await versionStore.insertObjects(tx, stored.objects);
        const base = await versionStore.latestId(tx, modelId);
        if (!base) throw new JobFailure(ownMessages.reviewNeedsModel);
        const reviewId = randomUUID();
        await reviewStore.insert(tx, {
          id: reviewId,
          modelId,
          jobId: job.id,
          fileName: payload.fileName,
          message: payload.message,
          createdBy: authorId,
          createdAt: now,
          baseVersionId: base,
          sourceBlob: payload.blob,
          origin: {
            kind: 'upload',
            fileName: payload.fileName,
            format: stored.format,
            sizeBytes: payload.sizeBytes,
          },
          manifest: stored.manifest,
          modelHash: stored.modelHash,
          counts: { ...stored.report.counts },
          report: { ...stored.report, counts: { ...stored.report.counts } },
        });
        const result: JobResult = { modelId, versionId: null, reviewId };
        await jobQueue.complete(tx, job.id, now, modelId, result);
        return { ...result, paidModelIn: null };
      }
      // The worker's minimal model and scene are the version's only when no filter changed what the file held;
      // the IFC context geometry is the file's own, so it belongs to the version either way (issue #9).
      const unfiltered = stored === translated;
      const version = await createVersion(
        tx,
        {
          modelId,
          authorId,
          now,
          message: payload.message,
          origin: {
            kind: 'upload',
            fileName: payload.fileName,
            format: stored.format,
            sizeBytes: payload.sizeBytes,
          },
          jobId: job.id,
          content: {
            kind: 'manifest',
            manifest: stored.manifest,
            objects: stored.objects,
            modelHash: stored.modelHash,
            counts: { ...stored.report.counts },
            report: { ...stored.report, counts: { ...stored.report.counts } },
            sourceBlob: payload.blob,
            caches: {
              ...(unfiltered ? { minimal: translated.minimalContent, scene: translated.sceneContent } : {}),
              ...(translated.contextGlb ? { contextGlb: translated.contextGlb } : {}),
            },
          },
        },
        { derived, log },
      );
      if (sketch) {
        // A sketch follows the latest version; a view someone set from the viewer is their choice, never replaced.
        await recordBlob(tx, sketch, now);
        await tx.query(
          `UPDATE models SET image_blob = $2, image_is_sketch = true
            WHERE id = $1 AND (image_blob IS NULL OR image_is_sketch)`,
          [modelId, sketch.sha256],
        );
      }
      const result: JobResult = { modelId, versionId: version.id };
      await jobQueue.complete(tx, job.id, now, modelId, result);
      return { ...result, paidModelIn };
    });
  }

  /**
   * The model's sketch as a stored thumbnail, for a model whose thumbnail is none or a sketch (a new one, or one
   * nobody set a view of), so its tile shows the building before anyone opens the viewer. A sketch that cannot
   * be drawn costs the tile, never the version.
   */
  async function sketchThumbnail(
    modelId: string | null,
    payload: UploadPayload,
    translated: TranslatedVersion,
  ): Promise<StoredBlob | null> {
    if (!translated.sketch || (payload.review && !payload.newModel)) return null;
    if (!payload.newModel) {
      const rows = await db.query<{ drawn: boolean }>(
        'SELECT image_blob IS NULL OR image_is_sketch AS drawn FROM models WHERE id = $1',
        [modelId],
      );
      if (rows[0]?.drawn !== true) return null;
    }
    try {
      const webp = await thumbnailFrom(Buffer.from(translated.sketch));
      return await blobs.put(Readable.from([webp]), { maxBytes: MODEL_SCREENSHOT_MAX_BYTES });
    } catch (error) {
      log.warn({ err: error, modelId }, 'Could not draw the model sketch');
      return null;
    }
  }

  return async (attempt) => {
    const { job } = attempt;
    const payload = job.payload as UploadPayload;
    // A previous attempt committed its version but died before anyone saw it: nothing left but to say so.
    const done = await existingResult(db, job.id);
    if (done) {
      await db.transaction(async (tx) => {
        if (!(await jobQueue.lockForCompletion(tx, job.id, attempt.attempt))) throw new LostLeaseError();
        await jobQueue.complete(tx, job.id, clock(), done.modelId, done);
      });
      if (done.versionId) await ensureChangeSummary(db, done.versionId, log);
      return;
    }

    const started = performance.now();
    await attempt.progress('Reading the file', 5, { flush: true });
    const bytes = await blobs.read(payload.blob);
    // Asked before the worker takes the bytes (they are moved to it, not copied).
    const holdsResults = deps.holdsResults?.(bytes) ?? false;
    const outcome = await translateInWorker(
      { fileName: payload.fileName, bytes, ...(deps.limits ? { limits: deps.limits } : {}) },
      {
        signal: attempt.signal,
        onProgress: (stage, percent) => void attempt.progress(stage, percent),
        ...(deps.workerMaxMemoryMb ? { maxMemoryMb: deps.workerMaxMemoryMb } : {}),
      },
    ).catch((error: unknown) => {
      // As deterministic as the file: another attempt would run out the same way.
      if (error instanceof WorkerOutOfMemoryError) {
        log.warn({ jobId: job.id, error: error.message }, 'Translation ran out of memory');
        throw new JobFailure(fill(ownMessages.uploadOutOfMemory, { file: payload.fileName }));
      }
      throw error;
    });
    if (outcome.kind === 'tooLarge') {
      log.info({ jobId: job.id, ...outcome }, 'Upload refused: over the limits');
      throw new JobFailure(
        fill(ownMessages.uploadTooManyObjects, {
          file: payload.fileName,
          found: modelLimitCount(outcome.found, outcome.exact),
          objects: outcome.objects,
          limit: outcome.limit.toLocaleString('en-US'),
        }),
      );
    }
    if (outcome.kind === 'unreadable') {
      throw new JobFailure(
        fill(ownMessages.uploadUnreadable, { file: payload.fileName, reason: outcome.message }),
      );
    }
    if (outcome.kind === 'error') {
      log.error({ jobId: job.id, error: outcome.message, stack: outcome.stack }, 'Translation failed');
      throw new JobFailure(ownMessages.uploadTranslationCrashed);
    }
    attempt.signal.throwIfAborted();
    const objectCount = outcome.version.manifest.collections.elements.length;
    await attempt.progress(`Storing ${objectCount.toLocaleString('en-US')} elements`, 70, { flush: true });
    attempt.signal.throwIfAborted();
    const translated = performance.now();
    const sketch = await sketchThumbnail(job.model_id, payload, outcome.version);
    const { modelId, versionId, paidModelIn } = await store(attempt, payload, outcome.version, sketch);
    if (paidModelIn) deps.paidModelsChanged?.(paidModelIn);
    log.info(
      {
        jobId: job.id,
        versionId,
        objects: outcome.version.objects.hashes.length,
        translateMs: Math.round(translated - started),
        storeMs: Math.round(performance.now() - translated),
      },
      'Upload stored',
    );
    // Before the job is told done, so its ModelAdded and the history already say what changed (issue #23).
    if (versionId !== null) await ensureChangeSummary(db, versionId, log);
    // A .s2k exported with its analysis tables: its results go onto the version too (issue #25). The version
    // stands whatever happens to them; a failure is logged, and the results can be uploaded on their own.
    if (versionId !== null && holdsResults && deps.modelFileResults) {
      await deps
        .modelFileResults({
          modelId,
          versionId,
          fileName: payload.fileName,
          sourceBlob: payload.blob,
          uploadedBy: job.created_by,
        })
        .catch((error: unknown) =>
          log.warn({ err: error, versionId }, 'Could not read the results of a model file'),
        );
    }
  };
}
