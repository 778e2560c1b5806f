import { useActorRef } from '@xstate/react';
import { useMemo } from 'react';
import type { ActorRefFrom, EventFrom } from 'xstate';
import {
  adminOrganizationsMachine,
  createAdminOrganizationsImplementations,
} from '../../machines/admin/adminOrganizationsMachine';
import { useHttpClient } from '../services/AppServices';

export type AdminOrganizationsActor = ActorRefFrom<typeof adminOrganizationsMachine>;
type AdminOrganizationsEvent = EventFrom<typeof adminOrganizationsMachine>;

/** The internal admins' organization list (/admin/organizations), bound to the app's HTTP client. */
export function useAdminOrganizationsActor(): AdminOrganizationsActor {
  const http = useHttpClient();
  const logic = useMemo(
    () => adminOrganizationsMachine.provide(createAdminOrganizationsImplementations(http)),
    [http],
  );
  return useActorRef(logic, { input: {} });
}

/** What an admin does with the organization list, memoised: views call these and never build events. */
export function useAdminOrganizationsEvents(actor: AdminOrganizationsActor) {
  return useMemo(() => {
    const send = (event: AdminOrganizationsEvent) => actor.send(event);
    return {
      retry: () => send({ type: 'list.retry' }),
      previousPage: () => send({ type: 'page.previous' }),
      nextPage: () => send({ type: 'page.next' }),
    };
  }, [actor]);
}
