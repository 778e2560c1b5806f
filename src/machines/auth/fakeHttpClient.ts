import type { ApiResult, HttpClient, HttpMethod } from '../../api/types';
import type { User } from '../../contract/http/users';

/** Test support: an HttpClient that records each call and answers from a table, so tests see the wire. */
export interface RecordedRequest {
  method: HttpMethod;
  path: string;
  json: unknown;
}

type Answer = ApiResult<unknown> | Promise<ApiResult<unknown>>;

export interface FakeHttpClient {
  http: HttpClient;
  requests: RecordedRequest[];
  /** Sets the answer for `METHOD /path` (e.g. 'POST /auth/login'); later calls get the same answer. */
  answer(route: string, result: Answer | (() => Answer)): void;
}

export function createFakeHttpClient(): FakeHttpClient {
  const answers = new Map<string, Answer | (() => Answer)>();
  const requests: RecordedRequest[] = [];
  const http: HttpClient = {
    async request<T>(method: HttpMethod, path: string, options?: { json?: unknown }): Promise<ApiResult<T>> {
      requests.push({ method, path, json: options?.json });
      const answer = answers.get(`${method} ${path}`);
      if (answer === undefined) throw new Error(`fake http: no answer for ${method} ${path}`);
      const result = await (typeof answer === 'function' ? answer() : answer);
      // The fake answers what the test scripted; the caller's T is the test author's promise to keep.
      return result as ApiResult<T>;
    },
  };
  return { http, requests, answer: (route, result) => answers.set(route, result) };
}

export const ok = <T>(data: T, status = 200): ApiResult<T> => ({ ok: true, status, data });
export const failure = (status: number, message: string): ApiResult<never> => ({
  ok: false,
  status,
  error: { message },
});

/** A promise the test settles by hand, to look at the machine while a request is in flight. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

/** A complete user record as the server returns it. */
export function sampleUser(overrides: Partial<User> = {}): User {
  return {
    _id: 'user-1',
    firstName: 'Ada',
    lastName: 'Lovelace',
    initials: 'AL',
    avatarUrl: null,
    emailAddress: 'ada@example.com',
    preferences: { colorSchemes: { default: 'light', repair: 'dark' }, testingGroup: null },
    survey: null,
    state: {},
    createdAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}
