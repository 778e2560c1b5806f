import type { ConnectivityView, IssueView } from '../../contract/http/repair';
import { CHECK_IDS, type CheckId } from '../../engine/repair/types';
import type { SceneData } from '../../engine/scene';

/**
 * The repair screen's reading of a report at the scale of a building: the level each finding is on (derived from
 * the scene the screen already draws: the wire report names nodes and elements, not levels), the order the list
 * shows (real problems first), the box the camera flies to and the neighbourhood it isolates. Pure functions of
 * the report and the scene, shared by the machine (next and previous issue) and the selectors (what is drawn).
 */

export type Severity = IssueView['severity'];
export const SEVERITY_RANK: Record<Severity, number> = { error: 0, warning: 1, info: 2 };

/** The level filter's value for findings whose nodes are on no level (or not in the scene drawn). */
export const NO_LEVEL = '(none)';

/** An axis-aligned box in model mm (the viewer's SectionBox). */
export interface Box3 {
  min: [number, number, number];
  max: [number, number, number];
}

const nodeIndexCache = new WeakMap<SceneData, Map<string, number>>();

function nodeIndexOf(scene: SceneData): Map<string, number> {
  let index = nodeIndexCache.get(scene);
  if (!index) {
    index = new Map(scene.nodes.ids.map((id, at) => [id, at]));
    nodeIndexCache.set(scene, index);
  }
  return index;
}

const elementIndexCache = new WeakMap<SceneData, Map<string, number>>();

function elementIndexOf(scene: SceneData): Map<string, number> {
  let index = elementIndexCache.get(scene);
  if (!index) {
    index = new Map(scene.elements.ids.map((id, at) => [id, at]));
    elementIndexCache.set(scene, index);
  }
  return index;
}

/** The scene node indices a finding is at: its nodes, else the nodes of its elements. */
function nodesOfSubject(
  subject: { nodeIds: readonly string[]; elementIds: readonly string[] },
  scene: SceneData,
): number[] {
  const nodes = nodeIndexOf(scene);
  const own = subject.nodeIds.map((id) => nodes.get(id)).filter((at): at is number => at !== undefined);
  if (own.length > 0) return own;
  const elements = elementIndexOf(scene);
  const { nodeOffsets, nodeIndices } = scene.elements;
  const out: number[] = [];
  for (const id of subject.elementIds) {
    const element = elements.get(id);
    if (element === undefined) continue;
    for (let at = nodeOffsets[element] ?? 0; at < (nodeOffsets[element + 1] ?? 0); at += 1) {
      const node = nodeIndices[at];
      if (node !== undefined) out.push(node);
    }
  }
  return out;
}

/**
 * The level a finding is on: the scene level whose elevation is nearest the highest of its nodes (a column
 * belongs to the storey it carries, as ETABS has it), else the level of its first element; null when the scene
 * has no levels or knows none of what the finding names.
 */
export function levelOfIssue(
  issue: { nodeIds: readonly string[]; elementIds: readonly string[] },
  scene: SceneData,
): string | null {
  if (scene.levels.length === 0) return null;
  const nodes = nodesOfSubject(issue, scene);
  if (nodes.length > 0) {
    const z = Math.max(...nodes.map((node) => scene.nodes.xyz[node * 3 + 2] ?? 0));
    let best = scene.levels[0];
    for (const level of scene.levels) {
      if (best && Math.abs(level.elevation - z) < Math.abs(best.elevation - z)) best = level;
    }
    return best?.id ?? null;
  }
  const element = issue.elementIds.map((id) => elementIndexOf(scene).get(id)).find((at) => at !== undefined);
  const level = element === undefined ? -1 : (scene.elements.levels[element] ?? -1);
  return scene.levels[level]?.id ?? null;
}

const levelsCache = new WeakMap<readonly IssueView[], WeakMap<SceneData, Map<string, string | null>>>();

/** Per issue id, its level id (null: none), for a report's issues on a scene; cached by identity. */
export function issueLevels(
  issues: readonly IssueView[],
  scene: SceneData | null,
): Map<string, string | null> {
  if (!scene) return new Map(issues.map((issue) => [issue.id, null]));
  let byScene = levelsCache.get(issues);
  if (!byScene) {
    byScene = new WeakMap();
    levelsCache.set(issues, byScene);
  }
  let levels = byScene.get(scene);
  if (!levels) {
    levels = new Map(issues.map((issue) => [issue.id, levelOfIssue(issue, scene)]));
    byScene.set(scene, levels);
  }
  return levels;
}

/** Whether a finding on `level` passes the filter (null shows every level). */
export const passesLevel = (level: string | null, filter: string | null) =>
  filter === null || (level ?? NO_LEVEL) === filter;

/** The worst severity among a check's issues (the check's own for an empty list). */
function worstRank(issues: readonly IssueView[]): number {
  return issues.reduce((worst, issue) => Math.min(worst, SEVERITY_RANK[issue.severity]), 3);
}

export interface OrderedGroup {
  check: CheckId;
  issues: IssueView[];
  /** Before the level filter. */
  total: number;
}

const orderCache = new WeakMap<ConnectivityView, WeakMap<object, Map<string, OrderedGroup[]>>>();
const NO_SCENE = {};

/**
 * Issues by check, real problems first: checks with an error, then with a warning, then with infos only (in
 * catalogue order within each), and within a check errors before warnings before infos. The level filter keeps a
 * group whose issues it hides, empty, so its count still reads; groups with nothing found are left out.
 */
export function orderedGroups(
  report: ConnectivityView,
  scene: SceneData | null,
  levelFilter: string | null,
): OrderedGroup[] {
  let byScene = orderCache.get(report);
  if (!byScene) {
    byScene = new WeakMap();
    orderCache.set(report, byScene);
  }
  const sceneKey = scene ?? NO_SCENE;
  let byFilter = byScene.get(sceneKey);
  if (!byFilter) {
    byFilter = new Map();
    byScene.set(sceneKey, byFilter);
  }
  const key = levelFilter ?? '';
  const cached = byFilter.get(key);
  if (cached) return cached;
  const levels = issueLevels(report.issues, scene);
  const groups = CHECK_IDS.map((check, order) => {
    const all = report.issues
      .map((issue, at) => ({ issue, at }))
      .filter(({ issue }) => issue.check === check)
      .sort((a, b) => SEVERITY_RANK[a.issue.severity] - SEVERITY_RANK[b.issue.severity] || a.at - b.at)
      .map(({ issue }) => issue);
    return {
      check,
      order,
      rank: worstRank(all),
      total: report.counts[check] ?? all.length,
      issues: all.filter((issue) => passesLevel(levels.get(issue.id) ?? null, levelFilter)),
    };
  })
    .filter((group) => group.total > 0)
    .sort((a, b) => a.rank - b.rank || a.order - b.order)
    .map(({ check, issues, total }) => ({ check, issues, total }));
  byFilter.set(key, groups);
  return groups;
}

/** The issues in the order the list shows them, after the level filter. */
export const orderedIssues = (
  report: ConnectivityView,
  scene: SceneData | null,
  levelFilter: string | null,
) => orderedGroups(report, scene, levelFilter).flatMap((group) => group.issues);

/**
 * The issue `step` places after (1) or before (-1) `currentId` in `issues`, stopping at either end; the first
 * (or last) when the current one is not in the list.
 */
export function steppedIssue(
  issues: readonly IssueView[],
  currentId: string | null,
  step: 1 | -1,
): IssueView | null {
  if (issues.length === 0) return null;
  const at = currentId === null ? -1 : issues.findIndex((issue) => issue.id === currentId);
  if (at < 0) return (step === 1 ? issues[0] : issues.at(-1)) ?? null;
  return issues[Math.min(issues.length - 1, Math.max(0, at + step))] ?? null;
}

/** The box (mm) around what a finding or an operation names; null when the scene knows none of it. */
export function boxOf(
  subject: { nodeIds: readonly string[]; elementIds: readonly string[] },
  scene: SceneData | null,
): Box3 | null {
  if (!scene) return null;
  const nodes = new Set(nodesOfSubject(subject, scene));
  // A finding on nodes also shows the elements it names (a free end and its member).
  if (subject.nodeIds.length > 0) {
    for (const at of nodesOfSubject({ nodeIds: [], elementIds: subject.elementIds }, scene)) nodes.add(at);
  }
  if (nodes.size === 0) return null;
  const min: [number, number, number] = [Infinity, Infinity, Infinity];
  const max: [number, number, number] = [-Infinity, -Infinity, -Infinity];
  for (const node of nodes) {
    for (let axis = 0; axis < 3; axis += 1) {
      const value = scene.nodes.xyz[node * 3 + axis] ?? 0;
      min[axis] = Math.min(min[axis] as number, value);
      max[axis] = Math.max(max[axis] as number, value);
    }
  }
  return { min, max };
}

/** How far around a focused finding its neighbourhood reaches (mm), at least. */
export const NEIGHBOURHOOD_MM = 4000;

/**
 * The elements near a box: those with a node within `reach` of it (at least NEIGHBOURHOOD_MM, else half the
 * box's diagonal), so a finding shows with the members that frame into it and the rest of the building is out
 * of the way.
 */
export function neighbourhoodOf(box: Box3, scene: SceneData): string[] {
  const diagonal = Math.hypot(box.max[0] - box.min[0], box.max[1] - box.min[1], box.max[2] - box.min[2]);
  const reach = Math.max(NEIGHBOURHOOD_MM, diagonal / 2);
  const { xyz } = scene.nodes;
  const near = (node: number) =>
    [0, 1, 2].every((axis) => {
      const value = xyz[node * 3 + axis] ?? 0;
      return value >= (box.min[axis] as number) - reach && value <= (box.max[axis] as number) + reach;
    });
  const { ids, nodeOffsets, nodeIndices } = scene.elements;
  const out: string[] = [];
  for (let element = 0; element < ids.length; element += 1) {
    for (let at = nodeOffsets[element] ?? 0; at < (nodeOffsets[element + 1] ?? 0); at += 1) {
      if (near(nodeIndices[at] ?? -1)) {
        out.push(ids[element] as string);
        break;
      }
    }
  }
  return out;
}
