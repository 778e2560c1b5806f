import { useActorRef } from '@xstate/react';
import { useMemo } from 'react';
import type { ActorRefFrom, EventFrom } from 'xstate';
import {
  createModelListImplementations,
  modelListMachine,
  type ModelSort,
} from '../../machines/models/modelListMachine';
import { useAppServices } from '../services/AppServices';

export type ModelListActor = ActorRefFrom<typeof modelListMachine>;
type ModelListEvent = EventFrom<typeof modelListMachine>;

/**
 * One model list actor per screen: /models and the dashboard (organizationId null), or one organization's; it
 * follows the live socket's events while the screen is open.
 */
export function useModelListActor(organizationId: string | null): ModelListActor {
  const { http, realtime } = useAppServices();
  const logic = useMemo(
    () => modelListMachine.provide(createModelListImplementations(http, realtime)),
    [http, realtime],
  );
  return useActorRef(logic, { input: { organizationId } });
}

/** What the user does with a model list, memoised: views call these and never build events. */
export function useModelListEvents(actor: ModelListActor) {
  return useMemo(() => {
    const send = (event: ModelListEvent) => actor.send(event);
    return {
      reload: () => send({ type: 'models.reload' }),
      search: (value: string) => send({ type: 'search.change', value }),
      sortBy: (sort: ModelSort) => send({ type: 'sort.change', sort }),
    };
  }, [actor]);
}
