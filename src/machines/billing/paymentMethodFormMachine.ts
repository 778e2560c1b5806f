import { assign, fromPromise, setup } from 'xstate';
import { addPaymentMethod, createSetupIntent } from '../../api/billing';
import type { ApiResult, HttpClient } from '../../api/types';
import { messages } from '../../contract/errors';
import {
  localBankAccountSchema,
  localCardSchema,
  type AddPaymentMethodBody,
  type PaymentMethodChangedResponse,
  type PaymentMethodKind,
  type PaymentProviderName,
  type SetupIntentResponse,
} from '../../contract/http/billing';
import { failureMessage } from '../auth/failureMessage';
import { promisePlaceholder } from '../auth/placeholders';
import {
  bankAccountProblem,
  cardProblem,
  emptyBankAccount,
  emptyCard,
  stripeFieldsProblem,
  type BankAccountField,
  type BankAccountFields,
  type CardField,
  type CardFields,
} from './paymentFields';

export interface PaymentMethodFormInput {
  organizationId: string;
  provider: PaymentProviderName;
  kind?: PaymentMethodKind;
}

export type PaymentMethodFormEvent =
  | { type: 'card.change'; field: CardField; value: string }
  | { type: 'bankAccount.change'; field: BankAccountField; value: string }
  | { type: 'kind.change'; kind: PaymentMethodKind }
  | { type: 'paymentMethod.submit' };

export interface PaymentMethodFormContext {
  organizationId: string;
  provider: PaymentProviderName;
  kind: PaymentMethodKind;
  card: CardFields;
  bankAccount: BankAccountFields;
  /** The SetupIntent Stripe.js confirms (Stripe only). */
  setupIntent: SetupIntentResponse | null;
  /** What the server answered once the method is on file: the form's output. */
  result: PaymentMethodChangedResponse | null;
  error: string | null;
}

/** Stripe.js confirming a SetupIntent with what the user entered in Stripe Elements (bound by the view). */
export interface StripeConfirmInput {
  kind: PaymentMethodKind;
  clientSecret: string;
  accountHolderName: string;
}
export type StripeConfirmResult = { ok: true; setupIntentId: string } | { ok: false; message: string };

export interface StripeSetupConfirmer {
  confirm(input: StripeConfirmInput): Promise<StripeConfirmResult>;
}

export type PaymentMethodFormTag = 'form' | 'busy';

type Changed = ApiResult<PaymentMethodChangedResponse>;

/** The body a test-mode submission sends: the fields as the contract parses them (digits only, numbers). */
export function localPaymentMethodBody(context: PaymentMethodFormContext): AddPaymentMethodBody {
  return context.kind === 'card'
    ? { card: localCardSchema.parse(context.card) }
    : { bankAccount: localBankAccountSchema.parse(context.bankAccount) };
}

function problemOf(context: PaymentMethodFormContext): string | null {
  if (context.provider === 'stripe') return stripeFieldsProblem(context.kind, context.bankAccount);
  return context.kind === 'card' ? cardProblem(context.card) : bankAccountProblem(context.bankAccount);
}

/**
 * Adding one payment method: a card or a US bank account (ACH). With the local test provider the fields are sent
 * to our server; with Stripe the server makes a SetupIntent, Stripe.js confirms it with Stripe Elements (the card
 * never touches our server), then the server reads the confirmed SetupIntent. Ends (final) with the server's
 * answer as output; the billing page and the gating statechart invoke it and say 'Payment method added'.
 */
export const paymentMethodFormMachine = setup({
  types: {
    context: {} as PaymentMethodFormContext,
    events: {} as PaymentMethodFormEvent,
    input: {} as PaymentMethodFormInput,
    tags: {} as PaymentMethodFormTag,
    output: {} as PaymentMethodChangedResponse | null,
  },
  actors: {
    createSetupIntent: promisePlaceholder<
      ApiResult<SetupIntentResponse>,
      { organizationId: string; kind: PaymentMethodKind }
    >('createSetupIntent'),
    confirmWithStripe: promisePlaceholder<StripeConfirmResult, StripeConfirmInput>('confirmWithStripe'),
    addPaymentMethod: promisePlaceholder<Changed, { organizationId: string; body: AddPaymentMethodBody }>(
      'addPaymentMethod',
    ),
  },
  guards: {
    hasProblem: ({ context }) => problemOf(context) !== null,
    usesStripe: ({ context }) => context.provider === 'stripe',
  },
}).createMachine({
  id: 'paymentMethodForm',
  context: ({ input }) => ({
    organizationId: input.organizationId,
    provider: input.provider,
    kind: input.kind ?? 'card',
    card: emptyCard,
    bankAccount: emptyBankAccount,
    setupIntent: null,
    result: null,
    error: null,
  }),
  output: ({ context }) => context.result,
  initial: 'editing',
  states: {
    editing: {
      tags: ['form'],
      on: {
        'card.change': {
          actions: assign(({ context, event }) => ({
            card: { ...context.card, [event.field]: event.value },
            error: null,
          })),
        },
        'bankAccount.change': {
          actions: assign(({ context, event }) => ({
            bankAccount: { ...context.bankAccount, [event.field]: event.value },
            error: null,
          })),
        },
        'kind.change': { actions: assign(({ event }) => ({ kind: event.kind, error: null })) },
        'paymentMethod.submit': [
          { guard: 'hasProblem', actions: assign(({ context }) => ({ error: problemOf(context) })) },
          { guard: 'usesStripe', target: 'preparingSetupIntent', actions: assign({ error: null }) },
          { target: 'saving', actions: assign({ error: null }) },
        ],
      },
    },
    preparingSetupIntent: {
      tags: ['form', 'busy'],
      invoke: {
        id: 'createSetupIntent',
        src: 'createSetupIntent',
        input: ({ context }) => ({ organizationId: context.organizationId, kind: context.kind }),
        onDone: [
          {
            guard: ({ event }) => event.output.ok,
            target: 'confirmingWithStripe',
            actions: assign(({ event }) => ({ setupIntent: event.output.ok ? event.output.data : null })),
          },
          {
            target: 'editing',
            actions: assign(({ event }) => ({
              error: event.output.ok ? null : failureMessage(event.output),
            })),
          },
        ],
        onError: { target: 'editing', actions: assign({ error: messages.serverNotResponding }) },
      },
    },
    confirmingWithStripe: {
      tags: ['form', 'busy'],
      invoke: {
        id: 'confirmWithStripe',
        src: 'confirmWithStripe',
        input: ({ context }) => ({
          kind: context.kind,
          clientSecret: context.setupIntent?.clientSecret ?? '',
          accountHolderName: context.bankAccount.accountHolderName.trim(),
        }),
        onDone: [
          {
            guard: ({ event }) => event.output.ok,
            target: 'saving',
            actions: assign(({ context, event }) => ({
              setupIntent:
                event.output.ok && context.setupIntent
                  ? { ...context.setupIntent, setupIntentId: event.output.setupIntentId }
                  : context.setupIntent,
            })),
          },
          {
            // Stripe's own words: 'Your card was declined.', an incomplete number, and the like.
            target: 'editing',
            actions: assign(({ event }) => ({ error: event.output.ok ? null : event.output.message })),
          },
        ],
        onError: { target: 'editing', actions: assign({ error: messages.serverNotResponding }) },
      },
    },
    saving: {
      tags: ['form', 'busy'],
      invoke: {
        id: 'addPaymentMethod',
        src: 'addPaymentMethod',
        input: ({ context }) => ({
          organizationId: context.organizationId,
          body:
            context.provider === 'stripe'
              ? { setupIntentId: context.setupIntent?.setupIntentId ?? '' }
              : localPaymentMethodBody(context),
        }),
        onDone: [
          {
            guard: ({ event }) => event.output.ok,
            target: 'added',
            actions: assign(({ event }) => ({ result: event.output.ok ? event.output.data : null })),
          },
          {
            // A declined card is 402 with its reason; the form shows it and keeps what was typed.
            target: 'editing',
            actions: assign(({ event }) => ({
              error: event.output.ok ? null : failureMessage(event.output),
            })),
          },
        ],
        onError: { target: 'editing', actions: assign({ error: messages.serverNotResponding }) },
      },
    },
    added: { type: 'final' },
  },
});

export interface PaymentMethodFormDependencies {
  http: HttpClient;
  /** Stripe.js, bound by the Stripe form once Elements is mounted; unused with the local provider. */
  stripe?: StripeSetupConfirmer;
}

export function createPaymentMethodFormImplementations(deps: PaymentMethodFormDependencies) {
  return {
    actors: {
      createSetupIntent: fromPromise<
        ApiResult<SetupIntentResponse>,
        { organizationId: string; kind: PaymentMethodKind }
      >(({ input }) => createSetupIntent(deps.http, input.organizationId, { kind: input.kind })),
      confirmWithStripe: fromPromise<StripeConfirmResult, StripeConfirmInput>(({ input }) =>
        deps.stripe
          ? deps.stripe.confirm(input)
          : Promise.resolve({ ok: false, message: messages.serverNotResponding }),
      ),
      addPaymentMethod: fromPromise<Changed, { organizationId: string; body: AddPaymentMethodBody }>(
        ({ input }) => addPaymentMethod(deps.http, input.organizationId, input.body),
      ),
    },
  };
}
