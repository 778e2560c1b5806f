import {
  adminOrganizationsPage,
  adminUserRowSchema,
  adminUsersPage,
  fuzzySearchResponse,
  type AdminOrganizationsPage,
  type AdminUserRow,
  type AdminUsersPage,
  type FuzzySearchResponse,
} from '../contract/http/admin';
import type { ApiResult, HttpClient } from './types';

/** A page of an admin list; pages start at 1 (the server caps pageSize at 200). */
export interface PageQuery {
  page: number;
  pageSize: number;
}

/** The internal admin area's calls (spec sections 6 and 7). Every one answers 401 to anyone but an internal admin. */

/** GET /api/users/all?page&pageSize&search: every user, newest first, one page at a time. */
export function listAllUsers(
  http: HttpClient,
  query: PageQuery & { search?: string },
): Promise<ApiResult<AdminUsersPage>> {
  return http.request('GET', '/api/users/all', {
    searchParams: pageParams(query, query.search),
    schema: adminUsersPage,
  });
}

/**
 * GET /api/users/fuzzySearch/?searchTerm=: typo-tolerant search over names and email, best match first. The
 * trailing slash is the spec's spelling of the route.
 */
export function fuzzySearchUsers(
  http: HttpClient,
  searchTerm: string,
): Promise<ApiResult<FuzzySearchResponse>> {
  return http.request('GET', '/api/users/fuzzySearch/', {
    searchParams: { searchTerm },
    schema: fuzzySearchResponse,
  });
}

/** POST /api/users/updateTestingGroup/ { data: { userId, testingGroup } }: null takes the user out of any group. */
export function updateTestingGroup(
  http: HttpClient,
  userId: string,
  testingGroup: string | null,
): Promise<ApiResult<AdminUserRow>> {
  return http.request('POST', '/api/users/updateTestingGroup/', {
    json: { data: { userId, testingGroup } },
    schema: adminUserRowSchema,
  });
}

/** GET /api/organizations/all?page&pageSize: every organization, by name, one page at a time. */
export function listAllOrganizations(
  http: HttpClient,
  query: PageQuery,
): Promise<ApiResult<AdminOrganizationsPage>> {
  return http.request('GET', '/api/organizations/all', {
    searchParams: pageParams(query),
    schema: adminOrganizationsPage,
  });
}

function pageParams(query: PageQuery, search?: string): Record<string, string | number> {
  const params: Record<string, string | number> = { page: query.page, pageSize: query.pageSize };
  // An empty search means "everyone": the parameter is left out rather than sent blank.
  if (search !== undefined && search.trim() !== '') params.search = search.trim();
  return params;
}
