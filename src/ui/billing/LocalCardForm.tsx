import { useSelector } from '@xstate/react';
import { localTestBankAccount, localTestCards } from '../../contract/http/billing';
import {
  selectBankAccount,
  selectCard,
  selectPaymentFormBusy,
  selectPaymentKind,
} from '../../machines/billing/paymentFormSelectors';
import { usePaymentFormEvents, type PaymentFormActor } from './usePaymentFormEvents';

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
  const form = usePaymentFormEvents(actor);
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
          <NumericField
            label="Card number"
            name="cardNumber"
            value={card.number}
            busy={busy}
            onValue={(value) => form.changeCard('number', value)}
          />
          <NumericField
            label="Expiry month"
            name="expMonth"
            placeholder="MM"
            value={card.expMonth}
            busy={busy}
            onValue={(value) => form.changeCard('expMonth', value)}
          />
          <NumericField
            label="Expiry year"
            name="expYear"
            placeholder="YYYY"
            value={card.expYear}
            busy={busy}
            onValue={(value) => form.changeCard('expYear', value)}
          />
          <NumericField
            label="CVC"
            name="cvc"
            value={card.cvc}
            busy={busy}
            onValue={(value) => form.changeCard('cvc', value)}
          />
        </>
      ) : (
        <>
          <p className="form-hint">
            Test account: routing number {localTestBankAccount.routingNumber}, account number{' '}
            {localTestBankAccount.accountNumber}. Verify it afterwards with the micro-deposits{' '}
            {localTestBankAccount.microDepositAmounts.join(' and ')} cents.
          </p>
          <AccountHolderField actor={actor} />
          <NumericField
            label="Routing number"
            name="routingNumber"
            value={bankAccount.routingNumber}
            busy={busy}
            onValue={(value) => form.changeBankAccount('routingNumber', value)}
          />
          <NumericField
            label="Account number"
            name="accountNumber"
            value={bankAccount.accountNumber}
            busy={busy}
            onValue={(value) => form.changeBankAccount('accountNumber', value)}
          />
        </>
      )}
    </>
  );
}

/** A digits field of the test-mode form; never autofilled, since these are test numbers, not the user's. */
function NumericField(props: {
  label: string;
  name: string;
  value: string;
  busy: boolean;
  placeholder?: string;
  onValue: (value: string) => void;
}) {
  return (
    <label className="form__field">
      <span>{props.label}</span>
      <input
        name={props.name}
        inputMode="numeric"
        autoComplete="off"
        value={props.value}
        readOnly={props.busy}
        {...(props.placeholder ? { placeholder: props.placeholder } : {})}
        onChange={(event) => props.onValue(event.target.value)}
      />
    </label>
  );
}

/** The bank account holder: asked by both providers (Stripe needs it for its bank account collection). */
export function AccountHolderField({ actor }: { actor: PaymentFormActor }) {
  const form = usePaymentFormEvents(actor);
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
        onChange={(event) => form.changeBankAccount('accountHolderName', event.target.value)}
      />
    </label>
  );
}
