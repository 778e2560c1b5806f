import type { Migration } from './migration';

/**
 * Billing (issue #10): each model's plan, the organizations' payment methods, their billing account at the
 * payment provider, and the Stripe events already handled (webhooks are delivered at least once).
 *
 * The quota rule (three FREE models per organization, PAID ones need an active payment method) is checked in the
 * transaction that inserts a model, with the organization row locked (SELECT … FOR UPDATE), so the counts read
 * here cannot change between the check and the insert.
 */
export const billing: Migration = {
  version: 3,
  name: 'billing',
  sql: `
    -- Existing models are free: the quota applies to models made from now on.
    ALTER TABLE models ADD COLUMN plan text NOT NULL DEFAULT 'FREE' CHECK (plan IN ('FREE', 'PAID'));
    CREATE INDEX models_organization_plan_idx ON models (organization_id, plan);

    -- Cards and US bank accounts. Only 'active' ones pay for models; an ACH account waits in
    -- 'pending_verification' until its micro-deposits are confirmed. Nothing secret is stored: the provider keeps
    -- the numbers, we keep its id and what the page shows (brand, last four digits, expiry).
    CREATE TABLE payment_methods (
      id uuid PRIMARY KEY,
      organization_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
      provider text NOT NULL CHECK (provider IN ('stripe', 'local')),
      external_id text NOT NULL,
      -- The SetupIntent that collected it (Stripe): micro-deposits are verified on it, webhooks name it.
      setup_intent_id text,
      kind text NOT NULL CHECK (kind IN ('card', 'us_bank_account')),
      brand text,
      last4 text NOT NULL,
      exp_month integer,
      exp_year integer,
      status text NOT NULL CHECK (status IN ('active', 'pending_verification', 'failed')),
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL
    );
    -- The browser's confirmation and Stripe's webhook may both report the same method: it is stored once.
    CREATE UNIQUE INDEX payment_methods_external_idx ON payment_methods (provider, external_id);
    CREATE INDEX payment_methods_organization_idx ON payment_methods (organization_id, status);

    CREATE TABLE billing_accounts (
      organization_id uuid PRIMARY KEY REFERENCES organizations (id) ON DELETE CASCADE,
      stripe_customer_id text UNIQUE,
      billing_cycle text NOT NULL DEFAULT 'monthly' CHECK (billing_cycle IN ('monthly', 'annual')),
      -- The per-paid-model subscription (Stripe, when a price is configured) and its one item.
      subscription_id text UNIQUE,
      subscription_item_id text,
      updated_at timestamptz NOT NULL
    );

    -- Stripe events handled once: a redelivered event id is acknowledged and ignored.
    CREATE TABLE stripe_events (
      id text PRIMARY KEY,
      type text NOT NULL,
      received_at timestamptz NOT NULL
    );
  `,
};
