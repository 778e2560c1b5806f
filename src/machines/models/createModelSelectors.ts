import type { SnapshotFrom } from 'xstate';
import type { createModelMachine } from './createModelMachine';

type CreateModelSnapshot = SnapshotFrom<typeof createModelMachine>;

export const selectModelName = (snapshot: CreateModelSnapshot) => snapshot.context.name;
export const selectChosenOrganizationId = (snapshot: CreateModelSnapshot) => snapshot.context.organizationId;
export const selectModelNameError = (snapshot: CreateModelSnapshot) => snapshot.context.nameError;
export const selectCreateModelError = (snapshot: CreateModelSnapshot) => snapshot.context.error;
export const selectCreatingModel = (snapshot: CreateModelSnapshot) => snapshot.hasTag('busy');
/** The billing gating statechart the form invokes (free models used, payment method at the limit). */
export const selectBillingGating = (snapshot: CreateModelSnapshot) => snapshot.children.billingGating;
/** The next model will be paid: the user is asked to confirm the charge before anything is sent. */
export const selectConfirmingPaidModel = (snapshot: CreateModelSnapshot) => snapshot.hasTag('confirmingPaid');
