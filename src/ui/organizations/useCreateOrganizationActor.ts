import { useActorRef } from '@xstate/react';
import { useEffect, useMemo, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import type { ActorRefFrom, EventFrom } from 'xstate';
import type { Organization } from '../../contract/http/organizations';
import {
  createOrganizationImplementations,
  createOrganizationMachine,
} from '../../machines/organizations/createOrganizationMachine';
import { useHttpClient } from '../services/AppServices';
import { useOrganizationSaved } from './useOrganizationDirectory';

export type CreateOrganizationActor = ActorRefFrom<typeof createOrganizationMachine>;
type CreateOrganizationEvent = EventFrom<typeof createOrganizationMachine>;

export interface CreateOrganizationBinding {
  /** 'open' goes to the new organization's models; 'stay' keeps the user where they are (choosing it next). */
  afterCreate: 'open' | 'stay';
  onCreated?: ((organization: Organization) => void) | undefined;
}

/** The new-organization machine bound to the app's HTTP client, the directory and the router. */
export function useCreateOrganizationActor({
  afterCreate,
  onCreated,
}: CreateOrganizationBinding): CreateOrganizationActor {
  const http = useHttpClient();
  const navigate = useNavigate();
  const organizationSaved = useOrganizationSaved();
  // The machine is made once; the latest callback is read when an organization is created.
  const onCreatedRef = useRef(onCreated);
  useEffect(() => {
    onCreatedRef.current = onCreated;
  }, [onCreated]);
  const logic = useMemo(
    () =>
      createOrganizationMachine.provide(
        createOrganizationImplementations({
          http,
          organizationCreated: (organization) => {
            organizationSaved(organization);
            onCreatedRef.current?.(organization);
            if (afterCreate === 'open') void navigate(`/organizations/${organization._id}/models`);
          },
        }),
      ),
    [http, navigate, organizationSaved, afterCreate],
  );
  return useActorRef(logic);
}

/** What the user does in the new-organization form, memoised: views call these and never build events. */
export function useCreateOrganizationEvents(actor: CreateOrganizationActor) {
  return useMemo(() => {
    const send = (event: CreateOrganizationEvent) => actor.send(event);
    return {
      changeName: (value: string) => send({ type: 'name.change', value }),
      create: () => send({ type: 'organization.create' }),
    };
  }, [actor]);
}
