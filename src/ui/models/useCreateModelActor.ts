import { useActorRef } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import type { ActorRefFrom, EventFrom } from 'xstate';
import { createModelImplementations, createModelMachine } from '../../machines/models/createModelMachine';
import type { AttachableStripeConfirmer } from '../billing/stripeConfirmer';
import { useBillingGatingLogic } from '../billing/useBillingGating';
import { useHttpClient } from '../services/AppServices';

export type CreateModelActor = ActorRefFrom<typeof createModelMachine>;
type CreateModelEvent = EventFrom<typeof createModelMachine>;

export interface CreateModelBinding {
  /** Fixed on an organization's page; null where the user chooses. Read once, when the form opens. */
  organizationId: string | null;
  /** The organizations offered to choose from (null: none to choose); the machine hears when they change. */
  offeredOrganizationIds: readonly string[] | null;
}

/**
 * The new-model machine bound to the app's HTTP client, the router (the new model's history opens next) and
 * the billing gating (its child), with the Stripe port the gating's in-place payment form uses.
 */
export function useCreateModelActor({ organizationId, offeredOrganizationIds }: CreateModelBinding): {
  actor: CreateModelActor;
  stripeConfirmer: AttachableStripeConfirmer;
} {
  const http = useHttpClient();
  const navigate = useNavigate();
  const { gatingLogic, stripeConfirmer } = useBillingGatingLogic();
  const logic = useMemo(
    () =>
      createModelMachine.provide(
        createModelImplementations({
          http,
          modelCreated: (model) => void navigate(`/model/${model._id}/history`),
          billingGating: gatingLogic,
        }),
      ),
    [http, navigate, gatingLogic],
  );
  const actor = useActorRef(logic, { input: { organizationId } });
  useEffect(() => {
    if (offeredOrganizationIds) {
      actor.send({ type: 'organizations.offered', organizationIds: offeredOrganizationIds });
    }
  }, [actor, offeredOrganizationIds]);
  return { actor, stripeConfirmer };
}

/** What the user does in the new-model form, memoised: views call these and never build events. */
export function useCreateModelEvents(actor: CreateModelActor) {
  return useMemo(() => {
    const send = (event: CreateModelEvent) => actor.send(event);
    return {
      changeName: (value: string) => send({ type: 'name.change', value }),
      chooseOrganization: (organizationId: string) => send({ type: 'organization.change', organizationId }),
      create: () => send({ type: 'model.create' }),
      confirmPaid: () => send({ type: 'paid.confirm' }),
      cancelPaid: () => send({ type: 'paid.cancel' }),
    };
  }, [actor]);
}
