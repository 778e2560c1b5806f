import type { DisplayUnit } from '../../../engine/schema';
import type { Queryable } from '../../db/db';
import { runInWorker } from '../../jobs/workerThread';
import { manifestHashes } from '../versions/manifest';
import { versionStore } from '../versions/repository';
import type { DxfMessage, DxfRequest } from './dxfProtocol';

/** The derived cache's kind for DXF drawings; a drawing that changes shape takes a new kind. */
export const DXF_CACHE_KIND = 'dxf-v1';
/** The job kind that draws a version as DXF. */
export const DXF_JOB_KIND = 'dxfExport';

/** What a DXF job carries (its `payload`). */
export interface DxfPayload {
  modelId: string;
  versionId: string;
  units: DisplayUnit;
  cacheKey: string;
}

/**
 * `{version}-{units}`: the drawing is in display units, so a model whose unit changes gets a new drawing rather
 * than one in the old unit.
 */
export function dxfCacheKey(versionId: string, units: DisplayUnit): string {
  return `${versionId}-${units}`;
}

/** The version is gone (deleted with its model). */
export class DxfVersionMissingError extends Error {
  override readonly name = 'DxfVersionMissingError';
}

/** The drawing threw inside the worker: deterministic for this version, so retrying cannot help. */
export class DxfDrawingError extends Error {
  override readonly name = 'DxfDrawingError';
}

const entry = new URL('./dxfWorker.ts', import.meta.url);

/** Draws a version as DXF: its objects are read here, the drawing is made in a worker thread. */
export async function computeDxf(
  db: Queryable,
  payload: Pick<DxfPayload, 'modelId' | 'versionId' | 'units'>,
  signal?: AbortSignal,
): Promise<{ bytes: Uint8Array; layers: Record<string, Record<string, number>> }> {
  const stored = await versionStore.manifest(db, payload.modelId, payload.versionId);
  if (!stored) throw new DxfVersionMissingError('the version no longer exists');
  const bodies = await versionStore.bodies(db, manifestHashes(stored.manifest));
  signal?.throwIfAborted();
  const request: DxfRequest = {
    manifest: stored.manifest,
    hashes: [...bodies.keys()],
    bodies: [...bodies.values()],
    units: payload.units,
  };
  return runInWorker<DxfMessage, { bytes: Uint8Array; layers: Record<string, Record<string, number>> }>({
    entry,
    request,
    ...(signal ? { signal } : {}),
    onMessage: (message) =>
      message.kind === 'result'
        ? { done: { bytes: message.bytes, layers: message.layers } }
        : { failed: new DxfDrawingError(message.message) },
  });
}
