import {
  adminIdsResponse,
  adminListResponse,
  publicUserSchema,
  userSchema,
  type AdminIdsResponse,
  type AdminListResponse,
  type ChangePasswordBody,
  type PublicUser,
  type UpdateProfileBody,
  type User,
  type UserState,
} from '../contract/http/users';
import type { ApiResult, HttpClient } from './types';

/** The users calls of spec section 7 that the server answers today. */

/** GET /api/users: the signed-in user's own record. */
export function getCurrentUser(
  http: HttpClient,
  options: { showLoader?: boolean } = {},
): Promise<ApiResult<User>> {
  return http.request('GET', '/api/users', { schema: userSchema, ...options });
}

/** PUT /api/users: the profile fields a user may change about themself. */
export function updateProfile(http: HttpClient, changes: UpdateProfileBody): Promise<ApiResult<User>> {
  return http.request('PUT', '/api/users', { json: changes, schema: userSchema });
}

/** GET /api/users/{id} */
export function getUser(http: HttpClient, userId: string): Promise<ApiResult<PublicUser>> {
  return http.request('GET', `/api/users/${encodeURIComponent(userId)}`, { schema: publicUserSchema });
}

/** GET /api/users/profileInfo/{id} */
export function getProfileInfo(http: HttpClient, userId: string): Promise<ApiResult<PublicUser>> {
  return http.request('GET', `/api/users/profileInfo/${encodeURIComponent(userId)}`, {
    schema: publicUserSchema,
  });
}

/** GET /api/users/findByEmail/{email} */
export function findByEmail(http: HttpClient, emailAddress: string): Promise<ApiResult<PublicUser>> {
  return http.request('GET', `/api/users/findByEmail/${encodeURIComponent(emailAddress)}`, {
    schema: publicUserSchema,
  });
}

/** PUT /api/users/{id}/updateUserState: sign-up and onboarding progress. */
export function updateUserState(
  http: HttpClient,
  userId: string,
  state: UserState,
): Promise<ApiResult<User>> {
  return http.request('PUT', `/api/users/${encodeURIComponent(userId)}/updateUserState`, {
    json: { state },
    schema: userSchema,
  });
}

/** GET /api/users/adminList: non-empty only for an internal admin. Fetched in the background. */
export function getAdminList(http: HttpClient): Promise<ApiResult<AdminListResponse>> {
  return http.request('GET', '/api/users/adminList', { schema: adminListResponse, showLoader: false });
}

/** GET /api/users/GussetAdmins: the internal admins' ids. Fetched in the background. */
export function getGussetAdmins(http: HttpClient): Promise<ApiResult<AdminIdsResponse>> {
  return http.request('GET', '/api/users/GussetAdmins', { schema: adminIdsResponse, showLoader: false });
}

/**
 * POST /auth/logout revokes the session token on the server. The token is passed explicitly because the
 * session clears local storage in the same step.
 */
export function logout(http: HttpClient, token: string): Promise<ApiResult<unknown>> {
  return http.request('POST', '/auth/logout', { token, showLoader: false });
}

/**
 * PUT /api/users/password: the signed-in user's new password (204). A wrong current password is a 400 with its
 * message; the user's other sessions end, this one stays.
 */
export function changePassword(http: HttpClient, body: ChangePasswordBody): Promise<ApiResult<unknown>> {
  return http.request('PUT', '/api/users/password', { json: body });
}
