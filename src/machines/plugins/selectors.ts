import type { SnapshotFrom } from 'xstate';
import type { Plugin } from '../../contract/http/plugins';
import { groupByPlatform, type PluginGroup, type pluginsMachine } from './pluginsMachine';

type Snapshot = SnapshotFrom<typeof pluginsMachine>;

export const selectPluginsLoading = (snapshot: Snapshot) => snapshot.hasTag('loading');
export const selectPluginsLoadError = (snapshot: Snapshot) =>
  snapshot.hasTag('failed') ? snapshot.context.loadError : null;
export const selectDownloading = (snapshot: Snapshot) => snapshot.hasTag('downloading');
export const selectDownloadError = (snapshot: Snapshot) => snapshot.context.downloadError;

const groupCache = new WeakMap<readonly Plugin[], PluginGroup[]>();
/** The groups, computed once per list so views re-render only when the list changes. */
export const selectPluginGroups = (snapshot: Snapshot): PluginGroup[] => {
  const plugins = snapshot.context.plugins;
  let groups = groupCache.get(plugins);
  if (!groups) {
    groups = groupByPlatform(plugins);
    groupCache.set(plugins, groups);
  }
  return groups;
};

/** The plugin being downloaded or last asked for, if it is in the list. */
export const selectRequestedPlugin = (snapshot: Snapshot): Plugin | null =>
  snapshot.context.plugins.find((plugin) => plugin.id === snapshot.context.downloadId) ?? null;

export const selectDownloadedId = (snapshot: Snapshot) => snapshot.context.downloadedId;
export const selectSavedFileName = (snapshot: Snapshot) => snapshot.context.savedFileName;
