import type {
  BillingCycle,
  BillingStatus,
  PaymentMethod,
  PaymentMethodKind,
  PaymentMethodStatus,
  PaymentProviderName,
} from '../../../contract/http/billing';
import type { Queryable } from '../../db/db';
import type { CollectedPaymentMethod, SubscriptionState } from './provider';

export interface PaymentMethodRow {
  id: string;
  organization_id: string;
  provider: PaymentProviderName;
  external_id: string;
  setup_intent_id: string | null;
  kind: PaymentMethodKind;
  brand: string | null;
  last4: string;
  exp_month: number | null;
  exp_year: number | null;
  status: PaymentMethodStatus;
  created_at: Date | string;
}

export interface BillingAccountRow {
  organization_id: string;
  stripe_customer_id: string | null;
  billing_cycle: BillingCycle;
  subscription_id: string | null;
  subscription_item_id: string | null;
}

export interface LockedOrganization {
  id: string;
  name: string;
  owner_id: string;
  billing_admin_id: string | null;
  billing_status: string;
}

export interface ModelPlanCounts {
  free: number;
  paid: number;
}

export function toPaymentMethod(row: PaymentMethodRow): PaymentMethod {
  return {
    _id: row.id,
    provider: row.provider,
    kind: row.kind,
    brand: row.brand,
    last4: row.last4,
    expMonth: row.exp_month,
    expYear: row.exp_year,
    status: row.status,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

const methodColumns = `id, organization_id, provider, external_id, setup_intent_id, kind, brand, last4, exp_month,
  exp_year, status, created_at`;

/** billingStatus as the contract knows it; anything unexpected in an old row reads as 'free'. */
export function asBillingStatus(value: string): BillingStatus {
  return value === 'active' || value === 'past_due' || value === 'canceled' ? value : 'free';
}

/**
 * Billing's SQL. Every function takes the Queryable it runs on, so the quota check and the insert it guards run
 * in the caller's transaction.
 */
export const billingRepository = {
  /**
   * Locks the organization row until the transaction ends: every check-then-write on an organization's models or
   * payment methods takes this lock first, so parallel requests are serialised (PostgreSQL's pool; PGlite is one
   * connection and serial anyway). FOR NO KEY UPDATE rather than FOR UPDATE: lockers still exclude each other,
   * but rows that merely reference the organization (collaborators, filters) can still be inserted meanwhile.
   */
  async lockOrganization(db: Queryable, organizationId: string): Promise<LockedOrganization | null> {
    const [row] = await db.query<LockedOrganization>(
      `SELECT id, name, owner_id, billing_admin_id, billing_status FROM organizations WHERE id = $1 FOR NO KEY UPDATE`,
      [organizationId],
    );
    return row ?? null;
  },

  async organization(
    db: Queryable,
    organizationId: string,
  ): Promise<(LockedOrganization & { owner_email: string }) | null> {
    const [row] = await db.query<LockedOrganization & { owner_email: string }>(
      `SELECT o.id, o.name, o.owner_id, o.billing_admin_id, o.billing_status, u.email AS owner_email
         FROM organizations o JOIN users u ON u.id = o.owner_id
        WHERE o.id = $1`,
      [organizationId],
    );
    return row ?? null;
  },

  async modelPlanCounts(db: Queryable, organizationId: string): Promise<ModelPlanCounts> {
    const [row] = await db.query<ModelPlanCounts>(
      `SELECT (count(*) FILTER (WHERE plan = 'FREE'))::int AS free, (count(*) FILTER (WHERE plan = 'PAID'))::int AS paid
         FROM models WHERE organization_id = $1`,
      [organizationId],
    );
    return row ?? { free: 0, paid: 0 };
  },

  async activePaymentMethodCount(db: Queryable, organizationId: string): Promise<number> {
    const [row] = await db.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM payment_methods WHERE organization_id = $1 AND status = 'active'`,
      [organizationId],
    );
    return row?.count ?? 0;
  },

  /** Newest first. */
  listPaymentMethods: (db: Queryable, organizationId: string) =>
    db.query<PaymentMethodRow>(
      `SELECT ${methodColumns} FROM payment_methods WHERE organization_id = $1 ORDER BY created_at DESC, id`,
      [organizationId],
    ),

  async findPaymentMethod(
    db: Queryable,
    organizationId: string,
    id: string,
  ): Promise<PaymentMethodRow | null> {
    const [row] = await db.query<PaymentMethodRow>(
      `SELECT ${methodColumns} FROM payment_methods WHERE organization_id = $1 AND id = $2`,
      [organizationId, id],
    );
    return row ?? null;
  },

  /**
   * Stores a method once per provider id (the browser's confirmation and Stripe's webhook may both report it): a
   * second report only moves a pending method forward. Answers the stored row, or null when the provider id is
   * another organization's.
   */
  async upsertPaymentMethod(
    db: Queryable,
    input: {
      id: string;
      organizationId: string;
      provider: PaymentProviderName;
      now: Date;
    } & CollectedPaymentMethod,
  ): Promise<PaymentMethodRow | null> {
    const [row] = await db.query<PaymentMethodRow>(
      `INSERT INTO payment_methods (id, organization_id, provider, external_id, setup_intent_id, kind, brand, last4,
                                    exp_month, exp_year, status, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $12)
       ON CONFLICT (provider, external_id) DO UPDATE
          SET status = CASE WHEN EXCLUDED.status = 'active' THEN 'active' ELSE payment_methods.status END,
              setup_intent_id = COALESCE(payment_methods.setup_intent_id, EXCLUDED.setup_intent_id),
              updated_at = EXCLUDED.updated_at
        WHERE payment_methods.organization_id = EXCLUDED.organization_id
       RETURNING ${methodColumns}`,
      [
        input.id,
        input.organizationId,
        input.provider,
        input.externalId,
        input.setupIntentId,
        input.kind,
        input.brand,
        input.last4,
        input.expMonth,
        input.expYear,
        input.status,
        input.now,
      ],
    );
    return row ?? null;
  },

  async setPaymentMethodStatus(
    db: Queryable,
    id: string,
    status: PaymentMethodStatus,
    now: Date,
  ): Promise<void> {
    await db.query('UPDATE payment_methods SET status = $2, updated_at = $3 WHERE id = $1', [
      id,
      status,
      now,
    ]);
  },

  async deletePaymentMethod(db: Queryable, id: string): Promise<void> {
    await db.query('DELETE FROM payment_methods WHERE id = $1', [id]);
  },

  /** The newest active method's provider id: what a subscription charges. */
  async defaultPaymentMethod(db: Queryable, organizationId: string): Promise<string | null> {
    const [row] = await db.query<{ external_id: string }>(
      `SELECT external_id FROM payment_methods WHERE organization_id = $1 AND status = 'active'
        ORDER BY created_at DESC, id LIMIT 1`,
      [organizationId],
    );
    return row?.external_id ?? null;
  },

  async account(db: Queryable, organizationId: string): Promise<BillingAccountRow | null> {
    const [row] = await db.query<BillingAccountRow>(
      `SELECT organization_id, stripe_customer_id, billing_cycle, subscription_id, subscription_item_id
         FROM billing_accounts WHERE organization_id = $1`,
      [organizationId],
    );
    return row ?? null;
  },

  /** The account row, made with the defaults when missing, locked until the transaction ends. */
  async lockAccount(db: Queryable, organizationId: string, now: Date): Promise<BillingAccountRow> {
    await db.query(
      `INSERT INTO billing_accounts (organization_id, updated_at) VALUES ($1, $2) ON CONFLICT (organization_id) DO NOTHING`,
      [organizationId, now],
    );
    const [row] = await db.query<BillingAccountRow>(
      `SELECT organization_id, stripe_customer_id, billing_cycle, subscription_id, subscription_item_id
         FROM billing_accounts WHERE organization_id = $1 FOR UPDATE`,
      [organizationId],
    );
    if (!row) throw new Error(`billing account ${organizationId} vanished`);
    return row;
  },

  /** The first customer id stored wins (two requests may each have made one). */
  async storeCustomerId(
    db: Queryable,
    organizationId: string,
    customerId: string,
    now: Date,
  ): Promise<string> {
    const [row] = await db.query<{ stripe_customer_id: string }>(
      `INSERT INTO billing_accounts (organization_id, stripe_customer_id, updated_at) VALUES ($1, $2, $3)
       ON CONFLICT (organization_id) DO UPDATE
          SET stripe_customer_id = COALESCE(billing_accounts.stripe_customer_id, EXCLUDED.stripe_customer_id),
              updated_at = EXCLUDED.updated_at
       RETURNING stripe_customer_id`,
      [organizationId, customerId, now],
    );
    return row?.stripe_customer_id ?? customerId;
  },

  async storeSubscription(
    db: Queryable,
    organizationId: string,
    cycle: BillingCycle,
    subscription: SubscriptionState,
    now: Date,
  ): Promise<void> {
    await db.query(
      `UPDATE billing_accounts SET billing_cycle = $2, subscription_id = $3, subscription_item_id = $4, updated_at = $5
        WHERE organization_id = $1`,
      [organizationId, cycle, subscription.subscriptionId, subscription.subscriptionItemId, now],
    );
  },

  async organizationIdByCustomer(db: Queryable, customerId: string): Promise<string | null> {
    const [row] = await db.query<{ organization_id: string }>(
      'SELECT organization_id FROM billing_accounts WHERE stripe_customer_id = $1',
      [customerId],
    );
    return row?.organization_id ?? null;
  },

  async setBillingStatus(
    db: Queryable,
    organizationId: string,
    status: BillingStatus,
    now: Date,
  ): Promise<boolean> {
    const rows = await db.query(
      `UPDATE organizations SET billing_status = $2, updated_at = $3 WHERE id = $1 AND billing_status <> $2
       RETURNING id`,
      [organizationId, status, now],
    );
    return rows.length > 0;
  },

  /** A pending bank account whose SetupIntent failed (webhook); its organization, if one was waiting. */
  async failPendingSetup(db: Queryable, setupIntentId: string, now: Date): Promise<string | null> {
    const [row] = await db.query<{ organization_id: string }>(
      `UPDATE payment_methods SET status = 'failed', updated_at = $2
        WHERE provider = 'stripe' AND setup_intent_id = $1 AND status = 'pending_verification'
        RETURNING organization_id`,
      [setupIntentId, now],
    );
    return row?.organization_id ?? null;
  },

  /** A method detached at Stripe can no longer pay: it goes. Its organization, if it was stored. */
  async forgetStripeMethod(db: Queryable, externalId: string): Promise<string | null> {
    const [row] = await db.query<{ organization_id: string }>(
      `DELETE FROM payment_methods WHERE provider = 'stripe' AND external_id = $1 RETURNING organization_id`,
      [externalId],
    );
    return row?.organization_id ?? null;
  },

  /** The subscription Stripe deleted, if it is still the one stored. */
  async forgetSubscription(
    db: Queryable,
    organizationId: string,
    subscriptionId: string,
    now: Date,
  ): Promise<void> {
    await db.query(
      `UPDATE billing_accounts SET subscription_id = NULL, subscription_item_id = NULL, updated_at = $3
        WHERE organization_id = $1 AND subscription_id = $2`,
      [organizationId, subscriptionId, now],
    );
  },

  /** False when the event was handled before (Stripe delivers at least once). */
  async recordStripeEvent(db: Queryable, id: string, type: string, now: Date): Promise<boolean> {
    const rows = await db.query(
      'INSERT INTO stripe_events (id, type, received_at) VALUES ($1, $2, $3) ON CONFLICT (id) DO NOTHING RETURNING id',
      [id, type, now],
    );
    return rows.length > 0;
  },

  async stripeEventSeen(db: Queryable, id: string): Promise<boolean> {
    const rows = await db.query('SELECT 1 FROM stripe_events WHERE id = $1', [id]);
    return rows.length > 0;
  },
};
