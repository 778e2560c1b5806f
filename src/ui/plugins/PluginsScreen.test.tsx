import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ownMessages } from '../../contract/errors';
import type { Plugin } from '../../contract/http/plugins';
import { createFakeHttpClient, failure, ok } from '../../machines/auth/fakeHttpClient';
import { renderApp } from '../app/testApp';

const plugin = (overrides: Partial<Plugin> & Pick<Plugin, 'id' | 'platform'>): Plugin => ({
  title: overrides.id,
  description: `What ${overrides.id} is for`,
  kind: 'file',
  fileName: `${overrides.id}.zip`,
  size: 24_576,
  available: true,
  ...overrides,
});

const catalogue: Plugin[] = [
  plugin({ id: 'python-client', title: 'Gusset Python client', platform: 'Scripts' }),
  plugin({
    id: 'etabs-e2k',
    title: 'ETABS: export and import .e2k',
    platform: 'Etabs',
    kind: 'guide',
    fileName: 'gusset-etabs-e2k.md',
    guideUrl: '/docs/guides/etabs-e2k',
  }),
  plugin({ id: 'ram-plugin', title: 'RAM Structural System plugin', platform: 'RAM' }),
  plugin({ id: 'excel-template', title: 'Excel template', platform: 'Excel', available: false, size: null }),
];

/** The files the browser was asked to save (saveFile clicks a temporary <a download>). */
let saved: string[] = [];
beforeEach(() => {
  saved = [];
  // jsdom has no object URLs and cannot navigate: record the download instead.
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:test', revokeObjectURL: () => {} }));
  const click = HTMLAnchorElement.prototype.click;
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    if (this.download) saved.push(this.download);
    else click.call(this);
  });
});
afterEach(() => {
  vi.restoreAllMocks();
});

function server() {
  const fake = createFakeHttpClient();
  fake.answer('GET /api/organizations', ok({ data: [] }));
  fake.answer('GET /api/plugins', ok({ plugins: catalogue }));
  fake.answer('GET /api/plugins/ram-plugin', ok({ blob: new Blob(['zip']), fileName: 'gusset-ram.zip' }));
  return fake;
}

describe('/downloadPlugins', () => {
  it('lists the downloads by platform in the spec’s order, guides as pages, missing ones as not available', async () => {
    await renderApp({ path: '/downloadPlugins', http: server().http });
    expect(screen.getByRole('heading', { level: 1, name: 'Get Plugins' })).toBeTruthy();
    await screen.findByRole('heading', { level: 2, name: 'ETABS' });
    const groups = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(groups).toEqual(['ETABS', 'Excel', 'RAM Structural System', 'Scripts and the command line']);

    const guide = screen.getByRole('link', { name: 'Open the guide' });
    expect(guide.getAttribute('href')).toBe('/docs/guides/etabs-e2k');
    expect(guide.getAttribute('target')).toBe('_blank');
    const excel = screen.getByRole('list', { name: 'Excel downloads' });
    expect(within(excel).getByText('Not available yet')).toBeTruthy();
    expect(within(excel).queryByRole('link')).toBeNull();
    expect(screen.getAllByText('24 KB')).toHaveLength(2);
  });

  it('goes to /downloadingPlugins on a click, says it is downloading, and saves the file', async () => {
    const app = await renderApp({ path: '/downloadPlugins', http: server().http });
    await userEvent.click(await screen.findByRole('link', { name: 'Download RAM Structural System plugin' }));
    // The screen's chunk loads lazily: the address changes once it has arrived.
    await waitFor(() =>
      expect(app.router.state.location.pathname + app.router.state.location.search).toBe(
        '/downloadingPlugins?plugin=ram-plugin',
      ),
    );
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('is downloaded'));
    expect(screen.getByRole('status').textContent).toBe(
      'RAM Structural System plugin is downloaded as gusset-ram.zip. Look in your browser’s downloads.',
    );
    expect(saved).toEqual(['gusset-ram.zip']);
  });

  it('shows "Downloading …" while the file is on its way', async () => {
    const fake = server();
    let arrive: (value: ReturnType<typeof ok>) => void = () => {};
    fake.answer('GET /api/plugins/ram-plugin', () => new Promise((resolve) => (arrive = resolve)));
    await renderApp({ path: '/downloadingPlugins?plugin=ram-plugin', http: fake.http });
    expect(await screen.findByText('Downloading RAM Structural System plugin…')).toBeTruthy();
    arrive(ok({ blob: new Blob(['zip']), fileName: 'gusset-ram.zip' }));
    expect(await screen.findByText(/is downloaded/)).toBeTruthy();
  });

  it('gives the server’s reason when a download is refused, with a way to try again', async () => {
    const fake = server();
    fake.answer('GET /api/plugins/ram-plugin', failure(404, ownMessages.pluginNotAvailable));
    await renderApp({ path: '/downloadingPlugins?plugin=ram-plugin', http: fake.http });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(ownMessages.pluginNotAvailable);
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(saved).toEqual([]);
  });

  it('says when the address names no known download', async () => {
    await renderApp({ path: '/downloadingPlugins?plugin=nothing-like-it', http: server().http });
    expect((await screen.findByRole('alert')).textContent).toContain(ownMessages.pluginNotFound);
  });
});
