import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownMessages } from '../contract/errors';
import { signUp, uniqueEmail } from './testing/accounts';
import { databases } from './testing/databases';
import { startTestServer, type RequestOptions, type TestServer } from './testing/testServer';

/**
 * NUL and the other control characters are refused at validation (400 with one clear message) in every kind of
 * field: PostgreSQL refuses NUL in text, so reaching the database would be a 500. One-line fields refuse tab
 * and line breaks too; multi-line ones (messages) keep them.
 */
describe.each(databases())('control characters on $kind', ({ kind }) => {
  let server: TestServer;
  let token: string;
  let organizationId: string;

  beforeAll(async () => {
    server = await startTestServer(kind);
    token = (await signUp(server, uniqueEmail('nul'))).token;
    const organization = await server.request('POST', '/api/organizations', {
      token,
      json: { name: 'NUL Ltd' },
    });
    organizationId = (organization.body as { _id: string })._id;
  });
  afterAll(async () => {
    await server?.close();
  });

  const NUL = '\u0000';
  const modelId = randomUUID();
  const cases: Array<{ field: string; method: string; path: () => string; options?: () => RequestOptions }> =
    [
      {
        field: 'email (signup)',
        method: 'POST',
        path: () => '/auth/signup',
        options: () => ({ json: { emailAddress: `a${NUL}@example.com` } }),
      },
      {
        field: 'email and password (login)',
        method: 'POST',
        path: () => '/auth/login',
        options: () => ({ json: { emailAddress: `a${NUL}@example.com`, password: 'Some-Pass-1' } }),
      },
      {
        field: 'password (login)',
        method: 'POST',
        path: () => '/auth/login',
        options: () => ({ json: { emailAddress: 'a@example.com', password: `Pass${NUL}word-1` } }),
      },
      {
        field: 'name (profile)',
        method: 'PUT',
        path: () => '/api/users',
        options: () => ({ token, json: { firstName: `Ada${NUL}` } }),
      },
      {
        field: 'name (organization)',
        method: 'POST',
        path: () => '/api/organizations',
        options: () => ({ token, json: { name: `Acme${NUL}` } }),
      },
      {
        field: 'one-line name with a line break',
        method: 'POST',
        path: () => '/api/organizations',
        options: () => ({ token, json: { name: 'Acme\nLtd' } }),
      },
      {
        field: 'one-line name with DEL',
        method: 'POST',
        path: () => '/api/organizations',
        options: () => ({ token, json: { name: 'Acme\u007f' } }),
      },
      {
        field: 'title (report)',
        method: 'POST',
        path: () => `/api/models/${modelId}/reports`,
        options: () => ({
          token,
          json: { title: `Report${NUL}`, currentVersionID: randomUUID(), comparisonVersionID: randomUUID() },
        }),
      },
      {
        field: 'message (support request)',
        method: 'POST',
        path: () => '/api/v2/requests',
        options: () => ({ token, json: { kind: 'bug', subject: 'Broken', message: `It broke${NUL}` } }),
      },
      {
        field: 'message with a bell (multi-line field)',
        method: 'POST',
        path: () => '/api/v2/requests',
        options: () => ({ token, json: { kind: 'bug', subject: 'Broken', message: 'It broke\u0007' } }),
      },
      {
        field: 'path parameter (findByEmail)',
        method: 'GET',
        path: () => '/api/users/findByEmail/%00',
        options: () => ({ token }),
      },
      {
        field: 'path parameter (id)',
        method: 'GET',
        path: () => '/api/models/%00',
        options: () => ({ token }),
      },
      {
        field: 'upload message (query)',
        method: 'POST',
        path: () => `/api/v2/uploads?organizationId=${organizationId}&name=Tower&message=%00`,
        options: () => ({
          token,
          bytes: new TextEncoder().encode('{}'),
          headers: { 'x-file-name': 'tower.json' },
        }),
      },
      {
        field: 'upload name (query)',
        method: 'POST',
        path: () => `/api/v2/uploads?organizationId=${organizationId}&name=Tow%01er`,
        options: () => ({
          token,
          bytes: new TextEncoder().encode('{}'),
          headers: { 'x-file-name': 'tower.json' },
        }),
      },
    ];

  it.each(cases)('$field → 400', async ({ method, path, options }) => {
    const answer = await server.request(method, path(), options?.());
    expect(answer).toMatchObject({ status: 400, body: { message: ownMessages.controlCharacters } });
  });

  it('keeps tab and line breaks in a multi-line message, and the account still works', async () => {
    const answer = await server.request('POST', '/api/v2/requests', {
      token,
      json: { kind: 'bug', subject: 'Two lines', message: 'First line\r\n\tSecond line' },
    });
    expect(answer.status).toBe(201);
    expect((await server.request('GET', '/api/users', { token })).status).toBe(200);
  });
});
