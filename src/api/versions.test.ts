import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Job } from '../contract/http/jobs';
import { createHttpClient } from './client';
import { uploadModelFile } from './uploads';
import { downloadVersionExport } from './versions';

/** The calls that leave the JSON path of the client: a multipart upload and a file download, over real HTTP. */

interface Received {
  method: string;
  url: URL;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

type Reply = { status: number; headers?: Record<string, string>; body: string | Buffer };

let server: Server;
let baseUrl: string;
const received: Received[] = [];
const replies = new Map<string, Reply>();

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      received.push({ method: req.method ?? '', url, headers: req.headers, body: Buffer.concat(chunks) });
      const reply = replies.get(`${req.method ?? ''} ${url.pathname}`) ?? {
        status: 404,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ message: 'Not found' }),
      };
      res.writeHead(reply.status, reply.headers).end(reply.body);
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
  const http = createHttpClient({
    baseUrl,
    getToken: () => 'stored-token',
    getSessionId: () => 'tab-1',
    notify: (_, message) => toasts.push(message),
    onSessionExpired: () => {},
    loader: { show: () => {}, hide: () => {} },
    userAgent: 'test',
  });
  return { http, toasts };
}

const queuedJob: Job = {
  _id: 'job-1',
  status: 'queued',
  stage: 'Waiting',
  progress: 0,
  modelId: 'model-1',
  versionId: null,
  fileName: 'frame.e2k',
  error: null,
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
};

const json = (status: number, body: unknown): Reply => ({
  status,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

describe('uploadModelFile', () => {
  it('streams the file as the body, its name and the key in headers, the target in the query', async () => {
    replies.set('POST /api/v2/uploads', json(202, queuedJob));
    const { http } = client();
    const result = await uploadModelFile(http, {
      file: new Blob(['$ PROGRAM INFORMATION\n']),
      fileName: 'pórtico 1.e2k',
      target: { modelId: 'model-1' },
      idempotencyKey: 'key-123',
    });

    expect(result).toEqual({ ok: true, status: 202, data: queuedJob });
    const request = received[0];
    expect(request?.headers['idempotency-key']).toBe('key-123');
    expect(request?.headers['x-file-name']).toBe('p%C3%B3rtico%201.e2k');
    expect(request?.headers.authorization).toBe('stored-token');
    expect(request?.headers['content-type']).toBe('application/octet-stream');
    expect(request?.body.toString()).toBe('$ PROGRAM INFORMATION\n');
    expect(Object.fromEntries(request?.url.searchParams ?? [])).toEqual({ modelId: 'model-1' });
  });

  it('names the organization and the new model when the file starts a model', async () => {
    replies.set('POST /api/v2/uploads', json(202, { ...queuedJob, modelId: null }));
    const { http } = client();
    await uploadModelFile(http, {
      file: new Blob(['{}']),
      fileName: 'tower.json',
      target: { organizationId: 'org-1', name: 'Tower & Annex' },
      idempotencyKey: 'key-9',
    });
    expect(Object.fromEntries(received[0]?.url.searchParams ?? [])).toEqual({
      organizationId: 'org-1',
      name: 'Tower & Annex',
    });
  });

  it('returns the server’s message when the file is refused', async () => {
    replies.set('POST /api/v2/uploads', json(413, { message: 'The file is too large.' }));
    const { http, toasts } = client();
    const result = await uploadModelFile(http, {
      file: new Blob(['x']),
      fileName: 'big.e2k',
      target: { modelId: 'model-1' },
      idempotencyKey: 'key-1',
    });
    expect(result).toEqual({ ok: false, status: 413, error: { message: 'The file is too large.' } });
    expect(toasts).toEqual([]);
  });
});

describe('downloadVersionExport', () => {
  it('returns the file’s bytes and the name the server gave it', async () => {
    replies.set('GET /api/models/model-1/data/versions/v-2/export', {
      status: 200,
      headers: {
        'content-type': 'application/octet-stream',
        'content-disposition': `attachment; filename="tower.s2k"; filename*=UTF-8''tower%20v2.s2k`,
      },
      body: Buffer.from('FILE CONTENT'),
    });
    const { http } = client();
    const result = await downloadVersionExport(http, 'model-1', 'v-2', 's2k');
    if (!result.ok) throw new Error(result.error.message);
    expect(result.data.fileName).toBe('tower v2.s2k');
    expect(await result.data.blob.text()).toBe('FILE CONTENT');
    expect(received[0]?.url.searchParams.get('format')).toBe('s2k');
    expect(received[0]?.headers.authorization).toBe('stored-token');
  });

  it('reads a failure as the server’s message, not as a file', async () => {
    replies.set(
      'GET /api/models/model-1/data/versions/v-9/export',
      json(404, { message: 'This version does not exist.' }),
    );
    const { http } = client();
    const result = await downloadVersionExport(http, 'model-1', 'v-9', 'e2k');
    expect(result).toEqual({ ok: false, status: 404, error: { message: 'This version does not exist.' } });
  });
});
