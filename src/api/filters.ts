import {
  filterListResponse,
  filterSchema,
  type Filter,
  type FilterBody,
  type FilterListResponse,
} from '../contract/http/filters';
import type { ApiResult, HttpClient } from './types';

/** Filters belong to an organization, or to one of its models (a model's filter overrides its organization's). */
export type FilterScope = { organizationId: string } | { modelId: string };

function scopePath(scope: FilterScope): string {
  return 'organizationId' in scope
    ? `/api/organizations/${encodeURIComponent(scope.organizationId)}/filters`
    : `/api/models/${encodeURIComponent(scope.modelId)}/filters`;
}

/** GET …/filters?fromWebUI=true: the saved filters, and the recommended ones not saved yet. */
export function listFilters(http: HttpClient, scope: FilterScope): Promise<ApiResult<FilterListResponse>> {
  return http.request('GET', scopePath(scope), {
    searchParams: { fromWebUI: 'true' },
    schema: filterListResponse,
  });
}

/** POST …/filters */
export function createFilter(
  http: HttpClient,
  scope: FilterScope,
  body: FilterBody,
): Promise<ApiResult<Filter>> {
  return http.request('POST', scopePath(scope), { json: body, schema: filterSchema });
}

/** PUT …/filters/{filterId} */
export function updateFilter(
  http: HttpClient,
  scope: FilterScope,
  filterId: string,
  body: FilterBody,
): Promise<ApiResult<Filter>> {
  return http.request('PUT', `${scopePath(scope)}/${encodeURIComponent(filterId)}`, {
    json: body,
    schema: filterSchema,
  });
}

/** DELETE …/filters/{filterId} */
export function deleteFilter(
  http: HttpClient,
  scope: FilterScope,
  filterId: string,
): Promise<ApiResult<unknown>> {
  return http.request('DELETE', `${scopePath(scope)}/${encodeURIComponent(filterId)}`);
}
