import type { SnapshotFrom } from 'xstate';
import type { PaymentMethod } from '../../contract/http/billing';
import { billingCandidates } from '../organizations/organizationSelectors';
import type { billingSettingsMachine } from './billingSettingsMachine';

type SettingsSnapshot = SnapshotFrom<typeof billingSettingsMachine>;

export type BillingPageStatus = 'loading' | 'failed' | 'notAllowed' | 'ready';

export function selectBillingPageStatus(snapshot: SettingsSnapshot): BillingPageStatus {
  if (snapshot.hasTag('ready')) return 'ready';
  if (snapshot.hasTag('failed')) return 'failed';
  if (snapshot.hasTag('notAllowed')) return 'notAllowed';
  return 'loading';
}

export const selectBilling = (snapshot: SettingsSnapshot) => snapshot.context.billing;
export const selectPaymentMethods = (snapshot: SettingsSnapshot): PaymentMethod[] =>
  snapshot.context.billing?.paymentMethods ?? [];
export const selectBillingProvider = (snapshot: SettingsSnapshot) => snapshot.context.paymentSetup;
export const selectBillingLoadError = (snapshot: SettingsSnapshot) => snapshot.context.loadError;
export const selectBillingError = (snapshot: SettingsSnapshot) => snapshot.context.error;
export const selectBillingBusy = (snapshot: SettingsSnapshot) => snapshot.hasTag('busy');
export const selectIsAdding = (snapshot: SettingsSnapshot) => snapshot.hasTag('adding');
export const selectAddKind = (snapshot: SettingsSnapshot) => snapshot.context.addKind;
export const selectSettingsPaymentForm = (snapshot: SettingsSnapshot) => snapshot.children.paymentMethodForm;

/** The method waiting for the user to confirm its removal. */
export function selectRemovalCandidate(snapshot: SettingsSnapshot): PaymentMethod | null {
  if (!snapshot.hasTag('confirmingRemoval')) return null;
  return selectPaymentMethods(snapshot).find((method) => method._id === snapshot.context.removalId) ?? null;
}

/** The bank account whose micro-deposits the user is entering, with what they typed. */
export function selectVerification(snapshot: SettingsSnapshot) {
  const verification = snapshot.context.verification;
  if (!snapshot.hasTag('verifying') || !verification) return null;
  const method = selectPaymentMethods(snapshot).find((m) => m._id === verification.paymentMethodId);
  return method ? { method, amounts: verification.amounts } : null;
}

/** Only the owner names the billing administrator (the server enforces the same). */
export const selectIsOwner = (snapshot: SettingsSnapshot) =>
  snapshot.context.organization?.currentUserRole === 'OWNER';
export const selectBillingAdministratorId = (snapshot: SettingsSnapshot) =>
  snapshot.context.billingAdministratorId;
export const selectBillingAdministrator = (snapshot: SettingsSnapshot) =>
  snapshot.context.organization?.billingAdministrator ?? snapshot.context.organization?.owner ?? null;
export const selectBillingAdministratorCandidates = (snapshot: SettingsSnapshot) =>
  snapshot.context.organization ? billingCandidates(snapshot.context.organization) : [];
export const selectOrganizationName = (snapshot: SettingsSnapshot) =>
  snapshot.context.organization?.name ?? null;
