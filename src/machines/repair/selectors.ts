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
import {
  boxOf,
  issueLevels,
  neighbourhoodOf,
  NO_LEVEL,
  orderedGroups,
  type Box3,
  type Severity,
} from './issueIndex';
import {
  levelSceneOf,
  shownReportOf,
  type repairMachine,
  type RepairContext,
  type RepairTag,
} from './repairMachine';
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
const shownReport = shownReportOf;

export const selectShownReport = (snapshot: RepairSnapshot) => shownReport(snapshot.context);

export interface IssueGroup {
  check: CheckId;
  title: string;
  /** The issues listed (after the level filter); the check's whole count without one. */
  count: number;
  /** Found on every level. */
  total: number;
  /** In list order: errors, then warnings, then infos. */
  issues: IssueView[];
}

/**
 * Issues grouped by check, real problems first (checks with errors, then warnings, then infos), filtered by the
 * level chosen; only the checks that found something.
 */
export function selectIssueGroups(snapshot: RepairSnapshot): IssueGroup[] {
  const { context } = snapshot;
  const report = shownReport(context);
  if (!report) return [];
  return lastGroups([report, levelSceneOf(context), context.levelFilter], () =>
    orderedGroups(report, levelSceneOf(context), context.levelFilter).map((group) => ({
      check: group.check,
      title: report.titles[group.check] ?? group.check,
      count: context.levelFilter === null ? group.total : group.issues.length,
      total: group.total,
      issues: group.issues,
    })),
  );
}

export const selectLevelFilter = (snapshot: RepairSnapshot) => snapshot.context.levelFilter;

export interface LevelOption {
  /** A scene level id, or NO_LEVEL. */
  id: string;
  name: string;
  /** Issues on it in the report shown. */
  count: number;
}

/** The levels that have issues, from the lowest up (then 'No level'), for the level filter. */
export function selectLevelOptions(snapshot: RepairSnapshot): LevelOption[] {
  const { context } = snapshot;
  const report = shownReport(context);
  const scene = levelSceneOf(context);
  if (!report || !scene || scene.levels.length === 0) return [];
  return lastLevelOptions([report, scene], () => {
    const counts = new Map<string, number>();
    for (const level of issueLevels(report.issues, scene).values()) {
      counts.set(level ?? NO_LEVEL, (counts.get(level ?? NO_LEVEL) ?? 0) + 1);
    }
    const options = [...scene.levels]
      .sort((a, b) => a.elevation - b.elevation)
      .filter((level) => counts.has(level.id))
      .map((level) => ({ id: level.id, name: level.name, count: counts.get(level.id) ?? 0 }));
    const none = counts.get(NO_LEVEL);
    return none ? [...options, { id: NO_LEVEL, name: 'No level', count: none }] : options;
  });
}

/** Per issue id, the name of the level it is on (absent: none), for the list's rows. */
export function selectIssueLevelNames(snapshot: RepairSnapshot): Map<string, string> {
  const { context } = snapshot;
  const report = shownReport(context);
  const scene = levelSceneOf(context);
  return lastLevelNames([report, scene], () => {
    const out = new Map<string, string>();
    if (!report || !scene) return out;
    const names = new Map(scene.levels.map((level) => [level.id, level.name]));
    for (const [issue, level] of issueLevels(report.issues, scene)) {
      const name = level === null ? undefined : names.get(level);
      if (name !== undefined) out.set(issue, name);
    }
    return out;
  });
}

/** How many of the listed issues are errors, warnings and infos. */
export function selectSeverityCounts(snapshot: RepairSnapshot): Record<Severity, number> {
  const counts: Record<Severity, number> = { error: 0, warning: 0, info: 0 };
  for (const group of selectIssueGroups(snapshot)) {
    for (const issue of group.issues) counts[issue.severity] += 1;
  }
  return counts;
}

export interface CheckCountRow {
  check: CheckId;
  title: string;
  before: number;
  /** Null until a preview exists. */
  after: number | null;
}

/** Issues per check before the repair and after the accepted operations: the checks either side found. */
export function selectCheckCounts(snapshot: RepairSnapshot): CheckCountRow[] {
  const before = beforeReport(snapshot.context);
  const after = snapshot.context.preview?.after ?? null;
  if (!before) return [];
  return lastCheckCounts([before, after], () =>
    CHECK_IDS.map((check) => ({
      check,
      title: before.titles[check] ?? check,
      before: before.counts[check] ?? 0,
      after: after ? (after.counts[check] ?? 0) : null,
    })).filter((row) => row.before > 0 || (row.after ?? 0) > 0),
  );
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
const lastGroups = lastOf<IssueGroup[]>();
const lastLevelOptions = lastOf<LevelOption[]>();
const lastLevelNames = lastOf<Map<string, string>>();
const lastCheckCounts = lastOf<CheckCountRow[]>();
const lastFocusView = lastOf<FocusView>();

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

export type Isolation = 'neighbourhood' | 'all';

export const selectIsolation = (snapshot: RepairSnapshot): Isolation =>
  snapshot.matches({ isolation: 'all' }) ? 'all' : 'neighbourhood';

export interface FocusView {
  /** Where the camera flies (mm): the box around what the issue or operation names; null: stay. */
  box: Box3 | null;
  /** The elements shown around it (null: the whole model). */
  shown: string[] | null;
}

const NO_FOCUS: FocusView = { box: null, shown: null };

/** The camera's box for the focus, and the neighbourhood isolated around it unless the user shows all. */
export function selectFocusView(snapshot: RepairSnapshot): FocusView {
  const focus = snapshot.context.focus;
  const scene = selectRepairScene(snapshot);
  const isolation = selectIsolation(snapshot);
  return lastFocusView([focus, scene, isolation], () => {
    if (!focus || !scene) return NO_FOCUS;
    const box = boxOf(focus, scene);
    if (!box) return NO_FOCUS;
    return { box, shown: isolation === 'all' ? null : neighbourhoodOf(box, scene) };
  });
}
