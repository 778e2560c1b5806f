import { randomUUID } from 'node:crypto';
import { ownMessages } from '../../../contract/errors';
import type { DiffOptions } from '../../../engine/diff/types';
import type { DisplayUnit } from '../../../engine/schema';
import type { DerivedCache } from '../../blobs/derivedCache';
import type { ServerContext } from '../../context';
import { HttpError } from '../../httpError';
import { jobQueue, type JobRow } from '../../jobs/queue';
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

/** A pair's diff as the routes answer it; `json` is the cached DiffView text, sent without re-parsing. */
export type DiffAnswer =
  | { status: 'done'; json: string }
  | { status: 'queued' | 'running'; jobId: string }
  | { status: 'failed'; jobId: string; error: string };

/** The answer's body as JSON text (contract diffResponse). */
export function diffAnswerJson(pair: VersionPair, answer: DiffAnswer): string {
  if (answer.status !== 'done') return JSON.stringify(answer);
  const ids = JSON.stringify({ fromVersionId: pair.fromVersionId, toVersionId: pair.toVersionId });
  return `{"status":"done",${ids.slice(1, -1)},"diff":${answer.json}}`;
}

export function createCompareService(
  context: ServerContext,
  deps: { derived: DerivedCache; runner: JobRunner },
) {
  const { db, clock, access, log } = context;
  const { derived, runner } = deps;
  const versionNotFound = () => new HttpError(404, ownMessages.versionNotFound);

  async function cached(key: string): Promise<string | undefined> {
    const content = await derived.read(DIFF_CACHE_KIND, key).catch((error: unknown) => {
      log.warn({ err: error, key }, 'Could not read a cached diff');
      return undefined;
    });
    return content?.toString('utf8');
  }

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

  /**
   * The pair's diff from the cache, else the job computing it. One job per pair and options: the newest job
   * is looked up under a transaction-scoped advisory lock on the cache key, so two asks never make two jobs,
   * on one server or many. A diff job belongs to nobody (created_by NULL; whoever may see the pair may see
   * it) and its idempotency key is the cache key: the (created_by, idempotency_key) index finds it, and
   * NULLs never clash, so a retry can make a new job under the same key. A failed job is answered once (its
   * result marks it told); the next ask retries.
   */
  async function answer(pair: VersionPair, units: DisplayUnit, options: DiffOptions) {
    const key = diffCacheKey(pair, units, options);
    const jobKey = `${DIFF_CACHE_KIND}:${key}`;
    const hit = await cached(key);
    if (hit !== undefined) return { status: 'done', json: hit } satisfies DiffAnswer;

    const decided = await db.transaction(async (tx): Promise<DiffAnswer> => {
      await tx.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [jobKey]);
      const [latest] = await tx.query<JobRow>(
        `SELECT * FROM jobs WHERE created_by IS NULL AND idempotency_key = $1 AND kind = $2
          ORDER BY created_at DESC LIMIT 1`,
        [jobKey, DIFF_JOB_KIND],
      );
      if (latest?.status === 'queued' || latest?.status === 'running') {
        return { status: latest.status, jobId: latest.id };
      }
      if (latest?.status === 'failed') {
        const told = await tx.query(
          `UPDATE jobs SET result = '{"failureTold":true}'::jsonb WHERE id = $1 AND result IS NULL RETURNING id`,
          [latest.id],
        );
        if (told.length > 0) {
          return {
            status: 'failed',
            jobId: latest.id,
            error: latest.error ?? diffFailedMessage('unknown reason'),
          };
        }
      }
      // A job may have finished between the cache read and the lock.
      if (latest?.status === 'done') {
        const written = await cached(key);
        if (written !== undefined) return { status: 'done', json: written };
      }
      const payload: DiffPayload = { ...pair, cacheKey: key, units, options };
      const job = await jobQueue.insert(
        tx,
        {
          id: randomUUID(),
          kind: DIFF_JOB_KIND,
          modelId: pair.modelId,
          createdBy: null,
          idempotencyKey: jobKey,
          payload,
        },
        clock(),
      );
      return { status: 'queued', jobId: job.id };
    });
    if (decided.status === 'queued') runner.wake();
    return decided;
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
      const hit = await cached(key);
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
