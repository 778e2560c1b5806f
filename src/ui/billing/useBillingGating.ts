import { useMemo } from 'react';
import type { ActorRefFrom, EventFrom } from 'xstate';
import {
  billingGatingMachine,
  createBillingGatingImplementations,
} from '../../machines/billing/billingGatingMachine';
import { useAppServices } from '../services/AppServices';
import { announceSuccess } from '../auth/announce';
import { createStripeConfirmer } from './stripeConfirmer';

/**
 * The billing gating statechart bound to the server, the live feed and the toasts, for a screen that makes
 * models (it invokes the machine as a child), with the Stripe port its in-place payment form uses.
 */
export function useBillingGatingLogic() {
  const { http, realtime } = useAppServices();
  const stripeConfirmer = useMemo(() => createStripeConfirmer(), []);
  const gatingLogic = useMemo(
    () =>
      billingGatingMachine.provide(
        createBillingGatingImplementations({ http, realtime, announceSuccess, stripe: stripeConfirmer }),
      ),
    [http, realtime, stripeConfirmer],
  );
  return { gatingLogic, stripeConfirmer };
}

/** What the user does in the gating notice, memoised: views call these and never build events. */
export function useBillingGatingEvents(gating: ActorRefFrom<typeof billingGatingMachine>) {
  return useMemo(() => {
    const send = (event: EventFrom<typeof billingGatingMachine>) => gating.send(event);
    return {
      addPaymentMethod: () => send({ type: 'paymentMethod.add' }),
      cancelPaymentMethod: () => send({ type: 'paymentMethod.cancel' }),
    };
  }, [gating]);
}
