import { useActorRef } from '@xstate/react';
import { useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import type { ActorRefFrom, EventFrom } from 'xstate';
import type { Model } from '../../contract/http/models';
import {
  createDeleteModelImplementations,
  deleteModelMachine,
} from '../../machines/model/deleteModelMachine';
import { announceSuccess } from '../auth/announce';
import { useHttpClient } from '../services/AppServices';

export type DeleteModelActor = ActorRefFrom<typeof deleteModelMachine>;
type DeleteModelEvent = EventFrom<typeof deleteModelMachine>;

/** The delete-model machine bound to the app's HTTP client, the toasts and the router (to /models after). */
export function useDeleteModelActor(model: Model): DeleteModelActor {
  const http = useHttpClient();
  const navigate = useNavigate();
  const logic = useMemo(
    () =>
      deleteModelMachine.provide(
        createDeleteModelImplementations({
          http,
          announce: announceSuccess,
          navigateTo: (to) => void navigate(to),
        }),
      ),
    [http, navigate],
  );
  return useActorRef(logic, { input: { model } });
}

/** What the user does on the delete-model form, memoised: views call these and never build events. */
export function useDeleteModelEvents(actor: DeleteModelActor) {
  return useMemo(() => {
    const send = (event: DeleteModelEvent) => actor.send(event);
    return {
      changeConfirmation: (value: string) => send({ type: 'confirmation.change', value }),
      deleteModel: () => send({ type: 'model.delete' }),
    };
  }, [actor]);
}
