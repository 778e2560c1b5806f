import { localBankAccountSchema, localCardSchema, type PaymentMethodKind } from '../../contract/http/billing';

/** The test-mode card as the user types it (the local provider's form). */
export interface CardFields {
  number: string;
  expMonth: string;
  expYear: string;
  cvc: string;
}

/** A US bank account as the user types it (the local provider's form; Stripe asks only for the holder). */
export interface BankAccountFields {
  routingNumber: string;
  accountNumber: string;
  accountHolderName: string;
}

export type CardField = keyof CardFields;
export type BankAccountField = keyof BankAccountFields;

export const emptyCard: CardFields = { number: '', expMonth: '', expYear: '', cvc: '' };
export const emptyBankAccount: BankAccountFields = {
  routingNumber: '',
  accountNumber: '',
  accountHolderName: '',
};

const expiryYearMessage = 'Expiry year must be four digits, like 2030.';
const expiryMonthMessage = 'Expiry month must be 1 to 12.';
const holderNameMessage = 'Account holder name is required.';

/** What the browser checks before a test-mode card is sent (the server checks the same and decides the rest). */
export function cardProblem(card: CardFields): string | null {
  if (!/^\d{1,2}$/.test(card.expMonth.trim())) return expiryMonthMessage;
  if (!/^\d{4}$/.test(card.expYear.trim())) return expiryYearMessage;
  const parsed = localCardSchema.safeParse(card);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? expiryYearMessage);
}

export function bankAccountProblem(bankAccount: BankAccountFields): string | null {
  const parsed = localBankAccountSchema.safeParse(bankAccount);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? holderNameMessage);
}

/** Stripe collects the card or the account itself; only a bank account's holder name is ours to ask. */
export function stripeFieldsProblem(kind: PaymentMethodKind, bankAccount: BankAccountFields): string | null {
  return kind === 'us_bank_account' && bankAccount.accountHolderName.trim() === '' ? holderNameMessage : null;
}
