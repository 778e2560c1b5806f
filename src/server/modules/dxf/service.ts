import { ownMessages } from '../../../contract/errors';
import { dxfFilePath, type DxfDownload } from '../../../contract/http/dxf';
import type { DisplayUnit } from '../../../engine/schema';
import type { DerivedCache } from '../../blobs/derivedCache';
import type { ServerContext } from '../../context';
import { HttpError } from '../../httpError';
import { cachedOrQueuedJob, type CachedJobAnswer } from '../../jobs/cachedJob';
import type { JobRunner } from '../../jobs/runner';
import { isUuid } from '../access/access';
import { dxfFailedMessage, dxfFileName } from './dxfJob';
import { computeDxf, DXF_CACHE_KIND, DXF_JOB_KIND, dxfCacheKey, type DxfPayload } from './dxfStore';

/** The drawing's download when it is cached, else the job drawing it. */
export type DxfAnswer = CachedJobAnswer<DxfDownload & { status: 'done' }>;

export function createDxfService(context: ServerContext, deps: { derived: DerivedCache; runner: JobRunner }) {
  const { db, clock, access, log } = context;
  const { derived, runner } = deps;
  const versionNotFound = () => new HttpError(404, ownMessages.versionNotFound);

  async function cached(key: string): Promise<Buffer | undefined> {
    return derived.read(DXF_CACHE_KIND, key).catch((error: unknown) => {
      log.warn({ err: error, key }, 'Could not read a cached DXF');
      return undefined;
    });
  }

  /** READ and up on the model (LIMITEDVIEW 401, as for every version's data), and the version is its own. */
  async function checkVersion(userId: string, modelId: string, versionId: string): Promise<DisplayUnit> {
    await access.requireModel(userId, modelId, 'view');
    if (!isUuid(versionId)) throw versionNotFound();
    const [row] = await db.query<{ units: DisplayUnit }>(
      'SELECT m.units FROM models m JOIN versions v ON v.model_id = m.id WHERE m.id = $1 AND v.id = $2',
      [modelId, versionId],
    );
    if (!row) throw versionNotFound();
    return row.units;
  }

  return {
    /** GET …/data/dxf/?ID: the download when drawn, else the one job drawing it (one per version and unit). */
    async request(userId: string, modelId: string, versionId: string): Promise<DxfAnswer> {
      const units = await checkVersion(userId, modelId, versionId);
      const key = dxfCacheKey(versionId, units);
      const payload: DxfPayload = { modelId, versionId, units, cacheKey: key };
      const download = async (): Promise<DxfDownload & { status: 'done' }> => ({
        status: 'done',
        modelId,
        versionId,
        fileName: await dxfFileName(db, modelId, versionId),
        url: dxfFilePath(modelId, versionId),
      });
      const answer = await cachedOrQueuedJob(
        { db, clock, runner },
        {
          kind: DXF_JOB_KIND,
          jobKey: `${DXF_CACHE_KIND}:${key}`,
          modelId,
          payload,
          // Only whether it is there: the file route sends the bytes.
          cached: async () => ((await cached(key)) === undefined ? undefined : ''),
          done: () => ({ status: 'done' }) as DxfDownload & { status: 'done' },
          unknownFailure: dxfFailedMessage('unknown reason'),
        },
      );
      return answer.status === 'done' ? download() : answer;
    },

    /**
     * GET …/data/dxf/{versionId}/file: the drawing's bytes. A drawing the cache lost (it may be emptied at any
     * time) is drawn again in this request, in a worker thread, and cached.
     */
    async file(
      userId: string,
      modelId: string,
      versionId: string,
    ): Promise<{ fileName: string; bytes: Uint8Array }> {
      const units = await checkVersion(userId, modelId, versionId);
      const key = dxfCacheKey(versionId, units);
      const fileName = await dxfFileName(db, modelId, versionId);
      const hit = await cached(key);
      if (hit !== undefined) return { fileName, bytes: hit };
      let bytes: Uint8Array;
      try {
        bytes = (await computeDxf(db, { modelId, versionId, units })).bytes;
      } catch (error) {
        log.error({ err: error, modelId, versionId }, 'A DXF drawn for a download failed');
        throw new HttpError(500, dxfFailedMessage(error instanceof Error ? error.message : String(error)));
      }
      await derived.write(DXF_CACHE_KIND, key, bytes).catch((error: unknown) => {
        log.warn({ err: error, key }, 'Could not cache a DXF');
      });
      return { fileName, bytes };
    },
  };
}

export type DxfService = ReturnType<typeof createDxfService>;
