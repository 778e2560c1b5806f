import { createHash } from 'node:crypto';
import { DEFAULT_DIFF_OPTIONS, type DiffOptions } from '../../../engine/diff/types';
import type { DisplayUnit } from '../../../engine/schema';
import type { Queryable } from '../../db/db';
import { manifestHashes } from '../versions/manifest';
import { versionStore } from '../versions/repository';
import { diffInWorker } from './diffInWorker';

/** The derived cache's kind for DiffView JSON; a new DiffView shape takes a new kind, never a migration. */
/** v2: end releases and supports are property groups of their own (were Attributes). */
export const DIFF_CACHE_KIND = 'diff-v2';
/** The job kind that computes a diff. */
export const DIFF_JOB_KIND = 'diff';

/** Two versions of one model, `from` the older side (before). */
export interface VersionPair {
  modelId: string;
  fromVersionId: string;
  toVersionId: string;
}

/** What a diff job carries (its `payload`). */
export interface DiffPayload extends VersionPair {
  cacheKey: string;
  units: DisplayUnit;
  options: DiffOptions;
}

/** The defaults with the tolerances a request gave. */
export function diffOptionsOf(given: {
  lengthTolerance?: number | undefined;
  relativeTolerance?: number | undefined;
}): DiffOptions {
  return {
    ...DEFAULT_DIFF_OPTIONS,
    ...(given.lengthTolerance === undefined ? {} : { lengthTolerance: given.lengthTolerance }),
    ...(given.relativeTolerance === undefined ? {} : { relativeTolerance: given.relativeTolerance }),
  };
}

/**
 * The cache key of a pair's diff: `{from}-{to}-{units}`, then a digest of the options when they are not the
 * defaults. The units are in it because the text is in display units: a model whose units change gets a new
 * diff, not stale text. (The derived cache allows [0-9A-Za-z-] only, 100 characters: hence '-' and a digest.)
 */
export function diffCacheKey(pair: VersionPair, units: DisplayUnit, options: DiffOptions): string {
  const base = `${pair.fromVersionId}-${pair.toVersionId}-${units}`;
  const isDefault =
    options.lengthTolerance === DEFAULT_DIFF_OPTIONS.lengthTolerance &&
    options.relativeTolerance === DEFAULT_DIFF_OPTIONS.relativeTolerance &&
    options.geometricMatching === DEFAULT_DIFF_OPTIONS.geometricMatching;
  if (isDefault) return base;
  const digest = createHash('sha256')
    .update(JSON.stringify([options.lengthTolerance, options.relativeTolerance, options.geometricMatching]))
    .digest('hex')
    .slice(0, 16);
  return `${base}-${digest}`;
}

/** A version of the pair is gone (deleted with its model, or never its model's). */
export class DiffVersionMissingError extends Error {
  override readonly name = 'DiffVersionMissingError';
}

/**
 * Computes a pair's DiffView JSON: both manifests and their objects are read here, the diff runs in a worker
 * thread. Rejects with DiffVersionMissingError, or as diffInWorker does.
 */
export async function computeDiffJson(
  db: Queryable,
  payload: Pick<DiffPayload, 'modelId' | 'fromVersionId' | 'toVersionId' | 'units' | 'options'>,
  signal?: AbortSignal,
): Promise<string> {
  const before = await versionStore.manifest(db, payload.modelId, payload.fromVersionId);
  const after = await versionStore.manifest(db, payload.modelId, payload.toVersionId);
  if (!before || !after) throw new DiffVersionMissingError('a version of the pair no longer exists');
  const wanted = new Set([...manifestHashes(before.manifest), ...manifestHashes(after.manifest)]);
  const bodies = await versionStore.bodies(db, [...wanted]);
  signal?.throwIfAborted();
  return diffInWorker(
    {
      before: before.manifest,
      after: after.manifest,
      hashes: [...bodies.keys()],
      bodies: [...bodies.values()],
      units: payload.units,
      options: payload.options,
    },
    signal,
  );
}
