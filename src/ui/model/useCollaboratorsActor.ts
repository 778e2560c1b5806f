import { useActorRef } from '@xstate/react';
import { useMemo } from 'react';
import type { ActorRefFrom, EventFrom } from 'xstate';
import type { Model, ModelRole } from '../../contract/http/models';
import {
  collaboratorsMachine,
  createCollaboratorsImplementations,
} from '../../machines/model/collaboratorsMachine';
import { useModelFormDependencies } from './useModelFormDependencies';

export type CollaboratorsActor = ActorRefFrom<typeof collaboratorsMachine>;
type CollaboratorsEvent = EventFrom<typeof collaboratorsMachine>;

/** The model's collaborators machine for one model, bound through the model page's form dependencies. */
export function useCollaboratorsActor(model: Model): CollaboratorsActor {
  const deps = useModelFormDependencies();
  const logic = useMemo(() => collaboratorsMachine.provide(createCollaboratorsImplementations(deps)), [deps]);
  return useActorRef(logic, { input: { model } });
}

/** What the model's admins do with its people, memoised: views call these and never build events. */
export function useCollaboratorsEvents(actor: CollaboratorsActor) {
  return useMemo(() => {
    const send = (event: CollaboratorsEvent) => actor.send(event);
    return {
      changeInviteEmail: (value: string) => send({ type: 'invite.emailChange', value }),
      changeInviteRole: (value: ModelRole) => send({ type: 'invite.roleChange', value }),
      invite: () => send({ type: 'invite.submit' }),
      changeRole: (userId: string, role: ModelRole) =>
        send({ type: 'collaborator.changeRole', userId, role }),
      remove: (userId: string) => send({ type: 'collaborator.remove', userId }),
    };
  }, [actor]);
}

export type CollaboratorsEvents = ReturnType<typeof useCollaboratorsEvents>;
