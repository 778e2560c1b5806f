import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { createPaymentProvider } from './service';

const silentLog = { warn: () => undefined, error: () => undefined } as never;

describe('payment configuration', () => {
  it('uses the local test provider without Stripe keys', () => {
    const config = loadConfig({});
    expect(config.billing.stripe).toBeNull();
    const provider = createPaymentProvider({ config, clock: () => new Date(), log: silentLog });
    expect({ name: provider.name, testMode: provider.testMode, key: provider.publishableKey }).toEqual({
      name: 'local',
      testMode: true,
      key: null,
    });
  });

  it('uses Stripe with both keys; live keys are not test mode', () => {
    const config = loadConfig({
      STRIPE_SECRET_KEY: 'sk_live_x',
      STRIPE_PUBLISHABLE_KEY: 'pk_live_y',
      STRIPE_API_URL: 'http://127.0.0.1:12111',
    });
    expect(config.billing.stripe).toMatchObject({
      apiUrl: 'http://127.0.0.1:12111',
      webhookSecret: undefined,
    });
    const provider = createPaymentProvider({ config, clock: () => new Date(), log: silentLog });
    expect({ name: provider.name, testMode: provider.testMode, key: provider.publishableKey }).toEqual({
      name: 'stripe',
      testMode: false,
      key: 'pk_live_y',
    });
  });

  it('refuses one Stripe key without the other, so production never falls back to test mode silently', () => {
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_live_x' })).toThrow(/STRIPE_PUBLISHABLE_KEY/);
    expect(() => loadConfig({ STRIPE_PUBLISHABLE_KEY: 'pk_live_y' })).toThrow(/STRIPE_SECRET_KEY/);
    expect(() => loadConfig({ STRIPE_API_URL: 'ftp://stripe' })).toThrow(/STRIPE_API_URL/);
  });

  it('gives the local test prices defaults, and refuses a price or currency that is not one', () => {
    expect(loadConfig({}).billing.localPrices).toEqual({ monthly: 2500, annual: 25_000, currency: 'usd' });
    expect(() => loadConfig({ LOCAL_PRICE_MONTHLY: '12.50' })).toThrow(/LOCAL_PRICE_MONTHLY/);
    expect(() => loadConfig({ LOCAL_PRICE_ANNUAL: '-1' })).toThrow(/LOCAL_PRICE_ANNUAL/);
    expect(() => loadConfig({ LOCAL_PRICE_CURRENCY: 'dollars' })).toThrow(/LOCAL_PRICE_CURRENCY/);
  });
});
