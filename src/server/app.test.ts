import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, ownMessages } from '../contract/errors';
import type { Mailer } from './mail/mailer';
import { contentSecurityPolicy, strictTransportSecurity } from './plugins/securityHeaders';
import { databases } from './testing/databases';
import { startTestServer, type TestServer } from './testing/testServer';

describe.each(databases())('the app on $kind', ({ kind }) => {
  describe('with a built client', () => {
    let server: TestServer;

    beforeAll(async () => {
      server = await startTestServer(kind);
      const assets = path.join(server.config.clientDir, 'assets');
      await mkdir(assets, { recursive: true });
      await writeFile(
        path.join(server.config.clientDir, 'index.html'),
        '<!doctype html><title>Gusset</title>',
      );
      await writeFile(path.join(assets, 'index-3f2a9c.js'), 'console.log("gusset")');
      await writeFile(path.join(assets, 'index-3f2a9c.js.map'), '{"version":3,"sourcesContent":["secret"]}');
    });
    afterAll(async () => {
      await server?.close();
    });

    it('GET /health answers ok after pinging the database', async () => {
      expect(await server.request('GET', '/health')).toMatchObject({ status: 200, body: { status: 'ok' } });
    });

    it('serves index.html, uncached, for / and every client-side route', async () => {
      for (const route of [
        '/',
        '/login',
        '/verify/create-account?resetToken=abc&email=a%40b.c',
        '/reset/abc',
      ]) {
        const response = await server.request('GET', route);
        expect(response.status, route).toBe(200);
        expect(response.body, route).toContain('<title>Gusset</title>');
        expect(response.headers.get('cache-control'), route).toBe('no-cache');
      }
    });

    it('serves hashed assets with a year-long immutable cache', async () => {
      const response = await server.request('GET', '/assets/index-3f2a9c.js');
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    });

    it('answers JSON 404s, never index.html, for server prefixes, missing files and other methods', async () => {
      for (const [method, route] of [
        ['GET', '/api/unknown'],
        ['GET', '/auth/unknown'],
        ['GET', '/auth/login'],
        // /stripe/config and /stripe/webhook exist (billing); the rest of the prefix is still ours.
        ['GET', '/stripe/unknown'],
        // /socket.io/ itself is the live socket's (socket.io answers it); the bare prefix is still ours.
        ['GET', '/socket.io'],
        ['GET', '/health/deep'],
        ['GET', '/assets/missing-chunk.js'],
        ['POST', '/dashboard'],
        ['DELETE', '/api/users'],
      ] as const) {
        const response = await server.request(method, route);
        expect(response, `${method} ${route}`).toMatchObject({
          status: 404,
          body: { message: ownMessages.notFound },
        });
      }
    });

    it('sends the security headers on pages, API answers and errors alike', async () => {
      const answers = [
        await server.request('GET', '/'),
        await server.request('GET', '/health'),
        await server.request('GET', '/api/users'),
        await server.request('POST', '/auth/login', { rawJson: '{' }),
        await server.request('GET', '/api/nothing'),
      ];
      for (const answer of answers) {
        expect(answer.headers.get('content-security-policy')).toBe(contentSecurityPolicy);
        expect(answer.headers.get('referrer-policy')).toBe('no-referrer');
        expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
      }
      expect(contentSecurityPolicy).toContain("script-src 'self'");
      expect(contentSecurityPolicy).toContain("frame-ancestors 'none'");
    });

    it('never lets a browser or cache store an API or auth answer; pages and assets keep their own policy', async () => {
      const apiAnswers = [
        await server.request('GET', '/api/users'),
        await server.request('POST', '/auth/login', { rawJson: '{' }),
        await server.request('POST', '/auth/login', {
          json: { emailAddress: 'a@example.com', password: 'x' },
        }),
        await server.request('GET', '/api/nothing'),
        await server.request('GET', '/auth'),
      ];
      for (const answer of apiAnswers) expect(answer.headers.get('cache-control')).toBe('no-store');
      expect((await server.request('GET', '/')).headers.get('cache-control')).toBe('no-cache');
      expect((await server.request('GET', '/assets/index-3f2a9c.js')).headers.get('cache-control')).toBe(
        'public, max-age=31536000, immutable',
      );
      // Plain HTTP with an http PUBLIC_URL: no HSTS (a browser ignores it there anyway).
      expect((await server.request('GET', '/')).headers.get('strict-transport-security')).toBeNull();
    });

    it('does not serve source maps, even when the build left them on disk', async () => {
      const map = await server.request('GET', '/assets/index-3f2a9c.js.map');
      expect(map).toMatchObject({ status: 404, body: { message: ownMessages.notFound } });
    });

    it('answers 503 on /health once the database is gone', async () => {
      await server.db.close();
      const response = await server.request('GET', '/health');
      expect(response.status).toBe(503);
      expect(response.body).toMatchObject({ status: 'unavailable' });
    });
  });

  describe('without a built client', () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer(kind);
    });
    afterAll(async () => {
      await server?.close();
    });

    it('tells the visitor to run npm run build', async () => {
      const response = await server.request('GET', '/');
      expect(response.status).toBe(200);
      expect(response.body).toContain('npm run build');
    });
  });

  describe('when something unexpected fails', () => {
    let server: TestServer;
    const brokenMailer: Mailer = {
      send: () => Promise.reject(new Error('SMTP exploded: 10.0.0.7:25 refused, password=hunter2')),
      close: async () => undefined,
    };
    beforeAll(async () => {
      server = await startTestServer(kind, { mailer: brokenMailer });
    });
    afterAll(async () => {
      await server?.close();
    });

    it('answers 500 "Internal server error" and keeps the details out of the response', async () => {
      const response = await server.request('POST', '/auth/signup', {
        json: { emailAddress: 'a@example.com' },
      });
      expect(response.status).toBe(500);
      expect(response.body).toEqual({ message: messages.internalServerError });
      expect((await server.request('GET', '/health')).status).toBe(200);
    });
  });
});

describe('HSTS', () => {
  const servers: TestServer[] = [];
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.close()));
  });

  it('is sent behind a trusted TLS proxy (X-Forwarded-Proto), never on the client’s own say-so', async () => {
    const proxied = await startTestServer('pglite', { env: { TRUST_PROXY: '1' } });
    const direct = await startTestServer('pglite');
    servers.push(proxied, direct);
    const overTls = { headers: { 'x-forwarded-proto': 'https' } };
    expect((await proxied.request('GET', '/health', overTls)).headers.get('strict-transport-security')).toBe(
      strictTransportSecurity,
    );
    expect((await proxied.request('GET', '/health')).headers.get('strict-transport-security')).toBeNull();
    // Without TRUST_PROXY the header is the client's word, not a proxy's.
    expect(
      (await direct.request('GET', '/health', overTls)).headers.get('strict-transport-security'),
    ).toBeNull();
    expect(strictTransportSecurity).toBe('max-age=31536000; includeSubDomains');
  });

  it('is sent on every answer when PUBLIC_URL is https', async () => {
    const server = await startTestServer('pglite', { env: { PUBLIC_URL: 'https://gusset.example.com' } });
    servers.push(server);
    for (const route of ['/health', '/', '/api/users', '/auth/login']) {
      const answer = await server.request('GET', route);
      expect(answer.headers.get('strict-transport-security'), route).toBe(strictTransportSecurity);
    }
  });
});
