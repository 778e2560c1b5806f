import {
  apiTokenListResponse,
  createdApiTokenResponse,
  revokedApiTokenResponse,
  type ApiTokenListResponse,
  type CreateApiTokenBody,
  type CreatedApiToken,
} from '../contract/http/apiTokens';
import type { ApiResult, HttpClient } from './types';

/** Personal API tokens (issue #9): the profile's list, create and revoke. */

const tokensPath = '/api/users/me/tokens';

/** GET /api/users/me/tokens: the user's live tokens, newest first. */
export function listApiTokens(http: HttpClient): Promise<ApiResult<ApiTokenListResponse>> {
  return http.request('GET', tokensPath, { schema: apiTokenListResponse, showLoader: false });
}

/** POST /api/users/me/tokens: 201 with the token and its secret, which is never sent again. */
export function createApiToken(
  http: HttpClient,
  body: CreateApiTokenBody,
): Promise<ApiResult<CreatedApiToken>> {
  return http.request('POST', tokensPath, { json: body, schema: createdApiTokenResponse });
}

/** DELETE /api/users/me/tokens/{tokenId} */
export function revokeApiToken(http: HttpClient, tokenId: string): Promise<ApiResult<{ _id: string }>> {
  return http.request('DELETE', `${tokensPath}/${encodeURIComponent(tokenId)}`, {
    schema: revokedApiTokenResponse,
  });
}
