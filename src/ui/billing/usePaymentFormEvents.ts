import { useMemo } from 'react';
import type { ActorRefFrom, EventFrom } from 'xstate';
import type { paymentMethodFormMachine } from '../../machines/billing/paymentMethodFormMachine';
import type { BankAccountField, CardField } from '../../machines/billing/paymentFields';

/** The payment method form: a child of the billing settings or gating machine, which start it. */
export type PaymentFormActor = ActorRefFrom<typeof paymentMethodFormMachine>;

/** What the user does in the payment method form, memoised: views call these and never build events. */
export function usePaymentFormEvents(actor: PaymentFormActor) {
  return useMemo(() => {
    const send = (event: EventFrom<typeof paymentMethodFormMachine>) => actor.send(event);
    return {
      changeCard: (field: CardField, value: string) => send({ type: 'card.change', field, value }),
      changeBankAccount: (field: BankAccountField, value: string) =>
        send({ type: 'bankAccount.change', field, value }),
      submit: () => send({ type: 'paymentMethod.submit' }),
    };
  }, [actor]);
}
