import { useActorRef } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import type { ViewerInput } from '../../machines/viewer/types';
import { createViewerImplementations, viewerMachine } from '../../machines/viewer/viewerMachine';
import { announceSuccess } from '../auth/announce';
import { useAppServices } from '../services/AppServices';
import type { ViewerActor } from './ViewerContext';

/**
 * The viewer machine bound to the app's HTTP client, live feed and toasts, started for one model (its input is
 * read once, when the screen opens); the model page's versions follow it when they change. The screen's parts
 * reach it through ViewerProvider and call its intents from useViewerEvents.
 */
export function useViewerActor(input: ViewerInput): ViewerActor {
  const { http, realtime } = useAppServices();
  const logic = useMemo(
    () => viewerMachine.provide(createViewerImplementations({ http, realtime, announce: announceSuccess })),
    [http, realtime],
  );
  const actor = useActorRef(logic, { input });
  const { versions } = input;
  useEffect(() => {
    actor.send({ type: 'versions.updated', versions });
  }, [actor, versions]);
  return actor;
}
