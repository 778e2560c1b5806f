import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { localTestBankAccount, localTestCards } from '../../contract/http/billing';
import {
  selectBankAccount,
  selectCard,
  selectPaymentFormBusy,
  selectPaymentKind,
} from '../../machines/billing/paymentFormSelectors';
import type { paymentMethodFormMachine } from '../../machines/billing/paymentMethodFormMachine';

type PaymentFormActor = ActorRefFrom<typeof paymentMethodFormMachine>;

const grouped = (digits: string) => digits.replace(/(\d{4})(?=\d)/g, '$1 ');

/** The banner every test-mode form carries: nothing here is charged, nothing leaves our server. */
export function TestModeBanner() {
  return (
    <p className="form-message form-message--notice" role="note">
      <strong>Test mode — no real charges (local payment provider)</strong>
    </p>
  );
}

/**
 * The local payment provider's form (the documented offline test mode): a test card or the ACH test account,
 * sent to our server, which stores it and contacts nobody.
 */
export function LocalCardForm({ actor }: { actor: PaymentFormActor }) {
  const kind = useSelector(actor, selectPaymentKind);
  const card = useSelector(actor, selectCard);
  const bankAccount = useSelector(actor, selectBankAccount);
  const busy = useSelector(actor, selectPaymentFormBusy);

  return (
    <>
      <TestModeBanner />
      {kind === 'card' ? (
        <>
          <p className="form-hint">
            Test card {grouped(localTestCards.succeeds)} with any future expiry and any CVC is accepted;{' '}
            {grouped(localTestCards.declined)} is declined.
          </p>
          <label className="form__field">
            <span>Card number</span>
            <input
              name="cardNumber"
              inputMode="numeric"
              autoComplete="off"
              value={card.number}
              readOnly={busy}
              onChange={(event) =>
                actor.send({ type: 'card.change', field: 'number', value: event.target.value })
              }
            />
          </label>
          <label className="form__field">
            <span>Expiry month</span>
            <input
              name="expMonth"
              inputMode="numeric"
              placeholder="MM"
              value={card.expMonth}
              readOnly={busy}
              onChange={(event) =>
                actor.send({ type: 'card.change', field: 'expMonth', value: event.target.value })
              }
            />
          </label>
          <label className="form__field">
            <span>Expiry year</span>
            <input
              name="expYear"
              inputMode="numeric"
              placeholder="YYYY"
              value={card.expYear}
              readOnly={busy}
              onChange={(event) =>
                actor.send({ type: 'card.change', field: 'expYear', value: event.target.value })
              }
            />
          </label>
          <label className="form__field">
            <span>CVC</span>
            <input
              name="cvc"
              inputMode="numeric"
              autoComplete="off"
              value={card.cvc}
              readOnly={busy}
              onChange={(event) =>
                actor.send({ type: 'card.change', field: 'cvc', value: event.target.value })
              }
            />
          </label>
        </>
      ) : (
        <>
          <p className="form-hint">
            Test account: routing number {localTestBankAccount.routingNumber}, account number{' '}
            {localTestBankAccount.accountNumber}. Verify it afterwards with the micro-deposits{' '}
            {localTestBankAccount.microDepositAmounts.join(' and ')} cents.
          </p>
          <AccountHolderField actor={actor} />
          <label className="form__field">
            <span>Routing number</span>
            <input
              name="routingNumber"
              inputMode="numeric"
              value={bankAccount.routingNumber}
              readOnly={busy}
              onChange={(event) =>
                actor.send({ type: 'bankAccount.change', field: 'routingNumber', value: event.target.value })
              }
            />
          </label>
          <label className="form__field">
            <span>Account number</span>
            <input
              name="accountNumber"
              inputMode="numeric"
              value={bankAccount.accountNumber}
              readOnly={busy}
              onChange={(event) =>
                actor.send({ type: 'bankAccount.change', field: 'accountNumber', value: event.target.value })
              }
            />
          </label>
        </>
      )}
    </>
  );
}

/** The bank account holder: asked by both providers (Stripe needs it for its bank account collection). */
export function AccountHolderField({ actor }: { actor: PaymentFormActor }) {
  const bankAccount = useSelector(actor, selectBankAccount);
  const busy = useSelector(actor, selectPaymentFormBusy);
  return (
    <label className="form__field">
      <span>Account holder name</span>
      <input
        name="accountHolderName"
        autoComplete="name"
        value={bankAccount.accountHolderName}
        readOnly={busy}
        onChange={(event) =>
          actor.send({ type: 'bankAccount.change', field: 'accountHolderName', value: event.target.value })
        }
      />
    </label>
  );
}
