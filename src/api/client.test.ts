import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { messages, ownMessages } from '../contract/errors';
import { createHttpClient, type HttpClientOptions, type NotifyKind } from './client';

/** What the server answers for a path; unknown paths answer 404. */
interface Reply {
  status: number;
  body?: unknown;
  /** Sent as is, e.g. a proxy's HTML error page. */
  rawBody?: string;
}

interface RecordedRequest {
  method: string;
  url: URL;
  headers: IncomingHttpHeaders;
  body: string;
}

const chromeOnWindows =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

let server: Server;
let baseUrl: string;
const replies = new Map<string, Reply>();
const received: RecordedRequest[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      received.push({
        method: req.method ?? '',
        url,
        headers: req.headers,
        body: Buffer.concat(chunks).toString(),
      });
      const reply = replies.get(`${req.method ?? ''} ${url.pathname}`) ?? {
        status: 404,
        body: { message: 'Not found' },
      };
      if (reply.rawBody !== undefined) {
        res.writeHead(reply.status, { 'content-type': 'text/html' }).end(reply.rawBody);
      } else if (reply.body === undefined) {
        res.writeHead(reply.status).end();
      } else {
        res.writeHead(reply.status, { 'content-type': 'application/json' }).end(JSON.stringify(reply.body));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  replies.clear();
  received.length = 0;
});

function harness(overrides: Partial<HttpClientOptions> = {}) {
  const toasts: Array<{ kind: NotifyKind; message: string }> = [];
  const loaderCalls: Array<'show' | 'hide'> = [];
  let expiredSessions = 0;
  let token: string | null = 'stored-token';
  const http = createHttpClient({
    baseUrl,
    getToken: () => token,
    getSessionId: () => 'tab-42',
    notify: (kind, message) => toasts.push({ kind, message }),
    onSessionExpired: () => {
      expiredSessions += 1;
    },
    loader: { show: () => loaderCalls.push('show'), hide: () => loaderCalls.push('hide') },
    userAgent: chromeOnWindows,
    ...overrides,
  });
  return {
    http,
    toasts,
    loaderCalls,
    expiredSessions: () => expiredSessions,
    setToken: (next: string | null) => {
      token = next;
    },
  };
}

function lastRequest(): RecordedRequest {
  const request = received.at(-1);
  if (!request) throw new Error('the server received no request');
  return request;
}

describe('what every call carries', () => {
  it('sends the stored token as the Authorization header, and none when signed out', async () => {
    replies.set('GET /api/users', { status: 200, body: { ok: 1 } });
    const { http, setToken } = harness();
    await http.request('GET', '/api/users');
    expect(lastRequest().headers.authorization).toBe('stored-token');

    setToken(null);
    await http.request('GET', '/api/users');
    expect(lastRequest().headers.authorization).toBeUndefined();
  });

  it('sends an explicitly given token even after the stored one is gone (logout)', async () => {
    replies.set('POST /auth/logout', { status: 204 });
    const { http, setToken } = harness();
    setToken(null);
    await http.request('POST', '/auth/logout', { token: 'token-being-revoked' });
    expect(lastRequest().headers.authorization).toBe('token-being-revoked');
  });

  it('adds _ANALYTICS and GussetSessionId to GETs, beside the caller’s own parameters', async () => {
    replies.set('GET /api/models', { status: 200, body: [] });
    const { http } = harness();
    await http.request('GET', '/api/models', { searchParams: { getImages: true } });
    const { searchParams } = lastRequest().url;
    expect(searchParams.get('_ANALYTICS')).toBe('Chrome 126, Desktop, Windows 10');
    expect(searchParams.get('GussetSessionId')).toBe('tab-42');
    expect(searchParams.get('getImages')).toBe('true');
  });

  it('names the tab in a GussetSessionId header on every method, so the server can tag the events it causes', async () => {
    replies.set('GET /api/models', { status: 200, body: [] });
    replies.set('POST /api/models', { status: 201, body: {} });
    replies.set('PUT /api/models/m1', { status: 200, body: {} });
    replies.set('DELETE /api/models/m1', { status: 204 });
    const { http } = harness();
    for (const [method, path] of [
      ['GET', '/api/models'],
      ['POST', '/api/models'],
      ['PUT', '/api/models/m1'],
      ['DELETE', '/api/models/m1'],
    ] as const) {
      await http.request(method, path);
      expect(lastRequest().headers.gussetsessionid).toBe('tab-42');
    }
  });

  it('keeps other methods free of the analytics parameters and sends the JSON body', async () => {
    replies.set('PUT /api/users', { status: 200, body: { saved: true } });
    const { http } = harness();
    await http.request('PUT', '/api/users', { json: { firstName: 'Ada' } });
    const request = lastRequest();
    expect(request.url.search).toBe('');
    expect(request.headers['content-type']).toContain('application/json');
    expect(JSON.parse(request.body)).toEqual({ firstName: 'Ada' });
  });
});

describe('the global loader', () => {
  it('is shown for the call and hidden when it ends', async () => {
    replies.set('GET /api/users', { status: 200, body: {} });
    const { http, loaderCalls } = harness();
    await http.request('GET', '/api/users');
    expect(loaderCalls).toEqual(['show', 'hide']);
    expect(lastRequest().headers['x-show-loader']).toBeUndefined();
  });

  it('stays hidden, and the server is told so, when showLoader is false', async () => {
    replies.set('GET /api/users/adminList', { status: 200, body: { data: [] } });
    const { http, loaderCalls } = harness();
    await http.request('GET', '/api/users/adminList', { showLoader: false });
    expect(loaderCalls).toEqual([]);
    expect(lastRequest().headers['x-show-loader']).toBe('false');
  });

  it.each([400, 401, 403, 404, 500, 503])('is hidden after a %i', async (status) => {
    replies.set('GET /api/users', { status, body: { message: 'no' } });
    const { http, loaderCalls } = harness();
    await http.request('GET', '/api/users');
    expect(loaderCalls).toEqual(['show', 'hide']);
  });
});

describe('successful answers', () => {
  const shape = z.object({ firstName: z.string() });

  it('are parsed with the schema', async () => {
    replies.set('GET /api/users', { status: 200, body: { firstName: 'Ada', extra: 1 } });
    const { http, toasts } = harness();
    const result = await http.request('GET', '/api/users', { schema: shape });
    expect(result).toEqual({ ok: true, status: 200, data: { firstName: 'Ada' } });
    expect(toasts).toEqual([]);
  });

  it('that break the contract are never passed on', async () => {
    replies.set('GET /api/users', { status: 200, body: { firstName: 42 } });
    const { http, toasts } = harness();
    const result = await http.request('GET', '/api/users', { schema: shape });
    expect(result.ok).toBe(false);
    expect(toasts).toEqual([{ kind: 'error', message: messages.internalServerError }]);
  });

  it('may be empty', async () => {
    replies.set('POST /auth/logout', { status: 204 });
    const { http } = harness();
    expect(await http.request('POST', '/auth/logout')).toEqual({ ok: true, status: 204, data: undefined });
  });
});

describe('global response handling (spec section 8)', () => {
  it('a 500 asking for a role of ADMIN, WRITE or READ is announced as a permissions issue', async () => {
    replies.set('PUT /api/models/m1', {
      status: 500,
      body: { message: 'Please specify type ADMIN, WRITE or READ' },
    });
    const { http, toasts } = harness();
    const result = await http.request('PUT', '/api/models/m1', { json: {} });
    expect(toasts).toEqual([{ kind: 'error', message: messages.permissionsIssue }]);
    expect(result).toEqual({
      ok: false,
      status: 500,
      error: { message: 'Please specify type ADMIN, WRITE or READ' },
    });
  });

  it('any other 500 is an internal server error', async () => {
    replies.set('GET /api/users', { status: 500, body: { message: 'boom' } });
    const { http, toasts } = harness();
    await http.request('GET', '/api/users');
    expect(toasts).toEqual([{ kind: 'error', message: messages.internalServerError }]);
  });

  it('a 401 is unauthorized access', async () => {
    replies.set('GET /api/users/adminList', { status: 401, body: { message: 'no' } });
    const { http, toasts, expiredSessions } = harness();
    const result = await http.request('GET', '/api/users/adminList');
    expect(toasts).toEqual([{ kind: 'error', message: messages.unauthorizedAccess }]);
    expect(expiredSessions()).toBe(0);
    expect(result).toMatchObject({ ok: false, status: 401 });
  });

  it('a 403 says the session has expired and ends it', async () => {
    replies.set('GET /api/users', { status: 403, body: { message: 'expired' } });
    const { http, toasts, expiredSessions } = harness();
    await http.request('GET', '/api/users');
    expect(toasts).toEqual([{ kind: 'error', message: messages.sessionExpired }]);
    expect(expiredSessions()).toBe(1);
  });

  it.each(['/auth/login', '/auth/forgot'])(
    '401 and 403 from %s are left to the screen, with the server’s message',
    async (path) => {
      replies.set(`POST ${path}`, { status: 401, body: { message: 'The email address or password...' } });
      const { http, toasts, expiredSessions } = harness();
      const unauthorized = await http.request('POST', path, { json: {} });
      replies.set(`POST ${path}`, { status: 403, body: { message: 'Forbidden here' } });
      const forbidden = await http.request('POST', path, { json: {} });
      expect(toasts).toEqual([]);
      expect(expiredSessions()).toBe(0);
      expect(unauthorized).toEqual({
        ok: false,
        status: 401,
        error: { message: 'The email address or password...' },
      });
      expect(forbidden).toEqual({ ok: false, status: 403, error: { message: 'Forbidden here' } });
    },
  );

  it('a 403 on another auth call still ends the session', async () => {
    replies.set('POST /auth/logout', { status: 403, body: { message: 'expired' } });
    const { http, expiredSessions } = harness();
    await http.request('POST', '/auth/logout');
    expect(expiredSessions()).toBe(1);
  });

  it.each([502, 503, 504, 507])('a %i means the server is not responding', async (status) => {
    replies.set('GET /api/users', { status, rawBody: '<html>Bad gateway</html>' });
    const { http, toasts } = harness();
    const result = await http.request('GET', '/api/users');
    expect(toasts).toEqual([{ kind: 'error', message: messages.serverNotResponding }]);
    expect(result).toEqual({ ok: false, status, error: { message: messages.serverNotResponding } });
  });

  it.each([400, 404, 409, 429])(
    'a %i is not toasted: its message goes back to the screen',
    async (status) => {
      replies.set('POST /auth/signup', { status, body: { message: messages.userExists } });
      const { http, toasts, expiredSessions } = harness();
      const result = await http.request('POST', '/auth/signup', { json: {} });
      expect(toasts).toEqual([]);
      expect(expiredSessions()).toBe(0);
      expect(result).toEqual({ ok: false, status, error: { message: messages.userExists } });
    },
  );

  it('a 402 (free models used up) is not toasted: the creating screen shows the server’s message', async () => {
    replies.set('POST /api/models/', { status: 402, body: { message: ownMessages.freeModelsUsed } });
    const { http, toasts, expiredSessions } = harness();
    const result = await http.request('POST', '/api/models/', { json: { name: 'Fourth' } });
    expect(toasts).toEqual([]);
    expect(expiredSessions()).toBe(0);
    expect(result).toEqual({ ok: false, status: 402, error: { message: ownMessages.freeModelsUsed } });
  });

  it('a network failure resolves with status 0, never throws, and says the server is not responding', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const deadUrl = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
    await new Promise<void>((resolve) => closed.close(() => resolve()));

    const { http, toasts, loaderCalls } = harness({ baseUrl: deadUrl });
    const result = await http.request('GET', '/api/users');
    expect(result).toEqual({ ok: false, status: 0, error: { message: messages.serverNotResponding } });
    expect(toasts).toEqual([{ kind: 'error', message: messages.serverNotResponding }]);
    expect(loaderCalls).toEqual(['show', 'hide']);
  });
});
