import { randomUUID } from 'node:crypto';
import { messages, ownMessages } from '../../../contract/errors';
import type { MergeBody } from '../../../contract/http/merge';
import type { Job } from '../../../contract/http/jobs';
import type { ChangeSelection } from '../../../engine/diff';
import type { DisplayUnit } from '../../../engine/schema';
import type { ServerContext } from '../../context';
import { isUniqueViolation, type Queryable } from '../../db/db';
import { HttpError } from '../../httpError';
import { jobQueue, type JobRow } from '../../jobs/queue';
import type { JobRunner } from '../../jobs/runner';
import { realtimeEvent, type EventCause } from '../../realtime/events';
import { noRealtime } from '../../realtime/realtime';
import { isUuid, modelAbilities, roleAtLeast } from '../access/access';
import { toJob } from '../jobs/jobView';
import { WRITER_JOB_KINDS, type WriterJobKind } from '../versions/createVersion';
import { runModelTask } from '../versions/runModelTask';
import { latestVersion, loadTaskVersions } from '../versions/storedModels';

/** The merge's job kind: it makes a version, so it is a writer (one at a time per model). */
export const MERGE_JOB_KIND = 'merge' satisfies WriterJobKind;

/** What a merge job carries from the request to the worker (the `payload` jsonb). */
export interface MergePayload {
  /** What the job is called where uploads are listed: 'Merge of version 3'. */
  fileName: string;
  sourceModelId: string;
  sourceVersionId: string;
  sourceNumber: number;
  base: { modelId: string; versionId: string } | null;
  selection: ChangeSelection;
  resolutions: Record<string, 'source' | 'target'>;
  message: string | null;
  /** The GussetSessionId of the merge request: its tab gets the VersionMerged that marks it done. */
  sessionId?: string;
}

/** The versions a merge request names, checked. */
interface MergeSides {
  latest: { id: string; number: number };
  source: { modelId: string; versionId: string; number: number };
  base: { modelId: string; versionId: string } | null;
}

type MergeCategories = NonNullable<MergeBody['categories']>;

/** Whether the body narrows the merge to elements, whole or in part. */
function namesElements(body: MergeBody): boolean {
  return body.targetElements !== undefined || body.targetParts !== undefined;
}

function hasCategories(categories: MergeCategories | undefined): boolean {
  if (!categories) return false;
  return [categories.types, categories.groups, categories.kinds].some((list) => (list?.length ?? 0) > 0);
}

/**
 * The selection a merge takes: the named elements, whole or some of their property groups (each with what it
 * needs, by the engine's closure), and the categories; none given takes every change.
 */
export function selectionOf(body: MergeBody): ChangeSelection {
  if (!namesElements(body) && !hasCategories(body.categories)) return { all: true };
  const categories = body.categories ?? {};
  const parts = Object.entries(body.targetParts ?? {});
  return {
    ...(body.targetElements ? { keys: body.targetElements.map((id) => `elements:${id}`) } : {}),
    ...(parts.length > 0
      ? { parts: Object.fromEntries(parts.map(([id, groups]) => [`elements:${id}`, groups])) }
      : {}),
    ...(categories.types?.length ? { types: categories.types } : {}),
    ...(categories.groups?.length ? { groups: categories.groups } : {}),
    ...(categories.kinds?.length ? { kinds: categories.kinds } : {}),
  };
}

async function modelUnits(db: Queryable, modelId: string): Promise<DisplayUnit> {
  const rows = await db.query<{ units: DisplayUnit }>('SELECT units FROM models WHERE id = $1', [modelId]);
  const units = rows[0]?.units;
  if (!units) throw new HttpError(404, ownMessages.modelNotFound);
  return units;
}

export function createMergeService(context: ServerContext, deps: { runner: JobRunner }) {
  const { db, clock, access } = context;
  const realtime = context.realtime ?? noRealtime;
  const versionNotFound = () => new HttpError(404, ownMessages.versionNotFound);

  async function versionNumber(modelId: string, versionId: string): Promise<number | undefined> {
    if (!isUuid(versionId)) return undefined;
    const rows = await db.query<{ number: number }>(
      'SELECT number FROM versions WHERE id = $1 AND model_id = $2',
      [versionId, modelId],
    );
    return rows[0]?.number;
  }

  /**
   * The request's checks, in order: the two fields the spec names (400, verbatim), this model (WRITE and up),
   * the source model (READ and up, else 404 as for any model they cannot see), the versions, then a source that
   * is the latest version itself (nothing to merge).
   */
  async function resolve(userId: string, modelId: string, body: MergeBody, forMerge: boolean) {
    if (!body.targetId) throw new HttpError(400, messages.targetIdMissing);
    if (!body.targetVersion) throw new HttpError(400, messages.targetVersionMissing);
    // Narrowed to nothing: elements or categories were given, every list empty. Neither given takes all.
    const narrowed = namesElements(body) || body.categories !== undefined;
    const elements = (body.targetElements?.length ?? 0) + Object.keys(body.targetParts ?? {}).length;
    if (forMerge && narrowed && elements === 0 && !hasCategories(body.categories)) {
      throw new HttpError(400, messages.targetVersionMissing);
    }
    await access.requireModel(userId, modelId, 'update');
    if (body.targetId !== modelId) {
      const sourceAccess = await access.modelRoleOf(userId, body.targetId);
      if (!sourceAccess || !roleAtLeast(sourceAccess.role, modelAbilities.view)) {
        throw new HttpError(404, ownMessages.modelNotFound);
      }
    }
    const sourceNumber = await versionNumber(body.targetId, body.targetVersion);
    if (sourceNumber === undefined) throw versionNotFound();
    const latest = await latestVersion(db, modelId);
    if (!latest) throw versionNotFound();
    if (latest.id === body.targetVersion) throw new HttpError(400, ownMessages.mergeSameVersion);

    let base: MergeSides['base'] = null;
    if (body.baseVersion) {
      // The base is a version of the source's model or of this one.
      for (const candidate of new Set([body.targetId, modelId])) {
        if ((await versionNumber(candidate, body.baseVersion)) !== undefined) {
          base = { modelId: candidate, versionId: body.baseVersion };
          break;
        }
      }
      if (!base) throw versionNotFound();
    } else if (body.targetId === modelId) {
      // Cherry-pick: the changes made in that version, against the one before it.
      const rows = await db.query<{ id: string }>(
        'SELECT id FROM versions WHERE model_id = $1 AND number = $2',
        [modelId, sourceNumber - 1],
      );
      base = rows[0] ? { modelId, versionId: rows[0].id } : null;
    }
    const sides: MergeSides = {
      latest,
      source: { modelId: body.targetId, versionId: body.targetVersion, number: sourceNumber },
      base,
    };
    return sides;
  }

  /** The three sides' manifests (as text) and every object they name, for a model task. */
  async function loadSides(modelId: string, sides: MergeSides) {
    const {
      manifests: [target, source, base],
      objects,
    } = await loadTaskVersions(db, [{ modelId, versionId: sides.latest.id }, sides.source, sides.base]);
    if (!target || !source || base === undefined) throw versionNotFound();
    return { target, source, base, objects };
  }

  return {
    /**
     * POST …/merge/preview: every change base → source (latest → source without a base), and the conflicts
     * taking all of them into the latest version would meet, as MergePreview JSON text (a model task: off the
     * event loop for a large model).
     */
    async preview(userId: string, modelId: string, body: MergeBody): Promise<string> {
      const sides = await resolve(userId, modelId, body, false);
      const stored = await loadSides(modelId, sides);
      return runModelTask({
        task: 'mergePreview',
        ...stored,
        ...(body.resolutions ? { resolutions: body.resolutions } : {}),
        units: await modelUnits(db, modelId),
        latestVersionId: sides.latest.id,
        baseVersionId: sides.base?.versionId ?? null,
      });
    },

    /** POST …/merge: the merge job, queued (202); its events tell the rest. */
    async start(userId: string, modelId: string, body: MergeBody, cause: EventCause): Promise<Job> {
      const sides = await resolve(userId, modelId, body, true);
      if (await jobQueue.hasUnfinished(db, modelId, WRITER_JOB_KINDS))
        throw new HttpError(409, ownMessages.mergeInProgress);
      const payload: MergePayload = {
        fileName: `Merge of version ${sides.source.number}`,
        sourceModelId: sides.source.modelId,
        sourceVersionId: sides.source.versionId,
        sourceNumber: sides.source.number,
        base: sides.base,
        selection: selectionOf(body),
        resolutions: body.resolutions ?? {},
        message: body.message?.trim() || null,
        ...(cause.sessionId === undefined ? {} : { sessionId: cause.sessionId }),
      };
      let row: JobRow;
      try {
        row = await jobQueue.insert(
          db,
          {
            id: randomUUID(),
            kind: MERGE_JOB_KIND,
            modelId,
            createdBy: userId,
            idempotencyKey: null,
            payload,
          },
          clock(),
        );
      } catch (error) {
        // The unique index: another upload or merge of the model got in first.
        if (isUniqueViolation(error)) throw new HttpError(409, ownMessages.mergeInProgress);
        throw error;
      }
      deps.runner.wake();
      const job = toJob(row);
      void realtime.publish(
        [
          { kind: 'model', modelId, minimumAbility: 'view' },
          { kind: 'user', userId },
        ],
        realtimeEvent('ProgressUpdate', job, cause),
      );
      return job;
    },
  };
}

export type MergeService = ReturnType<typeof createMergeService>;
