import { and, assign, fromPromise, setup } from 'xstate';
import {
  getBilling,
  getBillingQuota,
  getStripeConfig,
  removePaymentMethod,
  updateBillingCycle,
  verifyPaymentMethod,
} from '../../api/billing';
import { getOrganization, updateOrganization } from '../../api/organizations';
import type { ApiResult, HttpClient } from '../../api/types';
import { messages, ownMessages } from '../../contract/errors';
import type {
  BillingCycle,
  BillingResponse,
  PaymentMethodChangedResponse,
  PaymentMethodKind,
  StripeConfigResponse,
} from '../../contract/http/billing';
import type { Organization } from '../../contract/http/organizations';
import { failureMessage } from '../auth/failureMessage';
import { promisePlaceholder, unboundImplementation } from '../auth/placeholders';
import {
  createPaymentMethodFormImplementations,
  paymentMethodFormMachine,
  type StripeSetupConfirmer,
} from './paymentMethodFormMachine';

export type BillingPageLoad =
  /** Only the owner and the billing administrator see billing; nothing more is asked for the others. */
  | { kind: 'notAllowed' }
  | {
      kind: 'loaded';
      billing: BillingResponse;
      organization: Organization;
      paymentSetup: StripeConfigResponse;
    };

export type BillingSettingsEvent =
  | { type: 'billing.retry' }
  | { type: 'paymentMethod.add'; kind: PaymentMethodKind }
  | { type: 'paymentMethod.cancel' }
  | { type: 'paymentMethod.remove'; paymentMethodId: string }
  | { type: 'removal.confirm' }
  | { type: 'removal.cancel' }
  | { type: 'verification.start'; paymentMethodId: string }
  | { type: 'verification.amount'; index: 0 | 1; value: string }
  | { type: 'verification.submit' }
  | { type: 'verification.cancel' }
  | { type: 'cycle.change'; cycle: BillingCycle }
  /** '' gives the role back to the owner. */
  | { type: 'billingAdministrator.change'; userId: string }
  | { type: 'billingAdministrator.save' };

export interface Verification {
  paymentMethodId: string;
  amounts: [string, string];
}

export interface BillingSettingsContext {
  organizationId: string;
  billing: BillingResponse | null;
  organization: Organization | null;
  paymentSetup: StripeConfigResponse | null;
  /** The kind of payment method being added. */
  addKind: PaymentMethodKind;
  /** The payment method waiting for the user to confirm its removal. */
  removalId: string | null;
  verification: Verification | null;
  /** The billing administrator as the owner's select holds it: '' while it is the owner. */
  billingAdministratorId: string;
  /** Why the page could not be loaded. */
  loadError: string | null;
  /** Why the last change was refused: the spec's message when the last payment method is still needed. */
  error: string | null;
}

export type BillingSettingsTag =
  'loading' | 'failed' | 'notAllowed' | 'ready' | 'busy' | 'adding' | 'confirmingRemoval' | 'verifying';

export const verificationAmountsMessage = 'Enter the two amounts in cents, for example 32 and 45.';

/** The two micro-deposits as whole cents, or null while either is not a number from 1 to 99. */
export function verificationAmounts(verification: Verification | null): [number, number] | null {
  if (!verification) return null;
  const cents = verification.amounts.map((amount) => amount.trim());
  if (!cents.every((amount) => /^\d{1,2}$/.test(amount) && Number(amount) >= 1)) return null;
  return [Number(cents[0]), Number(cents[1])];
}

/** The billing administrator as the select holds it: '' while it is the owner (the default). */
export function billingAdministratorChoice(organization: Organization | null): string {
  const id = organization?.billingAdministrator?._id ?? '';
  return id === organization?.owner._id ? '' : id;
}

type Loaded = ApiResult<BillingPageLoad>;
type BillingResult = ApiResult<BillingResponse>;
type OrganizationResult = ApiResult<Organization>;
type Changed = ApiResult<PaymentMethodChangedResponse>;

const errorOf = (output: ApiResult<unknown>) => (output.ok ? null : failureMessage(output));

/**
 * /organizations/{id}/settings/billing: the payment methods (add a card or a US bank account, verify its
 * micro-deposits, remove one: refused with the spec's message while paid models need it), the billing cycle,
 * and, for the owner, the billing administrator. Success toasts: 'Payment method added', 'Payment method
 * removed', 'Billing administrator updated'.
 */
export const billingSettingsMachine = setup({
  types: {
    context: {} as BillingSettingsContext,
    events: {} as BillingSettingsEvent,
    input: {} as { organizationId: string },
    tags: {} as BillingSettingsTag,
    children: {} as { paymentMethodForm: 'paymentMethodForm' },
  },
  actors: {
    loadBillingPage: promisePlaceholder<Loaded, { organizationId: string }>('loadBillingPage'),
    paymentMethodForm: paymentMethodFormMachine,
    removePaymentMethod: promisePlaceholder<
      BillingResult,
      { organizationId: string; paymentMethodId: string }
    >('removePaymentMethod'),
    verifyPaymentMethod: promisePlaceholder<
      Changed,
      { organizationId: string; paymentMethodId: string; amounts: [number, number] }
    >('verifyPaymentMethod'),
    updateCycle: promisePlaceholder<BillingResult, { organizationId: string; cycle: BillingCycle }>(
      'updateCycle',
    ),
    saveBillingAdministrator: promisePlaceholder<
      OrganizationResult,
      { organizationId: string; billingAdministratorId: string | null }
    >('saveBillingAdministrator'),
  },
  actions: {
    announceSuccess: (_, _params: { message: string }) => {
      throw unboundImplementation('announceSuccess');
    },
    /** Hands the changed organization to the directory, so the other screens follow. */
    organizationSaved: (_, _params: { organization: Organization }) => {
      throw unboundImplementation('organizationSaved');
    },
  },
  guards: {
    isOwner: ({ context }) => context.organization?.currentUserRole === 'OWNER',
    billingAdministratorChanged: ({ context }) =>
      context.billingAdministratorId !== billingAdministratorChoice(context.organization),
    amountsAreValid: ({ context }) => verificationAmounts(context.verification) !== null,
    isOtherCycle: ({ context, event }) =>
      event.type === 'cycle.change' && event.cycle !== context.billing?.billingCycle,
  },
}).createMachine({
  id: 'billingSettings',
  context: ({ input }) => ({
    organizationId: input.organizationId,
    billing: null,
    organization: null,
    paymentSetup: null,
    addKind: 'card',
    removalId: null,
    verification: null,
    billingAdministratorId: '',
    loadError: null,
    error: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'loadBillingPage',
        src: 'loadBillingPage',
        input: ({ context }) => ({ organizationId: context.organizationId }),
        onDone: [
          {
            guard: ({ event }) => !event.output.ok,
            target: 'failed',
            actions: assign(({ event }) => ({ loadError: errorOf(event.output) })),
          },
          {
            guard: ({ event }) => event.output.ok && event.output.data.kind === 'notAllowed',
            target: 'notAllowed',
          },
          {
            target: 'ready',
            actions: assign(({ event }) => {
              const page = event.output.ok ? event.output.data : null;
              if (page?.kind !== 'loaded') return {};
              return {
                billing: page.billing,
                organization: page.organization,
                paymentSetup: page.paymentSetup,
                billingAdministratorId: billingAdministratorChoice(page.organization),
                loadError: null,
              };
            }),
          },
        ],
        onError: { target: 'failed', actions: assign({ loadError: messages.serverNotResponding }) },
      },
    },
    failed: {
      tags: ['failed'],
      on: { 'billing.retry': { target: 'loading', actions: assign({ loadError: null }) } },
    },
    notAllowed: { tags: ['notAllowed'] },
    ready: {
      tags: ['ready'],
      initial: 'idle',
      states: {
        idle: {
          on: {
            'paymentMethod.add': {
              target: 'adding',
              actions: assign(({ event }) => ({ addKind: event.kind, error: null })),
            },
            'paymentMethod.remove': {
              target: 'confirmingRemoval',
              actions: assign(({ event }) => ({ removalId: event.paymentMethodId, error: null })),
            },
            'verification.start': {
              target: 'verifying',
              actions: assign(({ event }) => ({
                verification: { paymentMethodId: event.paymentMethodId, amounts: ['', ''] },
                error: null,
              })),
            },
            'cycle.change': {
              guard: 'isOtherCycle',
              target: 'changingCycle',
              actions: assign({ error: null }),
            },
            'billingAdministrator.change': {
              guard: 'isOwner',
              actions: assign(({ event }) => ({ billingAdministratorId: event.userId, error: null })),
            },
            'billingAdministrator.save': {
              guard: and(['isOwner', 'billingAdministratorChanged']),
              target: 'savingBillingAdministrator',
              actions: assign({ error: null }),
            },
          },
        },
        adding: {
          tags: ['adding'],
          on: { 'paymentMethod.cancel': { target: 'idle' } },
          invoke: {
            id: 'paymentMethodForm',
            src: 'paymentMethodForm',
            input: ({ context }) => ({
              organizationId: context.organizationId,
              provider: context.paymentSetup?.provider ?? 'local',
              kind: context.addKind,
            }),
            onDone: {
              target: 'idle',
              actions: [
                assign(({ context, event }) => ({ billing: event.output?.billing ?? context.billing })),
                { type: 'announceSuccess', params: { message: ownMessages.paymentMethodAdded } },
              ],
            },
            onError: { target: 'idle', actions: assign({ error: messages.serverNotResponding }) },
          },
        },
        confirmingRemoval: {
          tags: ['confirmingRemoval'],
          on: {
            'removal.confirm': { target: 'removing' },
            'removal.cancel': { target: 'idle', actions: assign({ removalId: null }) },
          },
        },
        removing: {
          tags: ['busy'],
          invoke: {
            id: 'removePaymentMethod',
            src: 'removePaymentMethod',
            input: ({ context }) => ({
              organizationId: context.organizationId,
              paymentMethodId: context.removalId ?? '',
            }),
            onDone: [
              {
                guard: ({ event }) => event.output.ok,
                target: 'idle',
                actions: [
                  assign(({ context, event }) => ({
                    billing: event.output.ok ? event.output.data : context.billing,
                    removalId: null,
                  })),
                  { type: 'announceSuccess', params: { message: ownMessages.paymentMethodRemoved } },
                ],
              },
              {
                // 409: paid models still need this method (the spec's message), shown where the user looks.
                target: 'idle',
                actions: assign(({ event }) => ({ error: errorOf(event.output), removalId: null })),
              },
            ],
            onError: {
              target: 'idle',
              actions: assign({ error: messages.serverNotResponding, removalId: null }),
            },
          },
        },
        verifying: {
          tags: ['verifying'],
          on: {
            'verification.amount': {
              actions: assign(({ context, event }) => {
                if (!context.verification) return {};
                const amounts: [string, string] = [...context.verification.amounts];
                amounts[event.index] = event.value;
                return { verification: { ...context.verification, amounts }, error: null };
              }),
            },
            'verification.submit': [
              {
                guard: 'amountsAreValid',
                target: 'submittingVerification',
                actions: assign({ error: null }),
              },
              { actions: assign({ error: verificationAmountsMessage }) },
            ],
            'verification.cancel': { target: 'idle', actions: assign({ verification: null, error: null }) },
          },
        },
        submittingVerification: {
          tags: ['verifying', 'busy'],
          invoke: {
            id: 'verifyPaymentMethod',
            src: 'verifyPaymentMethod',
            input: ({ context }) => ({
              organizationId: context.organizationId,
              paymentMethodId: context.verification?.paymentMethodId ?? '',
              amounts: verificationAmounts(context.verification) ?? [0, 0],
            }),
            onDone: [
              {
                guard: ({ event }) => event.output.ok,
                target: 'idle',
                actions: [
                  assign(({ context, event }) => ({
                    billing: event.output.ok ? event.output.data.billing : context.billing,
                    verification: null,
                  })),
                  { type: 'announceSuccess', params: { message: ownMessages.paymentMethodVerified } },
                ],
              },
              { target: 'verifying', actions: assign(({ event }) => ({ error: errorOf(event.output) })) },
            ],
            onError: { target: 'verifying', actions: assign({ error: messages.serverNotResponding }) },
          },
        },
        changingCycle: {
          tags: ['busy'],
          invoke: {
            id: 'updateCycle',
            src: 'updateCycle',
            input: ({ context, event }) => ({
              organizationId: context.organizationId,
              cycle:
                event.type === 'cycle.change' ? event.cycle : (context.billing?.billingCycle ?? 'monthly'),
            }),
            onDone: [
              {
                guard: ({ event }) => event.output.ok,
                target: 'idle',
                actions: [
                  assign(({ context, event }) => ({
                    billing: event.output.ok ? event.output.data : context.billing,
                  })),
                  { type: 'announceSuccess', params: { message: ownMessages.billingCycleUpdated } },
                ],
              },
              { target: 'idle', actions: assign(({ event }) => ({ error: errorOf(event.output) })) },
            ],
            onError: { target: 'idle', actions: assign({ error: messages.serverNotResponding }) },
          },
        },
        savingBillingAdministrator: {
          tags: ['busy'],
          invoke: {
            id: 'saveBillingAdministrator',
            src: 'saveBillingAdministrator',
            input: ({ context }) => ({
              organizationId: context.organizationId,
              billingAdministratorId:
                context.billingAdministratorId === '' ? null : context.billingAdministratorId,
            }),
            onDone: [
              {
                guard: ({ event }) => event.output.ok,
                target: 'idle',
                actions: [
                  assign(({ context, event }) => {
                    const organization = event.output.ok ? event.output.data : context.organization;
                    return { organization, billingAdministratorId: billingAdministratorChoice(organization) };
                  }),
                  {
                    type: 'organizationSaved',
                    params: ({ event }) => {
                      if (!event.output.ok) throw new Error('unreachable: guarded by output.ok');
                      return { organization: event.output.data };
                    },
                  },
                  { type: 'announceSuccess', params: { message: ownMessages.billingAdministratorUpdated } },
                ],
              },
              { target: 'idle', actions: assign(({ event }) => ({ error: errorOf(event.output) })) },
            ],
            onError: { target: 'idle', actions: assign({ error: messages.serverNotResponding }) },
          },
        },
      },
    },
  },
});

/**
 * The page's data: the quota first (every member may read it, and it says whether this user manages billing),
 * then, for the owner and the billing administrator, the overview, the organization and the provider.
 */
export async function loadBillingPage(http: HttpClient, organizationId: string): Promise<Loaded> {
  const quota = await getBillingQuota(http, organizationId);
  if (!quota.ok) return quota;
  if (!quota.data.canManageBilling) return { ok: true, status: quota.status, data: { kind: 'notAllowed' } };
  const [billing, organization, paymentSetup] = await Promise.all([
    getBilling(http, organizationId),
    getOrganization(http, organizationId),
    getStripeConfig(http),
  ]);
  if (!billing.ok) return billing;
  if (!organization.ok) return organization;
  if (!paymentSetup.ok) return paymentSetup;
  return {
    ok: true,
    status: 200,
    data: {
      kind: 'loaded',
      billing: billing.data,
      organization: organization.data,
      paymentSetup: paymentSetup.data,
    },
  };
}

/** DELETE the method, then read the overview as it is without it (DELETE answers 204, no body). */
async function removeAndReload(
  http: HttpClient,
  organizationId: string,
  paymentMethodId: string,
): Promise<BillingResult> {
  const removed = await removePaymentMethod(http, organizationId, paymentMethodId);
  if (!removed.ok) return removed;
  return getBilling(http, organizationId);
}

export interface BillingSettingsDependencies {
  http: HttpClient;
  announceSuccess: (message: string) => void;
  organizationSaved: (organization: Organization) => void;
  /** Stripe.js, bound by the Stripe form once Elements is mounted; unused with the local provider. */
  stripe?: StripeSetupConfirmer;
}

export function createBillingSettingsImplementations(deps: BillingSettingsDependencies) {
  return {
    actors: {
      loadBillingPage: fromPromise<Loaded, { organizationId: string }>(({ input }) =>
        loadBillingPage(deps.http, input.organizationId),
      ),
      paymentMethodForm: paymentMethodFormMachine.provide(
        createPaymentMethodFormImplementations({
          http: deps.http,
          ...(deps.stripe ? { stripe: deps.stripe } : {}),
        }),
      ),
      removePaymentMethod: fromPromise<BillingResult, { organizationId: string; paymentMethodId: string }>(
        ({ input }) => removeAndReload(deps.http, input.organizationId, input.paymentMethodId),
      ),
      verifyPaymentMethod: fromPromise<
        Changed,
        { organizationId: string; paymentMethodId: string; amounts: [number, number] }
      >(({ input }) =>
        verifyPaymentMethod(deps.http, input.organizationId, input.paymentMethodId, {
          amounts: input.amounts,
        }),
      ),
      updateCycle: fromPromise<BillingResult, { organizationId: string; cycle: BillingCycle }>(({ input }) =>
        updateBillingCycle(deps.http, input.organizationId, { cycle: input.cycle }),
      ),
      saveBillingAdministrator: fromPromise<
        OrganizationResult,
        { organizationId: string; billingAdministratorId: string | null }
      >(({ input }) =>
        updateOrganization(deps.http, input.organizationId, {
          billingAdministratorId: input.billingAdministratorId,
        }),
      ),
    },
    actions: {
      announceSuccess: (_: unknown, params: { message: string }) => deps.announceSuccess(params.message),
      organizationSaved: (_: unknown, params: { organization: Organization }) =>
        deps.organizationSaved(params.organization),
    },
  };
}
