import type { Element, Model, ModelCollection, Node, Point3 } from '../schema';
import { MODEL_COLLECTIONS } from '../schema';
import { compareProperties } from './compare';
import { deepEqual, equalBesideId, equalNodesBesideId } from './equal';
import type { NodeLookup } from './geometry';
import {
  alignPoints,
  centroid,
  distance,
  elementNodeIds,
  elementPoints,
  FRAME_END_FIELDS,
  isPolygonal,
  swapEnds,
} from './geometry';
import { labelsDisagree, pairDefinitions } from './labels';
import { renameRefs } from './refs';
import { findRootCauses } from './rootCauses';
import { SpatialHash } from './spatialHash';
import type {
  AddedChange,
  Change,
  CollectionCounts,
  DiffHints,
  DiffOptions,
  MatchedBy,
  ModelDiff,
  ModifiedChange,
  PropertyChange,
  PropertyGroup,
  Relabel,
  RemovedChange,
} from './types';
import { DEFAULT_DIFF_OPTIONS, PROPERTY_GROUPS } from './types';

interface Item {
  id: string;
  type: string;
  name: string;
}

type Loose = Record<string, unknown>;

const NO_SKIP: ReadonlySet<string> = new Set(['id']);
const NODE_SKIP: ReadonlySet<string> = new Set(['id', 'x', 'y', 'z']);
const ELEMENT_SKIP: ReadonlySet<string> = new Set(['id', 'startNodeId', 'endNodeId', 'nodeIds']);
const HEADER_SKIP: ReadonlySet<string> = new Set<string>(MODEL_COLLECTIONS);

function emptyCounts(): CollectionCounts {
  return { added: 0, removed: 0, modified: 0, unchanged: 0 };
}

/** Pairs found in one collection, by index into the before and after arrays. */
interface Matching {
  /** Pair p is (beforeIndex[p], afterIndex[p]); pairs past `count` are unused capacity. */
  beforeIndex: Int32Array;
  afterIndex: Int32Array;
  /** 1 when the pair was matched by geometry, 2 by content (definitions whose names differ). */
  byGeometry: Uint8Array;
  count: number;
  /** How many of the pairs (the first ones) were matched by id. */
  idPairs: number;
  /** Per pair matched by id: SAME, DIFFERENT or ON_MOVED_NODE. */
  state: Uint8Array;
  /** The pairs matched by id whose state is not SAME, in pair order: the only ones compared in full. */
  flagged: number[];
  unmatchedBefore: number[];
  unmatchedAfter: number[];
}

/** What pairing by id found for a pair. */
const SAME = 0;
const DIFFERENT = 1;
/** Equal objects standing on a node that moved: only their geometry (through the nodes) can differ. */
const ON_MOVED_NODE = 2;

/** What pairing one collection by id needs besides its two listings. */
interface PairingInput {
  before: readonly Item[];
  after: readonly Item[];
  /** Both sides' content hashes (see DiffHints), or null to compare content. */
  beforeHashes: readonly string[] | null;
  afterHashes: readonly string[] | null;
  /** Content equality of two objects paired by id (their ids are not compared again). */
  equal: (left: Loose, right: Loose) => boolean;
  /** Elements only: node ids whose place differs between the models, when there are any. */
  unsettled: ReadonlySet<string> | null;
  /** Elements only: where the node ids of the pairs that are not SAME go (their geometry is looked up). */
  beforeWanted: Set<string> | null;
  afterWanted: Set<string> | null;
  count: CollectionCounts;
  /** Elements only: the counts of one element type. */
  typeCounts: ((type: string) => CollectionCounts) | null;
}

/** How far ahead the positional walk looks for the id it lost (an insertion or deletion in a listing). */
const RESYNC_WINDOW = 16;

/**
 * Pairs one collection by id and classifies each pair in the same pass, so every object is read once. Two listings
 * of one model are mostly in the same order, so a walk down both arrays pairs most objects with one string
 * comparison each (with hashes, one hash comparison: equal hashes mean equal ids), stepping over short insertions
 * and deletions; only what it could not pair goes through a Map, so a large, lightly edited model builds no Map of
 * all its ids. Most objects are unchanged, so this loop is the diff's cost: it allocates nothing per pair. Element
 * type counts are created in pair order, as the output lists them.
 */
function pairById(input: PairingInput): Matching {
  const { before, after, beforeHashes, afterHashes, equal, unsettled, typeCounts } = input;
  const capacity = Math.min(before.length, after.length);
  const matching: Matching = {
    beforeIndex: new Int32Array(capacity),
    afterIndex: new Int32Array(capacity),
    byGeometry: new Uint8Array(capacity),
    count: 0,
    idPairs: 0,
    state: new Uint8Array(capacity),
    flagged: [],
    unmatchedBefore: [],
    unmatchedAfter: [],
  };
  const restBefore: number[] = [];
  const restAfter: number[] = [];
  const pairedBefore = matching.beforeIndex;
  const pairedAfter = matching.afterIndex;
  let unchanged = 0;
  let lastType: string | null = null;
  let lastCounts: CollectionCounts | null = null;
  const beforeLength = before.length;
  const afterLength = after.length;
  let i = 0;
  let j = 0;
  while (i < beforeLength && j < afterLength) {
    const left = before[i] as Item;
    const right = after[j] as Item;
    let found: number;
    if (beforeHashes !== null && afterHashes !== null) {
      if (beforeHashes[i] === afterHashes[j]) found = SAME;
      else if (left.id === right.id) found = DIFFERENT;
      else found = -1;
    } else if (left.id === right.id) {
      found = equal(left as unknown as Loose, right as unknown as Loose) ? SAME : DIFFERENT;
    } else found = -1;
    if (found === SAME && (unsettled === null || !touchesUnsettled(left as Element, unsettled))) {
      // The common case, kept in this loop: an unchanged pair.
      const at = matching.count++;
      pairedBefore[at] = i++;
      pairedAfter[at] = j++;
      unchanged++;
      if (typeCounts !== null) {
        const type = right.type;
        if (lastCounts === null || type !== lastType) {
          lastCounts = typeCounts(type);
          lastType = type;
        }
        lastCounts.unchanged++;
      }
      continue;
    }
    if (found >= 0) {
      record(input, matching, i++, j++, left, right, found);
      continue;
    }
    const id = left.id;
    const otherId = right.id;
    let skipped = false;
    for (let ahead = 1; ahead <= RESYNC_WINDOW; ahead++) {
      if (j + ahead < afterLength && (after[j + ahead] as Item).id === id) {
        while (ahead-- > 0) restAfter.push(j++);
        skipped = true;
        break;
      }
      if (i + ahead < beforeLength && (before[i + ahead] as Item).id === otherId) {
        while (ahead-- > 0) restBefore.push(i++);
        skipped = true;
        break;
      }
    }
    if (!skipped) {
      restBefore.push(i++);
      restAfter.push(j++);
    }
  }
  input.count.unchanged += unchanged;
  while (i < beforeLength) restBefore.push(i++);
  while (j < afterLength) restAfter.push(j++);
  if (restBefore.length === 0 || restAfter.length === 0) {
    matching.idPairs = matching.count;
    matching.unmatchedBefore = restBefore;
    matching.unmatchedAfter = restAfter;
    return matching;
  }
  const waiting = new Map<string, number>();
  const pairedLater = new Set<number>();
  for (const index of restAfter) {
    const id = (after[index] as Item).id;
    if (!waiting.has(id)) waiting.set(id, index);
  }
  for (const index of restBefore) {
    const left = before[index] as Item;
    const other = waiting.get(left.id);
    if (other === undefined) {
      matching.unmatchedBefore.push(index);
      continue;
    }
    waiting.delete(left.id);
    pairedLater.add(other);
    const right = after[other] as Item;
    const same =
      beforeHashes !== null && afterHashes !== null
        ? beforeHashes[index] === afterHashes[other]
        : equal(left as unknown as Loose, right as unknown as Loose);
    record(input, matching, index, other, left, right, same ? SAME : DIFFERENT);
  }
  matching.idPairs = matching.count;
  matching.unmatchedAfter = restAfter.filter((index) => !pairedLater.has(index));
  return matching;
}

/**
 * Adds a pair matched by id with what its content comparison `found`. With hashes, a pair whose hashes differ is
 * DIFFERENT without a deep compare (the full comparison later still finds it unchanged if it is equal within
 * tolerance, or at all).
 */
function record(
  input: PairingInput,
  matching: Matching,
  beforeIndex: number,
  afterIndex: number,
  left: Item,
  right: Item,
  found: number,
): void {
  const at = matching.count++;
  matching.beforeIndex[at] = beforeIndex;
  matching.afterIndex[at] = afterIndex;
  if (found === SAME && input.unsettled !== null && touchesUnsettled(left as Element, input.unsettled))
    found = ON_MOVED_NODE;
  if (input.typeCounts !== null) {
    const counts = input.typeCounts(right.type);
    if (found === SAME) counts.unchanged++;
  }
  if (found === SAME) input.count.unchanged++;
  else {
    matching.state[at] = found;
    matching.flagged.push(at);
    // Now, while the element is at hand, rather than in another pass.
    if (input.beforeWanted !== null && input.afterWanted !== null) {
      addNodeIds(left as Element, input.beforeWanted);
      addNodeIds(right as Element, input.afterWanted);
    }
  }
}

function addPair(matching: Matching, before: number, after: number, byGeometry: boolean | 2): void {
  const at = matching.count++;
  matching.beforeIndex[at] = before;
  matching.afterIndex[at] = after;
  matching.byGeometry[at] = byGeometry === 2 ? 2 : byGeometry ? 1 : 0;
}

/** Adds the pairs `found` (before id → after id) among what id matching left, e.g. definitions paired by content. */
function matchByRenames(
  matching: Matching,
  beforeItems: readonly Item[],
  afterItems: readonly Item[],
  found: ReadonlyMap<string, string>,
  how: true | 2,
): void {
  if (matching.unmatchedBefore.length === 0 || matching.unmatchedAfter.length === 0) return;
  const waiting = new Map<string, number>();
  for (const index of matching.unmatchedAfter) waiting.set((afterItems[index] as Item).id, index);
  const taken = new Set<number>();
  const stillBefore: number[] = [];
  for (const index of matching.unmatchedBefore) {
    const target = found.get((beforeItems[index] as Item).id);
    const other = target === undefined ? undefined : waiting.get(target);
    if (other === undefined || taken.has(other)) {
      stillBefore.push(index);
      continue;
    }
    taken.add(other);
    reserve(matching, 1);
    addPair(matching, index, other, how);
  }
  matching.unmatchedBefore = stillBefore;
  matching.unmatchedAfter = matching.unmatchedAfter.filter((index) => !taken.has(index));
}

/** Grows the pair arrays so that `extra` more pairs fit (geometric matching adds pairs after id matching). */
function reserve(matching: Matching, extra: number): void {
  const needed = matching.count + extra;
  if (needed <= matching.beforeIndex.length) return;
  const grow = <T extends Int32Array | Uint8Array>(array: T, make: (size: number) => T): T => {
    const next = make(needed);
    next.set(array.subarray(0, matching.count));
    return next;
  };
  matching.beforeIndex = grow(matching.beforeIndex, (size) => new Int32Array(size));
  matching.afterIndex = grow(matching.afterIndex, (size) => new Int32Array(size));
  matching.byGeometry = grow(matching.byGeometry, (size) => new Uint8Array(size));
}

function indexById(items: readonly Item[]): Map<string, number> {
  const index = new Map<string, number>();
  // The first of duplicated ids wins, as a lookup by id would find it.
  for (let position = 0; position < items.length; position++) {
    const id = (items[position] as Item).id;
    if (!index.has(id)) index.set(id, position);
  }
  return index;
}

/**
 * Pairs what id matching left, by place: `pointOf` gives each object's key point (null = cannot place it) and
 * `fits` the deviation of a candidate pair (Infinity = not a match). Each after object is taken once, the nearest
 * fit within tolerance first, so that matching can only turn an added+removed pair into a modified one.
 */
function matchByPlace(
  matching: Matching,
  beforePoint: (index: number) => Point3 | null,
  afterPoint: (index: number) => Point3 | null,
  fits: (beforeIndex: number, afterIndex: number) => number,
  tolerance: number,
): void {
  if (matching.unmatchedBefore.length === 0 || matching.unmatchedAfter.length === 0) return;
  const hash = new SpatialHash(Math.max(tolerance, 1));
  for (const index of matching.unmatchedAfter) {
    const point = afterPoint(index);
    if (point) hash.insert(point.x, point.y, point.z, index);
  }
  const taken = new Set<number>();
  const stillBefore: number[] = [];
  for (const index of matching.unmatchedBefore) {
    const point = beforePoint(index);
    let best = -1;
    let bestDeviation = Infinity;
    if (point) {
      hash.near(point.x, point.y, point.z, (candidate) => {
        if (taken.has(candidate)) return;
        const deviation = fits(index, candidate);
        if (deviation <= tolerance && deviation < bestDeviation) {
          best = candidate;
          bestDeviation = deviation;
        }
      });
    }
    if (best < 0) {
      stillBefore.push(index);
      continue;
    }
    taken.add(best);
    reserve(matching, 1);
    addPair(matching, index, best, true);
  }
  matching.unmatchedBefore = stillBefore;
  matching.unmatchedAfter = matching.unmatchedAfter.filter((index) => !taken.has(index));
}

function groupsOf(changes: readonly PropertyChange[]): PropertyGroup[] {
  const groups: PropertyGroup[] = [];
  for (const group of PROPERTY_GROUPS) {
    for (const change of changes) {
      if (change.group === group) {
        groups.push(group);
        break;
      }
    }
  }
  return groups;
}

/** The Name change of a pair matched by geometry: its name if that changed, else its id. */
function renameChanges(before: Item, after: Item, out: PropertyChange[]): void {
  if (before.id === after.id) return;
  if (before.name === after.name) out.push({ path: 'id', group: 'Name', before: before.id, after: after.id });
}

/** One side's hashes of a collection when they can be trusted to be parallel to its objects, else null. */
function hashesOf(
  side: DiffHints['before'] | undefined,
  collection: ModelCollection,
  items: readonly Item[],
): readonly string[] | null {
  const hashes = side?.[collection];
  return hashes !== undefined && hashes.length === items.length ? hashes : null;
}

/** The diff of two models (see index.ts and design.md); `hints` only make it faster (see DiffHints). */
export function computeDiff(
  before: Model,
  after: Model,
  partial?: Partial<DiffOptions>,
  hints?: DiffHints,
): ModelDiff {
  const options: DiffOptions = { ...DEFAULT_DIFF_OPTIONS, ...partial };
  const tolerance = options.lengthTolerance;
  const geometric = options.geometricMatching !== 'off';
  const counts = {} as Record<ModelCollection, CollectionCounts>;
  const elementCounts: Record<string, CollectionCounts> = {};
  const changes: Change[] = [];
  const relabels: Relabel[] = [];
  // Definitions whose ids differ but that pair by elevation or content: found first, so that nodes and elements
  // compared before (or after) their collection's turn already follow them.
  const definitionRenames = geometric ? pairDefinitions(before, after, options) : {};
  const renames: Partial<Record<ModelCollection, Map<string, string>>> = {};
  for (const [collection, found] of Object.entries(definitionRenames))
    renames[collection as ModelCollection] = new Map(found);
  /**
   * Labels do not line up (a level renamed, or ids left unpaired on both sides): objects paired across the label
   * change whose only difference is their id are relabels, not changes, and members pair by their paired nodes.
   */
  let relabelMode = (definitionRenames.levels?.size ?? 0) > 0;
  /** References compare through the renames (a beam on a renamed story still stands on "its" level). */
  let followRefs = relabelMode || Object.keys(definitionRenames).length > 0;
  let lastType: string | null = null;
  let lastCounts: CollectionCounts = emptyCounts();
  // Element types come in runs (columns, then beams…): one lookup per run.
  const typeCounts = (type: string): CollectionCounts => {
    if (type === lastType) return lastCounts;
    let entry = elementCounts[type];
    if (!entry) {
      entry = emptyCounts();
      elementCounts[type] = entry;
    }
    lastType = type;
    lastCounts = entry;
    return entry;
  };

  // Node tables: element geometry is looked up through them. The elements pass replaces these with tables of only
  // the nodes its few changed elements stand on, so a lightly edited model builds no Map of all its nodes.
  let beforeNode = nodeLookup(before.nodes, EMPTY_IDS);
  let afterNode = nodeLookup(after.nodes, EMPTY_IDS);
  /** Node ids whose place is not the same in both models (moved, missing on one side): elements on them recheck. */
  const unsettledNodes = new Set<string>();

  for (const collection of MODEL_COLLECTIONS) {
    const beforeItems = before[collection] as readonly Item[];
    const afterItems = after[collection] as readonly Item[];
    const count = emptyCounts();
    counts[collection] = count;
    const isElements = collection === 'elements';
    const beforeWanted = new Set<string>();
    const afterWanted = new Set<string>();
    const beforeHashes = hashesOf(hints?.before, collection, beforeItems);
    const afterHashes = hashesOf(hints?.after, collection, afterItems);
    const matching = pairById({
      before: beforeItems,
      after: afterItems,
      beforeHashes: afterHashes === null ? null : beforeHashes,
      afterHashes: beforeHashes === null ? null : afterHashes,
      equal: collection === 'nodes' ? equalNodesBesideId : equalBesideId,
      unsettled: isElements && unsettledNodes.size > 0 ? unsettledNodes : null,
      beforeWanted: isElements ? beforeWanted : null,
      afterWanted: isElements ? afterWanted : null,
      count,
      typeCounts: isElements ? typeCounts : null,
    });
    const idPairs = matching.idPairs;
    const state = matching.state;
    const definitionPairs = definitionRenames[collection];
    if (definitionPairs !== undefined)
      matchByRenames(matching, beforeItems, afterItems, definitionPairs, collection === 'levels' ? true : 2);
    if (
      geometric &&
      !relabelMode &&
      (collection === 'nodes' || isElements) &&
      labelsDisagree(
        beforeItems.length,
        afterItems.length,
        matching.unmatchedBefore.length,
        matching.unmatchedAfter.length,
      )
    ) {
      relabelMode = true;
      followRefs = true;
    }

    if (collection === 'nodes') {
      for (const index of matching.unmatchedBefore) unsettledNodes.add((beforeItems[index] as Item).id);
      for (const index of matching.unmatchedAfter) unsettledNodes.add((afterItems[index] as Item).id);
      if (geometric) {
        const nodeAt = (items: readonly Item[]) => (index: number) => items[index] as Node;
        const beforeAt = nodeAt(beforeItems);
        const afterAt = nodeAt(afterItems);
        matchByPlace(
          matching,
          beforeAt,
          afterAt,
          (b, a) => (beforeAt(b).type === afterAt(a).type ? distance(beforeAt(b), afterAt(a)) : Infinity),
          tolerance,
        );
      }
    } else if (isElements) {
      if (geometric && matching.unmatchedBefore.length > 0 && matching.unmatchedAfter.length > 0) {
        for (const index of matching.unmatchedBefore) addNodeIds(beforeItems[index] as Element, beforeWanted);
        for (const index of matching.unmatchedAfter) addNodeIds(afterItems[index] as Element, afterWanted);
      }
      beforeNode = nodeLookup(before.nodes, beforeWanted);
      afterNode = nodeLookup(after.nodes, afterWanted);
      if (geometric && relabelMode) matchElementsByNodes(matching, beforeItems, afterItems, renames.nodes);
      if (geometric)
        matchElementsByPlace(matching, beforeItems, afterItems, beforeNode, afterNode, tolerance);
    } else if (collection === 'loads' && geometric) {
      matchLoadsByTarget(matching, beforeItems, afterItems, renames);
    }

    const renamed = new Map<string, string>();
    for (let pair = idPairs; pair < matching.count; pair++) {
      const left = beforeItems[matching.beforeIndex[pair] as number] as Item;
      const right = afterItems[matching.afterIndex[pair] as number] as Item;
      if (left.id !== right.id) renamed.set(left.id, right.id);
    }
    if (renamed.size > 0) renames[collection] = renamed;

    const added: AddedChange[] = [];
    const removed: RemovedChange[] = [];
    const modified: ModifiedChange[] = [];

    // Only the pairs the first pass flagged, and those geometric matching added (always compared in full).
    const flagged = matching.flagged;
    const compared = flagged.length + matching.count - idPairs;
    for (let at = 0; at < compared; at++) {
      const pair = at < flagged.length ? (flagged[at] as number) : idPairs + at - flagged.length;
      const byId = pair < idPairs;
      const left = beforeItems[matching.beforeIndex[pair] as number] as Item;
      const right = afterItems[matching.afterIndex[pair] as number] as Item;
      const matchedBy: MatchedBy = byId ? 'id' : matching.byGeometry[pair] === 2 ? 'content' : 'geometry';
      const propertyChanges = compareItems(
        collection,
        left,
        right,
        options,
        renames,
        beforeNode,
        afterNode,
        // Byte-equal element whose nodes moved: still a Geometry change (design.md).
        byId && state[pair] === ON_MOVED_NODE,
        followRefs,
      );
      if (collection === 'nodes') {
        const leftNode = left as Node;
        const rightNode = right as Node;
        if (leftNode.x !== rightNode.x || leftNode.y !== rightNode.y || leftNode.z !== rightNode.z) {
          unsettledNodes.add(leftNode.id);
          unsettledNodes.add(rightNode.id);
        }
      }
      if (
        relabelMode &&
        !byId &&
        propertyChanges.length === 1 &&
        (propertyChanges[0] as PropertyChange).path === 'id'
      ) {
        // Only the label changed (its story was renamed): the same object, which applying renames.
        relabels.push({ collection, beforeId: left.id, id: right.id });
        propertyChanges.length = 0;
      }
      if (propertyChanges.length === 0) {
        count.unchanged++;
        if (isElements) typeCounts(right.type).unchanged++;
        continue;
      }
      count.modified++;
      if (isElements) typeCounts(right.type).modified++;
      modified.push({
        key: `${collection}:${right.id}`,
        kind: 'modified',
        collection,
        id: right.id,
        beforeId: left.id,
        type: right.type,
        name: right.name,
        matchedBy,
        groups: groupsOf(propertyChanges),
        changes: propertyChanges,
        object: right,
      });
    }
    for (const index of matching.unmatchedAfter) {
      const item = afterItems[index] as Item;
      count.added++;
      if (isElements) typeCounts(item.type).added++;
      added.push({
        key: `${collection}:${item.id}`,
        kind: 'added',
        collection,
        id: item.id,
        type: item.type,
        name: item.name,
        object: item,
      });
    }
    for (const index of matching.unmatchedBefore) {
      const item = beforeItems[index] as Item;
      count.removed++;
      if (isElements) typeCounts(item.type).removed++;
      removed.push({
        key: `${collection}:${item.id}`,
        kind: 'removed',
        collection,
        id: item.id,
        type: item.type,
        name: item.name,
        object: item,
      });
    }
    // A loop, not push(...list): a diff may list a whole model (everything added) and spread has an argument limit.
    for (const list of [added, removed, modified] as Change[][]) {
      if (list.length > 1) list.sort(compareIds);
      for (const change of list) changes.push(change);
    }
  }

  const rootCauses = findRootCauses(before, after, changes, relabels, options, elementCounts);
  return {
    options,
    changes,
    header: compareHeader(before, after),
    counts,
    elementCounts,
    rootCauses,
    relabels,
  };
}

function compareIds(a: Change, b: Change): number {
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** Every node id an element names (a superset of what elementNodeIds returns, so every lookup is prepared). */
function addNodeIds(element: Element, into: Set<string>): void {
  const item = element as { startNodeId?: unknown; endNodeId?: unknown; nodeIds?: unknown };
  if (typeof item.startNodeId === 'string') into.add(item.startNodeId);
  if (typeof item.endNodeId === 'string') into.add(item.endNodeId);
  if (Array.isArray(item.nodeIds)) for (const id of item.nodeIds) if (typeof id === 'string') into.add(id);
}

/**
 * Elements left unmatched by id, paired by the nodes they stand on once node renames are followed: a member whose
 * two ends pair with another's (either way round), an area whose node set does, of the same type. This pairs
 * across a relabel even where the story also moved, which pairing by place cannot.
 */
function matchElementsByNodes(
  matching: Matching,
  beforeItems: readonly Item[],
  afterItems: readonly Item[],
  nodeRenames: ReadonlyMap<string, string> | undefined,
): void {
  if (matching.unmatchedBefore.length === 0 || matching.unmatchedAfter.length === 0) return;
  const keyOf = (element: Element, rename: boolean): string | null => {
    const ids = elementNodeIds(element);
    if (ids === null || ids.length === 0) return null;
    const mapped = ids.map((id) => (rename ? (nodeRenames?.get(id) ?? id) : id)).sort();
    return `${element.type}\u0000${mapped.join('\u0000')}`;
  };
  pairLeftoversByKey(matching, beforeItems, afterItems, (item, rename) => keyOf(item as Element, rename));
}

/** Elements left unmatched by id, paired by where they stand (members by both ends, areas by their vertices). */
function matchElementsByPlace(
  matching: Matching,
  beforeItems: readonly Item[],
  afterItems: readonly Item[],
  beforeNode: NodeLookup,
  afterNode: NodeLookup,
  tolerance: number,
): void {
  const points = (items: readonly Item[], lookup: NodeLookup) => {
    const cache = new Map<number, Point3[] | null>();
    return (index: number): Point3[] | null => {
      if (!cache.has(index)) cache.set(index, elementPoints(items[index] as Element, lookup));
      return cache.get(index) ?? null;
    };
  };
  const beforePoints = points(beforeItems, beforeNode);
  const afterPoints = points(afterItems, afterNode);
  const middle = (of: (index: number) => Point3[] | null) => (index: number) => {
    const list = of(index);
    return list && list.length > 0 ? centroid(list) : null;
  };
  matchByPlace(
    matching,
    middle(beforePoints),
    middle(afterPoints),
    (b, a) => {
      const left = beforeItems[b] as Element;
      const right = afterItems[a] as Element;
      const leftPoints = beforePoints(b);
      const rightPoints = afterPoints(a);
      if (left.type !== right.type || !leftPoints || !rightPoints) return Infinity;
      if (leftPoints.length !== rightPoints.length) return Infinity;
      return alignPoints(leftPoints, rightPoints, isPolygonal(left)).deviation;
    },
    tolerance,
  );
}

/** Whether an element stands on a node whose place differs between the models (no allocation: runs per element). */
function touchesUnsettled(element: Element, unsettled: ReadonlySet<string>): boolean {
  const item = element as { startNodeId?: string; endNodeId?: string; nodeIds?: readonly string[] };
  if (item.startNodeId !== undefined && unsettled.has(item.startNodeId)) return true;
  if (item.endNodeId !== undefined && unsettled.has(item.endNodeId)) return true;
  const nodeIds = item.nodeIds;
  if (nodeIds !== undefined)
    for (let k = 0; k < nodeIds.length; k++) if (unsettled.has(nodeIds[k] as string)) return true;
  return false;
}

const EMPTY_IDS: ReadonlySet<string> = new Set();

/**
 * Node by id. The table holds only the `wanted` ids (one pass over the nodes, no Map of them all); an id nobody
 * announced falls back to a full table built on first use, so a lookup is always right.
 */
function nodeLookup(nodes: readonly Node[], wanted: ReadonlySet<string>): NodeLookup {
  const found = new Map<string, Node>();
  if (wanted.size > 0) {
    for (let position = 0; position < nodes.length; position++) {
      const node = nodes[position] as Node;
      // The first of duplicated ids wins, as a lookup by id would find it.
      if (wanted.has(node.id) && !found.has(node.id)) found.set(node.id, node);
    }
  }
  let index: Map<string, number> | null = null;
  return (id) => {
    const node = found.get(id);
    if (node !== undefined || wanted.has(id)) return node;
    index ??= indexById(nodes);
    const position = index.get(id);
    return position === undefined ? undefined : nodes[position];
  };
}

/** Loads whose ids changed with their element (ETABS ids embed the label): same type, pattern and target. */
function matchLoadsByTarget(
  matching: Matching,
  beforeItems: readonly Item[],
  afterItems: readonly Item[],
  renames: Partial<Record<ModelCollection, Map<string, string>>>,
): void {
  if (matching.unmatchedBefore.length === 0 || matching.unmatchedAfter.length === 0) return;
  const keyOf = (item: Item, rename: boolean): string => {
    const load = item as Item & { nodeId?: string; elementId?: string; patternId?: string };
    const node =
      load.nodeId === undefined
        ? ''
        : rename
          ? (renames.nodes?.get(load.nodeId) ?? load.nodeId)
          : load.nodeId;
    const element =
      load.elementId === undefined
        ? ''
        : rename
          ? (renames.elements?.get(load.elementId) ?? load.elementId)
          : load.elementId;
    const pattern =
      load.patternId === undefined
        ? ''
        : rename
          ? (renames.loadPatterns?.get(load.patternId) ?? load.patternId)
          : load.patternId;
    return `${load.type}\u0000${pattern}\u0000${node}\u0000${element}`;
  };
  pairLeftoversByKey(matching, beforeItems, afterItems, keyOf);
}

/**
 * Pairs objects left unmatched whose keys agree, first come first served; a before object's key is taken with the
 * renames followed (`rename`), an after object's as it stands. A null key pairs with nothing.
 */
function pairLeftoversByKey(
  matching: Matching,
  beforeItems: readonly Item[],
  afterItems: readonly Item[],
  keyOf: (item: Item, rename: boolean) => string | null,
): void {
  const waiting = new Map<string, number[]>();
  for (const index of matching.unmatchedAfter) {
    const key = keyOf(afterItems[index] as Item, false);
    if (key === null) continue;
    const list = waiting.get(key);
    if (list) list.push(index);
    else waiting.set(key, [index]);
  }
  const taken = new Set<number>();
  const stillBefore: number[] = [];
  for (const index of matching.unmatchedBefore) {
    const key = keyOf(beforeItems[index] as Item, true);
    const candidate = key === null ? undefined : waiting.get(key)?.shift();
    if (candidate === undefined) {
      stillBefore.push(index);
      continue;
    }
    taken.add(candidate);
    reserve(matching, 1);
    addPair(matching, index, candidate, true);
  }
  matching.unmatchedBefore = stillBefore;
  matching.unmatchedAfter = matching.unmatchedAfter.filter((index) => !taken.has(index));
}

/** The property changes of one pair, beyond tolerance; empty when the two are the same within tolerance. */
function compareItems(
  collection: ModelCollection,
  left: Item,
  right: Item,
  options: DiffOptions,
  renames: Partial<Record<ModelCollection, Map<string, string>>>,
  beforeNode: NodeLookup,
  afterNode: NodeLookup,
  /** The two objects are equal: only their geometry (through the nodes) can differ. */
  sameContent: boolean,
  /** Compare references through the renames (labels do not line up, or definitions were renamed). */
  followRefs: boolean,
): PropertyChange[] {
  const out: PropertyChange[] = [];
  renameChanges(left, right, out);
  if (followRefs && collection !== 'elements') {
    // Node and element ids inside are compared as renamed; elements keep theirs for the connectivity check below.
    left = renameRefs(collection, left, renames);
  }
  if (collection === 'nodes') {
    compareNodes(left as Node, right as Node, options, out);
    return out;
  }
  if (collection === 'loads') {
    // A load that follows its relabelled element or node is not a change of what it loads.
    const leftLoad = left as Item & { elementId?: string; nodeId?: string };
    const rightLoad = right as Item & { elementId?: string; nodeId?: string };
    const follows = (field: 'elementId' | 'nodeId', target: 'elements' | 'nodes') => {
      const from = leftLoad[field];
      return (
        from !== undefined && from !== rightLoad[field] && renames[target]?.get(from) === rightLoad[field]
      );
    };
    const skip = new Set<string>(NO_SKIP);
    if (follows('elementId', 'elements')) skip.add('elementId');
    if (follows('nodeId', 'nodes')) skip.add('nodeId');
    compareProperties(collection, left, right, options, skip, out);
    return out;
  }
  if (collection !== 'elements') {
    compareProperties(collection, left, right, options, NO_SKIP, out);
    return out;
  }
  const beforeElement = left as Element;
  let afterElement = right as Element;
  const beforeIds = elementNodeIds(beforeElement);
  const afterIds = elementNodeIds(afterElement);
  if (beforeIds !== null && afterIds !== null) {
    let geometry: PropertyChange | null = null;
    const beforePoints = elementPoints(beforeElement, beforeNode);
    const afterPoints = elementPoints(afterElement, afterNode);
    let connectivityChanged: boolean;
    if (beforePoints && afterPoints) {
      const alignment = alignPoints(beforePoints, afterPoints, isPolygonal(beforeElement));
      const order = alignment.order;
      const aligned = order.length === beforePoints.length;
      if (alignment.deviation > options.lengthTolerance) {
        geometry = {
          path: 'nodeIds',
          group: 'Geometry',
          before: beforePoints,
          after: aligned ? order.map((index) => afterPoints[index]) : afterPoints,
          deviation: alignment.deviation,
        };
      }
      if (aligned) {
        const nodeRenames = renames.nodes;
        connectivityChanged = false;
        for (let k = 0; k < beforeIds.length; k++) {
          const id = beforeIds[k] as string;
          if ((nodeRenames?.get(id) ?? id) !== afterIds[order[k] as number]) {
            connectivityChanged = true;
            break;
          }
        }
        // A member drawn the other way: compare its end data (releases, offsets) end for end.
        if (!isPolygonal(beforeElement) && beforeIds.length === 2 && order[0] === 1) {
          const swapped: Record<string, unknown> = { ...afterElement };
          for (const field of FRAME_END_FIELDS)
            if (swapped[field] !== undefined) swapped[field] = swapEnds(swapped[field]);
          afterElement = swapped as Element;
        }
      } else {
        connectivityChanged = true;
      }
    } else {
      connectivityChanged = !deepEqual(beforeIds, afterIds);
    }
    if (connectivityChanged && geometry === null) {
      // Same place, other nodes (e.g. a duplicate node at the same point): not Geometry, but it must apply.
      geometry = { path: 'nodeIds', group: 'Attributes', before: beforeIds, after: afterIds };
    }
    if (geometry !== null) out.push(geometry);
  }
  if (!sameContent) {
    const compared = followRefs ? renameRefs(collection, beforeElement, renames) : beforeElement;
    compareProperties(collection, compared, afterElement, options, ELEMENT_SKIP, out);
  }
  return out;
}

function compareNodes(left: Node, right: Node, options: DiffOptions, out: PropertyChange[]): void {
  const moved = distance(left, right);
  if (moved > options.lengthTolerance) {
    const axes = (['x', 'y', 'z'] as const).filter((axis) => left[axis] !== right[axis]);
    const beyond = axes.filter((axis) => Math.abs(left[axis] - right[axis]) > options.lengthTolerance);
    for (const axis of beyond.length > 0 ? beyond : axes) {
      out.push({ path: axis, group: 'Geometry', before: left[axis], after: right[axis], deviation: moved });
    }
  }
  compareProperties('nodes', left, right, options, NODE_SKIP, out);
}

/** Model-level data: exact, since it is source text and settings rather than measurements. */
function compareHeader(before: Model, after: Model): PropertyChange[] {
  const out: PropertyChange[] = [];
  const left = before as unknown as Record<string, unknown>;
  const right = after as unknown as Record<string, unknown>;
  const keys = new Set([...Object.keys(left), ...Object.keys(right)]);
  for (const key of [...keys].sort()) {
    if (HEADER_SKIP.has(key)) continue;
    if (key === 'attributes') {
      const leftBag = before.attributes;
      const rightBag = after.attributes;
      const names = new Set([...Object.keys(leftBag), ...Object.keys(rightBag)]);
      for (const name of [...names].sort()) {
        if (!deepEqual(leftBag[name], rightBag[name])) {
          out.push({
            path: `attributes.${name}`,
            group: 'Attributes',
            before: leftBag[name],
            after: rightBag[name],
          });
        }
      }
      continue;
    }
    if (!deepEqual(left[key], right[key])) {
      out.push({ path: key, group: 'Attributes', before: left[key], after: right[key] });
    }
  }
  return out;
}
