import {
  createSupportRequestResponse,
  type CreateSupportRequestBody,
  type CreateSupportRequestResponse,
} from '../contract/http/requests';
import type { ApiResult, HttpClient } from './types';

/** POST /api/v2/requests: a bug report or a contact message, mailed to the internal admins. */
export function createSupportRequest(
  http: HttpClient,
  body: CreateSupportRequestBody,
): Promise<ApiResult<CreateSupportRequestResponse>> {
  return http.request('POST', '/api/v2/requests', {
    json: body,
    schema: createSupportRequestResponse,
    // A screenshot of up to 2 MB may take a moment on a slow link.
    timeoutMs: 120_000,
  });
}
