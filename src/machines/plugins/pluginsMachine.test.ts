import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { DownloadedFile } from '../../api/types';
import { ownMessages } from '../../contract/errors';
import type { Plugin } from '../../contract/http/plugins';
import { CallFailed } from '../model/failure';
import { groupByPlatform, pluginsMachine, type SavedPlugin } from './pluginsMachine';
import {
  selectDownloadError,
  selectPluginGroups,
  selectPluginsLoadError,
  selectRequestedPlugin,
} from './selectors';

const plugin = (id: string, platform: Plugin['platform'], kind: Plugin['kind'] = 'file'): Plugin => ({
  id,
  title: `Title of ${id}`,
  platform,
  description: '',
  kind,
  fileName: `${id}.zip`,
  size: 100,
  available: true,
});

// Deliberately out of the spec's order, to see the grouping put it right.
const catalogue = [
  plugin('python-client', 'Scripts'),
  plugin('tekla-ifc', 'Tekla', 'guide'),
  plugin('ram-plugin', 'RAM'),
  plugin('etabs-e2k', 'Etabs', 'guide'),
];

function start(options: {
  downloadId?: string | null;
  load?: () => Promise<Plugin[]>;
  download?: (id: string) => Promise<DownloadedFile>;
}) {
  const saved: SavedPlugin[] = [];
  const download = vi.fn(
    options.download ?? (async (id: string) => ({ blob: new Blob([id]), fileName: `${id}.zip` })),
  );
  const actor = createActor(
    pluginsMachine.provide({
      actors: {
        loadPlugins: fromPromise(options.load ?? (async () => catalogue)),
        downloadPlugin: fromPromise<DownloadedFile, { id: string }>(({ input }) => download(input.id)),
      },
      actions: { saveFile: (_, params: SavedPlugin) => saved.push(params) },
    }),
    { input: { downloadId: options.downloadId ?? null } },
  ).start();
  return { actor, saved, download };
}

const failure = (status: number, message: string) =>
  new CallFailed({ ok: false, status, error: { message } });

describe('pluginsMachine', () => {
  it('loads the list and groups it in the platform order of the spec', async () => {
    const { actor } = start({});
    await waitFor(actor, (snapshot) => snapshot.matches('ready'));
    expect(selectPluginGroups(actor.getSnapshot()).map((group) => group.platform)).toEqual([
      'Etabs',
      'RAM',
      'Tekla',
      'Scripts',
    ]);
  });

  it('downloads what the user clicks and hands the file to the browser under its name', async () => {
    const { actor, saved, download } = start({});
    await waitFor(actor, (snapshot) => snapshot.matches('ready'));
    actor.send({ type: 'plugin.download', id: 'ram-plugin' });
    expect(actor.getSnapshot().hasTag('downloading')).toBe(true);
    await waitFor(actor, (snapshot) => snapshot.context.downloadedId === 'ram-plugin');
    expect(download).toHaveBeenCalledWith('ram-plugin');
    expect(saved.map((file) => file.fileName)).toEqual(['ram-plugin.zip']);
  });

  it('ignores a click on something not in the list', async () => {
    const { actor, download } = start({});
    await waitFor(actor, (snapshot) => snapshot.matches('ready'));
    actor.send({ type: 'plugin.download', id: 'nope' });
    expect(actor.getSnapshot().matches('ready')).toBe(true);
    expect(download).not.toHaveBeenCalled();
  });

  it('starts the requested download as soon as the list is known (/downloadingPlugins)', async () => {
    const { actor, saved } = start({ downloadId: 'python-client' });
    await waitFor(actor, (snapshot) => snapshot.context.downloadedId === 'python-client');
    expect(selectRequestedPlugin(actor.getSnapshot())?.title).toBe('Title of python-client');
    expect(saved).toHaveLength(1);
  });

  it('says so when the requested download is not in the list, and downloads nothing', async () => {
    const { actor, download } = start({ downloadId: 'no-such-thing' });
    await waitFor(actor, (snapshot) => snapshot.matches('ready'));
    expect(selectDownloadError(actor.getSnapshot())).toBe(ownMessages.pluginNotFound);
    expect(download).not.toHaveBeenCalled();
  });

  it('shows the server’s reason when a download is refused, and a second try can succeed', async () => {
    let refuse = true;
    const { actor, saved } = start({
      download: async () => {
        if (refuse) throw failure(404, ownMessages.excelTemplateNotAvailable);
        return { blob: new Blob(['x']), fileName: null };
      },
    });
    await waitFor(actor, (snapshot) => snapshot.matches('ready'));
    actor.send({ type: 'plugin.download', id: 'ram-plugin' });
    await waitFor(actor, (snapshot) => snapshot.matches('ready'));
    expect(selectDownloadError(actor.getSnapshot())).toBe(ownMessages.excelTemplateNotAvailable);

    refuse = false;
    actor.send({ type: 'plugin.download', id: 'ram-plugin' });
    await waitFor(actor, (snapshot) => snapshot.context.downloadedId === 'ram-plugin');
    expect(selectDownloadError(actor.getSnapshot())).toBeNull();
    // The server named no file: the catalogue's name is used.
    expect(saved.map((file) => file.fileName)).toEqual(['ram-plugin.zip']);
  });

  it('shows why the list failed and loads it again on retry', async () => {
    let attempts = 0;
    const { actor } = start({
      load: async () => {
        attempts += 1;
        if (attempts === 1) throw failure(0, 'Server isn’t responding');
        return catalogue;
      },
    });
    await waitFor(actor, (snapshot) => snapshot.hasTag('failed'));
    expect(selectPluginsLoadError(actor.getSnapshot())).toBe('Server isn’t responding');
    actor.send({ type: 'plugins.retry' });
    await waitFor(actor, (snapshot) => snapshot.matches('ready'));
    expect(actor.getSnapshot().context.plugins).toHaveLength(4);
  });

  it('groups leave out platforms with nothing to offer', () => {
    expect(groupByPlatform([plugin('a', 'SAP')]).map((group) => group.platform)).toEqual(['SAP']);
  });
});
