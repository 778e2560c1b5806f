import { diffResponse, type DiffResponse } from '../contract/http/compare';
import { modelPath } from './paths';
import type { ApiResult, HttpClient } from './types';

/** The diff between two versions (issue #7; contract/http/compare.ts). */

export interface DiffRequest {
  /** The older version (before). */
  from: string;
  /** The newer version (after). */
  to: string;
  lengthTolerance?: number;
  relativeTolerance?: number;
}

/**
 * GET /api/models/{id}/data/diff?from&to: the diff when it is cached, else the job computing it (VersionDiff
 * announces it; then ask again).
 */
export function getVersionDiff(
  http: HttpClient,
  modelId: string,
  request: DiffRequest,
): Promise<ApiResult<DiffResponse>> {
  const searchParams: Record<string, string | number> = { from: request.from, to: request.to };
  if (request.lengthTolerance !== undefined) searchParams.lengthTolerance = request.lengthTolerance;
  if (request.relativeTolerance !== undefined) searchParams.relativeTolerance = request.relativeTolerance;
  return http.request('GET', `${modelPath(modelId)}/data/diff`, {
    searchParams,
    schema: diffResponse,
    showLoader: false,
    timeoutMs: 120_000,
  });
}
