import { useActorRef } from '@xstate/react';
import { useMemo } from 'react';
import type { ActorRefFrom, EventFrom } from 'xstate';
import {
  createExportImplementations,
  exportMachine,
  type ExportFormat,
  type ExportInput,
} from '../../machines/model/exportMachine';
import { useAppServices } from '../services/AppServices';
import { saveFile } from './saveFile';

export type ExportActor = ActorRefFrom<typeof exportMachine>;
type ExportEvent = EventFrom<typeof exportMachine>;

/**
 * The export machine bound to the app's HTTP client, live feed (the DXF drawing's job) and the browser's
 * download; its input is read once, when the form opens, and later choices reach it as intents.
 */
export function useExportActor(input: ExportInput): ExportActor {
  const { http, realtime } = useAppServices();
  const logic = useMemo(
    () =>
      exportMachine.provide(
        createExportImplementations({
          http,
          realtime,
          saveFile: (file) => saveFile(file.blob, file.fileName),
        }),
      ),
    [http, realtime],
  );
  return useActorRef(logic, { input });
}

/** What the user does on the export form, memoised: views call these and never build events. */
export function useExportEvents(actor: ExportActor) {
  return useMemo(() => {
    const send = (event: ExportEvent) => actor.send(event);
    return {
      chooseVersion: (versionId: string) => send({ type: 'version.choose', versionId }),
      chooseFormat: (format: ExportFormat) => send({ type: 'format.choose', format }),
      download: () => send({ type: 'export.download' }),
      retryCertificate: () => send({ type: 'certificate.retry' }),
    };
  }, [actor]);
}
