import type { ReactNode } from 'react';
import type { Plugin, PluginPlatform } from '../../contract/http/plugins';
import type { PluginGroup } from '../../machines/plugins/pluginsMachine';

const platformLabels: Record<PluginPlatform, string> = {
  Etabs: 'ETABS',
  Excel: 'Excel',
  RAM: 'RAM Structural System',
  Revit: 'Revit',
  SAP: 'SAP2000',
  Tekla: 'Tekla Structures',
  Scripts: 'Scripts and the command line',
};

/** 12 KB, 1.4 MB: what a download weighs, as a file manager would say it. */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/**
 * The downloads by platform. A guide opens as a documentation page in a new tab; what a file item offers is the
 * caller's (`fileAction`): a link to /downloadingPlugins, or a button that downloads in place.
 */
export function PluginList({
  groups,
  fileAction,
}: {
  groups: readonly PluginGroup[];
  fileAction: (plugin: Plugin) => ReactNode;
}) {
  return (
    <div className="plugin-groups">
      {groups.map((group) => (
        <section key={group.platform} className="page-section" aria-label={platformLabels[group.platform]}>
          <h2>{platformLabels[group.platform]}</h2>
          <ul aria-label={`${platformLabels[group.platform]} downloads`} className="plugin-list">
            {group.plugins.map((plugin) => (
              <li key={plugin.id} className="card plugin">
                <h3>{plugin.title}</h3>
                <p>{plugin.description}</p>
                {plugin.kind === 'guide' && plugin.guideUrl ? (
                  <a href={plugin.guideUrl} target="_blank" rel="noopener noreferrer">
                    Open the guide
                  </a>
                ) : plugin.available ? (
                  <>
                    {fileAction(plugin)}
                    {plugin.size !== null && <span className="form-hint"> {formatSize(plugin.size)}</span>}
                  </>
                ) : (
                  <span className="form-hint">Not available yet</span>
                )}
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
