import { useActorRef } from '@xstate/react';
import { useMemo } from 'react';
import type { ActorRefFrom, EventFrom } from 'xstate';
import { createDetailsImplementations, detailsMachine } from '../../machines/organizations/detailsMachine';
import { announceSuccess } from '../auth/announce';
import { useHttpClient } from '../services/AppServices';
import { useOrganizationSaved } from './useOrganizationDirectory';

export type OrganizationDetailsActor = ActorRefFrom<typeof detailsMachine>;
type OrganizationDetailsEvent = EventFrom<typeof detailsMachine>;

/** The organization details machine bound to the app's HTTP client, toasts and directory, for one organization. */
export function useOrganizationDetailsActor(organizationId: string): OrganizationDetailsActor {
  const http = useHttpClient();
  const organizationSaved = useOrganizationSaved();
  const logic = useMemo(
    () => detailsMachine.provide(createDetailsImplementations({ http, announceSuccess, organizationSaved })),
    [http, organizationSaved],
  );
  return useActorRef(logic, { input: { organizationId } });
}

/** What the user does on the organization details form, memoised: views call these and never build events. */
export function useOrganizationDetailsEvents(actor: OrganizationDetailsActor) {
  return useMemo(() => {
    const send = (event: OrganizationDetailsEvent) => actor.send(event);
    return {
      retry: () => send({ type: 'organization.retry' }),
      changeName: (value: string) => send({ type: 'name.change', value }),
      chooseBillingAdministrator: (userId: string) => send({ type: 'billingAdministrator.change', userId }),
      save: () => send({ type: 'details.save' }),
    };
  }, [actor]);
}
