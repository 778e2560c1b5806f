import type { SnapshotFrom } from 'xstate';
import type { cloneModelMachine } from './cloneModelMachine';

type CloneSnapshot = SnapshotFrom<typeof cloneModelMachine>;

export const selectCloneName = (snapshot: CloneSnapshot) => snapshot.context.name;
export const selectCloneOrganizationId = (snapshot: CloneSnapshot) => snapshot.context.organizationId;
export const selectCloneNameError = (snapshot: CloneSnapshot) => snapshot.context.nameError;
export const selectCloneError = (snapshot: CloneSnapshot) => snapshot.context.error;
export const selectCloning = (snapshot: CloneSnapshot) => snapshot.hasTag('busy');
/** The billing gating statechart the clone form invokes for the target organization. */
export const selectCloneBillingGating = (snapshot: CloneSnapshot) => snapshot.children.billingGating;
/** The copy will be paid: the user is asked to confirm the charge before anything is sent. */
export const selectConfirmingPaidClone = (snapshot: CloneSnapshot) => snapshot.hasTag('confirmingPaid');
