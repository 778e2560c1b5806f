import type { SnapshotFrom } from 'xstate';
import type { detailsMachine } from './detailsMachine';
import { billingCandidates, canManageOrganization } from './organizationSelectors';

type DetailsSnapshot = SnapshotFrom<typeof detailsMachine>;

export const selectDetailsName = (snapshot: DetailsSnapshot) => snapshot.context.name;
export const selectDetailsNameError = (snapshot: DetailsSnapshot) => snapshot.context.nameError;
export const selectDetailsError = (snapshot: DetailsSnapshot) => snapshot.context.error;
export const selectBillingAdministratorId = (snapshot: DetailsSnapshot) =>
  snapshot.context.billingAdministratorId;
export const selectIsOwner = (snapshot: DetailsSnapshot) =>
  snapshot.context.organization?.currentUserRole === 'OWNER';
export const selectCanEditDetails = (snapshot: DetailsSnapshot) =>
  canManageOrganization(snapshot.context.organization);
export const selectBillingCandidates = (snapshot: DetailsSnapshot) =>
  snapshot.context.organization ? billingCandidates(snapshot.context.organization) : [];
export const selectDetailsLoading = (snapshot: DetailsSnapshot) => snapshot.hasTag('loading');
export const selectDetailsFailed = (snapshot: DetailsSnapshot) => snapshot.hasTag('failed');
export const selectDetailsForm = (snapshot: DetailsSnapshot) => snapshot.hasTag('form');
export const selectDetailsSaving = (snapshot: DetailsSnapshot) => snapshot.hasTag('busy');
