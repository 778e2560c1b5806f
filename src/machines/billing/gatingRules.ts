import type { BillingQuotaResponse } from '../../contract/http/billing';
import { eventDataSchemas } from '../../contract/realtime';
import { organizationUpdateOf } from '../socket/eventRules';
import type { RealtimeEvent } from '../socket/types';

/** The billing gating rules as pure functions; billingGatingMachine names them in its guards. */

/** The next model of the organization is free: it has fewer free models than the limit. */
export function nextModelIsFree(quota: BillingQuotaResponse): boolean {
  return quota.freeModels < quota.freeModelLimit;
}

/** The free models are used up and no usable payment method is on file: a new model would be refused (402). */
export function isAtLimit(quota: BillingQuotaResponse | null): boolean {
  return quota !== null && !nextModelIsFree(quota) && !quota.canCreatePaidModels;
}

/**
 * A live event that may change what the organization may create: the organization itself changed (billing
 * status, billing administrator), or a model was made in it from a file. Deleted models free a slot too, but
 * ModelRemoved does not name the organization; the screens reload on their own after a delete.
 */
export function changesQuotaOf(event: RealtimeEvent, organizationId: string | null): boolean {
  if (organizationId === null) return false;
  const update = organizationUpdateOf(event);
  if (update) return update.organizationId === organizationId;
  if (event.payload.eventName !== 'ModelAdded') return false;
  const added = eventDataSchemas.ModelAdded.safeParse(event.payload.data);
  return added.success && added.data.newModel && added.data.organizationId === organizationId;
}
