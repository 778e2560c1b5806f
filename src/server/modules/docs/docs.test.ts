import { readFile } from 'node:fs/promises';
import path from 'node:path';
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

  it('serves the pictures of the pages from docs/images as PNG, cached', async () => {
    const response = await fetch(`${server.url}/docs/images/getting-started/01-sign-up.png`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('cache-control')).toBe('public, max-age=3600');
    const onDisk = await readFile(
      path.join(server.config.docsDir, 'images', 'getting-started', '01-sign-up.png'),
    );
    expect(Buffer.from(await response.arrayBuffer()).equals(onDisk)).toBe(true);
  });

  it('shows the getting-started pictures, each one served', async () => {
    const page = await server.request('GET', '/docs/getting-started');
    const sources = [...String(page.body).matchAll(/<img src="([^"]+)"/g)].map((match) => match[1] ?? '');
    expect(sources).toHaveLength(7);
    for (const source of sources) {
      expect(source).toMatch(/^images\/getting-started\/\d{2}-[a-z-]+\.png$/);
      // Relative to /docs/getting-started, as the browser resolves it.
      const image = await fetch(new URL(source, `${server.url}/docs/getting-started`));
      expect(image.status, source).toBe(200);
      expect(image.headers.get('content-type')).toBe('image/png');
    }
  });

  it('serves no image that is missing, not a PNG, or outside docs/images', async () => {
    for (const name of [
      'getting-started/99-missing.png',
      'getting-started',
      '..%2Fgetting-started.md',
      '..%2F..%2Fpackage.json',
      '%2E%2E%2Farchitecture.md',
      '..%2F..%2Fsrc%2Fserver%2Fapp.ts',
      '%2E%2E%2F%2E%2E%2Fe2e%2Fx.png',
      '.hidden.png',
      '..%2Fimages%2Fgetting-started%2F01-sign-up.png',
      'getting-started%2F..%2F01-sign-up.png',
      'getting-started%2F..%2F..%2F..%2Fetc%2Fpasswd',
    ]) {
      const response = await server.request('GET', `/docs/images/${name}`);
      expect(response.status, name).toBe(404);
      expect(response.body).toEqual({ message: 'Not found' });
    }
  });
});
