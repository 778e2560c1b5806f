import {
  organizationListResponse,
  organizationSchema,
  type AddOrganizationCollaboratorBody,
  type CreateOrganizationBody,
  type Organization,
  type OrganizationListResponse,
  type UpdateOrganizationBody,
  type UpdateOrganizationCollaboratorBody,
} from '../contract/http/organizations';
import { orNull } from './orNull';
import type { ApiResult, HttpClient } from './types';

/** The organizations calls of spec section 7 (filters: filters.ts; payment setup arrives with billing). */

function organizationPath(organizationId: string): string {
  return `/api/organizations/${encodeURIComponent(organizationId)}`;
}

/**
 * The contract leaves the collaborator calls' success body open. They resolve to the organization as it is
 * after the change: the body when the server sends the organization, else one more GET.
 */
const organizationOrNull = orNull(organizationSchema);

async function organizationAfter(
  http: HttpClient,
  organizationId: string,
  change: Promise<ApiResult<Organization | null>>,
): Promise<ApiResult<Organization>> {
  const result = await change;
  if (!result.ok) return result;
  return result.data !== null ? { ...result, data: result.data } : getOrganization(http, organizationId);
}

/** GET /api/organizations: mine, owned first, then the others by name. */
export function listOrganizations(
  http: HttpClient,
  options: { showLoader?: boolean } = {},
): Promise<ApiResult<OrganizationListResponse>> {
  return http.request('GET', '/api/organizations', { schema: organizationListResponse, ...options });
}

// GET /api/organizations/all (internal admins, paginated) is listAllOrganizations in admin.ts.

/** GET /api/organizations/{id} */
export function getOrganization(
  http: HttpClient,
  organizationId: string,
  options: { showLoader?: boolean } = {},
): Promise<ApiResult<Organization>> {
  return http.request('GET', organizationPath(organizationId), { schema: organizationSchema, ...options });
}

/** POST /api/organizations: the creator becomes the owner. */
export function createOrganization(
  http: HttpClient,
  body: CreateOrganizationBody,
): Promise<ApiResult<Organization>> {
  return http.request('POST', '/api/organizations', { json: body, schema: organizationSchema });
}

/** PUT /api/organizations/{id}: the name, or the billing administrator (owner only). */
export function updateOrganization(
  http: HttpClient,
  organizationId: string,
  body: UpdateOrganizationBody,
): Promise<ApiResult<Organization>> {
  return http.request('PUT', organizationPath(organizationId), { json: body, schema: organizationSchema });
}

/**
 * POST /api/organizations/{id}/collaborators. An address without an account answers 404
 * messages.inviteNeedsInfo until firstName and lastName are sent too.
 */
export function addOrganizationCollaborator(
  http: HttpClient,
  organizationId: string,
  body: AddOrganizationCollaboratorBody,
): Promise<ApiResult<Organization>> {
  return organizationAfter(
    http,
    organizationId,
    http.request('POST', `${organizationPath(organizationId)}/collaborators`, {
      json: body,
      schema: organizationOrNull,
    }),
  );
}

/** PUT /api/organizations/{id}/collaborators/{userId} */
export function updateOrganizationCollaborator(
  http: HttpClient,
  organizationId: string,
  userId: string,
  body: UpdateOrganizationCollaboratorBody,
): Promise<ApiResult<Organization>> {
  return organizationAfter(
    http,
    organizationId,
    http.request('PUT', `${organizationPath(organizationId)}/collaborators/${encodeURIComponent(userId)}`, {
      json: body,
      schema: organizationOrNull,
    }),
  );
}

/** DELETE /api/organizations/{id}/collaborators/{userId} */
export function removeOrganizationCollaborator(
  http: HttpClient,
  organizationId: string,
  userId: string,
): Promise<ApiResult<Organization>> {
  return organizationAfter(
    http,
    organizationId,
    http.request(
      'DELETE',
      `${organizationPath(organizationId)}/collaborators/${encodeURIComponent(userId)}`,
      {
        schema: organizationOrNull,
      },
    ),
  );
}
