/*
 * The repair pipeline (../shared/docs/repair-diff-domain.md §7.2): stages in OPERATION_IDS order, each re-running
 * the check that triggers it on the working model.
 *
 * Choice: every planned operation, confirmed or not, is applied to the working model, so later stages see one
 * consistent model (R02 splits the target an R07 extension reached even when that extension needs confirmation).
 * The price is paid through `dependsOn`: an operation lists, for every object it touches, the last earlier
 * operation that touched (created, moved, merged, split, deleted) it; moving or merging a node touches the
 * elements on it. applyRepair skips an accepted operation whose dependencies are not applied, so an automatic
 * operation built on a proposal waits with it.
 */
import { checkConnectivity } from '../connectivity';
import type { Model } from '../schema';
import { applyEdits } from './apply';
import type { Draft, Eccentricity } from './context';
import { StageContext } from './context';
import { Neighbourhoods, rejectionReason, suspects } from './guard';
import {
  collapseZeroLength,
  deleteOrphanNodes,
  editIds,
  extendToSupport,
  fixReleases,
  keepOffsets,
  mergeCoincidentNodes,
  removeDuplicates,
  resolveOverlaps,
  snapToGrid,
  snapToLevel,
  splitAtNodes,
  splitCrossings,
  straighten,
} from './operations';
import type {
  AppliedRepair,
  CheckId,
  ConnectivityReport,
  Issue,
  OperationId,
  RepairOperation,
  RepairOptions,
  RejectedOperation,
  RepairPlan,
  RepairTolerances,
} from './types';
import { CHECK_TITLES, defaultTolerances, DEFAULT_OPERATIONS, OPERATION_IDS } from './types';

/** The checks each stage re-runs (R13 and R11 read the model and R07's results instead). */
const TRIGGER: Record<OperationId, CheckId | readonly CheckId[] | null> = {
  R13: null,
  // Coincident clusters, then near misses: a node 17 mm from a member end is merged, not split around.
  R01: ['C01', 'C02'],
  R06: 'C07',
  R04: 'C05',
  R05: 'C06',
  R08: 'C10',
  R09: 'C11',
  R10: 'C12',
  R07: 'C08',
  R02: 'C03',
  R03: 'C04',
  R11: null,
  R12: 'C15',
};

/** R03 splits a member at one crossing per pass; a member crossed several times needs a few passes. */
const CROSSING_PASSES = 4;

function draftsFor(
  stage: OperationId,
  context: StageContext,
  issues: readonly Issue[],
  eccentricities: Eccentricity[],
): Draft[] {
  switch (stage) {
    case 'R13':
      return deleteOrphanNodes(context);
    case 'R01':
      return mergeCoincidentNodes(context, issues);
    case 'R06':
      return collapseZeroLength(context, issues);
    case 'R04':
      return removeDuplicates(context, issues);
    case 'R05':
      return resolveOverlaps(context, issues);
    case 'R08':
      return snapToLevel(context, issues);
    case 'R09':
      return snapToGrid(context, issues);
    case 'R10':
      return straighten(context, issues);
    case 'R07':
      return extendToSupport(context, issues, eccentricities);
    case 'R02':
      return splitAtNodes(context, issues);
    case 'R03':
      return splitCrossings(context, issues);
    case 'R11':
      return keepOffsets(context, eccentricities);
    case 'R12':
      return fixReleases(context, issues);
  }
}

/** Distinct ids in code-unit order (most operations name one or two). */
function sortedUnique(ids: string[]): string[] {
  if (ids.length < 2) return ids;
  if (ids.length === 2) {
    const [a, b] = ids as [string, string];
    return a === b ? [a] : b < a ? [b, a] : ids;
  }
  return [...new Set(ids)].sort();
}

/**
 * What an operation touches: the nodes and elements its edits name (sorted, distinct), plus the elements on any
 * node it moves or removes (`moved`, which may repeat ids of `elements`).
 */
function touchedObjects(
  draft: Draft,
  context: StageContext,
): { nodes: string[]; elements: string[]; moved: string[] } {
  const nodes: string[] = [];
  const elements: string[] = [];
  const moved: string[] = [];
  for (const edit of draft.edits) {
    const ids = editIds(edit);
    for (const id of ids.nodes) nodes.push(id);
    for (const id of ids.elements) elements.push(id);
    const movedNodes =
      edit.kind === 'moveNode' || edit.kind === 'deleteNode'
        ? [edit.nodeId]
        : edit.kind === 'mergeNodes'
          ? edit.nodeIds
          : [];
    for (const nodeId of movedNodes)
      for (const elementId of context.elementsAt(nodeId)) moved.push(elementId);
  }
  return { nodes: sortedUnique(nodes), elements: sortedUnique(elements), moved };
}

function issuesOf(report: ConnectivityReport, checks: readonly CheckId[]): Issue[] {
  return report.issues.filter((issue) => checks.includes(issue.check));
}

/** See index.ts. */
export function plan(model: Model, tolerances?: RepairTolerances, options?: RepairOptions): RepairPlan {
  const tol = tolerances ?? defaultTolerances(model.units);
  const enabled = new Set(options?.operations ?? DEFAULT_OPERATIONS);
  const stages = OPERATION_IDS.filter((id) => enabled.has(id));
  const before = checkConnectivity(model, tol);
  let working = model;
  let report: ConnectivityReport | null = before;
  const operations: RepairOperation[] = [];
  const rejected: RejectedOperation[] = [];
  const ids = new Set<string>();
  // The last operation that touched each node and each element (two maps: SAP2000 reuses numbers across them).
  const lastNodeTouch = new Map<string, string>();
  const lastElementTouch = new Map<string, string>();
  const position = new Map<string, number>();
  const eccentricities: Eccentricity[] = [];

  stages.forEach((stage, index) => {
    const passes = stage === 'R03' ? CROSSING_PASSES : 1;
    for (let pass = 0; pass < passes; pass++) {
      const trigger = TRIGGER[stage];
      const checks: readonly CheckId[] =
        trigger === null ? [] : typeof trigger === 'string' ? [trigger] : trigger;
      // The full report of the working model when the last stage left one (the input's, or a guard's).
      const issues =
        checks.length === 0 ? [] : issuesOf(report ?? checkConnectivity(working, tol, checks), checks);
      const context = new StageContext(working, tol);
      const found = draftsFor(stage, context, issues, eccentricities);
      if (found.length === 0) break;
      // The guard: an operation that would make any check find more in its neighbourhood is not proposed. The
      // whole stage is applied and checked once; only drafts near a new finding are judged one by one.
      const current = report ?? checkConnectivity(working, tol);
      let next = applyEdits(
        working,
        found.flatMap((draft) => draft.edits),
      );
      let nextReport: ConnectivityReport | null = checkConnectivity(next, tol);
      const suspect = suspects(found, context, current, nextReport, tol);
      const hoods = suspect.size > 0 ? new Neighbourhoods(context, tol) : null;
      const drafts: Draft[] = [];
      found.forEach((draft, index) => {
        const verdict = hoods && suspect.has(index) ? hoods.judge(draft) : null;
        if (verdict === null) {
          drafts.push(draft);
          return;
        }
        // R03 runs a few passes and finds the same crossing again: one entry is enough.
        if (rejected.some((entry) => entry.operation === draft.operation && entry.issueId === draft.issueId))
          return;
        const touched = touchedObjects(draft, context);
        rejected.push({
          operation: draft.operation,
          reason: draft.reason,
          issueId: draft.issueId,
          nodeIds: touched.nodes,
          elementIds: touched.elements,
          added: verdict.added,
          why: rejectionReason(verdict, CHECK_TITLES),
          findingIds: verdict.findings.map((issue) => issue.id),
        });
      });
      if (drafts.length < found.length) {
        next = applyEdits(
          working,
          drafts.flatMap((draft) => draft.edits),
        );
        nextReport = null;
      }
      if (drafts.length === 0) break;
      for (const draft of drafts) {
        const touched = touchedObjects(draft, context);
        const dependsOn = new Set<string>();
        for (const nodeId of touched.nodes) {
          const previous = lastNodeTouch.get(nodeId);
          if (previous !== undefined) dependsOn.add(previous);
        }
        for (const list of [touched.elements, touched.moved])
          for (const elementId of list) {
            const previous = lastElementTouch.get(elementId);
            if (previous !== undefined) dependsOn.add(previous);
          }
        // The issue id rule: elements, then `@` and nodes (SAP2000 names joints and frames from the same numbers).
        const base =
          touched.nodes.length === 0
            ? `${draft.operation}:${touched.elements.join(',')}`
            : `${draft.operation}:${touched.elements.join(',')}@${touched.nodes.join(',')}`;
        let id = base;
        for (let copy = 2; ids.has(id); copy++) id = `${base}#${copy}`;
        ids.add(id);
        for (const nodeId of touched.nodes) lastNodeTouch.set(nodeId, id);
        for (const list of [touched.elements, touched.moved])
          for (const elementId of list) lastElementTouch.set(elementId, id);
        position.set(id, operations.length);
        operations.push({
          id,
          operation: draft.operation,
          reason: draft.reason,
          issueId: draft.issueId,
          edits: draft.edits,
          requiresConfirmation: draft.requiresConfirmation,
          distance: draft.distance,
          tolerance: draft.tolerance,
          dependsOn:
            dependsOn.size < 2
              ? [...dependsOn]
              : [...dependsOn].sort((a, b) => (position.get(a) ?? 0) - (position.get(b) ?? 0)),
          nodeIds: touched.nodes,
          elementIds: touched.elements,
        });
      }
      working = next;
      report = nextReport;
    }
    options?.onProgress?.((index + 1) / stages.length, stage);
  });

  // With nothing waiting for confirmation, the working model is the automatic result already.
  const everyOperationAutomatic = operations.every((operation) => !operation.requiresConfirmation);
  const automatic = everyOperationAutomatic ? working : apply(model, operations, 'auto').model;
  const after =
    automatic === model
      ? before
      : automatic === working && report
        ? report
        : checkConnectivity(automatic, tol);
  return { tolerances: tol, operations, rejected, before, after };
}

/** See index.ts. */
export function apply(
  model: Model,
  operations: readonly RepairOperation[],
  accepted: ReadonlySet<string> | 'auto' | 'all',
): AppliedRepair {
  const isAccepted = (operation: RepairOperation) =>
    accepted === 'all'
      ? true
      : accepted === 'auto'
        ? !operation.requiresConfirmation
        : accepted.has(operation.id);
  const applied: string[] = [];
  const appliedSet = new Set<string>();
  const skipped: string[] = [];
  const edits = [];
  for (const operation of operations) {
    if (!isAccepted(operation)) continue;
    if (operation.dependsOn.some((id) => !appliedSet.has(id))) {
      skipped.push(operation.id);
      continue;
    }
    applied.push(operation.id);
    appliedSet.add(operation.id);
    edits.push(...operation.edits);
  }
  return { model: applyEdits(model, edits), applied, skipped };
}
