import type { SnapshotFrom } from 'xstate';
import type { modelPlanMachine } from './modelPlanMachine';

type PlanSnapshot = SnapshotFrom<typeof modelPlanMachine>;

export const selectPlan = (snapshot: PlanSnapshot) => snapshot.context.model.plan;
export const selectPlanError = (snapshot: PlanSnapshot) => snapshot.context.error;
export const selectPlanEditable = (snapshot: PlanSnapshot) => snapshot.hasTag('editable');
export const selectPlanSaving = (snapshot: PlanSnapshot) => snapshot.hasTag('saving');
