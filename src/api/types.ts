import type { z } from 'zod';
import type { ErrorBody } from '../contract/errors';

/**
 * What every call of spec section 7 resolves to. Calls never throw for an HTTP failure: they return the error
 * body (spec: "return the response on success, or the error response body on failure, without throwing").
 * A network failure (no response at all) resolves with status 0.
 */
export type ApiResult<T> =
  { ok: true; status: number; data: T } | { ok: false; status: number; error: ErrorBody };

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface RequestOptions<T> {
  /** JSON body for POST and PUT. */
  json?: unknown;
  /** Extra query parameters; GETs also get _ANALYTICS and GussetSessionId (every call sends the header). */
  searchParams?: Record<string, string | number | boolean>;
  /** false sends `X-Show-Loader: false`, which keeps the global loader hidden. */
  showLoader?: boolean;
  /** Parses a successful body; a body that does not match is reported as a failure, never passed on. */
  schema?: z.ZodType<T>;
  /**
   * Authenticates with this token instead of the stored one. Logout needs it: the session clears local
   * storage at once and the fire-and-forget POST /auth/logout must still say whose session to revoke.
   */
  token?: string;
  /** A body sent as it is (a file upload); name its Content-Type in `headers`. */
  body?: Blob;
  /** Extra request headers (e.g. Idempotency-Key). */
  headers?: Record<string, string>;
  /** Per-call timeout in milliseconds, or false for none (a large upload over a slow link). */
  timeoutMs?: number | false;
  /**
   * Reads a successful answer as a file (`DownloadedFile`) instead of JSON; failures are still read as
   * `{ message }`. The caller's T must be DownloadedFile.
   */
  download?: boolean;
}

/** A file the server sent (export): its bytes and the name from Content-Disposition, when given. */
export interface DownloadedFile {
  blob: Blob;
  fileName: string | null;
}

/** The one HTTP client of the browser (src/api/client.ts implements it over ky). */
export interface HttpClient {
  request<T>(method: HttpMethod, path: string, options?: RequestOptions<T>): Promise<ApiResult<T>>;
}
