import { useActorRef } from '@xstate/react';
import { useMemo } from 'react';
import { createModelPageImplementations, modelPageMachine } from '../../machines/model/modelMachine';
import { useAppServices } from '../services/AppServices';
import type { ModelPageActor } from './ModelPageContext';

/**
 * The model page machine for one model, bound to the app's HTTP client and live feed; the page's screens reach
 * it through ModelPageProvider and call its intents from useModelPageEvents.
 */
export function useModelPageActor(modelId: string): ModelPageActor {
  const { http, realtime } = useAppServices();
  const logic = useMemo(
    () => modelPageMachine.provide(createModelPageImplementations({ http, realtime })),
    [http, realtime],
  );
  return useActorRef(logic, { input: { modelId } });
}
