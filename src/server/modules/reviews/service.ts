import { ownMessages } from '../../../contract/errors';
import type { Readable } from 'node:stream';
import type { ApplyReviewBody, Review } from '../../../contract/http/reviews';
import type { Version } from '../../../contract/http/versions';
import type { ChangeSelection } from '../../../engine/diff';
import { changeSummaryText, type ChangeSummary } from '../../../engine/diff/summary';
import type { DisplayUnit } from '../../../engine/schema';
import type { DerivedCache } from '../../blobs/derivedCache';
import type { ServerContext } from '../../context';
import { HttpError } from '../../httpError';
import { spliceJson } from '../../jsonText';
import { realtimeEvent, type EventCause } from '../../realtime/events';
import { noRealtime } from '../../realtime/realtime';
import { isUuid, mayReachReview, type ModelAccess } from '../access/access';
import { runModelTask } from '../versions/runModelTask';
import { latestVersion } from '../versions/storedModels';
import { loadPublicUsers, toVersion } from '../models/versionRows';
import { modelAddedData } from '../versions/changeSummary';
import { createVersion, type VersionContent } from '../versions/createVersion';
import { versionStore } from '../versions/repository';
import { reviewStore, type ReviewRow } from './repository';

/** The cached DiffView of a review (base → upload): both sides never change, so it is computed once. */
export const REVIEW_DIFF_CACHE_KIND = 'review-diff-v2';

const iso = (value: Date | string) => new Date(value).toISOString();

/**
 * A version made of part of an upload says what it took, not what the whole upload was for:
 * '1 beam resized W18X35 → W21X44 (from tower.e2k)'. Null for the whole upload.
 */
export function messageOfPart(
  summary: ChangeSummary | null,
  fileName: string,
  units: DisplayUnit,
): string | null {
  if (summary === null) return null;
  const text = changeSummaryText(summary, units);
  return `${text.charAt(0).toUpperCase()}${text.slice(1)} (from ${fileName})`;
}

/**
 * Upload reviews (issue #7): an upload made with review=true waits as a review; its uploader (or an ADMIN of the
 * model) reads its diff against the version it was compared with, then applies all or part of it as the model's
 * next version, or discards it.
 */
export function createReviewsService(context: ServerContext, deps: { derived: DerivedCache }) {
  const { db, clock, access, log } = context;
  const realtime = context.realtime ?? noRealtime;
  const notFound = () => new HttpError(404, ownMessages.reviewNotFound);

  /** The review for a WRITE+ user: theirs, or any for an ADMIN; 404 otherwise (they may not know it exists). */
  async function requireReview(
    userId: string,
    modelId: string,
    reviewId: string,
  ): Promise<{ modelAccess: ModelAccess; row: ReviewRow }> {
    const modelAccess = await access.requireModel(userId, modelId, 'update');
    if (!isUuid(reviewId)) throw notFound();
    const row = await reviewStore.find(db, modelId, reviewId);
    if (!row || !mayReachReview(modelAccess.role, userId, row.created_by)) throw notFound();
    return { modelAccess, row };
  }

  async function toReview(row: ReviewRow): Promise<Review> {
    const users = await loadPublicUsers(db, row.created_by === null ? [] : [row.created_by]);
    return {
      _id: row.id,
      modelId: row.model_id,
      jobId: row.job_id,
      fileName: row.file_name,
      message: row.message,
      createdBy: row.created_by === null ? null : (users.get(row.created_by) ?? null),
      createdAt: iso(row.created_at),
      baseVersionId: row.base_version_id,
      baseVersionNumber: row.base_version_number,
      status: row.status,
      appliedVersionId: row.applied_version_id,
    };
  }

  /** Both sides' manifests and every object they name, for a model task; 404 when one is gone. */
  async function sides(row: ReviewRow) {
    const [base, content] = await Promise.all([
      versionStore.manifestText(db, row.model_id, row.base_version_id),
      reviewStore.content(db, row.id),
    ]);
    if (!base || !content) throw notFound();
    const objects = await versionStore.objectBodiesNamedBy(db, {
      versionIds: [row.base_version_id],
      reviewIds: [row.id],
    });
    return { base: base.manifest, upload: content.manifest, objects, content };
  }

  async function unitsOf(modelId: string): Promise<DisplayUnit> {
    const rows = await db.query<{ units: DisplayUnit }>('SELECT units FROM models WHERE id = $1', [modelId]);
    return rows[0]?.units ?? 'mm';
  }

  /** The review's DiffView JSON: the cached file as a stream, else computed (a model task) and cached. */
  async function diffView(row: ReviewRow): Promise<string | Readable> {
    // Keyed by the review and the units: the model's display unit can change after the review was made.
    const units = await unitsOf(row.model_id);
    const key = `${row.id}-${units}`.replace(/[^0-9A-Za-z-]/g, '-');
    const cached = await deps.derived.stream(REVIEW_DIFF_CACHE_KIND, key).catch(() => undefined);
    if (cached) return cached;
    const { base, upload, objects } = await sides(row);
    const json = await runModelTask({ task: 'reviewDiff', base, upload, units, objects });
    await deps.derived.write(REVIEW_DIFF_CACHE_KIND, key, json).catch((error: unknown) => {
      log.warn({ err: error, reviewId: row.id }, 'Could not cache the review diff');
    });
    return json;
  }

  function refuseClosedOrOutdated(row: ReviewRow, latestId: string | undefined): void {
    if (row.status !== 'open') throw new HttpError(409, ownMessages.reviewClosed);
    if (latestId !== row.base_version_id) throw new HttpError(409, ownMessages.reviewOutdated);
  }

  return {
    /** GET …/reviews/{reviewId}: ReviewResponse as JSON text, its diff spliced in as it is (no re-parse). */
    async get(userId: string, modelId: string, reviewId: string): Promise<string | Readable> {
      const { row } = await requireReview(userId, modelId, reviewId);
      const review: Review = await toReview(row);
      return spliceJson(`{"review":${JSON.stringify(review)},"diff":`, await diffView(row), '}');
    },

    /**
     * POST …/apply: the next version is the upload itself (`{ all: true }`, stored exactly as a plain upload
     * would be) or the base with the selected changes. Refused when the review is closed or the model has
     * moved on (the diff would no longer say what applying does).
     */
    async apply(
      userId: string,
      modelId: string,
      reviewId: string,
      body: ApplyReviewBody,
      cause: EventCause,
    ): Promise<Version> {
      const { row } = await requireReview(userId, modelId, reviewId);
      refuseClosedOrOutdated(row, (await latestVersion(db, modelId))?.id);

      const selection: ChangeSelection = body.selection;
      const [{ base, upload, objects, content: stored }, units] = await Promise.all([
        sides(row),
        unitsOf(modelId),
      ]);
      // The diff, and for a part of it the version it makes: a model task (off the event loop when large).
      const applied = await runModelTask({ task: 'reviewApply', base, upload, selection, objects });
      const { totalChanges, changeCount } = applied;
      if (!('all' in selection) && changeCount === 0) throw new HttpError(400, ownMessages.nothingSelected);
      const content: VersionContent = applied.version
        ? { kind: 'manifest', ...applied.version, report: null, sourceBlob: null }
        : {
            kind: 'manifest',
            manifest: stored.manifest,
            modelHash: stored.model_hash,
            counts: stored.counts,
            report: stored.report,
            sourceBlob: stored.source_blob,
          };

      const version = await db.transaction(async (tx) => {
        if (!(await versionStore.lockModel(tx, modelId))) throw new HttpError(404, ownMessages.modelNotFound);
        // Again under the lock: another apply, upload or restore may have come first.
        const locked = await reviewStore.find(tx, modelId, reviewId, true);
        if (!locked) throw notFound();
        refuseClosedOrOutdated(locked, (await latestVersion(tx, modelId))?.id);
        const origin = { ...row.origin, kind: 'review' as const, changeCount, totalChanges };
        const inserted = await createVersion(
          tx,
          {
            modelId,
            authorId: userId,
            now: clock(),
            message:
              body.message?.trim() || messageOfPart(applied.summary, row.file_name, units) || row.message,
            origin,
            jobId: null,
            content,
          },
          { derived: deps.derived, log },
        );
        await reviewStore.close(tx, reviewId, 'applied', inserted.id);
        return inserted;
      });

      // A new version like an upload's: the model's readers hear of it the same way, once its change summary
      // is computed (after the answer: on a large model the diff takes a while).
      const made = { modelId, versionId: version.id, newModel: false };
      void modelAddedData(db, made, log).then((added) => {
        if (added) return realtime.emitToModel(modelId, realtimeEvent('ModelAdded', added, cause));
      });
      const authors = await loadPublicUsers(db, [userId]);
      return toVersion(version, authors);
    },

    async discard(userId: string, modelId: string, reviewId: string): Promise<{ message: string }> {
      await requireReview(userId, modelId, reviewId);
      await db.transaction(async (tx) => {
        const locked = await reviewStore.find(tx, modelId, reviewId, true);
        if (!locked) throw notFound();
        if (locked.status !== 'open') throw new HttpError(409, ownMessages.reviewClosed);
        await reviewStore.close(tx, reviewId, 'discarded', null);
      });
      return { message: ownMessages.reviewDiscarded };
    },
  };
}

export type ReviewsService = ReturnType<typeof createReviewsService>;
