import type { SnapshotFrom } from 'xstate';
import { FREE_MODEL_LIMIT, type PlanPrice, type PlanPrices } from '../../contract/http/billing';
import type { billingGatingMachine } from './billingGatingMachine';
import { isAtLimit, nextModelIsFree } from './gatingRules';

type GatingSnapshot = SnapshotFrom<typeof billingGatingMachine>;

export type GatingStatus = 'checking' | 'free' | 'atLimit' | 'addingPaymentMethod' | 'paid' | 'unknown';

export function selectGatingStatus(snapshot: GatingSnapshot): GatingStatus {
  if (snapshot.hasTag('addingPaymentMethod')) return 'addingPaymentMethod';
  if (snapshot.hasTag('atLimit')) return 'atLimit';
  if (snapshot.hasTag('paid')) return 'paid';
  if (snapshot.hasTag('free')) return 'free';
  if (snapshot.hasTag('failure')) return 'unknown';
  return 'checking';
}

/**
 * The model-creation screens hold the user back at the limit, and also while a refresh of a quota known to be at
 * the limit is under way (the button would otherwise flash enabled).
 */
export const selectCreationBlocked = (snapshot: GatingSnapshot): boolean =>
  snapshot.hasTag('blocksCreation') || (snapshot.hasTag('checking') && isAtLimit(snapshot.context.quota));

/** How many of the free models are used, once the server has counted them. */
export function selectFreeModelUsage(snapshot: GatingSnapshot): { used: number; limit: number } | null {
  const quota = snapshot.context.quota;
  if (quota === null) return null;
  return { used: Math.min(quota.freeModels, quota.freeModelLimit), limit: quota.freeModelLimit };
}

/** The free models every organization has, before any is counted (sign-up's choose-plan). */
export const selectFreeModelLimit = (snapshot: GatingSnapshot): number =>
  snapshot.context.quota?.freeModelLimit ?? FREE_MODEL_LIMIT;

/** Owner and billing administrator: they may add a payment method; the others are told whom to ask. */
export const selectMayManageBilling = (snapshot: GatingSnapshot): boolean =>
  snapshot.context.quota?.canManageBilling === true;

export const selectGatingOrganizationId = (snapshot: GatingSnapshot) => snapshot.context.organizationId;
export const selectGatingError = (snapshot: GatingSnapshot) => snapshot.context.error;
export const selectPaymentProvider = (snapshot: GatingSnapshot) => snapshot.context.paymentSetup;
/** The in-place payment method form, while the user fills it. */
export const selectGatingPaymentForm = (snapshot: GatingSnapshot) => snapshot.children.paymentMethodForm;

/** What the organization's next paid model costs per its billing cycle (null: the provider gave no price). */
export function selectPaidModelPrice(
  snapshot: GatingSnapshot,
): { price: PlanPrice | null; testMode: boolean } | null {
  const quota = snapshot.context.quota;
  if (quota === null) return null;
  return { price: quota.prices[quota.billingCycle], testMode: quota.testMode };
}

/** The provider's prices of a paid model by cycle, before any organization exists (sign-up's choose-plan). */
export function selectPlanPrices(snapshot: GatingSnapshot): { prices: PlanPrices; testMode: boolean } | null {
  const setup = snapshot.context.paymentSetup;
  return setup ? { prices: setup.prices, testMode: setup.testMode } : null;
}

/**
 * The next model will be charged: the free models are used and a usable payment method is on file (`paid`). The
 * model-creation statecharts ask the user to confirm the charge then. (A failed quota read asks nothing: the server
 * decides, as it does for the limit.)
 */
export function selectNextModelIsPaid(snapshot: GatingSnapshot): boolean {
  if (snapshot.hasTag('paid')) return true;
  // While a refresh is under way, the last count decides: a charge is never made unasked.
  const quota = snapshot.context.quota;
  return (
    snapshot.hasTag('checking') && quota !== null && !nextModelIsFree(quota) && quota.canCreatePaidModels
  );
}
