import {
  commitRepairResponse,
  connectivityResponse,
  previewRepairResponse,
  repairResponse,
  repairSceneResponse,
  startRepairResponse,
  type CommitRepairBody,
  type ConnectivityResponse,
  type PreviewRepairResponse,
  type RepairResponse,
  type RepairTolerancesWire,
  type StartRepairBody,
  type StartRepairResponse,
} from '../contract/http/repair';
import type { VersionScene } from '../contract/http/versions';
import type { Job } from '../contract/http/jobs';
import { modelPath } from './paths';
import type { ApiResult, HttpClient } from './types';

/** The connectivity and repair calls of issue #8 (contract/http/repair.ts). */

function repairPath(modelId: string, repairId: string): string {
  return `${modelPath(modelId)}/repairs/${encodeURIComponent(repairId)}`;
}

/** Plans and previews read whole models: the same patience as a diff. */
const LONG_CALL_MS = 120_000;

export interface ConnectivityRequest {
  /** The version checked; the latest when absent. */
  versionId?: string;
  /** Display units (degrees for the angles); the model's own when absent. */
  tolerances?: Partial<RepairTolerancesWire>;
}

/**
 * GET /api/models/{id}/data/connectivity: the report when it is cached, else the job computing it
 * (ModelConnectivity announces it; then ask again).
 */
export function getConnectivity(
  http: HttpClient,
  modelId: string,
  request: ConnectivityRequest = {},
): Promise<ApiResult<ConnectivityResponse>> {
  const searchParams: Record<string, string | number> = {};
  if (request.versionId !== undefined) searchParams.versionId = request.versionId;
  for (const [name, value] of Object.entries(request.tolerances ?? {})) {
    if (value !== undefined) searchParams[name] = value;
  }
  return http.request('GET', `${modelPath(modelId)}/data/connectivity`, {
    searchParams,
    schema: connectivityResponse,
    showLoader: false,
    timeoutMs: LONG_CALL_MS,
  });
}

/** POST /api/models/{id}/repairs: 202 with the repair and its job (ProgressUpdate, then ModelRepaired). */
export function startRepair(
  http: HttpClient,
  modelId: string,
  body: StartRepairBody,
): Promise<ApiResult<StartRepairResponse>> {
  return http.request('POST', `${modelPath(modelId)}/repairs`, {
    json: body,
    schema: startRepairResponse,
    showLoader: false,
  });
}

/** GET /api/models/{id}/repairs/{repairId}: the repair, and its plan once ready. */
export function getRepair(
  http: HttpClient,
  modelId: string,
  repairId: string,
): Promise<ApiResult<RepairResponse>> {
  return http.request('GET', repairPath(modelId, repairId), {
    schema: repairResponse,
    showLoader: false,
    timeoutMs: LONG_CALL_MS,
  });
}

/** POST …/repairs/{repairId}/preview: the checks after and the diff if exactly these operations were applied. */
export function previewRepair(
  http: HttpClient,
  modelId: string,
  repairId: string,
  accepted: readonly string[],
): Promise<ApiResult<PreviewRepairResponse>> {
  return http.request('POST', `${repairPath(modelId, repairId)}/preview`, {
    json: { accepted: [...accepted] },
    schema: previewRepairResponse,
    showLoader: false,
    timeoutMs: LONG_CALL_MS,
  });
}

/** POST …/repairs/{repairId}/scene: what the viewer draws of the repaired model with these operations applied. */
export function repairScene(
  http: HttpClient,
  modelId: string,
  repairId: string,
  accepted: readonly string[],
): Promise<ApiResult<VersionScene>> {
  return http.request('POST', `${repairPath(modelId, repairId)}/scene`, {
    json: { accepted: [...accepted] },
    schema: repairSceneResponse,
    showLoader: false,
    timeoutMs: LONG_CALL_MS,
  });
}

/** POST …/repairs/{repairId}/commit: 202 with the commit job (ProgressUpdate, then ModelRepairCommit). */
export function commitRepair(
  http: HttpClient,
  modelId: string,
  repairId: string,
  body: CommitRepairBody,
): Promise<ApiResult<Job>> {
  return http.request('POST', `${repairPath(modelId, repairId)}/commit`, {
    json: body,
    schema: commitRepairResponse,
    showLoader: false,
  });
}

/** DELETE /api/models/{id}/repairs/{repairId}: 204; the repair is discarded. */
export function discardRepair(
  http: HttpClient,
  modelId: string,
  repairId: string,
): Promise<ApiResult<unknown>> {
  return http.request('DELETE', repairPath(modelId, repairId), { showLoader: false });
}
