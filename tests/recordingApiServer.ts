import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { createHttpClient } from '../src/api/client';

/** One request as the server received it: the raw path (percent-encoding kept), headers and body. */
export interface ReceivedRequest {
  method: string;
  url: URL;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/**
 * A real node:http server for the src/api call tests, started for the calling test file: it records every
 * request and answers what the test put in `replies` under "METHOD /path" (404 otherwise). Both are reset
 * before each test. `client()` is the browser's HTTP client pointed at it, with its toasts and loader counted.
 */
export function useRecordingApiServer() {
  let server: Server;
  let baseUrl = '';
  const received: ReceivedRequest[] = [];
  const replies = new Map<string, { status: number; body: unknown }>();

  beforeAll(async () => {
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const url = new URL(req.url ?? '/', 'http://127.0.0.1');
        received.push({ method: req.method ?? '', url, headers: req.headers, body: Buffer.concat(chunks) });
        const reply = replies.get(`${req.method ?? ''} ${url.pathname}`) ?? {
          status: 404,
          body: { message: 'Not found' },
        };
        res.writeHead(reply.status, { 'content-type': 'application/json' }).end(JSON.stringify(reply.body));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  beforeEach(() => {
    received.length = 0;
    replies.clear();
  });

  function client() {
    const toasts: string[] = [];
    let loaderShown = 0;
    const http = createHttpClient({
      baseUrl,
      getToken: () => 'stored-token',
      getSessionId: () => 'tab-1',
      notify: (_, message) => toasts.push(message),
      onSessionExpired: () => {},
      loader: { show: () => (loaderShown += 1), hide: () => {} },
      userAgent: 'test',
    });
    return { http, toasts, loaderShown: () => loaderShown };
  }

  return { received, replies, client };
}
