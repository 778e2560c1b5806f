import { useActorRef } from '@xstate/react';
import { useMemo } from 'react';
import type { ActorRefFrom, EventFrom } from 'xstate';
import type { BillingCycle, PaymentMethodKind } from '../../contract/http/billing';
import {
  billingSettingsMachine,
  createBillingSettingsImplementations,
} from '../../machines/billing/billingSettingsMachine';
import { announceSuccess } from '../auth/announce';
import { useOrganizationSaved } from '../organizations/useOrganizationDirectory';
import { useHttpClient } from '../services/AppServices';
import { createStripeConfirmer, type AttachableStripeConfirmer } from './stripeConfirmer';

export type BillingSettingsActor = ActorRefFrom<typeof billingSettingsMachine>;
type BillingSettingsEvent = EventFrom<typeof billingSettingsMachine>;

/**
 * The billing settings machine bound to the app's HTTP client, the toasts, the organization directory and the
 * Stripe port (also handed to its payment form), started for one organization.
 */
export function useBillingSettingsActor(organizationId: string): {
  actor: BillingSettingsActor;
  stripeConfirmer: AttachableStripeConfirmer;
} {
  const http = useHttpClient();
  const organizationSaved = useOrganizationSaved();
  const stripeConfirmer = useMemo(() => createStripeConfirmer(), []);
  const logic = useMemo(
    () =>
      billingSettingsMachine.provide(
        createBillingSettingsImplementations({
          http,
          announceSuccess,
          organizationSaved,
          stripe: stripeConfirmer,
        }),
      ),
    [http, organizationSaved, stripeConfirmer],
  );
  const actor = useActorRef(logic, { input: { organizationId } });
  return { actor, stripeConfirmer };
}

/** What the user does on the billing settings page, memoised: views call these and never build events. */
export function useBillingSettingsEvents(actor: BillingSettingsActor) {
  return useMemo(() => {
    const send = (event: BillingSettingsEvent) => actor.send(event);
    return {
      retry: () => send({ type: 'billing.retry' }),
      addPaymentMethod: (kind: PaymentMethodKind) => send({ type: 'paymentMethod.add', kind }),
      cancelPaymentMethod: () => send({ type: 'paymentMethod.cancel' }),
      removePaymentMethod: (paymentMethodId: string) =>
        send({ type: 'paymentMethod.remove', paymentMethodId }),
      confirmRemoval: () => send({ type: 'removal.confirm' }),
      cancelRemoval: () => send({ type: 'removal.cancel' }),
      startVerification: (paymentMethodId: string) => send({ type: 'verification.start', paymentMethodId }),
      changeVerificationAmount: (index: 0 | 1, value: string) =>
        send({ type: 'verification.amount', index, value }),
      submitVerification: () => send({ type: 'verification.submit' }),
      cancelVerification: () => send({ type: 'verification.cancel' }),
      changeCycle: (cycle: BillingCycle) => send({ type: 'cycle.change', cycle }),
      /** '' gives the role back to the owner. */
      changeBillingAdministrator: (userId: string) => send({ type: 'billingAdministrator.change', userId }),
      saveBillingAdministrator: () => send({ type: 'billingAdministrator.save' }),
    };
  }, [actor]);
}
