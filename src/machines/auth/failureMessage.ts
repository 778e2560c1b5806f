import type { ApiResult } from '../../api/types';

/**
 * What a form shows for a failed call. The HTTP client already announces a missing answer (status 0), 403
 * (session expired) and 5xx globally (spec section 8), so repeating them beside the form would say the same
 * thing twice. Everything else (400, 401 at login, 409, 429) carries a message written for this form.
 */
export function failureMessage(result: Extract<ApiResult<unknown>, { ok: false }>): string | null {
  if (result.status === 0 || result.status === 403 || result.status >= 500) return null;
  return result.error.message;
}
