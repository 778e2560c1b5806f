import { ownMessages } from '../../../contract/errors';
import { FREE_MODEL_LIMIT, type BillingStatus, type ModelPlan } from '../../../contract/http/billing';
import type { Queryable } from '../../db/db';
import { asBillingStatus, billingRepository } from './repository';

/** Why a new model may not be made. */
export type QuotaRefusal = 'organizationGone' | 'freeModelsUsed';

export type NewModelPlan =
  { ok: true; plan: ModelPlan } | { ok: false; refusal: QuotaRefusal; message: string };

/**
 * The free-model rule, for a model about to be inserted in `tx` (created, cloned, or made by an upload): FREE
 * while the organization has fewer than three free models, else PAID, which needs an active payment method.
 * Locks the organization row first, so the count cannot change before the caller's insert commits: parallel
 * requests are decided one after the other and cannot exceed the quota.
 */
export async function planForNewModel(tx: Queryable, organizationId: string): Promise<NewModelPlan> {
  const organization = await billingRepository.lockOrganization(tx, organizationId);
  if (!organization) {
    return { ok: false, refusal: 'organizationGone', message: ownMessages.organizationNotFound };
  }
  const counts = await billingRepository.modelPlanCounts(tx, organizationId);
  if (counts.free < FREE_MODEL_LIMIT) return { ok: true, plan: 'FREE' };
  if ((await billingRepository.activePaymentMethodCount(tx, organizationId)) === 0) {
    return { ok: false, refusal: 'freeModelsUsed', message: ownMessages.freeModelsUsed };
  }
  return { ok: true, plan: 'PAID' };
}

/**
 * The same rule read without a lock, for an early answer before work that comes first (an upload's file is
 * stored before its model is made): the decision that counts is planForNewModel's, when the model is inserted.
 */
export async function newModelRefusedEarly(db: Queryable, organizationId: string): Promise<string | null> {
  const counts = await billingRepository.modelPlanCounts(db, organizationId);
  if (counts.free < FREE_MODEL_LIMIT) return null;
  const usable = await billingRepository.activePaymentMethodCount(db, organizationId);
  return usable > 0 ? null : ownMessages.freeModelsUsed;
}

/**
 * Why a model cannot change to `plan` (null: it can), with the organization row locked by the caller
 * (lockOrganization). PAID needs an active payment method (402); FREE needs a free slot (409).
 */
export async function planChangeRefusal(
  tx: Queryable,
  organizationId: string,
  plan: ModelPlan,
): Promise<{ status: 402 | 409; message: string } | null> {
  if (plan === 'PAID') {
    const usable = await billingRepository.activePaymentMethodCount(tx, organizationId);
    return usable > 0 ? null : { status: 402, message: ownMessages.paidPlanNeedsPaymentMethod };
  }
  const counts = await billingRepository.modelPlanCounts(tx, organizationId);
  return counts.free < FREE_MODEL_LIMIT
    ? null
    : { status: 409, message: ownMessages.freeModelsFullForDemotion };
}

/**
 * billingStatus after the paid models changed: 'free' without paid models, 'active' when paid models appear;
 * 'past_due' and 'canceled' (set by Stripe's webhooks) stay while paid models remain. True when it changed.
 */
export async function refreshBillingStatus(
  tx: Queryable,
  organizationId: string,
  now: Date,
): Promise<boolean> {
  const organization = await billingRepository.lockOrganization(tx, organizationId);
  if (!organization) return false;
  const counts = await billingRepository.modelPlanCounts(tx, organizationId);
  const current = asBillingStatus(organization.billing_status);
  const next: BillingStatus = counts.paid === 0 ? 'free' : current === 'free' ? 'active' : current;
  return next === current ? false : billingRepository.setBillingStatus(tx, organizationId, next, now);
}
