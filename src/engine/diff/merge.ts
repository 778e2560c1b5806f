import type { Element, Model, ModelCollection, Node } from '../schema';
import { MODEL_COLLECTIONS } from '../schema';
import { applyChangeList, partialObject, relabelsNeeded, selectParts } from './apply';
import { computeDiff } from './diff';
import { deepEqual } from './equal';
import type { NodeLookup } from './geometry';
import { alignPoints, centroid, distance, elementPoints, isPolygonal } from './geometry';
import { forEachRef } from './refs';
import { SpatialHash } from './spatialHash';
import type {
  AddedChange,
  Change,
  ChangeKey,
  ConflictKind,
  DiffOptions,
  MergeConflict,
  MergeInput,
  MergeResult,
  ModelDiff,
  PropertyGroup,
} from './types';
import { DEFAULT_DIFF_OPTIONS } from './types';

interface Item {
  id: string;
  type: string;
}

type Loose = Record<string, unknown>;

function lookupOf(items: readonly Item[]): (id: string) => Item | undefined {
  let index: Map<string, Item> | null = null;
  return (id) => {
    if (index === null) {
      index = new Map();
      for (const item of items) if (!index.has(item.id)) index.set(item.id, item);
    }
    return index.get(id);
  };
}

function conflict(kind: ConflictKind, source: Change, target: Change | null): MergeConflict {
  return {
    key: source.key,
    kind,
    collection: source.collection,
    id: source.id,
    type: source.type,
    name: source.name,
    source,
    target,
  };
}

/**
 * Finds objects of `target` an added node or element would duplicate: the same type at the same place (within
 * the length tolerance). The spatial hash is built on first use.
 */
class DuplicateFinder {
  private nodes: SpatialHash | null = null;
  private elements: SpatialHash | null = null;
  private readonly targetNode: NodeLookup;

  constructor(
    private readonly target: Model,
    private readonly options: DiffOptions,
    private readonly sourceNode: NodeLookup,
  ) {
    const byId = lookupOf(target.nodes);
    this.targetNode = (id) => byId(id) as Node | undefined;
  }

  private cell(): number {
    return Math.max(this.options.lengthTolerance, 1);
  }

  find(change: AddedChange): Item | null {
    const tolerance = this.options.lengthTolerance;
    if (change.collection === 'nodes') {
      const node = change.object as Node;
      if (this.nodes === null) {
        this.nodes = new SpatialHash(this.cell());
        this.target.nodes.forEach((item, index) => this.nodes?.insert(item.x, item.y, item.z, index));
      }
      let found: Item | null = null;
      this.nodes.near(node.x, node.y, node.z, (index) => {
        const other = this.target.nodes[index] as Node;
        if (found === null && other.id !== node.id && distance(other, node) <= tolerance) found = other;
      });
      return found;
    }
    if (change.collection !== 'elements') return null;
    const element = change.object as Element;
    const points = elementPoints(element, this.sourceNode);
    if (!points || points.length === 0) return null;
    if (this.elements === null) {
      this.elements = new SpatialHash(this.cell());
      this.target.elements.forEach((item, index) => {
        const at = elementPoints(item, this.targetNode);
        if (at && at.length > 0) {
          const middle = centroid(at);
          this.elements?.insert(middle.x, middle.y, middle.z, index);
        }
      });
    }
    const middle = centroid(points);
    let found: Item | null = null;
    this.elements.near(middle.x, middle.y, middle.z, (index) => {
      const other = this.target.elements[index] as Element;
      if (found !== null || other.type !== element.type || other.id === element.id) return;
      const otherPoints = elementPoints(other, this.targetNode);
      if (!otherPoints || otherPoints.length !== points.length) return;
      if (alignPoints(points, otherPoints, isPolygonal(element)).deviation <= tolerance) found = other;
    });
    return found;
  }
}

/** Top-level fields where `changed` differs from `base` (what one side did to an object). */
function touchedFields(base: Loose, changed: Loose): Set<string> {
  const keys = new Set<string>();
  for (const key of new Set([...Object.keys(base), ...Object.keys(changed)])) {
    if (!deepEqual(base[key], changed[key])) keys.add(key);
  }
  return keys;
}

/**
 * Both sides modified one object: when they touched different fields (or set a shared field to the same value)
 * both edits apply, as ifcmerge does; otherwise it is a modify/modify conflict (null).
 */
function mergeFields(base: Loose, source: Loose, target: Loose): Loose | null {
  const bySource = touchedFields(base, source);
  const byTarget = touchedFields(base, target);
  for (const key of bySource) if (byTarget.has(key) && !deepEqual(source[key], target[key])) return null;
  const merged: Loose = { ...target };
  for (const key of bySource) {
    if (source[key] === undefined) delete merged[key];
    else merged[key] = source[key];
  }
  return merged;
}

/** See index.ts and design.md ("Merge (engine)"). */
export function merge(input: MergeInput): MergeResult {
  const options: DiffOptions = { ...DEFAULT_DIFF_OPTIONS, ...input.options };
  const { base, target, source } = input;
  const resolutions = input.resolutions ?? {};
  const sourceDiff = computeDiff(base ?? target, source, options);
  const selected = selectParts(sourceDiff, input.selection);
  // Property groups taken of a change (a resized beam's Profile without its move), by the planned change's key.
  const parts = new Map<ChangeKey, readonly PropertyGroup[]>();
  const sourceNodes = lookupOf(source.nodes);
  const duplicates = new DuplicateFinder(target, options, (id) => sourceNodes(id) as Node | undefined);

  // Without a base the diff is already target → source: only an added duplicate can conflict.
  const targetDiff: ModelDiff | null = base === null ? null : computeDiff(base, target, options);
  const targetByBaseKey = new Map<ChangeKey, Change>();
  if (targetDiff) {
    for (const change of targetDiff.changes) {
      const baseId = change.kind === 'modified' ? change.beforeId : change.id;
      targetByBaseKey.set(`${change.collection}:${baseId}`, change);
    }
  }
  const baseLookups = new Map<ModelCollection, (id: string) => Item | undefined>();
  const baseObject = (collection: ModelCollection, id: string): Item | undefined => {
    if (base === null) return undefined;
    let lookup = baseLookups.get(collection);
    if (!lookup) {
      lookup = lookupOf(base[collection] as readonly Item[]);
      baseLookups.set(collection, lookup);
    }
    return lookup(id);
  };

  const plan: Change[] = [];
  const applied: ChangeKey[] = [];
  const conflicts: MergeConflict[] = [];
  const take = (change: Change, planned: Change = change) => {
    plan.push(planned);
    applied.push(change.key);
  };
  /** A conflict: listed, and applied from the source side only when resolved that way. */
  const decide = (found: MergeConflict, ifSource: Change | null) => {
    conflicts.push(found);
    if (resolutions[found.key] === 'source' && ifSource) take(found.source as Change, ifSource);
  };

  for (const change of sourceDiff.changes) {
    if (!selected.has(change.key)) continue;
    const baseKey = `${change.collection}:${change.kind === 'modified' ? change.beforeId : change.id}`;
    const other = targetDiff ? targetByBaseKey.get(baseKey) : undefined;
    if (change.kind === 'added') {
      if (other?.kind === 'added') {
        if (deepEqual(other.object, change.object)) continue;
        decide(conflict('duplicate add', change, other), {
          ...change,
          kind: 'modified',
          beforeId: other.id,
          matchedBy: 'id',
          groups: [],
          changes: [],
        });
        continue;
      }
      const duplicate = duplicates.find(change);
      if (duplicate) {
        decide(conflict('duplicate add', change, other ?? null), change);
        continue;
      }
      take(change);
      continue;
    }
    if (change.kind === 'removed') {
      if (other?.kind === 'removed') continue;
      if (other?.kind === 'modified') {
        decide(conflict('delete/modify', change, other), { ...change, id: other.id, key: other.key });
        continue;
      }
      take(change);
      continue;
    }
    // Modified on the source side.
    if (other?.kind === 'removed') {
      decide(conflict('modify/delete', change, other), {
        key: change.key,
        kind: 'added',
        collection: change.collection,
        id: change.id,
        type: change.type,
        name: change.name,
        object: change.object,
      });
      continue;
    }
    if (other?.kind === 'modified') {
      if (deepEqual(other.object, change.object)) continue;
      const original = baseObject(change.collection, change.beforeId);
      const part = selected.get(change.key);
      // A part only touches its groups' fields: what the target did to the others is no conflict with it.
      const taken =
        original && part !== undefined && part !== 'whole'
          ? (partialObject(change.collection, original, change, part, {}) as Loose)
          : (change.object as Loose);
      const merged =
        original && change.id === change.beforeId && other.id === other.beforeId
          ? mergeFields(original as unknown as Loose, taken, other.object as Loose)
          : null;
      if (merged) {
        take(change, { ...change, beforeId: other.id, object: merged });
        continue;
      }
      if (part !== undefined && part !== 'whole') parts.set(change.key, part);
      decide(conflict('modify/modify', change, other), { ...change, beforeId: other.id });
      continue;
    }
    const part = selected.get(change.key);
    if (part !== undefined && part !== 'whole') parts.set(change.key, part);
    take(change);
  }

  // Objects the source only relabelled (a renamed story) take their new ids where what is merged names them.
  let model = applyChangeList(target, plan, [], true, relabelsNeeded(sourceDiff.relabels, plan), parts);
  model = bringMissing(model, source, applied);
  return { model, applied, conflicts };
}

/**
 * Dependency closure against the target: whatever a merged object refers to that the target lacks (a section,
 * material, level or node it deleted, or never had) comes from the source.
 */
function bringMissing(model: Model, source: Model, applied: ChangeKey[]): Model {
  let result = model;
  for (let pass = 0; pass < MODEL_COLLECTIONS.length + 1; pass++) {
    const present = new Map<ModelCollection, Set<string>>();
    const presentIn = (collection: ModelCollection) => {
      let set = present.get(collection);
      if (!set) {
        set = new Set((result[collection] as readonly Item[]).map((item) => item.id));
        present.set(collection, set);
      }
      return set;
    };
    const missing = new Map<ModelCollection, Set<string>>();
    for (const collection of MODEL_COLLECTIONS) {
      for (const item of result[collection] as readonly Item[]) {
        forEachRef(collection, item, (target, id) => {
          if (presentIn(target).has(id)) return;
          let set = missing.get(target);
          if (!set) {
            set = new Set();
            missing.set(target, set);
          }
          set.add(id);
        });
      }
    }
    if (missing.size === 0) return result;
    let brought = false;
    const next = { ...result };
    for (const [collection, ids] of missing) {
      const found = (source[collection] as readonly Item[]).filter((item) => ids.has(item.id));
      if (found.length === 0) continue;
      brought = true;
      for (const item of found) applied.push(`${collection}:${item.id}`);
      (next as Record<ModelCollection, unknown[]>)[collection] = [
        ...(result[collection] as readonly unknown[]),
        ...found,
      ];
    }
    result = next;
    if (!brought) return result;
  }
  return result;
}
