/*
 * Model repair (issue #8): the pipeline R13 → … → R12 of ../shared/docs/repair-diff-domain.md section 7.2. The work
 * is in the files beside this one (apply.ts edits, operations.ts R01–R13, pipeline.ts stages and dependencies,
 * describe.ts sentences); these are the public signatures the server, the client and the CLI use.
 */
import type { DisplayUnit, Model } from '../schema';
import { issueSentence, operationSentence } from './describe';
import { apply, plan } from './pipeline';
import type {
  AppliedRepair,
  Issue,
  RepairOperation,
  RepairOptions,
  RepairPlan,
  RepairTolerances,
} from './types';

export * from './types';
export { checkConnectivity } from '../connectivity';
export { applyEdits } from './apply';

/**
 * The repair plan: stages in OPERATION_IDS order over `options.operations` (default DEFAULT_OPERATIONS), each
 * re-running its check on the working model. Every planned operation is applied to the working model; an
 * operation lists in `dependsOn` the earlier ones that touched what it touches (see pipeline.ts). `after` is the
 * report of the input with the operations that need no confirmation applied.
 */
export function planRepair(model: Model, tolerances?: RepairTolerances, options?: RepairOptions): RepairPlan {
  return plan(model, tolerances, options);
}

/**
 * `model` with the accepted operations applied ('auto': those not requiring confirmation; 'all': every one), in
 * plan order; an accepted operation whose dependencies were not applied is left out and listed in `skipped`.
 * The input is not changed.
 */
export function applyRepair(
  model: Model,
  operations: readonly RepairOperation[],
  accepted: ReadonlySet<string> | 'auto' | 'all',
): AppliedRepair {
  return apply(model, operations, accepted);
}

/** Plan, then apply what needs no confirmation: the CLI's and the tests' one call. */
export function repairModel(
  model: Model,
  tolerances?: RepairTolerances,
  options?: RepairOptions,
): { plan: RepairPlan; repaired: AppliedRepair } {
  const repairPlan = plan(model, tolerances, options);
  return { plan: repairPlan, repaired: apply(model, repairPlan.operations, 'auto') };
}

/** A finding as a sentence in display units ('End j of beam B12 at Story 4 (node 7 at Story 4) is connected to nothing'). */
export function describeIssue(issue: Issue, model: Model, units: DisplayUnit): string {
  return issueSentence(issue, model, units);
}

/** An operation as a sentence in display units, naming what it changes and whether it needs confirmation. */
export function describeOperation(operation: RepairOperation, model: Model, units: DisplayUnit): string {
  return operationSentence(operation, model, units);
}
