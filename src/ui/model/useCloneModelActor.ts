import { useActorRef } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import type { ActorRefFrom, EventFrom } from 'xstate';
import type { Model } from '../../contract/http/models';
import { cloneModelMachine, createCloneModelImplementations } from '../../machines/model/cloneModelMachine';
import type { AttachableStripeConfirmer } from '../billing/stripeConfirmer';
import { useBillingGatingLogic } from '../billing/useBillingGating';
import { useHttpClient } from '../services/AppServices';

export type CloneModelActor = ActorRefFrom<typeof cloneModelMachine>;
type CloneModelEvent = EventFrom<typeof cloneModelMachine>;

export interface CloneModelBinding {
  /** The model to copy; read once, when the form opens. */
  model: Model;
  /** The organizations the copy may go to, once known (null until then); the machine hears when they change. */
  offeredOrganizationIds: readonly string[] | null;
}

/**
 * The clone machine bound to the app's HTTP client, the router (the copy's history opens next) and the billing
 * gating (its child), with the Stripe port the gating's in-place payment form uses.
 */
export function useCloneModelActor({ model, offeredOrganizationIds }: CloneModelBinding): {
  actor: CloneModelActor;
  stripeConfirmer: AttachableStripeConfirmer;
} {
  const http = useHttpClient();
  const navigate = useNavigate();
  const { gatingLogic, stripeConfirmer } = useBillingGatingLogic();
  const logic = useMemo(
    () =>
      cloneModelMachine.provide(
        createCloneModelImplementations({
          http,
          modelCloned: (clone) => void navigate(`/model/${clone._id}/history`),
          billingGating: gatingLogic,
        }),
      ),
    [http, navigate, gatingLogic],
  );
  const actor = useActorRef(logic, { input: { model } });
  useEffect(() => {
    if (offeredOrganizationIds) {
      actor.send({ type: 'organizations.offered', organizationIds: offeredOrganizationIds });
    }
  }, [actor, offeredOrganizationIds]);
  return { actor, stripeConfirmer };
}

/** What the user does in the clone form, memoised: views call these and never build events. */
export function useCloneModelEvents(actor: CloneModelActor) {
  return useMemo(() => {
    const send = (event: CloneModelEvent) => actor.send(event);
    return {
      changeName: (value: string) => send({ type: 'name.change', value }),
      chooseOrganization: (organizationId: string) => send({ type: 'organization.change', organizationId }),
      clone: () => send({ type: 'model.clone' }),
      confirmPaid: () => send({ type: 'paid.confirm' }),
      cancelPaid: () => send({ type: 'paid.cancel' }),
    };
  }, [actor]);
}
