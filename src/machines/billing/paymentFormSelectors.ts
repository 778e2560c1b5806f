import type { SnapshotFrom } from 'xstate';
import type { paymentMethodFormMachine } from './paymentMethodFormMachine';

type PaymentFormSnapshot = SnapshotFrom<typeof paymentMethodFormMachine>;

export const selectPaymentKind = (snapshot: PaymentFormSnapshot) => snapshot.context.kind;
export const selectPaymentFormProvider = (snapshot: PaymentFormSnapshot) => snapshot.context.provider;
export const selectCard = (snapshot: PaymentFormSnapshot) => snapshot.context.card;
export const selectBankAccount = (snapshot: PaymentFormSnapshot) => snapshot.context.bankAccount;
export const selectPaymentFormError = (snapshot: PaymentFormSnapshot) => snapshot.context.error;
export const selectPaymentFormBusy = (snapshot: PaymentFormSnapshot) => snapshot.hasTag('busy');
