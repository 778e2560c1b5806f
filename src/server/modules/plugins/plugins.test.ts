import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, ownMessages } from '../../../contract/errors';
import { xlsxTranslator } from '../../../engine/formats/xlsx/index';
import { PLUGIN_PLATFORMS, pluginListResponse, type Plugin } from '../../../contract/http/plugins';
import type { SessionResponse } from '../../../contract/http/users';
import { signUp, uniqueEmail } from '../../testing/accounts';
import { databases } from '../../testing/databases';
import { startTestServer, type TestServer } from '../../testing/testServer';
import { PLUGIN_CATALOG } from './catalog';
import { createPluginsService, DEFAULT_PLUGINS_DIR } from './service';

const docsDir = path.resolve('docs');

describe.each(databases())('Get Plugins on $kind', ({ kind }) => {
  let server: TestServer;
  let engineer: SessionResponse;

  beforeAll(async () => {
    server = await startTestServer(kind, { env: { ANALYTICS_ENABLED: 'false' } });
    engineer = await signUp(server, uniqueEmail('plugins'));
  });
  afterAll(async () => {
    await server?.close();
  });

  /** The raw bytes: the test server's helper decodes bodies as text, which would corrupt a zip. */
  async function download(id: string, token: string | null = engineer.token) {
    const response = await fetch(`${server.url}/api/plugins/${encodeURIComponent(id)}`, {
      headers: token ? { authorization: token } : {},
    });
    return { response, bytes: new Uint8Array(await response.arrayBuffer()) };
  }

  async function list(): Promise<Plugin[]> {
    const response = await server.request('GET', '/api/plugins', { token: engineer.token });
    expect(response.status).toBe(200);
    return pluginListResponse.parse(response.body).plugins;
  }

  it('lists every download, grouped in the platform order of the spec, with sizes for what is available', async () => {
    const plugins = await list();
    expect(plugins.map((plugin) => plugin.id)).toEqual(PLUGIN_CATALOG.map((entry) => entry.id));
    const platformOrder = plugins.map((plugin) => PLUGIN_PLATFORMS.indexOf(plugin.platform));
    expect(platformOrder).toEqual([...platformOrder].sort((a, b) => a - b));
    expect(new Set(plugins.map((plugin) => plugin.platform))).toEqual(new Set(PLUGIN_PLATFORMS));
    for (const plugin of plugins.filter((candidate) => candidate.available)) {
      expect(plugin.size, plugin.id).toBeGreaterThan(0);
    }
    for (const guide of plugins.filter((plugin) => plugin.kind === 'guide')) {
      expect(guide.guideUrl).toBe(`/docs/guides/${guide.id}`);
      expect(guide.available).toBe(true);
    }
  });

  it('downloads the RAM plugin with the Python client beside it, and nothing Python cached', async () => {
    const { response, bytes } = await download('ram-plugin');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/zip');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="gusset-ram.zip"');
    const names = Object.keys(unzipSync(bytes));
    expect(names).toContain('gusset-ram/ram/gusset_ram.py');
    expect(names).toContain('gusset-ram/ram/README.md');
    expect(names).toContain('gusset-ram/ram/tests/ram_standin.py');
    expect(names).toContain('gusset-ram/python/gusset_client.py');
    expect(names.filter((name) => name.includes('__pycache__') || name.endsWith('.pyc'))).toEqual([]);
    const files = unzipSync(bytes);
    expect(files['gusset-ram/ram/gusset_ram.py']).toEqual(
      new Uint8Array(await readFile(path.join(DEFAULT_PLUGINS_DIR, 'ram', 'gusset_ram.py'))),
    );
    // The listed size is the size of what is downloaded.
    expect((await list()).find((plugin) => plugin.id === 'ram-plugin')?.size).toBe(bytes.byteLength);
  });

  it('downloads the Python client on its own', async () => {
    const { response, bytes } = await download('python-client');
    expect(response.status).toBe(200);
    expect(Object.keys(unzipSync(bytes))).toContain('gusset-python-client/gusset_client.py');
  });

  it('downloads each guide as its Markdown, and serves it rendered as a public page', async () => {
    for (const entry of PLUGIN_CATALOG.filter((candidate) => candidate.source.type === 'guide')) {
      const { response, bytes } = await download(entry.id);
      expect(response.status, entry.id).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
      const markdown = await readFile(path.join(docsDir, 'guides', `${entry.id}.md`), 'utf8');
      expect(new TextDecoder().decode(bytes)).toBe(markdown);

      const page = await server.request('GET', `/docs/guides/${entry.id}`);
      expect(page.status).toBe(200);
      expect(String(page.body)).toContain(`<title>${entry.title} · Gusset</title>`);
      expect(String(page.body)).toContain('<h1>');
    }
    expect((await server.request('GET', '/docs/guides/not-a-guide')).status).toBe(404);
  });

  it('downloads the Excel template, a workbook the Excel translator reads back as an empty Gusset model', async () => {
    const { response, bytes } = await download('excel-template');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="gusset-template.xlsx"');
    const { model } = await xlsxTranslator.read(bytes);
    expect(model.source.tool).toBe('excel');
    expect(model.elements).toEqual([]);
  });

  it('answers 404 for a download that does not exist, whatever its name looks like', async () => {
    for (const id of ['no-such-plugin', '..%2F..%2Fpackage.json', 'RAM-PLUGIN']) {
      const response = await server.request('GET', `/api/plugins/${id}`, { token: engineer.token });
      expect(response.status, id).toBe(404);
      expect(response.body).toEqual({ message: ownMessages.pluginNotFound });
    }
  });

  it('refuses a visitor without a session with 403, for the list and for a download', async () => {
    const listed = await server.request('GET', '/api/plugins');
    expect(listed.status).toBe(403);
    expect(listed.body).toEqual({ message: messages.sessionExpired });
    const { response } = await download('ram-plugin', null);
    expect(response.status).toBe(403);
  });
});

describe('plugins service', () => {
  let scratch: string;
  beforeAll(async () => {
    scratch = await mkdtemp(path.join(os.tmpdir(), 'gusset-plugins-'));
    await mkdir(path.join(scratch, 'ram', '__pycache__'), { recursive: true });
    await writeFile(path.join(scratch, 'ram', 'gusset_ram.py'), 'print("ram")\n');
    await writeFile(path.join(scratch, 'ram', '__pycache__', 'gusset_ram.cpython-311.pyc'), 'cache');
  });
  afterAll(async () => {
    await rm(scratch, { recursive: true, force: true });
  });

  it('lists a download whose folder this deployment lacks as unavailable, and refuses it with the reason', async () => {
    // No plugins/python here: neither the client nor the RAM bundle (which needs the client) can be made.
    const service = createPluginsService({ docsDir, pluginsDir: scratch });
    const plugins = await service.list();
    expect(plugins.find((plugin) => plugin.id === 'python-client')).toMatchObject({
      available: false,
      size: null,
    });
    expect(plugins.find((plugin) => plugin.id === 'ram-plugin')).toMatchObject({
      available: false,
      size: null,
    });
    await expect(service.download('ram-plugin')).rejects.toMatchObject({
      statusCode: 404,
      message: ownMessages.pluginNotAvailable,
    });
  });

  it('refuses the Excel template with a plain reason when this server cannot make it', async () => {
    const service = createPluginsService({ docsDir, pluginsDir: scratch, excelTemplate: async () => null });
    expect((await service.list()).find((plugin) => plugin.id === 'excel-template')).toMatchObject({
      kind: 'file',
      available: false,
    });
    await expect(service.download('excel-template')).rejects.toMatchObject({
      statusCode: 404,
      message: ownMessages.excelTemplateNotAvailable,
    });
  });

  it('builds the same zip bytes every time, so the listed size stays true', async () => {
    await mkdir(path.join(scratch, 'python'), { recursive: true });
    await writeFile(path.join(scratch, 'python', 'gusset_client.py'), 'print("client")\n');
    const first = await createPluginsService({ docsDir, pluginsDir: scratch }).download('ram-plugin');
    const second = await createPluginsService({ docsDir, pluginsDir: scratch }).download('ram-plugin');
    expect(second.bytes).toEqual(first.bytes);
    expect(Object.keys(unzipSync(first.bytes)).sort()).toEqual([
      'gusset-ram/python/gusset_client.py',
      'gusset-ram/ram/gusset_ram.py',
    ]);
  });
});
