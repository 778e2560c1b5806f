import ky from 'ky';
import { messages, ownMessages, type ErrorBody } from '../contract/errors';
import type { ApiResult, DownloadedFile, HttpClient, HttpMethod, RequestOptions } from './types';
import { analyticsText } from './userAgent';

export type NotifyKind = 'error' | 'info' | 'success' | 'warning';

export interface HttpClientOptions {
  /** Origin of the API. Defaults to the page's own origin: one Node process serves the SPA and the API. */
  baseUrl?: string;
  /** The stored session token, read at the moment each call is made. */
  getToken: () => string | null;
  /** The per-tab id sent as GussetSessionId, so realtime events can tell this tab's own changes apart. */
  getSessionId: () => string;
  /** Shows a toast. The only way the client speaks to the user. */
  notify: (kind: NotifyKind, message: string) => void;
  /** A 403 on any call but login and forgot: the session machine clears everything and returns to /. */
  onSessionExpired: () => void;
  /** The global loading overlay. Every show() is matched by exactly one hide(). */
  loader: { show: () => void; hide: () => void };
  /** Defaults to navigator.userAgent; a parameter so the client also runs under Node in tests. */
  userAgent?: string;
  /** Per-attempt timeout in milliseconds. */
  timeoutMs?: number;
}

/** The request header naming the browser tab (the same id GETs also carry as a query parameter). */
export const SESSION_ID_HEADER = 'GussetSessionId';

/** Calls that answer 401 and 403 for a wrong password or an unknown address: their screens explain it. */
const callsWithOwnAuthFailures = new Set(['/auth/login', '/auth/forgot']);

const permissionsTypePattern = /specify type/i;

function asksToSpecifyPermissionType(body: unknown): boolean {
  const text = typeof body === 'string' ? body : JSON.stringify(body ?? '');
  return permissionsTypePattern.test(text) && ['ADMIN', 'WRITE', 'READ'].every((role) => text.includes(role));
}

function pathnameOf(path: string): string {
  return path.split(/[?#]/)[0] ?? path;
}

/**
 * Spec section 8 in one place: which failures the client announces itself. Returns the toast to show, if any,
 * and whether the session is over.
 *
 * Other 4xx answers (400, 404, 409, 429) are deliberately NOT toasted here, although the spec's catch-all says
 * "any other failure with a response". Those carry a `{ message }` written for the user ('A user with this
 * email already exists.', a validation message, 'Too many attempts...') and the screen that made the call shows
 * it beside the form; a second, generic "Server isn't responding!" toast would contradict it.
 *
 * 402 (payment required: the organization's free models are used up, or a card was declined) is the same: the
 * screen that asked shows the server's message and offers the way on (add a payment method).
 */
export function globalFailureHandling(
  status: number,
  path: string,
  body: unknown,
): { toast: string | null; sessionExpired: boolean } {
  const exempt = callsWithOwnAuthFailures.has(pathnameOf(path));
  if (status === 500) {
    return {
      toast: asksToSpecifyPermissionType(body) ? messages.permissionsIssue : messages.internalServerError,
      sessionExpired: false,
    };
  }
  if (status === 401) return { toast: exempt ? null : messages.unauthorizedAccess, sessionExpired: false };
  if (status === 403) {
    return exempt
      ? { toast: null, sessionExpired: false }
      : { toast: messages.sessionExpired, sessionExpired: true };
  }
  // Billing (issue #10): the calling screen shows the server's message; never the generic toast.
  if (status === 402) return { toast: null, sessionExpired: false };
  // No response at all (status 0), a gateway failure (502, 503, 504) or any other 5xx.
  if (status === 0 || status >= 500) return { toast: messages.serverNotResponding, sessionExpired: false };
  return { toast: null, sessionExpired: false };
}

/** Our server always sends `{ message }`; this covers a proxy's bare error page or no answer at all. */
function fallbackMessage(status: number): string {
  if (status === 401) return messages.unauthorizedAccess;
  if (status === 403) return messages.sessionExpired;
  if (status === 404) return ownMessages.notFound;
  if (status === 402) return ownMessages.freeModelsUsed;
  if (status === 500) return messages.internalServerError;
  return messages.serverNotResponding;
}

function errorBodyOf(status: number, body: unknown): ErrorBody {
  if (typeof body === 'object' && body !== null && 'message' in body && typeof body.message === 'string') {
    return { message: body.message };
  }
  return { message: fallbackMessage(status) };
}

function parseBody(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** The file name of a Content-Disposition header: filename* (RFC 5987, UTF-8) first, then filename. */
export function fileNameOf(disposition: string | null): string | null {
  if (disposition === null) return null;
  const encoded = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(disposition)?.[1];
  if (encoded !== undefined) {
    try {
      return decodeURIComponent(encoded.trim());
    } catch {
      // A malformed escape: fall back to the plain name below.
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/i.exec(disposition);
  const name = plain?.[2] ?? plain?.[1];
  return name === undefined ? null : name.trim();
}

function defaultUserAgent(): string {
  // Typed loosely on purpose: the client's tests run under Node, whose types have no navigator.
  return (globalThis as { navigator?: { userAgent?: string } }).navigator?.userAgent ?? '';
}

export function createHttpClient(options: HttpClientOptions): HttpClient {
  const analytics = analyticsText(options.userAgent ?? defaultUserAgent());
  const api = ky.create({
    // ky 1 (ky 2 asks for Node 22): prefixUrl joins the origin and a path given without its leading slash.
    ...(options.baseUrl === undefined ? {} : { prefixUrl: options.baseUrl }),
    // Failures become values (ApiResult), never exceptions: spec section 7.
    throwHttpErrors: false,
    // No automatic retries: a POST must never be sent twice, and each failure must reach the handling once.
    retry: 0,
    timeout: options.timeoutMs ?? 30_000,
  });

  function fail<T>(status: number, path: string, body: unknown): ApiResult<T> {
    const handling = globalFailureHandling(status, path, body);
    if (handling.toast !== null) options.notify('error', handling.toast);
    if (handling.sessionExpired) options.onSessionExpired();
    return { ok: false, status, error: errorBodyOf(status, body) };
  }

  async function request<T>(
    method: HttpMethod,
    path: string,
    requestOptions: RequestOptions<T> = {},
  ): Promise<ApiResult<T>> {
    // Read the token now, synchronously: a caller that clears the session right after calling (logout) must
    // not change which token this call carries.
    const token = requestOptions.token ?? options.getToken();
    const showLoader = requestOptions.showLoader !== false;
    const headers: Record<string, string> = { ...requestOptions.headers };
    if (token) headers.Authorization = token;
    if (!showLoader) headers['X-Show-Loader'] = 'false';
    // On every call, not only GETs: the server tags the realtime events a change causes with the tab that made
    // it, and the changes are POST, PUT and DELETE.
    headers[SESSION_ID_HEADER] = options.getSessionId();
    const searchParams: Record<string, string | number | boolean> = { ...requestOptions.searchParams };
    if (method === 'GET') {
      searchParams._ANALYTICS = analytics;
      searchParams.GussetSessionId = options.getSessionId();
    }

    if (showLoader) options.loader.show();
    try {
      let status: number;
      let body: unknown;
      try {
        const response = await api(options.baseUrl === undefined ? path : path.replace(/^\/+/, ''), {
          method,
          headers,
          searchParams,
          ...(requestOptions.json === undefined ? {} : { json: requestOptions.json }),
          ...(requestOptions.body === undefined ? {} : { body: requestOptions.body }),
          ...(requestOptions.timeoutMs === undefined ? {} : { timeout: requestOptions.timeoutMs }),
        });
        status = response.status;
        if (requestOptions.download === true && response.ok) {
          const file: DownloadedFile = {
            blob: await response.blob(),
            fileName: fileNameOf(response.headers.get('content-disposition')),
          };
          // The caller asked for a file: its T is DownloadedFile (see RequestOptions.download).
          return { ok: true, status, data: file as T };
        }
        body = parseBody(await response.text());
      } catch {
        // NetworkError, TimeoutError or a body cut off mid-read: there is no answer to show.
        return fail(0, path, undefined);
      }

      if (status < 200 || status > 299) return fail(status, path, body);
      if (!requestOptions.schema) return { ok: true, status, data: body as T };
      const parsed = requestOptions.schema.safeParse(body);
      if (parsed.success) return { ok: true, status, data: parsed.data };
      // A success body that breaks the contract is a server bug; passing it on would break the screen later
      // and further from the cause, so it is announced like a server error.
      options.notify('error', messages.internalServerError);
      return { ok: false, status, error: { message: messages.internalServerError } };
    } finally {
      if (showLoader) options.loader.hide();
    }
  }

  return { request };
}
