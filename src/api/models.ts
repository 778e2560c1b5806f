import type { z } from 'zod';
import {
  imagesAndVersionsResponse,
  modelListResponse,
  modelSchema,
  type AddModelCollaboratorBody,
  type CloneModelBody,
  type CreateModelBody,
  type Model,
  type ModelListResponse,
  type UpdateModelBody,
  type UpdateModelCollaboratorBody,
} from '../contract/http/models';
import { orNull } from './orNull';
import { modelPath } from './paths';
import type { ApiResult, HttpClient } from './types';

/** The models calls of spec section 7 (the version data calls live in versions.ts). */

export interface ListModelsOptions {
  getImages?: boolean;
  getVersions?: boolean;
  getReports?: boolean;
  /** Only this organization's models. */
  organizationId?: string;
  showLoader?: boolean;
}

/** GET /api/models?getImages&getVersions&getReports (&organizationId): most recently updated first. */
export function listModels(
  http: HttpClient,
  options: ListModelsOptions = {},
): Promise<ApiResult<ModelListResponse>> {
  const searchParams: Record<string, string> = {};
  if (options.getImages) searchParams.getImages = 'true';
  if (options.getVersions) searchParams.getVersions = 'true';
  if (options.getReports) searchParams.getReports = 'true';
  if (options.organizationId !== undefined) searchParams.organizationId = options.organizationId;
  return http.request('GET', '/api/models', {
    searchParams,
    schema: modelListResponse,
    ...(options.showLoader === undefined ? {} : { showLoader: options.showLoader }),
  });
}

/** GET /api/models/{id} */
export function getModel(
  http: HttpClient,
  modelId: string,
  options: { showLoader?: boolean } = {},
): Promise<ApiResult<Model>> {
  return http.request('GET', modelPath(modelId), { schema: modelSchema, ...options });
}

/** POST /api/models/: 201 with the model. */
export function createModel(http: HttpClient, body: CreateModelBody): Promise<ApiResult<Model>> {
  return http.request('POST', '/api/models/', { json: body, schema: modelSchema });
}

/** PUT /api/models/{id}: name, units, or permissions. */
export function updateModel(
  http: HttpClient,
  modelId: string,
  body: UpdateModelBody,
): Promise<ApiResult<Model>> {
  return http.request('PUT', modelPath(modelId), { json: body, schema: modelSchema });
}

/** DELETE /api/models/{id} */
export function deleteModel(http: HttpClient, modelId: string): Promise<ApiResult<unknown>> {
  return http.request('DELETE', modelPath(modelId));
}

/** POST /api/models/{id}/clone: the clone. */
export function cloneModel(
  http: HttpClient,
  modelId: string,
  body: CloneModelBody = {},
): Promise<ApiResult<Model>> {
  return http.request('POST', `${modelPath(modelId)}/clone`, { json: body, schema: modelSchema });
}

/**
 * The contract does not fix what the collaborator calls answer. They resolve to the model as it is after the
 * change: the body when the server sends the model, else one more GET.
 */
const modelOrNull = orNull(modelSchema);

async function modelAfter(
  http: HttpClient,
  modelId: string,
  change: Promise<ApiResult<Model | null>>,
): Promise<ApiResult<Model>> {
  const result = await change;
  if (!result.ok) return result;
  return result.data !== null ? { ...result, data: result.data } : getModel(http, modelId);
}

/** POST /api/models/{id}/collaborators: by email. A user without an account answers 404. */
export function addModelCollaborator(
  http: HttpClient,
  modelId: string,
  body: AddModelCollaboratorBody,
): Promise<ApiResult<Model>> {
  return modelAfter(
    http,
    modelId,
    http.request('POST', `${modelPath(modelId)}/collaborators`, { json: body, schema: modelOrNull }),
  );
}

/** PUT /api/models/{id}/collaborators/{userId} */
export function updateModelCollaborator(
  http: HttpClient,
  modelId: string,
  userId: string,
  body: UpdateModelCollaboratorBody,
): Promise<ApiResult<Model>> {
  return modelAfter(
    http,
    modelId,
    http.request('PUT', `${modelPath(modelId)}/collaborators/${encodeURIComponent(userId)}`, {
      json: body,
      schema: modelOrNull,
    }),
  );
}

/** DELETE /api/models/{id}/collaborators/{userId} */
export function removeModelCollaborator(
  http: HttpClient,
  modelId: string,
  userId: string,
): Promise<ApiResult<Model>> {
  return modelAfter(
    http,
    modelId,
    http.request('DELETE', `${modelPath(modelId)}/collaborators/${encodeURIComponent(userId)}`, {
      schema: modelOrNull,
    }),
  );
}

export type ImagesAndVersions = z.infer<typeof imagesAndVersionsResponse>;

/** GET /api/models/imagesAndVersionsByModelIds?modelIds=a,b */
export function getImagesAndVersionsByModelIds(
  http: HttpClient,
  modelIds: readonly string[],
  options: { showLoader?: boolean } = {},
): Promise<ApiResult<ImagesAndVersions>> {
  return http.request('GET', '/api/models/imagesAndVersionsByModelIds', {
    searchParams: { modelIds: modelIds.join(',') },
    schema: imagesAndVersionsResponse,
    ...options,
  });
}
