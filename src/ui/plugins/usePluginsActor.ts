import { useActorRef } from '@xstate/react';
import { useMemo } from 'react';
import type { ActorRefFrom, EventFrom } from 'xstate';
import { createPluginsImplementations, pluginsMachine } from '../../machines/plugins/pluginsMachine';
import { useHttpClient } from '../services/AppServices';
import { saveFile } from '../model/saveFile';

export type PluginsActor = ActorRefFrom<typeof pluginsMachine>;
type PluginsEvent = EventFrom<typeof pluginsMachine>;

/** The Get Plugins actor of one screen, bound to the HTTP client and the browser's download. */
export function usePluginsActor(downloadId: string | null): PluginsActor {
  const http = useHttpClient();
  const logic = useMemo(
    () =>
      pluginsMachine.provide(
        createPluginsImplementations({ http, saveFile: (file) => saveFile(file.blob, file.fileName) }),
      ),
    [http],
  );
  return useActorRef(logic, { input: { downloadId } });
}

/** What the user does with the plugin downloads, memoised: views call these and never build events. */
export function usePluginsEvents(actor: PluginsActor) {
  return useMemo(() => {
    const send = (event: PluginsEvent) => actor.send(event);
    return {
      retry: () => send({ type: 'plugins.retry' }),
      download: (pluginId: string) => send({ type: 'plugin.download', id: pluginId }),
    };
  }, [actor]);
}
