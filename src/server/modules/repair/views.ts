import { createHash } from 'node:crypto';
import type {
  ConnectivityView,
  IssueView,
  OperationView,
  RepairTolerancesWire,
} from '../../../contract/http/repair';
import {
  CHECK_TITLES,
  OPERATION_IDS,
  OPERATION_TITLES,
  defaultTolerances,
  describeIssue,
  describeOperation,
  type ConnectivityReport,
  type Issue,
  type OperationId,
  type RepairOperation,
  type RepairTolerances,
} from '../../../engine/repair';
import type { DisplayUnit, Model, Point3 } from '../../../engine/schema';
import { displayToMm, mmToDisplay } from '../../../engine/units';

/**
 * The engine's report and plan (canonical mm) in display form (the model's display units, each row with its
 * sentence), as contract/http/repair.ts carries them. Pure: the repair worker uses it off the main thread.
 */

const LENGTHS = ['merge', 'near', 'snap', 'minLength', 'gapMax'] as const;

/** Tolerances in mm → display units (angles stay degrees). */
export function tolerancesToDisplay(mm: RepairTolerances, units: DisplayUnit): RepairTolerancesWire {
  const display = { ...mm };
  for (const key of LENGTHS) display[key] = mmToDisplay(mm[key], units);
  return display;
}

/** Tolerances in display units → mm (angles stay degrees). */
export function tolerancesToMm(display: RepairTolerancesWire, units: DisplayUnit): RepairTolerances {
  const mm = { ...display };
  for (const key of LENGTHS) mm[key] = displayToMm(display[key], units);
  return mm;
}

/**
 * The tolerances a request asks for, in display units: the model's own (`saved`, mm), else the engine's defaults
 * for the model's units (section 7: 1 mm metric, 0.1 in imperial), with the values the request gave.
 */
export function requestedTolerances(
  units: DisplayUnit,
  given: Partial<Record<keyof RepairTolerancesWire, number | undefined>> = {},
  saved: RepairTolerances | null = null,
): RepairTolerancesWire {
  const display = tolerancesToDisplay({ ...defaultTolerances(units), ...saved }, units);
  for (const key of Object.keys(display) as (keyof RepairTolerancesWire)[]) {
    const value = given[key];
    if (value !== undefined) display[key] = value;
  }
  return display;
}

/** A short digest of display tolerances, for cache keys (the derived cache allows [0-9A-Za-z-] only). */
export function tolerancesDigest(display: RepairTolerancesWire): string {
  const ordered = Object.keys(display)
    .sort()
    .map((key) => display[key as keyof RepairTolerancesWire]);
  return createHash('sha256').update(JSON.stringify(ordered)).digest('hex').slice(0, 16);
}

const pointToDisplay = (point: Point3, units: DisplayUnit): Point3 => ({
  x: mmToDisplay(point.x, units),
  y: mmToDisplay(point.y, units),
  z: mmToDisplay(point.z, units),
});

function issueView(issue: Issue, model: Model, units: DisplayUnit): IssueView {
  return {
    id: issue.id,
    check: issue.check,
    severity: issue.severity,
    nodeIds: issue.nodeIds,
    elementIds: issue.elementIds,
    location: pointToDisplay(issue.location, units),
    // C12 measures an angle (degrees); every other check a length.
    distance:
      issue.distance === null
        ? null
        : issue.check === 'C12'
          ? issue.distance
          : mmToDisplay(issue.distance, units),
    text: describeIssue(issue, model, units),
  };
}

/** The report of `model` as the repair screen shows it; `tolerances` are the display values it was asked with. */
export function connectivityView(
  report: ConnectivityReport,
  model: Model,
  units: DisplayUnit,
  tolerances: RepairTolerancesWire,
): ConnectivityView {
  return {
    units,
    tolerances,
    counts: { ...report.counts },
    titles: { ...CHECK_TITLES },
    summary: { ...report.summary },
    issues: report.issues.map((issue) => issueView(issue, model, units)),
  };
}

/** One operation of a plan of `model` (the repaired version) in display form. */
export function operationView(operation: RepairOperation, model: Model, units: DisplayUnit): OperationView {
  return {
    id: operation.id,
    operation: operation.operation,
    reason: operation.reason,
    issueId: operation.issueId,
    requiresConfirmation: operation.requiresConfirmation,
    distance: operation.distance === null ? null : mmToDisplay(operation.distance, units),
    dependsOn: operation.dependsOn,
    nodeIds: operation.nodeIds,
    elementIds: operation.elementIds,
    text: describeOperation(operation, model, units),
  };
}

/**
 * The operations of `operations` that would be applied with `accepted`: in plan order, each accepted one whose
 * dependencies are all applied (as applyRepair decides), so a request can refuse a commit that applies nothing.
 */
export function effectiveOperations(
  operations: readonly RepairOperation[],
  accepted: ReadonlySet<string>,
): RepairOperation[] {
  const applied = new Set<string>();
  const taken: RepairOperation[] = [];
  for (const operation of operations) {
    if (!accepted.has(operation.id)) continue;
    if (!operation.dependsOn.every((id) => applied.has(id))) continue;
    applied.add(operation.id);
    taken.push(operation);
  }
  return taken;
}

/**
 * A repair version's message: 'Repair of version 3: 12 × Merge coincident nodes (R01), 2 × Split member at node
 * (R02)', one entry per kind of operation applied, in pipeline order.
 */
export function repairCommitMessage(versionNumber: number, applied: readonly OperationId[]): string {
  const counts = new Map<OperationId, number>();
  for (const id of applied) counts.set(id, (counts.get(id) ?? 0) + 1);
  const parts = OPERATION_IDS.filter((id) => counts.has(id)).map(
    (id) => `${counts.get(id)} × ${OPERATION_TITLES[id]} (${id})`,
  );
  return `Repair of version ${versionNumber}: ${parts.join(', ')}`;
}
