import { assign, fromPromise, setup } from 'xstate';
import { downloadPlugin, listPlugins } from '../../api/plugins';
import type { DownloadedFile, HttpClient } from '../../api/types';
import { ownMessages } from '../../contract/errors';
import { PLUGIN_PLATFORMS, type Plugin, type PluginPlatform } from '../../contract/http/plugins';
import { promisePlaceholder, unboundImplementation } from '../auth/placeholders';
import { formMessageOf, pageMessageOf, unwrap } from '../model/failure';

export interface PluginsInput {
  /** A download to start as soon as the list is known (/downloadingPlugins?plugin={id}); null for none. */
  downloadId: string | null;
}

export interface PluginsContext {
  plugins: Plugin[];
  /** The download under way, or the last one asked for. */
  downloadId: string | null;
  /** The last download that reached the browser, and the name it was saved under. */
  downloadedId: string | null;
  savedFileName: string | null;
  /** Why the list could not be loaded (the page shows it in place of the list). */
  loadError: string | null;
  /** Why the last download failed, when the client has not said so already. */
  downloadError: string | null;
}

export type PluginsEvent = { type: 'plugins.retry' } | { type: 'plugin.download'; id: string };

export type PluginsTag = 'loading' | 'failed' | 'downloading';

export interface SavedPlugin {
  blob: Blob;
  fileName: string;
}

/**
 * Get Plugins: /downloadPlugins (the list), /downloadingPlugins (one download started from the list) and the
 * sign-up's download-plugins step all run this machine. It loads the catalogue, then downloads what it is asked
 * for: the file arrives as a blob (the token rides in a header, which a plain link cannot carry) and
 * `saveFile`, bound by the view, hands it to the browser. Guides are also public pages the views link to.
 */
export const pluginsMachine = setup({
  types: {
    context: {} as PluginsContext,
    events: {} as PluginsEvent,
    input: {} as PluginsInput,
    tags: {} as PluginsTag,
  },
  actors: {
    loadPlugins: promisePlaceholder<Plugin[], void>('loadPlugins'),
    downloadPlugin: promisePlaceholder<DownloadedFile, { id: string }>('downloadPlugin'),
  },
  actions: {
    saveFile: (_, _params: SavedPlugin) => {
      throw unboundImplementation('saveFile');
    },
  },
  guards: {
    downloadRequested: ({ context }) => context.downloadId !== null,
    requestedIsListed: ({ context }) => context.plugins.some((plugin) => plugin.id === context.downloadId),
    isListed: ({ context, event }) =>
      event.type === 'plugin.download' && context.plugins.some((plugin) => plugin.id === event.id),
  },
}).createMachine({
  id: 'plugins',
  context: ({ input }) => ({
    plugins: [],
    downloadId: input.downloadId,
    downloadedId: null,
    savedFileName: null,
    loadError: null,
    downloadError: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        src: 'loadPlugins',
        onDone: {
          target: 'loaded',
          actions: assign({ plugins: ({ event }) => event.output, loadError: null }),
        },
        onError: {
          target: 'failed',
          actions: assign({ loadError: ({ event }) => pageMessageOf(event.error) }),
        },
      },
    },
    failed: {
      tags: ['failed'],
      on: { 'plugins.retry': 'loading' },
    },
    loaded: {
      always: [{ guard: 'downloadRequested', target: 'checkingRequest' }, { target: 'ready' }],
    },
    checkingRequest: {
      always: [
        { guard: 'requestedIsListed', target: 'downloading' },
        { target: 'ready', actions: assign({ downloadError: ownMessages.pluginNotFound }) },
      ],
    },
    ready: {
      on: {
        'plugin.download': {
          guard: 'isListed',
          target: 'downloading',
          actions: assign({ downloadId: ({ event }) => event.id }),
        },
      },
    },
    downloading: {
      tags: ['downloading'],
      entry: assign({ downloadError: null, downloadedId: null, savedFileName: null }),
      invoke: {
        src: 'downloadPlugin',
        input: ({ context }) => ({ id: context.downloadId ?? '' }),
        onDone: {
          target: 'ready',
          actions: [
            assign({
              downloadedId: ({ context }) => context.downloadId,
              savedFileName: ({ context, event }) => savedName(context, event.output),
            }),
            {
              type: 'saveFile',
              params: ({ context, event }) => ({
                blob: event.output.blob,
                fileName: savedName(context, event.output),
              }),
            },
          ],
        },
        onError: {
          target: 'ready',
          actions: assign({
            downloadError: ({ event }) =>
              formMessageOf(event.error) ??
              ownMessages.pluginDownloadFailed.replace('{reason}', 'try again.'),
          }),
        },
      },
    },
  },
});

/** The name the server gave the file, else the catalogue's. */
function savedName(context: PluginsContext, file: DownloadedFile): string {
  return (
    file.fileName ??
    context.plugins.find((plugin) => plugin.id === context.downloadId)?.fileName ??
    'gusset-download'
  );
}

export interface PluginGroup {
  platform: PluginPlatform;
  plugins: Plugin[];
}

/** The plugins by platform, in the specification's order (Etabs, Excel, RAM, Revit, SAP, Tekla, then scripts). */
export function groupByPlatform(plugins: readonly Plugin[]): PluginGroup[] {
  return PLUGIN_PLATFORMS.map((platform) => ({
    platform,
    plugins: plugins.filter((plugin) => plugin.platform === platform),
  })).filter((group) => group.plugins.length > 0);
}

export function createPluginsImplementations(deps: {
  http: HttpClient;
  saveFile: (file: SavedPlugin) => void;
}) {
  return {
    actors: {
      loadPlugins: fromPromise<Plugin[], void>(async () => unwrap(await listPlugins(deps.http)).plugins),
      downloadPlugin: fromPromise<DownloadedFile, { id: string }>(async ({ input }) =>
        unwrap(await downloadPlugin(deps.http, input.id)),
      ),
    },
    actions: {
      saveFile: (_: unknown, params: SavedPlugin) => deps.saveFile(params),
    },
  };
}
