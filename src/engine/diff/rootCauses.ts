import type { Element, Model, ModelCollection, Node, Point3 } from '../schema';
import { MODEL_COLLECTIONS } from '../schema';
import { elementNodeIds } from './geometry';
import { DEFINITION_COLLECTIONS } from './labels';
import { forEachRef } from './refs';
import type {
  Change,
  ChangeKey,
  CollectionCounts,
  DiffOptions,
  ModifiedChange,
  PropertyChange,
  Relabel,
  RootCause,
} from './types';

/*
 * Root causes (issue #20): one line for a systematic change instead of hundreds of per-object ones. Each finder
 * reads the changes already made and, only where it has a candidate, one pass over a collection to check the
 * candidate covers *every* object it claims ("all 48 beams of L3"), so a lightly edited model pays almost nothing.
 */

const DEFINITIONS: ReadonlySet<ModelCollection> = new Set<ModelCollection>(DEFINITION_COLLECTIONS);

function find(change: ModifiedChange, path: string): PropertyChange | undefined {
  return change.changes.find((property) => property.path === path);
}

function isRename(change: ModifiedChange): boolean {
  return change.beforeId !== change.id || find(change, 'name') !== undefined;
}

function levelIdOf(object: unknown): string | undefined {
  const levelId = (object as { levelId?: unknown }).levelId;
  return typeof levelId === 'string' ? levelId : undefined;
}

/** A node's move from its Geometry changes (an axis not listed moved less than the tolerance: 0). */
function nodeMove(change: ModifiedChange): Point3 | null {
  const move = { x: 0, y: 0, z: 0 };
  let moved = false;
  for (const property of change.changes) {
    if (property.group !== 'Geometry') continue;
    const axis = property.path;
    if ((axis === 'x' || axis === 'y' || axis === 'z') && typeof property.before === 'number') {
      move[axis] = (property.after as number) - property.before;
      moved = true;
    }
  }
  return moved ? move : null;
}

function near(a: Point3, b: Point3, tolerance: number): boolean {
  return (
    Math.abs(a.x - b.x) <= tolerance && Math.abs(a.y - b.y) <= tolerance && Math.abs(a.z - b.z) <= tolerance
  );
}

/** Finds the root causes of `changes` (see RootCause); empty when nothing is systematic. */
export function findRootCauses(
  before: Model,
  after: Model,
  changes: readonly Change[],
  relabels: readonly Relabel[],
  options: DiffOptions,
  elementCounts: Readonly<Record<string, CollectionCounts>>,
): RootCause[] {
  const levels = new Map<string, ModifiedChange>();
  const nodes: ModifiedChange[] = [];
  const elements: ModifiedChange[] = [];
  const materialUsers: ModifiedChange[] = [];
  const definitions: ModifiedChange[] = [];
  for (const change of changes) {
    if (change.kind !== 'modified') continue;
    if (change.collection === 'levels') levels.set(change.id, change);
    else if (change.collection === 'nodes') nodes.push(change);
    else if (change.collection === 'elements') elements.push(change);
    else if (DEFINITIONS.has(change.collection) && change.beforeId !== change.id) definitions.push(change);
    if (
      (change.collection === 'elements' || change.collection === 'profiles') &&
      find(change, 'materialId') !== undefined
    )
      materialUsers.push(change);
  }
  const causes: RootCause[] = [];
  levelRenames(after, levels, relabels, causes);
  levelMoves(after, levels, nodes, elements, options, causes);
  definitionRenames(after, definitions, causes);
  profileReplacements(after, elements, elementCounts, causes);
  materialReplacements(before, materialUsers, causes);
  return causes;
}

/** A level whose id or name changed: 'Story Story3 renamed L03', with the nodes and elements relabelled with it. */
function levelRenames(
  after: Model,
  levels: ReadonlyMap<string, ModifiedChange>,
  relabels: readonly Relabel[],
  causes: RootCause[],
): void {
  const renamed = [...levels.values()].filter(isRename);
  if (renamed.length === 0) return;
  const relabelled = new Set<string>();
  for (const relabel of relabels) relabelled.add(`${relabel.collection}:${relabel.id}`);
  const counts = new Map<string, number>();
  for (const collection of ['nodes', 'elements'] as const) {
    for (const item of after[collection] as readonly { id: string; levelId?: string }[]) {
      if (item.levelId !== undefined && relabelled.has(`${collection}:${item.id}`))
        counts.set(item.levelId, (counts.get(item.levelId) ?? 0) + 1);
    }
  }
  for (const change of renamed) {
    causes.push({
      key: `levelRenamed:${change.id}`,
      kind: 'levelRenamed',
      collection: 'levels',
      id: change.id,
      beforeId: change.beforeId,
      count: counts.get(change.id) ?? 0,
      keys: [change.key],
    });
  }
}

/**
 * Every node of a level moved by the same vector: 'Story L5 and its 312 nodes moved up 2.825 m'. Explains the
 * node moves, the level's elevation change when it matches, and the members whose only change is that their
 * nodes moved with it.
 */
function levelMoves(
  after: Model,
  levels: ReadonlyMap<string, ModifiedChange>,
  nodes: readonly ModifiedChange[],
  elements: readonly ModifiedChange[],
  options: DiffOptions,
  causes: RootCause[],
): void {
  if (nodes.length < 2) return;
  const tolerance = Math.max(options.lengthTolerance, 1e-9);
  interface Candidate {
    vector: Point3;
    keys: ChangeKey[];
    nodeIds: string[];
    consistent: boolean;
  }
  const candidates = new Map<string, Candidate>();
  for (const change of nodes) {
    const levelId = levelIdOf(change.object);
    const move = nodeMove(change);
    if (levelId === undefined || move === null) continue;
    const candidate = candidates.get(levelId);
    if (candidate === undefined) {
      candidates.set(levelId, { vector: move, keys: [change.key], nodeIds: [change.id], consistent: true });
      continue;
    }
    if (!near(candidate.vector, move, tolerance)) candidate.consistent = false;
    candidate.keys.push(change.key);
    candidate.nodeIds.push(change.id);
  }
  for (const [levelId, candidate] of candidates)
    if (!candidate.consistent || candidate.keys.length < 2) candidates.delete(levelId);
  if (candidates.size === 0) return;
  // Every node of the level must have moved: count them (one pass, only because there are candidates).
  const totals = new Map<string, number>();
  for (const node of after.nodes as readonly Node[]) {
    const levelId = node.levelId;
    if (levelId !== undefined && candidates.has(levelId)) totals.set(levelId, (totals.get(levelId) ?? 0) + 1);
  }
  const causeOfNode = new Map<string, RootCause>();
  for (const [levelId, candidate] of candidates) {
    if (totals.get(levelId) !== candidate.keys.length) continue;
    const keys = [...candidate.keys];
    const levelChange = levels.get(levelId);
    const elevation = levelChange === undefined ? undefined : find(levelChange, 'elevation');
    const { x, y, z } = candidate.vector;
    if (
      levelChange !== undefined &&
      elevation !== undefined &&
      Math.abs(x) <= tolerance &&
      Math.abs(y) <= tolerance &&
      Math.abs((elevation.after as number) - (elevation.before as number) - z) <= tolerance
    )
      keys.unshift(levelChange.key);
    const cause: RootCause = {
      key: `levelMoved:${levelId}`,
      kind: 'levelMoved',
      collection: 'levels',
      id: levelId,
      beforeId: levelChange?.beforeId ?? levelId,
      vector: candidate.vector,
      count: candidate.keys.length,
      keys,
    };
    causes.push(cause);
    for (const nodeId of candidate.nodeIds) causeOfNode.set(nodeId, cause);
  }
  if (causeOfNode.size === 0) return;
  const movedNodes = new Set<string>(nodes.map((change) => change.id));
  for (const change of elements) {
    if (change.changes.some((property) => property.group !== 'Geometry')) continue;
    const ids = elementNodeIds(change.object as Element);
    if (ids === null) continue;
    let cause: RootCause | undefined;
    let explained = true;
    for (const id of ids) {
      if (!movedNodes.has(id)) continue;
      const of = causeOfNode.get(id);
      if (of === undefined) {
        explained = false;
        break;
      }
      cause ??= of;
    }
    if (explained && cause !== undefined) cause.keys.push(change.key);
  }
}

/** A definition paired by content under another name: 'Profile W14X90 renamed W14x90 (used by 48 objects)'. */
function definitionRenames(after: Model, definitions: readonly ModifiedChange[], causes: RootCause[]): void {
  if (definitions.length === 0) return;
  const wanted = new Set(definitions.map((change) => `${change.collection}:${change.id}`));
  const users = new Map<string, number>();
  for (const collection of MODEL_COLLECTIONS) {
    for (const item of after[collection] as readonly unknown[]) {
      forEachRef(collection, item, (target, id) => {
        const key = `${target}:${id}`;
        if (wanted.has(key)) users.set(key, (users.get(key) ?? 0) + 1);
      });
    }
  }
  for (const change of definitions) {
    causes.push({
      key: `definitionRenamed:${change.collection}:${change.id}`,
      kind: 'definitionRenamed',
      collection: change.collection,
      id: change.id,
      beforeId: change.beforeId,
      count: users.get(`${change.collection}:${change.id}`) ?? 0,
      keys: [change.key],
    });
  }
}

interface Swap {
  from: string;
  to: string;
  changes: ModifiedChange[];
}

function profileSwap(change: ModifiedChange): { from: string; to: string } | null {
  const property = find(change, 'profileId');
  if (property === undefined || typeof property.before !== 'string' || typeof property.after !== 'string')
    return null;
  return { from: property.before, to: property.after };
}

/**
 * One section swapped for another on every member that had it ('Profile W14X90 → W14X120 on all 96 members that
 * used it': none in `after` uses the old one, on more than one level), else on all members of one type on one level
 * ('All 48 beams of L3: W14X90 → W14X120'). One pass over the after elements checks both.
 */
function profileReplacements(
  after: Model,
  elements: readonly ModifiedChange[],
  elementCounts: Readonly<Record<string, CollectionCounts>>,
  causes: RootCause[],
): void {
  const swaps = new Map<string, Swap>();
  // Per level, per element type and swap: the changes (a group must hold every member of its type on the level).
  const groups = new Map<string, { type: string; levelId: string; swap: Swap }>();
  for (const change of elements) {
    const swap = profileSwap(change);
    if (swap === null) continue;
    const key = `${swap.from}\u0000${swap.to}`;
    const entry = swaps.get(key);
    if (entry) entry.changes.push(change);
    else swaps.set(key, { ...swap, changes: [change] });
    const levelId = levelIdOf(change.object);
    if (levelId === undefined) continue;
    const groupKey = `${change.type}\u0000${levelId}\u0000${key}`;
    const group = groups.get(groupKey);
    if (group) group.swap.changes.push(change);
    else groups.set(groupKey, { type: change.type, levelId, swap: { ...swap, changes: [change] } });
  }
  const candidates = [...swaps.values()].filter((swap) => swap.changes.length >= 2);
  if (candidates.length === 0) return;
  const stillUsed = new Map<string, number>(candidates.map((swap) => [swap.from, 0]));
  // Types wanted per level: the pass reads three fields per element and builds no string. A group far smaller
  // than an average level's members of its type (a twentieth) cannot be all of them: it is not counted, so a few
  // scattered section swaps in a large model cost no pass.
  const levelCount = Math.max(1, after.levels.length);
  const wanted = new Map<string, Map<string, number>>();
  for (const group of groups.values()) {
    const counts = elementCounts[group.type];
    const total = counts === undefined ? 0 : counts.unchanged + counts.modified + counts.added;
    if (group.swap.changes.length < 2 || group.swap.changes.length < (0.05 * total) / levelCount) continue;
    const types = wanted.get(group.levelId) ?? new Map<string, number>();
    types.set(group.type, 0);
    wanted.set(group.levelId, types);
  }
  // Stops as soon as every old section is seen still in use and no level is wanted (the common case).
  let undecided = stillUsed.size;
  for (const element of after.elements) {
    if (undecided === 0 && wanted.size === 0) break;
    const item = element as { profileId?: string; levelId?: string };
    const profileId = item.profileId;
    if (profileId !== undefined) {
      const used = stillUsed.get(profileId);
      if (used !== undefined) {
        if (used === 0) undecided--;
        stillUsed.set(profileId, used + 1);
      }
    }
    const levelId = item.levelId;
    const types = levelId === undefined ? undefined : wanted.get(levelId);
    if (types === undefined) continue;
    const count = types.get(element.type);
    if (count !== undefined) types.set(element.type, count + 1);
  }
  const everywhere = new Set<string>();
  for (const swap of candidates) {
    const levels = new Set(swap.changes.map((change) => levelIdOf(change.object)));
    if (stillUsed.get(swap.from) !== 0 || levels.size < 2) continue;
    everywhere.add(`${swap.from}\u0000${swap.to}`);
    causes.push({
      key: `profileReplaced:${swap.from}:${swap.to}`,
      kind: 'profileReplaced',
      collection: 'profiles',
      id: swap.to,
      beforeId: swap.from,
      levelId: null,
      count: swap.changes.length,
      keys: swap.changes.map((change) => change.key),
    });
  }
  for (const group of groups.values()) {
    const { swap } = group;
    if (everywhere.has(`${swap.from}\u0000${swap.to}`)) continue;
    if (swap.changes.length < 2 || wanted.get(group.levelId)?.get(group.type) !== swap.changes.length)
      continue;
    causes.push({
      key: `profileReplaced:${group.type}:${group.levelId}:${swap.from}:${swap.to}`,
      kind: 'profileReplaced',
      collection: 'profiles',
      id: swap.to,
      beforeId: swap.from,
      elementType: group.type,
      levelId: group.levelId,
      count: swap.changes.length,
      keys: swap.changes.map((change) => change.key),
    });
  }
}

/** One material swapped for another on every profile and element that used it: 'Material S275 → S355 everywhere'. */
function materialReplacements(before: Model, users: readonly ModifiedChange[], causes: RootCause[]): void {
  if (users.length < 2) return;
  const swaps = new Map<string, Swap>();
  for (const change of users) {
    const property = find(change, 'materialId');
    if (property === undefined || typeof property.before !== 'string' || typeof property.after !== 'string')
      continue;
    const key = `${property.before}\u0000${property.after}`;
    const entry = swaps.get(key);
    if (entry) entry.changes.push(change);
    else swaps.set(key, { from: property.before, to: property.after, changes: [change] });
  }
  const candidates = [...swaps.values()].filter((swap) => swap.changes.length >= 2);
  if (candidates.length === 0) return;
  const froms = new Set(candidates.map((swap) => swap.from));
  const counts = new Map<string, number>();
  for (const collection of ['profiles', 'elements'] as const) {
    for (const item of before[collection] as readonly { materialId?: string }[]) {
      if (item.materialId !== undefined && froms.has(item.materialId))
        counts.set(item.materialId, (counts.get(item.materialId) ?? 0) + 1);
    }
  }
  for (const swap of candidates) {
    if (counts.get(swap.from) !== swap.changes.length) continue;
    causes.push({
      key: `materialReplaced:${swap.from}:${swap.to}`,
      kind: 'materialReplaced',
      collection: 'materials',
      id: swap.to,
      beforeId: swap.from,
      count: swap.changes.length,
      keys: swap.changes.map((change) => change.key),
    });
  }
}
