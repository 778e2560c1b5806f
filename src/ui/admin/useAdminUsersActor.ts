import { useActorRef } from '@xstate/react';
import { useMemo } from 'react';
import type { ActorRefFrom, EventFrom } from 'xstate';
import { adminUsersMachine, createAdminUsersImplementations } from '../../machines/admin/adminUsersMachine';
import { announceSuccess } from '../auth/announce';
import { useHttpClient } from '../services/AppServices';

export type AdminUsersActor = ActorRefFrom<typeof adminUsersMachine>;
type AdminUsersEvent = EventFrom<typeof adminUsersMachine>;

/** One admin users actor per screen (/admin/profile, /admin/testingGroups). */
export function useAdminUsersActor(): AdminUsersActor {
  const http = useHttpClient();
  const logic = useMemo(
    () => adminUsersMachine.provide(createAdminUsersImplementations(http, announceSuccess)),
    [http],
  );
  return useActorRef(logic, { input: {} });
}

/** What an internal admin does with the users list, memoised: views call these and never build events. */
export function useAdminUsersEvents(actor: AdminUsersActor) {
  return useMemo(() => {
    const send = (event: AdminUsersEvent) => actor.send(event);
    return {
      changeSearch: (value: string) => send({ type: 'search.change', value }),
      /** A blank search lists everyone again; anything else is a typo-tolerant search. */
      search: () => send({ type: 'search.submit' }),
      clearSearch: () => send({ type: 'search.clear' }),
      nextPage: () => send({ type: 'page.next' }),
      previousPage: () => send({ type: 'page.previous' }),
      retry: () => send({ type: 'list.retry' }),
      changeTestingGroup: (userId: string, value: string) =>
        send({ type: 'testingGroup.change', userId, value }),
      saveTestingGroup: (userId: string) => send({ type: 'testingGroup.save', userId }),
    };
  }, [actor]);
}
