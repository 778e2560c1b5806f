import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../testing/testServer';

describe('the documentation pages', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('pglite');
  });
  afterAll(async () => {
    await server?.close();
  });

  it('renders the supported-elements page generated from the translators, with links between pages', async () => {
    const page = await server.request('GET', '/docs/supported-elements');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.body).toContain('<table>');
    expect(page.body).toContain('ETABS');
    expect(page.body).toContain('href="/docs/getting-started"');
  });

  it('serves every page the Documentation menu opens', async () => {
    for (const name of ['getting-started', 'tutorials', 'faq', 'formats', 'api']) {
      expect((await server.request('GET', `/docs/${name}`)).status, name).toBe(200);
    }
  });

  it('does not serve design notes or anything outside docs/', async () => {
    for (const name of ['architecture', '..%2Fpackage', '..%2F..%2Fetc%2Fpasswd', 'nope']) {
      const page = await server.request('GET', `/docs/${name}`);
      expect(page.status, name).toBe(404);
      expect(page.body).toEqual({ message: 'Not found' });
    }
  });
});
