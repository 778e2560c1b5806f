import type { Readable } from 'node:stream';
import { ownMessages } from '../../../contract/errors';
import type { DiffOptions } from '../../../engine/diff/types';
import type { DisplayUnit } from '../../../engine/schema';
import type { DerivedCache } from '../../blobs/derivedCache';
import type { ServerContext } from '../../context';
import { HttpError } from '../../httpError';
import { spliceJson } from '../../jsonText';
import { cachedOrQueuedJob, type CachedJobAnswer } from '../../jobs/cachedJob';
import type { JobRunner } from '../../jobs/runner';
import { isUuid } from '../access/access';
import {
  computeDiffJson,
  DIFF_CACHE_KIND,
  DIFF_JOB_KIND,
  diffCacheKey,
  diffOptionsOf,
  type DiffPayload,
  type VersionPair,
} from './diffStore';
import { diffFailedMessage } from './diffJob';

/**
 * A pair's diff as the routes answer it; `json` is the cached DiffView file as a stream, passed on without being
 * read into a string, parsed or re-serialised (a 100k-element diff is tens of MB).
 */
export type DiffAnswer = CachedJobAnswer<{ status: 'done'; json: Readable }>;

/** The answer's body as JSON text (contract diffResponse), streamed when it holds the diff. */
export function diffAnswerJson(pair: VersionPair, answer: DiffAnswer): string | Readable {
  if (answer.status !== 'done') return JSON.stringify(answer);
  const ids = JSON.stringify({ fromVersionId: pair.fromVersionId, toVersionId: pair.toVersionId });
  return spliceJson(`{"status":"done",${ids.slice(1, -1)},"diff":`, answer.json, '}');
}

export function createCompareService(
  context: ServerContext,
  deps: { derived: DerivedCache; runner: JobRunner },
) {
  const { db, clock, access, log } = context;
  const { derived, runner } = deps;
  const versionNotFound = () => new HttpError(404, ownMessages.versionNotFound);

  const unreadable = (key: string) => (error: unknown) => {
    log.warn({ err: error, key }, 'Could not read a cached diff');
    return undefined;
  };
  const cachedStream = (key: string) => derived.stream(DIFF_CACHE_KIND, key).catch(unreadable(key));
  const cachedText = async (key: string) =>
    (await derived.read(DIFF_CACHE_KIND, key).catch(unreadable(key)))?.toString('utf8');

  /**
   * The model's display unit when both versions are its own and differ: 404 versionNotFound for a version
   * that is not the model's, 400 sameVersionCompared for one version twice.
   */
  async function checkPair(pair: VersionPair): Promise<DisplayUnit> {
    if (!isUuid(pair.fromVersionId) || !isUuid(pair.toVersionId)) throw versionNotFound();
    if (pair.fromVersionId === pair.toVersionId) throw new HttpError(400, ownMessages.sameVersionCompared);
    const [row] = await db.query<{ units: DisplayUnit; found: number }>(
      `SELECT m.units,
              (SELECT count(*)::int FROM versions v WHERE v.model_id = m.id AND v.id IN ($2, $3)) AS found
         FROM models m WHERE m.id = $1`,
      [pair.modelId, pair.fromVersionId, pair.toVersionId],
    );
    if (!row || row.found !== 2) throw versionNotFound();
    return row.units;
  }

  /** The pair's diff from the cache, else the one job computing it (one per pair and options). */
  async function answer(pair: VersionPair, units: DisplayUnit, options: DiffOptions): Promise<DiffAnswer> {
    const key = diffCacheKey(pair, units, options);
    const payload: DiffPayload = { ...pair, cacheKey: key, units, options };
    return cachedOrQueuedJob(
      { db, clock, runner },
      {
        kind: DIFF_JOB_KIND,
        jobKey: `${DIFF_CACHE_KIND}:${key}`,
        modelId: pair.modelId,
        payload,
        cached: () => cachedStream(key),
        done: (json) => ({ status: 'done', json }),
        unknownFailure: diffFailedMessage('unknown reason'),
      },
    );
  }

  return {
    /** GET …/data/diff: READ and up (LIMITEDVIEW 401, as for a version's data). */
    async diff(
      userId: string,
      pair: VersionPair,
      given: { lengthTolerance?: number | undefined; relativeTolerance?: number | undefined },
    ): Promise<DiffAnswer> {
      await access.requireModel(userId, pair.modelId, 'view');
      const units = await checkPair(pair);
      return answer(pair, units, diffOptionsOf(given));
    },

    /**
     * A pair's diff with the default tolerances for a caller whose right to it was checked elsewhere (a
     * report's readers, LIMITEDVIEW assignees included): starts the job when there is none.
     */
    async pairDiff(pair: VersionPair): Promise<DiffAnswer> {
      const units = await checkPair(pair);
      return answer(pair, units, diffOptionsOf({}));
    },

    /**
     * The pair's DiffView JSON now (default tolerances): from the cache, else computed in this request (in a
     * worker thread) and cached, for a download that cannot wait for a job.
     */
    async diffNow(pair: VersionPair): Promise<string> {
      const units = await checkPair(pair);
      const options = diffOptionsOf({});
      const key = diffCacheKey(pair, units, options);
      const hit = await cachedText(key);
      if (hit !== undefined) return hit;
      let json: string;
      try {
        json = await computeDiffJson(db, { ...pair, units, options });
      } catch (error) {
        log.error({ err: error, ...pair }, 'A diff computed for a download failed');
        throw new HttpError(500, diffFailedMessage(error instanceof Error ? error.message : String(error)));
      }
      await derived.write(DIFF_CACHE_KIND, key, json).catch((error: unknown) => {
        log.warn({ err: error, key }, 'Could not cache a diff');
      });
      return json;
    },
  };
}

export type CompareService = ReturnType<typeof createCompareService>;
