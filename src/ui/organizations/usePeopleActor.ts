import { useActorRef } from '@xstate/react';
import { useMemo } from 'react';
import type { ActorRefFrom, EventFrom } from 'xstate';
import type { OrganizationRole } from '../../contract/http/organizations';
import {
  createPeopleImplementations,
  peopleMachine,
  type InviteField,
} from '../../machines/organizations/peopleMachine';
import { announceSuccess } from '../auth/announce';
import { useHttpClient } from '../services/AppServices';
import { useOrganizationSaved } from './useOrganizationDirectory';

export type PeopleActor = ActorRefFrom<typeof peopleMachine>;
type PeopleEvent = EventFrom<typeof peopleMachine>;

/** The organization people machine bound to the app's HTTP client, toasts and directory, for one organization. */
export function usePeopleActor(organizationId: string): PeopleActor {
  const http = useHttpClient();
  const organizationSaved = useOrganizationSaved();
  const logic = useMemo(
    () => peopleMachine.provide(createPeopleImplementations({ http, announceSuccess, organizationSaved })),
    [http, organizationSaved],
  );
  return useActorRef(logic, { input: { organizationId } });
}

/** What the user does on the people screen, memoised: views call these and never build events. */
export function usePeopleEvents(actor: PeopleActor) {
  return useMemo(() => {
    const send = (event: PeopleEvent) => actor.send(event);
    return {
      changeInvite: (field: InviteField, value: string) => send({ type: 'invite.field', field, value }),
      chooseInviteRole: (role: OrganizationRole) => send({ type: 'invite.role', role }),
      invite: () => send({ type: 'invite.submit' }),
      cancelInvite: () => send({ type: 'invite.cancel' }),
      changeRole: (userId: string, role: OrganizationRole) => send({ type: 'role.change', userId, role }),
      remove: (userId: string) => send({ type: 'collaborator.remove', userId }),
      confirmRemoval: () => send({ type: 'removal.confirm' }),
      cancelRemoval: () => send({ type: 'removal.cancel' }),
      retry: () => send({ type: 'organization.retry' }),
    };
  }, [actor]);
}
