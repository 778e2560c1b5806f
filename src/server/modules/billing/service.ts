import { randomUUID } from 'node:crypto';
import type Stripe from 'stripe';
import { messages, ownMessages } from '../../../contract/errors';
import {
  FREE_MODEL_LIMIT,
  type BillingCycle,
  type BillingQuotaResponse,
  type BillingResponse,
  type PaymentMethodChangedResponse,
  type PaymentMethodKind,
  type StripeConfigResponse,
} from '../../../contract/http/billing';
import type { OrganizationMembership } from '../../../contract/http/organizations';
import type { ServerContext } from '../../context';
import { HttpError } from '../../httpError';
import { isUuid } from '../access/access';
import { createLocalProvider } from './localProvider';
import type { AddPaymentMethodInput, BillingCustomer, PaymentProvider } from './provider';
import { asBillingStatus, billingRepository, toPaymentMethod, type PaymentMethodRow } from './repository';
import { createStripeProvider, type StripePaymentProvider } from './stripeProvider';

type BillingContext = Pick<ServerContext, 'db' | 'clock' | 'config' | 'access' | 'log'>;

const anyMember: readonly OrganizationMembership[] = ['OWNER', 'ADMIN', 'MEMBER', 'BILLING'];

/** Stripe when both keys are configured, else the documented local test provider. */
export function createPaymentProvider(
  context: Pick<BillingContext, 'config' | 'clock' | 'log'>,
): PaymentProvider {
  const stripe = context.config.billing.stripe;
  return stripe
    ? createStripeProvider(stripe, context.log, context.clock)
    : createLocalProvider({ clock: context.clock, prices: context.config.billing.localPrices });
}

export function isStripeProvider(provider: PaymentProvider): provider is StripePaymentProvider {
  return provider.name === 'stripe';
}

/** What a handled webhook changed, so the routes can tell the organization's members. */
export interface WebhookOutcome {
  duplicate: boolean;
  organizationId: string | null;
}

/**
 * Billing: the overview, payment methods (add, verify, remove), the billing cycle and its subscription, and
 * Stripe's webhooks. The organization's owner and billing administrator manage billing; every member may read
 * the quota (what the model-creation screens need).
 */
export function createBillingService(
  context: BillingContext,
  provider: PaymentProvider = createPaymentProvider(context),
) {
  const { db, clock, access, log } = context;
  const repository = billingRepository;

  /** Owner or billing administrator; other members 401, everyone else (internal admins too) 404. */
  async function requireBillingManager(userId: string, organizationId: string): Promise<void> {
    const membership = await access.organizationMembershipOf(userId, organizationId);
    if (!membership || membership.membership === 'NONE') {
      throw new HttpError(404, ownMessages.organizationNotFound);
    }
    // A billing administrator who is also a collaborator reads as ADMIN or MEMBER in membershipOf: ask directly.
    const organization = await repository.organization(db, organizationId);
    if (!organization) throw new HttpError(404, ownMessages.organizationNotFound);
    if (organization.owner_id !== userId && organization.billing_admin_id !== userId) {
      throw new HttpError(401, messages.unauthorizedAccess);
    }
  }

  async function overview(organizationId: string): Promise<BillingResponse> {
    const [organization, account, methods, counts, prices] = await Promise.all([
      repository.organization(db, organizationId),
      repository.account(db, organizationId),
      repository.listPaymentMethods(db, organizationId),
      repository.modelPlanCounts(db, organizationId),
      provider.planPrices(),
    ]);
    if (!organization) throw new HttpError(404, ownMessages.organizationNotFound);
    return {
      organizationId,
      provider: provider.name,
      testMode: provider.testMode,
      billingStatus: asBillingStatus(organization.billing_status),
      billingCycle: account?.billing_cycle ?? 'monthly',
      paymentMethods: methods.map(toPaymentMethod),
      freeModelLimit: FREE_MODEL_LIMIT,
      freeModels: counts.free,
      paidModels: counts.paid,
      canCreatePaidModels: methods.some((method) => method.status === 'active'),
      prices,
    };
  }

  /** The organization as the provider knows it, with a customer made at the provider on first need. */
  async function customerOf(organizationId: string): Promise<BillingCustomer> {
    const organization = await repository.organization(db, organizationId);
    if (!organization) throw new HttpError(404, ownMessages.organizationNotFound);
    const account = await repository.account(db, organizationId);
    const customer: BillingCustomer = {
      organizationId,
      organizationName: organization.name,
      email: organization.owner_email,
      customerId: account?.stripe_customer_id ?? null,
    };
    if (customer.customerId !== null) return customer;
    const created = await provider.createCustomer(customer);
    if (created === null) return customer;
    return {
      ...customer,
      customerId: await repository.storeCustomerId(db, organizationId, created, clock()),
    };
  }

  async function paymentMethodOf(organizationId: string, paymentMethodId: string): Promise<PaymentMethodRow> {
    const method = isUuid(paymentMethodId)
      ? await repository.findPaymentMethod(db, organizationId, paymentMethodId)
      : null;
    if (!method) throw new HttpError(404, ownMessages.paymentMethodNotFound);
    return method;
  }

  /**
   * Brings the provider's subscription in line with the paid models and `cycle` (the stored one by default), the
   * account row locked meanwhile so two syncs cannot both create a subscription.
   */
  async function syncSubscription(organizationId: string, cycle?: BillingCycle): Promise<void> {
    const customer = provider.name === 'stripe' ? await customerOf(organizationId) : null;
    await db.transaction(async (tx) => {
      const now = clock();
      const account = await repository.lockAccount(tx, organizationId, now);
      const counts = await repository.modelPlanCounts(tx, organizationId);
      const nextCycle = cycle ?? account.billing_cycle;
      const current = {
        subscriptionId: account.subscription_id,
        subscriptionItemId: account.subscription_item_id,
      };
      const next = await provider.syncSubscription({
        organizationId,
        customerId: customer?.customerId ?? account.stripe_customer_id,
        current,
        cycle: nextCycle,
        paidModels: counts.paid,
        defaultPaymentMethod: await repository.defaultPaymentMethod(tx, organizationId),
      });
      await repository.storeSubscription(tx, organizationId, nextCycle, next, now);
    });
  }

  return {
    provider,

    async stripeConfig(): Promise<StripeConfigResponse> {
      return {
        provider: provider.name,
        publishableKey: provider.publishableKey,
        testMode: provider.testMode,
        prices: await provider.planPrices(),
      };
    },

    async get(userId: string, organizationId: string): Promise<BillingResponse> {
      await requireBillingManager(userId, organizationId);
      return overview(organizationId);
    },

    async quota(userId: string, organizationId: string): Promise<BillingQuotaResponse> {
      await access.requireOrganization(userId, organizationId, anyMember);
      const [organization, counts, active, account, prices] = await Promise.all([
        repository.organization(db, organizationId),
        repository.modelPlanCounts(db, organizationId),
        repository.activePaymentMethodCount(db, organizationId),
        repository.account(db, organizationId),
        provider.planPrices(),
      ]);
      if (!organization) throw new HttpError(404, ownMessages.organizationNotFound);
      return {
        organizationId,
        freeModelLimit: FREE_MODEL_LIMIT,
        freeModels: counts.free,
        paidModels: counts.paid,
        canCreatePaidModels: active > 0,
        canManageBilling: organization.owner_id === userId || organization.billing_admin_id === userId,
        billingStatus: asBillingStatus(organization.billing_status),
        billingCycle: account?.billing_cycle ?? 'monthly',
        testMode: provider.testMode,
        prices,
      };
    },

    async createSetupIntent(userId: string, organizationId: string, kind: PaymentMethodKind) {
      await requireBillingManager(userId, organizationId);
      if (provider.name !== 'stripe') throw new HttpError(400, ownMessages.setupIntentNeedsStripe);
      return provider.createSetupIntent(await customerOf(organizationId), kind);
    },

    async addPaymentMethod(
      userId: string,
      organizationId: string,
      input: AddPaymentMethodInput,
    ): Promise<PaymentMethodChangedResponse> {
      await requireBillingManager(userId, organizationId);
      const collected = await provider.collect(await customerOf(organizationId), input);
      const stored = await repository.upsertPaymentMethod(db, {
        ...collected,
        id: randomUUID(),
        organizationId,
        provider: provider.name,
        now: clock(),
      });
      if (!stored) throw new HttpError(404, ownMessages.paymentMethodNotFound);
      syncQuietly(organizationId);
      return {
        message: ownMessages.paymentMethodAdded,
        paymentMethod: toPaymentMethod(stored),
        billing: await overview(organizationId),
      };
    },

    async verifyPaymentMethod(
      userId: string,
      organizationId: string,
      paymentMethodId: string,
      amounts: readonly [number, number],
    ): Promise<PaymentMethodChangedResponse> {
      await requireBillingManager(userId, organizationId);
      const method = await paymentMethodOf(organizationId, paymentMethodId);
      if (method.status !== 'pending_verification') {
        throw new HttpError(409, ownMessages.paymentMethodNotPending);
      }
      await provider.verifyMicrodeposits(
        { externalId: method.external_id, setupIntentId: method.setup_intent_id },
        amounts,
      );
      await repository.setPaymentMethodStatus(db, method.id, 'active', clock());
      syncQuietly(organizationId);
      return {
        message: ownMessages.paymentMethodVerified,
        paymentMethod: toPaymentMethod({ ...method, status: 'active' }),
        billing: await overview(organizationId),
      };
    },

    /**
     * Refused (409, the spec's message) when paid models exist and this is the last active method. The check, the
     * provider's detach and the delete hold the organization row, so a paid model cannot appear in between.
     */
    async removePaymentMethod(
      userId: string,
      organizationId: string,
      paymentMethodId: string,
    ): Promise<void> {
      await requireBillingManager(userId, organizationId);
      if (!isUuid(paymentMethodId)) throw new HttpError(404, ownMessages.paymentMethodNotFound);
      await db.transaction(async (tx) => {
        if (!(await repository.lockOrganization(tx, organizationId))) {
          throw new HttpError(404, ownMessages.organizationNotFound);
        }
        const method = await repository.findPaymentMethod(tx, organizationId, paymentMethodId);
        if (!method) throw new HttpError(404, ownMessages.paymentMethodNotFound);
        if (method.status === 'active') {
          const [counts, active] = await Promise.all([
            repository.modelPlanCounts(tx, organizationId),
            repository.activePaymentMethodCount(tx, organizationId),
          ]);
          if (counts.paid > 0 && active <= 1) throw new HttpError(409, messages.freeModelsOnly);
        }
        await provider.detach({ externalId: method.external_id, setupIntentId: method.setup_intent_id });
        await repository.deletePaymentMethod(tx, method.id);
      });
    },

    async setBillingCycle(
      userId: string,
      organizationId: string,
      cycle: BillingCycle,
    ): Promise<BillingResponse> {
      await requireBillingManager(userId, organizationId);
      await syncSubscription(organizationId, cycle);
      return overview(organizationId);
    },

    syncSubscription,

    /** After the paid models changed: the subscription follows; a failure is logged, the next change retries. */
    syncQuietly,

    /**
     * One Stripe webhook event, already verified. Handled once (stripe_events); what it changes is in one
     * transaction with its record, so a failure leaves it for Stripe's retry.
     */
    async handleStripeEvent(event: Stripe.Event): Promise<WebhookOutcome> {
      if (!isStripeProvider(provider)) throw new HttpError(404, ownMessages.stripeNotConfigured);
      if (await repository.stripeEventSeen(db, event.id)) return { duplicate: true, organizationId: null };
      // Reads from Stripe happen before the transaction, which then only writes. A SetupIntent we cannot read a
      // method from is acknowledged and ignored: an error would only make Stripe deliver it again and again.
      const collected =
        event.type === 'setup_intent.succeeded'
          ? await provider.describeSetupIntent(event.data.object).catch((error: unknown) => {
              log.warn({ err: error, event: event.id }, 'setup_intent.succeeded without a usable method');
              return null;
            })
          : null;
      return db.transaction(async (tx): Promise<WebhookOutcome> => {
        const now = clock();
        if (!(await repository.recordStripeEvent(tx, event.id, event.type, now))) {
          return { duplicate: true, organizationId: null };
        }
        const byCustomer = async (customer: string | { id: string } | null): Promise<string | null> =>
          customer === null
            ? null
            : repository.organizationIdByCustomer(tx, typeof customer === 'string' ? customer : customer.id);
        switch (event.type) {
          case 'setup_intent.succeeded': {
            const organizationId = event.data.object.metadata?.organizationId;
            const known =
              organizationId !== undefined &&
              isUuid(organizationId) &&
              (await repository.organization(tx, organizationId)) !== null;
            if (!organizationId || !known || !collected) return { duplicate: false, organizationId: null };
            await repository.upsertPaymentMethod(tx, {
              ...collected,
              id: randomUUID(),
              organizationId,
              provider: 'stripe',
              now,
            });
            return { duplicate: false, organizationId };
          }
          case 'setup_intent.setup_failed': {
            const organizationId = await repository.failPendingSetup(tx, event.data.object.id, now);
            return { duplicate: false, organizationId };
          }
          case 'payment_method.detached': {
            // Detached at Stripe (dashboard, or our own remove): it can no longer pay, whatever we thought.
            const organizationId = await repository.forgetStripeMethod(tx, event.data.object.id);
            return { duplicate: false, organizationId };
          }
          case 'invoice.paid':
          case 'invoice.payment_failed': {
            const organizationId = await byCustomer(event.data.object.customer);
            if (organizationId) {
              const status = event.type === 'invoice.paid' ? 'active' : 'past_due';
              await repository.setBillingStatus(tx, organizationId, status, now);
            }
            return { duplicate: false, organizationId };
          }
          case 'customer.subscription.deleted': {
            const subscription = event.data.object;
            const organizationId = await byCustomer(subscription.customer);
            if (organizationId) {
              await repository.forgetSubscription(tx, organizationId, subscription.id, now);
              const counts = await repository.modelPlanCounts(tx, organizationId);
              await repository.setBillingStatus(
                tx,
                organizationId,
                counts.paid > 0 ? 'canceled' : 'free',
                now,
              );
            }
            return { duplicate: false, organizationId };
          }
          default:
            // Recorded, so a redelivery is cheap; nothing else to do.
            return { duplicate: false, organizationId: null };
        }
      });
    },
  };

  function syncQuietly(organizationId: string): void {
    // The local provider keeps no subscription: nothing to follow.
    if (provider.name === 'local') return;
    void syncSubscription(organizationId).catch((error: unknown) => {
      log.warn({ err: error, organizationId }, 'The subscription could not follow the paid models');
    });
  }
}

export type BillingService = ReturnType<typeof createBillingService>;
