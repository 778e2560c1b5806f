import { useActorRef } from '@xstate/react';
import { useMemo } from 'react';
import { createPluginsImplementations, pluginsMachine } from '../../machines/plugins/pluginsMachine';
import { useHttpClient } from '../services/AppServices';
import { saveFile } from '../model/saveFile';

/** The Get Plugins actor of one screen, bound to the HTTP client and the browser's download. */
export function usePluginsActor(downloadId: string | null) {
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
