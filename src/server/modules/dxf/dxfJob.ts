import { ownMessages } from '../../../contract/errors';
import { dxfFilePath, type DxfExportEvent } from '../../../contract/http/dxf';
import type { DerivedCache } from '../../blobs/derivedCache';
import type { Clock } from '../../clock';
import type { Db, Queryable } from '../../db/db';
import { jobQueue } from '../../jobs/queue';
import { JobFailure, LostLeaseError, type JobHandler, type JobListener } from '../../jobs/runner';
import { realtimeEvent, systemCause } from '../../realtime/events';
import { finishedJobRow, type JobEventsDeps } from '../jobs/events';
import { safeFileName } from '../versions/service';
import { computeDxf, DXF_CACHE_KIND, type DxfPayload } from './dxfStore';

/** ownMessages.dxfFailed with its reason. */
export function dxfFailedMessage(reason: string): string {
  return ownMessages.dxfFailed.replace('{reason}', reason);
}

/** 'Tower v3.dxf': the model's name and the version's number, as version exports are named. */
export async function dxfFileName(db: Queryable, modelId: string, versionId: string): Promise<string> {
  const [row] = await db.query<{ name: string; number: number }>(
    `SELECT m.name, v.number FROM versions v JOIN models m ON m.id = v.model_id WHERE v.id = $1 AND m.id = $2`,
    [versionId, modelId],
  );
  return `${safeFileName(row?.name ?? 'model')} v${row?.number ?? 0}.dxf`;
}

/**
 * Runs one DXF job: draws the version (worker thread), writes the drawing to the derived cache, then marks the job
 * done with the entities drawn per layer. A drawing that cannot be made fails at once (it is as deterministic as
 * the version); the next ask starts a new job.
 */
export function createDxfJobHandler(deps: { db: Db; clock: Clock; derived: DerivedCache }): JobHandler {
  const { db, clock, derived } = deps;
  return async (attempt) => {
    const { job, signal } = attempt;
    const payload = job.payload as DxfPayload;
    await attempt.progress('Drawing plans and the 3-D wireframe', 10, { flush: true });
    let drawn: Awaited<ReturnType<typeof computeDxf>>;
    try {
      drawn = await computeDxf(db, payload, signal);
    } catch (error) {
      // Stopping or a lost lease: the runner puts the job back; anything else is this version's failure.
      if (signal.aborted || error instanceof LostLeaseError) throw error;
      throw new JobFailure(dxfFailedMessage(error instanceof Error ? error.message : String(error)));
    }
    await derived.write(DXF_CACHE_KIND, payload.cacheKey, drawn.bytes);
    await db.transaction(async (tx) => {
      if (!(await jobQueue.lockForCompletion(tx, job.id, attempt.attempt))) throw new LostLeaseError();
      await jobQueue.complete(tx, job.id, clock(), payload.modelId, {
        cacheKey: payload.cacheKey,
        layers: drawn.layers,
      });
    });
  };
}

/**
 * DXFExport to the model's room (READ and up, never LIMITEDVIEW) when a DXF job is done or failed. The job is
 * shared by everyone who asked for the version's drawing, and each of them reads the model, so the room reaches
 * every asker; no GussetSessionId, so the asking tab hears it too.
 */
export function createDxfEventsListener(deps: JobEventsDeps): JobListener {
  const { db, realtime, log } = deps;
  return async (job, change) => {
    const row = await finishedJobRow(db, job.id, change);
    if (!row) return;
    const payload = row.payload as DxfPayload;
    const failed = row.status === 'failed';
    const data: DxfExportEvent = {
      modelId: payload.modelId,
      versionId: payload.versionId,
      jobId: row.id,
      fileName: failed ? null : await dxfFileName(db, payload.modelId, payload.versionId),
      url: failed ? null : dxfFilePath(payload.modelId, payload.versionId),
      error: failed ? (row.error ?? dxfFailedMessage('unknown reason')) : null,
    };
    await realtime
      .emitToModel(payload.modelId, realtimeEvent('DXFExport', data, systemCause))
      .catch((error: unknown) => log.warn({ err: error, jobId: job.id }, 'Could not publish DXFExport'));
  };
}
