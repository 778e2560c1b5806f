import { assign, fromPromise, setup } from 'xstate';
import { getBillingQuota, getStripeConfig } from '../../api/billing';
import type { ApiResult, HttpClient } from '../../api/types';
import { messages, ownMessages } from '../../contract/errors';
import type { BillingQuotaResponse, StripeConfigResponse } from '../../contract/http/billing';
import { failureMessage } from '../auth/failureMessage';
import { promisePlaceholder, unboundImplementation } from '../auth/placeholders';
import { listenToFeed, silentFeed, type FeedEvent, type RealtimeFeed } from '../socket/realtimeFeed';
import { changesQuotaOf, nextModelIsFree } from './gatingRules';
import {
  createPaymentMethodFormImplementations,
  paymentMethodFormMachine,
  type StripeSetupConfirmer,
} from './paymentMethodFormMachine';

export interface BillingGatingInput {
  /** The organization a new model would go to; null while there is none (sign-up, no choice made yet). */
  organizationId: string | null;
  /** Sign-up's choose-plan: without an organization, read the provider's prices to show beside the plans. */
  offerPlans?: boolean;
}

export type BillingGatingEvent =
  | { type: 'organization.change'; organizationId: string | null }
  /** Something may have changed the quota (a model was refused with 402): ask the server again. */
  | { type: 'billing.refresh' }
  | { type: 'billing.retry' }
  /** Owner and billing administrator only: open the payment method form where the user is blocked. */
  | { type: 'paymentMethod.add' }
  | { type: 'paymentMethod.cancel' }
  | FeedEvent;

export interface BillingGatingContext {
  organizationId: string | null;
  /** The server's count, once known; kept while a refresh is under way so the screen does not flicker. */
  quota: BillingQuotaResponse | null;
  /** Which provider takes payment methods (and its prices): loaded when the user first opens the form. */
  paymentSetup: StripeConfigResponse | null;
  offerPlans: boolean;
  /** Why the quota could not be read, or the payment form could not be opened. */
  error: string | null;
}

/**
 * `checking` while the server is asked; `free` (the next model is free), `atLimit` (three free models used, no
 * payment method: creation is blocked), `addingPaymentMethod`, `paid` (new models are paid for); `failure` when the
 * quota could not be read (creation is not blocked then: the server decides). `blocksCreation` marks the states
 * where the model-creation screens hold the user back.
 */
export type BillingGatingTag =
  'checking' | 'free' | 'atLimit' | 'addingPaymentMethod' | 'paid' | 'failure' | 'blocksCreation';

type QuotaResult = ApiResult<BillingQuotaResponse>;
type SetupResult = ApiResult<StripeConfigResponse>;

/** In every settled state, news that may change the quota sends the machine back to the server. */
const refreshable = {
  'billing.refresh': { target: '#billingGating.deciding' },
  'socket.resynced': { target: '#billingGating.deciding' },
  'realtime.event': { guard: 'changesQuota', target: '#billingGating.loading' },
} as const;

/**
 * The billing gating statechart of issue #10: free → at limit → adding a payment method → paid. The screens that
 * make models (new model, clone) and sign-up's choose-plan subscribe to it: they show how many free models are
 * used, and at the limit they offer the owner and the billing administrator to add a payment method in place.
 */
export const billingGatingMachine = setup({
  types: {
    context: {} as BillingGatingContext,
    events: {} as BillingGatingEvent,
    input: {} as BillingGatingInput,
    tags: {} as BillingGatingTag,
    children: {} as { paymentMethodForm: 'paymentMethodForm' },
  },
  actors: {
    loadQuota: promisePlaceholder<QuotaResult, { organizationId: string }>('loadQuota'),
    loadPaymentSetup: promisePlaceholder<SetupResult, void>('loadPaymentSetup'),
    paymentMethodForm: paymentMethodFormMachine,
    realtime: listenToFeed(silentFeed),
  },
  actions: {
    announceSuccess: (_, _params: { message: string }) => {
      throw unboundImplementation('announceSuccess');
    },
  },
  guards: {
    hasOrganization: ({ context }) => context.organizationId !== null,
    offersPlans: ({ context }) => context.offerPlans && context.paymentSetup === null,
    mayManageBilling: ({ context }) => context.quota?.canManageBilling === true,
    hasPaymentSetup: ({ context }) => context.paymentSetup !== null,
    changesQuota: ({ context, event }) =>
      event.type === 'realtime.event' && changesQuotaOf(event.event, context.organizationId),
  },
}).createMachine({
  id: 'billingGating',
  context: ({ input }) => ({
    organizationId: input.organizationId,
    quota: null,
    paymentSetup: null,
    offerPlans: input.offerPlans === true,
    error: null,
  }),
  invoke: { id: 'realtime', src: 'realtime' },
  on: {
    'organization.change': {
      guard: ({ context, event }) => event.organizationId !== context.organizationId,
      target: '.deciding',
      reenter: true,
      actions: assign(({ event }) => ({ organizationId: event.organizationId, quota: null, error: null })),
    },
  },
  initial: 'deciding',
  states: {
    deciding: {
      tags: ['checking'],
      // Without an organization nothing is counted yet: every organization starts with its free models.
      always: [
        { guard: 'hasOrganization', target: 'loading' },
        { guard: 'offersPlans', target: 'loadingPlans' },
        { target: 'free' },
      ],
    },
    loadingPlans: {
      tags: ['checking'],
      invoke: {
        id: 'loadPaymentSetup',
        src: 'loadPaymentSetup',
        // Prices are a courtesy here: without them the plans are still offered.
        onDone: {
          target: 'free',
          actions: assign(({ event }) => ({ paymentSetup: event.output.ok ? event.output.data : null })),
        },
        onError: { target: 'free' },
      },
    },
    loading: {
      tags: ['checking'],
      invoke: {
        id: 'loadQuota',
        src: 'loadQuota',
        input: ({ context }) => ({ organizationId: context.organizationId ?? '' }),
        onDone: [
          {
            guard: ({ event }) => !event.output.ok,
            target: 'failure',
            actions: assign(({ event }) => ({
              quota: null,
              error: event.output.ok ? null : failureMessage(event.output),
            })),
          },
          {
            guard: ({ event }) => event.output.ok && nextModelIsFree(event.output.data),
            target: 'free',
            actions: assign(({ event }) => ({
              quota: event.output.ok ? event.output.data : null,
              error: null,
            })),
          },
          {
            guard: ({ event }) => event.output.ok && event.output.data.canCreatePaidModels,
            target: 'paid',
            actions: assign(({ event }) => ({
              quota: event.output.ok ? event.output.data : null,
              error: null,
            })),
          },
          {
            target: 'atLimit',
            actions: assign(({ event }) => ({
              quota: event.output.ok ? event.output.data : null,
              error: null,
            })),
          },
        ],
        onError: { target: 'failure', actions: assign({ quota: null, error: messages.serverNotResponding }) },
      },
    },
    free: { tags: ['free'], on: refreshable },
    paid: { tags: ['paid'], on: refreshable },
    failure: {
      tags: ['failure'],
      on: { ...refreshable, 'billing.retry': { target: 'loading', actions: assign({ error: null }) } },
    },
    atLimit: {
      tags: ['atLimit', 'blocksCreation'],
      on: {
        ...refreshable,
        'paymentMethod.add': { guard: 'mayManageBilling', target: 'addingPaymentMethod' },
      },
    },
    addingPaymentMethod: {
      tags: ['addingPaymentMethod', 'blocksCreation'],
      entry: assign({ error: null }),
      on: { 'paymentMethod.cancel': { target: 'atLimit' } },
      initial: 'choosing',
      states: {
        // The provider is asked once per screen: it is the server's configuration.
        choosing: {
          always: [{ guard: 'hasPaymentSetup', target: 'entering' }, { target: 'preparing' }],
        },
        preparing: {
          invoke: {
            id: 'loadPaymentSetup',
            src: 'loadPaymentSetup',
            onDone: [
              {
                guard: ({ event }) => event.output.ok,
                target: 'entering',
                actions: assign(({ event }) => ({
                  paymentSetup: event.output.ok ? event.output.data : null,
                })),
              },
              {
                target: '#billingGating.atLimit',
                actions: assign(({ event }) => ({
                  error: event.output.ok ? null : failureMessage(event.output),
                })),
              },
            ],
            onError: {
              target: '#billingGating.atLimit',
              actions: assign({ error: messages.serverNotResponding }),
            },
          },
        },
        entering: {
          invoke: {
            id: 'paymentMethodForm',
            src: 'paymentMethodForm',
            input: ({ context }) => ({
              organizationId: context.organizationId ?? '',
              provider: context.paymentSetup?.provider ?? 'local',
              kind: 'card' as const,
            }),
            // The method is on file: ask the server what that changes (a pending bank account changes nothing).
            onDone: {
              target: '#billingGating.loading',
              actions: { type: 'announceSuccess', params: { message: ownMessages.paymentMethodAdded } },
            },
            onError: {
              target: '#billingGating.atLimit',
              actions: assign({ error: messages.serverNotResponding }),
            },
          },
        },
      },
    },
  },
});

export interface BillingGatingDependencies {
  http: HttpClient;
  announceSuccess: (message: string) => void;
  realtime?: RealtimeFeed;
  /** Stripe.js for the in-place form, bound by the Stripe form once Elements is mounted. */
  stripe?: StripeSetupConfirmer;
}

export function createBillingGatingImplementations(deps: BillingGatingDependencies) {
  return {
    actors: {
      // Background checks: the screen works meanwhile, so the global loader stays hidden.
      loadQuota: fromPromise<QuotaResult, { organizationId: string }>(({ input }) =>
        getBillingQuota(deps.http, input.organizationId, { showLoader: false }),
      ),
      loadPaymentSetup: fromPromise<SetupResult, void>(() => getStripeConfig(deps.http)),
      paymentMethodForm: paymentMethodFormMachine.provide(
        createPaymentMethodFormImplementations({
          http: deps.http,
          ...(deps.stripe ? { stripe: deps.stripe } : {}),
        }),
      ),
      realtime: listenToFeed(deps.realtime ?? silentFeed),
    },
    actions: {
      announceSuccess: (_: unknown, params: { message: string }) => deps.announceSuccess(params.message),
    },
  };
}
