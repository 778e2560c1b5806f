import type { FastifyBaseLogger } from 'fastify';
import Stripe from 'stripe';
import { ownMessages } from '../../../contract/errors';
import type { BillingCycle, PlanPrice, PlanPrices } from '../../../contract/http/billing';
import type { Clock } from '../../clock';
import type { BillingConfig } from '../../config';
import { HttpError } from '../../httpError';
import type {
  BillingCustomer,
  CollectedPaymentMethod,
  PaymentProvider,
  StoredMethodRef,
  SubscriptionState,
} from './provider';

export type StripeSettings = NonNullable<BillingConfig['stripe']>;

/** The Stripe provider plus what only Stripe has: signed webhook events and SetupIntents to read back. */
export interface StripePaymentProvider extends PaymentProvider {
  readonly name: 'stripe';
  /** False without STRIPE_WEBHOOK_SECRET: the webhook route then answers 404. */
  readonly webhooksConfigured: boolean;
  /** The verified event, or 400 when the signature does not match the raw body. */
  constructEvent(rawBody: Buffer, signature: string | undefined): Stripe.Event;
  /** The method a SetupIntent collected, ready to store (also for setup_intent.succeeded webhooks). */
  describeSetupIntent(intent: Stripe.SetupIntent): Promise<CollectedPaymentMethod>;
}

/** The SDK's options that point it at STRIPE_API_URL (tests' fake Stripe) instead of api.stripe.com. */
export function stripeHostOptions(
  apiUrl: string | undefined,
): Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'> {
  if (!apiUrl) return {};
  const url = new URL(apiUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: url.port || (protocol === 'http' ? 80 : 443), protocol };
}

function organizationIdOf(metadata: Stripe.Metadata | null | undefined): string | undefined {
  return metadata?.organizationId;
}

function idOf(value: string | { id: string } | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  return typeof value === 'string' ? value : value.id;
}

/** Prices change rarely and every billing screen reads them: one read per few minutes per process is enough. */
export const planPricesCacheMs = 5 * 60_000;

/** A Stripe Price as Gusset shows it: a flat recurring amount per month or year, else null (not usable here). */
export function toPlanPrice(price: Stripe.Price): PlanPrice | null {
  const recurring = price.recurring;
  if (price.unit_amount === null || !recurring || recurring.interval_count !== 1) return null;
  const interval = recurring.interval === 'month' ? 'month' : recurring.interval === 'year' ? 'year' : null;
  return interval ? { amount: price.unit_amount, currency: price.currency, interval } : null;
}

/**
 * Stripe through its official SDK. Cards and US bank accounts are collected by SetupIntents that Stripe Elements
 * confirms in the browser; the server reads them back (never sees a number). Paid models are billed by one
 * subscription per organization whose quantity is the number of paid models, at the monthly or annual price.
 */
export function createStripeProvider(
  settings: StripeSettings,
  log: FastifyBaseLogger,
  clock: Clock = () => new Date(),
): StripePaymentProvider {
  const stripe = new Stripe(settings.secretKey, {
    ...stripeHostOptions(settings.apiUrl),
    maxNetworkRetries: 1,
    timeout: 20_000,
    telemetry: false,
    appInfo: { name: 'Gusset' },
  });

  /** Stripe's failures as answers: a card problem is the user's to fix (402), an outage is ours (502). */
  function asHttpError(error: unknown, invalidRequestMessage: string): HttpError {
    if (error instanceof HttpError) return error;
    if (error instanceof Stripe.errors.StripeCardError) return new HttpError(402, error.message);
    if (error instanceof Stripe.errors.StripeInvalidRequestError) {
      log.warn({ code: error.code, stripeMessage: error.message }, 'Stripe refused a request');
      return new HttpError(400, invalidRequestMessage);
    }
    log.error({ err: error }, 'Stripe could not be reached');
    return new HttpError(502, ownMessages.paymentProviderFailed);
  }

  async function call<T>(invalidRequestMessage: string, request: () => Promise<T>): Promise<T> {
    try {
      return await request();
    } catch (error) {
      throw asHttpError(error, invalidRequestMessage);
    }
  }

  async function describeSetupIntent(intent: Stripe.SetupIntent): Promise<CollectedPaymentMethod> {
    const pending =
      intent.status === 'requires_action' && intent.next_action?.type === 'verify_with_microdeposits';
    if (intent.status !== 'succeeded' && !pending) {
      throw new HttpError(400, ownMessages.setupIntentNotSucceeded);
    }
    const attached = intent.payment_method;
    if (attached === null) throw new HttpError(400, ownMessages.setupIntentNotSucceeded);
    const method =
      typeof attached === 'string'
        ? await call(ownMessages.setupIntentNotSucceeded, () => stripe.paymentMethods.retrieve(attached))
        : attached;
    const common = {
      externalId: method.id,
      setupIntentId: intent.id,
      status: pending ? 'pending_verification' : 'active',
    } as const;
    if (method.type === 'card' && method.card) {
      return {
        ...common,
        kind: 'card',
        brand: method.card.brand,
        last4: method.card.last4,
        expMonth: method.card.exp_month,
        expYear: method.card.exp_year,
      };
    }
    if (method.type === 'us_bank_account' && method.us_bank_account) {
      return {
        ...common,
        kind: 'us_bank_account',
        brand: method.us_bank_account.bank_name,
        last4: method.us_bank_account.last4 ?? '',
        expMonth: null,
        expYear: null,
      };
    }
    throw new HttpError(400, ownMessages.setupIntentNotSucceeded);
  }

  function priceFor(cycle: BillingCycle): string | undefined {
    return cycle === 'annual' ? settings.priceAnnual : settings.priceMonthly;
  }

  let cachedPrices: { prices: PlanPrices; until: number } | null = null;
  let pendingPrices: Promise<PlanPrices> | null = null;

  async function readPrice(cycle: BillingCycle): Promise<{ price: PlanPrice | null; complete: boolean }> {
    const id = priceFor(cycle);
    if (!id) return { price: null, complete: true };
    try {
      const price = toPlanPrice(await stripe.prices.retrieve(id));
      if (!price) log.warn({ price: id, cycle }, 'The Stripe price is not a flat monthly or yearly amount');
      return { price, complete: true };
    } catch (error) {
      // The billing screens open without a price rather than fail. An unknown id stays unknown until the
      // configuration changes (a restart); an outage is tried again at the next read.
      const refused = error instanceof Stripe.errors.StripeInvalidRequestError;
      log.warn({ err: error, price: id, cycle }, 'The Stripe price could not be read');
      return { price: null, complete: refused };
    }
  }

  async function readPrices(): Promise<PlanPrices> {
    const [monthly, annual] = await Promise.all([readPrice('monthly'), readPrice('annual')]);
    const prices = { monthly: monthly.price, annual: annual.price };
    // A failed read is not kept: Stripe may answer a moment later.
    if (monthly.complete && annual.complete) {
      cachedPrices = { prices, until: clock().getTime() + planPricesCacheMs };
    }
    return prices;
  }

  return {
    name: 'stripe',
    publishableKey: settings.publishableKey,
    testMode: settings.publishableKey.startsWith('pk_test_'),
    webhooksConfigured: settings.webhookSecret !== undefined,

    async createCustomer(customer: BillingCustomer) {
      const created = await call(ownMessages.paymentProviderFailed, () =>
        stripe.customers.create({
          name: customer.organizationName,
          email: customer.email,
          metadata: { organizationId: customer.organizationId },
        }),
      );
      return created.id;
    },

    async createSetupIntent(customer, kind) {
      if (!customer.customerId) throw new Error('createSetupIntent needs a customer');
      const customerId = customer.customerId;
      const intent = await call(ownMessages.paymentProviderFailed, () =>
        stripe.setupIntents.create({
          customer: customerId,
          allowed_payment_method_types: [kind],
          usage: 'off_session',
          metadata: { organizationId: customer.organizationId },
          ...(kind === 'us_bank_account'
            ? { payment_method_options: { us_bank_account: { verification_method: 'automatic' } } }
            : {}),
        }),
      );
      if (!intent.client_secret) throw new HttpError(502, ownMessages.paymentProviderFailed);
      return { clientSecret: intent.client_secret, setupIntentId: intent.id };
    },

    async collect(customer, input) {
      if (!('setupIntentId' in input)) throw new HttpError(400, ownMessages.paymentDetailsNeedStripe);
      const intent = await call(ownMessages.paymentMethodNotFound, () =>
        stripe.setupIntents.retrieve(input.setupIntentId, { expand: ['payment_method'] }),
      );
      // Another organization's SetupIntent is unknown here, whatever its id.
      const sameCustomer = customer.customerId !== null && idOf(intent.customer) === customer.customerId;
      if (organizationIdOf(intent.metadata) !== customer.organizationId || !sameCustomer) {
        throw new HttpError(404, ownMessages.paymentMethodNotFound);
      }
      return describeSetupIntent(intent);
    },

    async verifyMicrodeposits(method: StoredMethodRef, amounts) {
      const setupIntentId = method.setupIntentId;
      if (!setupIntentId) throw new HttpError(409, ownMessages.paymentMethodNotPending);
      const intent = await call(ownMessages.microDepositAmountsWrong, () =>
        stripe.setupIntents.verifyMicrodeposits(setupIntentId, { amounts: [...amounts] }),
      );
      if (intent.status !== 'succeeded') throw new HttpError(400, ownMessages.microDepositAmountsWrong);
    },

    async detach(method) {
      try {
        await stripe.paymentMethods.detach(method.externalId);
      } catch (error) {
        // Already detached (e.g. in Stripe's dashboard): what we wanted.
        if (error instanceof Stripe.errors.StripeInvalidRequestError) {
          log.warn(
            { code: error.code, paymentMethod: method.externalId },
            'Stripe says the method is not attached',
          );
          return;
        }
        throw asHttpError(error, ownMessages.paymentProviderFailed);
      }
    },

    async syncSubscription(sync): Promise<SubscriptionState> {
      const price = priceFor(sync.cycle);
      const { subscriptionId, subscriptionItemId } = sync.current;
      if (!price || !sync.customerId) return sync.current;
      if (subscriptionId === null) {
        if (sync.paidModels === 0 || sync.defaultPaymentMethod === null) return sync.current;
        const customerId = sync.customerId;
        const paymentMethod = sync.defaultPaymentMethod;
        const created = await call(ownMessages.paymentProviderFailed, () =>
          stripe.subscriptions.create({
            customer: customerId,
            items: [{ price, quantity: sync.paidModels }],
            default_payment_method: paymentMethod,
            metadata: { organizationId: sync.organizationId },
          }),
        );
        return { subscriptionId: created.id, subscriptionItemId: created.items.data[0]?.id ?? null };
      }
      const updated = await call(ownMessages.paymentProviderFailed, () =>
        stripe.subscriptions.update(subscriptionId, {
          items: [
            subscriptionItemId
              ? { id: subscriptionItemId, price, quantity: sync.paidModels }
              : { price, quantity: sync.paidModels },
          ],
          ...(sync.defaultPaymentMethod ? { default_payment_method: sync.defaultPaymentMethod } : {}),
          proration_behavior: 'create_prorations',
        }),
      );
      return {
        subscriptionId: updated.id,
        subscriptionItemId: updated.items.data[0]?.id ?? subscriptionItemId,
      };
    },

    async planPrices() {
      if (cachedPrices && clock().getTime() < cachedPrices.until) return cachedPrices.prices;
      // Screens opened together share one round of reads.
      pendingPrices ??= readPrices().finally(() => {
        pendingPrices = null;
      });
      return pendingPrices;
    },

    constructEvent(rawBody, signature) {
      const secret = settings.webhookSecret;
      if (!secret) throw new HttpError(404, ownMessages.stripeNotConfigured);
      if (!signature) throw new HttpError(400, ownMessages.webhookSignatureInvalid);
      try {
        return stripe.webhooks.constructEvent(rawBody, signature, secret);
      } catch (error) {
        if (error instanceof Stripe.errors.StripeSignatureVerificationError) {
          throw new HttpError(400, ownMessages.webhookSignatureInvalid);
        }
        throw error;
      }
    },

    describeSetupIntent,
  };
}
