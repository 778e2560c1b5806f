import type { SnapshotFrom } from 'xstate';
import type { ConnectivityView, IssueView, OperationView } from '../../contract/http/repair';
import type { SceneData } from '../../engine/scene';
import {
  CHECK_IDS,
  OPERATION_IDS,
  OPERATION_TITLES,
  type CheckId,
  type OperationId,
} from '../../engine/repair/types';
import type { repairMachine, RepairContext, RepairTag } from './repairMachine';
import { categoryState, type CategoryState } from './selection';
import { TOLERANCE_FIELDS, type ToleranceName } from './tolerances';

type RepairSnapshot = SnapshotFrom<typeof repairMachine>;

/** The tags that name a step of the flow (the others say what is under way). */
export type RepairStep = Exclude<RepairTag, 'busy' | 'sceneLoading' | 'sceneFailed'>;

const STEPS: readonly RepairStep[] = [
  'checking',
  'reviewing',
  'repairing',
  'previewing',
  'committing',
  'committed',
  'failed',
  'cancelled',
];

/** Which step of the check and repair the screen shows. */
export function selectRepairStep(snapshot: RepairSnapshot): RepairStep {
  return STEPS.find((step) => snapshot.hasTag(step)) ?? 'idle';
}

export const selectRepairError = (snapshot: RepairSnapshot) => snapshot.context.error;
export const selectCanRepair = (snapshot: RepairSnapshot) => snapshot.context.abilities.canUpdate;
export const selectSide = (snapshot: RepairSnapshot) => snapshot.context.side;
export const selectFocus = (snapshot: RepairSnapshot) => snapshot.context.focus;
export const selectCommitted = (snapshot: RepairSnapshot) => snapshot.context.committed;
export const selectCommitMessage = (snapshot: RepairSnapshot) => snapshot.context.message;
export const selectPreviewStale = (snapshot: RepairSnapshot) => snapshot.context.previewStale;
export const selectHasPlan = (snapshot: RepairSnapshot) => snapshot.context.plan !== null;
export const selectSceneError = (snapshot: RepairSnapshot) =>
  snapshot.hasTag('sceneFailed') ? snapshot.context.sceneError : null;
export const selectSceneLoading = (snapshot: RepairSnapshot) => snapshot.hasTag('sceneLoading');
export const selectSkipped = (snapshot: RepairSnapshot) => snapshot.context.preview?.skipped ?? [];
export const selectPreviewDiff = (snapshot: RepairSnapshot) => snapshot.context.preview?.diff ?? null;
/** A failure after which a new attempt can help (everything but a cancelled flow). */
export const selectCanRetry = (snapshot: RepairSnapshot) => snapshot.hasTag('failed');

/** The report of the version as it is: the plan's when there is one (same tolerances as the repair). */
const beforeReport = (context: RepairContext): ConnectivityView | null =>
  context.plan?.before ?? context.report;

/** The report the lists show: the repaired model's on the after side, else the version's. */
function shownReport(context: RepairContext): ConnectivityView | null {
  if (context.side === 'after' && context.preview) return context.preview.after;
  return beforeReport(context);
}

export const selectShownReport = (snapshot: RepairSnapshot) => shownReport(snapshot.context);

export interface IssueGroup {
  check: CheckId;
  title: string;
  count: number;
  issues: IssueView[];
}

function groupIssues(report: ConnectivityView): IssueGroup[] {
  return CHECK_IDS.map((check) => {
    const issues = report.issues.filter((issue) => issue.check === check);
    return {
      check,
      title: report.titles[check] ?? check,
      count: report.counts[check] ?? issues.length,
      issues,
    };
  }).filter((group) => group.count > 0);
}

const issueGroupsCache = new WeakMap<ConnectivityView, IssueGroup[]>();

/** Issues grouped by check, in catalogue order, only the checks that found something. */
export function selectIssueGroups(snapshot: RepairSnapshot): IssueGroup[] {
  const report = shownReport(snapshot.context);
  if (!report) return [];
  let groups = issueGroupsCache.get(report);
  if (!groups) {
    groups = groupIssues(report);
    issueGroupsCache.set(report, groups);
  }
  return groups;
}

const totalOf = (report: ConnectivityView | null | undefined) =>
  report ? CHECK_IDS.reduce((sum, check) => sum + (report.counts[check] ?? 0), 0) : null;

/** Issues counted before the repair and after the accepted operations (null until a preview exists). */
export function selectIssueTotals(snapshot: RepairSnapshot): { before: number | null; after: number | null } {
  return {
    before: totalOf(beforeReport(snapshot.context)),
    after: totalOf(snapshot.context.preview?.after),
  };
}

export interface OperationRow {
  operation: OperationView;
  accepted: boolean;
  /** Accepted but left out by the last preview (something it depends on is not applied). */
  skipped: boolean;
}

export interface OperationGroup {
  operation: OperationId;
  title: string;
  state: CategoryState;
  rows: OperationRow[];
}

/** The plan's operations by operation id in pipeline order, with what is accepted. */
export function selectOperationGroups(snapshot: RepairSnapshot): OperationGroup[] {
  const { plan, accepted, preview } = snapshot.context;
  if (!plan) return [];
  const skipped = new Set(preview?.skipped ?? []);
  return OPERATION_IDS.map((operation) => ({
    operation,
    title: OPERATION_TITLES[operation],
    state: categoryState(plan.operations, accepted, operation),
    rows: plan.operations
      .filter((op) => op.operation === operation)
      .map((op) => ({ operation: op, accepted: accepted.has(op.id), skipped: skipped.has(op.id) })),
  })).filter((group) => group.rows.length > 0);
}

export const selectAcceptedCount = (snapshot: RepairSnapshot) => snapshot.context.accepted.size;
export const selectOperationCount = (snapshot: RepairSnapshot) =>
  snapshot.context.plan?.operations.length ?? 0;

/** The job's stage and percentage while a repair is prepared or committed. */
export function selectRepairProgress(snapshot: RepairSnapshot): { stage: string; percent: number } | null {
  if (!snapshot.hasTag('repairing') && !snapshot.hasTag('committing')) return null;
  const job = snapshot.context.job;
  const starting = snapshot.hasTag('repairing') ? 'Starting the repair' : 'Committing the repair';
  return job && job.status !== 'done'
    ? { stage: job.stage, percent: job.progress }
    : { stage: starting, percent: 0 };
}

export interface ToleranceField {
  name: ToleranceName;
  label: string;
  angle: boolean;
  /** What the field shows: the user's text, else the value the last check used. */
  value: string;
}

export function selectToleranceFields(snapshot: RepairSnapshot): ToleranceField[] {
  const { toleranceTexts, report } = snapshot.context;
  return TOLERANCE_FIELDS.map((field) => ({
    ...field,
    value: toleranceTexts[field.name] ?? (report ? String(report.tolerances[field.name]) : ''),
  }));
}

export const selectUnits = (snapshot: RepairSnapshot) =>
  snapshot.context.report?.units ?? snapshot.context.plan?.before.units ?? null;

/** The scene the viewer draws: the version's, or the repaired one on the after side (null while it loads). */
export function selectRepairScene(snapshot: RepairSnapshot): SceneData | null {
  const { side, beforeScene, afterScene } = snapshot.context;
  return side === 'after' ? afterScene : beforeScene;
}

/** Per node id, the elements drawn with it: a node-only issue (coincident nodes) shows through its members. */
const incidenceCache = new WeakMap<SceneData, Map<string, string[]>>();

function incidenceOf(scene: SceneData): Map<string, string[]> {
  let byNode = incidenceCache.get(scene);
  if (byNode) return byNode;
  byNode = new Map();
  const { ids, nodeOffsets, nodeIndices } = scene.elements;
  for (let element = 0; element < ids.length; element += 1) {
    for (let at = nodeOffsets[element] ?? 0; at < (nodeOffsets[element + 1] ?? 0); at += 1) {
      const nodeId = scene.nodes.ids[nodeIndices[at] ?? -1];
      const elementId = ids[element];
      if (nodeId === undefined || elementId === undefined) continue;
      const list = byNode.get(nodeId) ?? [];
      list.push(elementId);
      byNode.set(nodeId, list);
    }
  }
  incidenceCache.set(scene, byNode);
  return byNode;
}

/** The elements an issue or operation names, and those drawn with the nodes it names. */
export function elementsOf(
  subject: { nodeIds: readonly string[]; elementIds: readonly string[] },
  scene: SceneData | null,
): string[] {
  if (!scene || subject.nodeIds.length === 0) return [...subject.elementIds];
  const byNode = incidenceOf(scene);
  return [...new Set([...subject.elementIds, ...subject.nodeIds.flatMap((id) => byNode.get(id) ?? [])])];
}

/**
 * The repair palette, in the viewer's change colours: on the before side, elements with an error in red
 * ('removed') and with a warning in amber ('modified'); on the after side, elements the accepted operations
 * touch in green ('added'), and those still with an issue as before. Everything else is ghosted.
 */
export type RepairHighlight = 'removed' | 'modified' | 'added';

export function highlightOf(
  report: ConnectivityView | null,
  operations: readonly OperationView[],
  accepted: ReadonlySet<string> | null,
  scene: SceneData | null,
): Map<string, RepairHighlight> {
  const out = new Map<string, RepairHighlight>();
  if (accepted) {
    for (const op of operations) {
      if (accepted.has(op.id)) for (const id of elementsOf(op, scene)) out.set(id, 'added');
    }
  }
  for (const issue of report?.issues ?? []) {
    const status: RepairHighlight = issue.severity === 'error' ? 'removed' : 'modified';
    for (const id of elementsOf(issue, scene)) {
      if (out.get(id) !== 'removed') out.set(id, status);
    }
  }
  return out;
}

/** The last answer for the same inputs (by identity), so the view re-applies colours only when they change. */
function lastOf<T>() {
  let last: { key: readonly unknown[]; value: T } | null = null;
  return (key: readonly unknown[], compute: () => T): T => {
    if (last && key.length === last.key.length && key.every((part, index) => part === last?.key[index])) {
      return last.value;
    }
    last = { key, value: compute() };
    return last.value;
  };
}

const lastHighlight = lastOf<Map<string, RepairHighlight>>();

/** The colours per element id for the side drawn. */
export function selectHighlight(snapshot: RepairSnapshot): Map<string, RepairHighlight> {
  const { side, plan, accepted } = snapshot.context;
  const report = shownReport(snapshot.context);
  const scene = selectRepairScene(snapshot);
  const shownAccepted = side === 'after' ? accepted : null;
  return lastHighlight([report, plan, shownAccepted, scene], () =>
    highlightOf(report, plan?.operations ?? [], shownAccepted, scene),
  );
}

const lastFocus = lastOf<string[] | null>();

/** The elements of the issue or operation picked in a list (with its nodes' members), for the viewer's selection. */
export function selectFocusElementIds(snapshot: RepairSnapshot): string[] | null {
  const focus = snapshot.context.focus;
  const scene = selectRepairScene(snapshot);
  return lastFocus([focus, scene], () => (focus ? elementsOf(focus, scene) : null));
}
