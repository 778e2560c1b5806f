import type { Model, ModelCollection } from '../schema';
import { MODEL_COLLECTIONS } from '../schema';
import type { Renames } from './refs';
import { FRAME_END_FIELDS, swapEnds } from './geometry';
import { forEachRef, renameRefs } from './refs';
import type {
  Change,
  ChangeKey,
  ChangeSelection,
  ModelDiff,
  ModifiedChange,
  PropertyChange,
  PropertyGroup,
  Relabel,
} from './types';

interface Item {
  id: string;
}

export function selectsAll(selection: ChangeSelection | undefined): boolean {
  return selection === undefined || ('all' in selection && selection.all);
}

/** Whether a change is named by the selection itself (before dependencies). */
function isNamed(
  change: Change,
  selection: Exclude<ChangeSelection, { all: true }>,
  keys: ReadonlySet<ChangeKey>,
): boolean {
  if (keys.has(change.key)) return true;
  const { types, groups, kinds } = selection;
  if (types === undefined && groups === undefined && kinds === undefined) return false;
  if (types !== undefined && !types.includes(change.type)) return false;
  if (kinds !== undefined && !kinds.includes(change.kind)) return false;
  if (groups !== undefined) {
    // Groups are properties of modified objects: an added or removed object has none to pass the filter with.
    if (change.kind !== 'modified' || !change.groups.some((group) => groups.includes(group))) return false;
  }
  return true;
}

/** What a selection takes of one change: the whole of it, or some of its property groups. */
export type TakenPart = 'whole' | readonly PropertyGroup[];

/**
 * What a selection takes, by change key, with what that needs: an added or modified object brings the added (or
 * renamed) objects it refers to, and a Geometry change of an element brings the moves of its nodes; a removal
 * brings the removals of what referred to the removed object (its loads, the members on a removed node). A part
 * of a modified change (`parts`) needs only what its own groups refer to: a resized beam's new profile does not
 * bring its move. What a part needs is taken whole.
 */
export function selectParts(diff: ModelDiff, selection: ChangeSelection): Map<ChangeKey, TakenPart> {
  const taken = new Map<ChangeKey, TakenPart>();
  if (selectsAll(selection)) {
    for (const change of diff.changes) taken.set(change.key, 'whole');
    return taken;
  }
  const named = selection as Exclude<ChangeSelection, { all: true }>;
  const byKey = new Map<ChangeKey, Change>();
  for (const change of diff.changes) byKey.set(change.key, change);
  // Removed objects by what they refer to, so a removal can pull the removals that depended on it.
  const removedReferrers = new Map<ChangeKey, Change[]>();
  for (const change of diff.changes) {
    if (change.kind !== 'removed') continue;
    forEachRef(change.collection, change.object, (collection, id) => {
      const key = `${collection}:${id}`;
      const list = removedReferrers.get(key);
      if (list) list.push(change);
      else removedReferrers.set(key, [change]);
    });
  }
  const queue: Change[] = [];
  const take = (change: Change, part: TakenPart) => {
    const before = taken.get(change.key);
    if (before === 'whole') return;
    let next: TakenPart;
    if (part !== 'whole' && change.kind === 'modified') {
      const groups = new Set([...(before ?? []), ...part]);
      const wanted = change.groups.filter((group) => groups.has(group));
      if (wanted.length === 0) return;
      next = wanted.length === change.groups.length ? 'whole' : wanted;
      if (before !== undefined && next !== 'whole' && next.length === before.length) return;
    } else if (part !== 'whole' && part.length === 0) {
      return;
    } else {
      // A part of an added or removed object (it has no groups) is the object.
      next = 'whole';
    }
    taken.set(change.key, next);
    queue.push(change);
  };
  const namedKeys = new Set(named.keys ?? []);
  for (const change of diff.changes) if (isNamed(change, named, namedKeys)) take(change, 'whole');
  for (const [key, groups] of Object.entries(named.parts ?? {})) {
    const change = byKey.get(key);
    if (change) take(change, groups);
  }
  while (queue.length > 0) {
    const change = queue.pop() as Change;
    if (change.kind === 'removed') {
      for (const referrer of removedReferrers.get(change.key) ?? []) take(referrer, 'whole');
      continue;
    }
    const part = taken.get(change.key) as TakenPart;
    const groups = part === 'whole' && change.kind === 'modified' ? change.groups : part;
    const moves = change.kind === 'modified' && groups !== 'whole' && groups.includes('Geometry');
    const visit = (collection: ModelCollection, id: string) => {
      const dependency = byKey.get(`${collection}:${id}`);
      if (!dependency || dependency.kind === 'removed') return;
      if (
        dependency.kind === 'added' ||
        dependency.id !== dependency.beforeId ||
        (moves && collection === 'nodes' && dependency.groups.includes('Geometry'))
      ) {
        take(dependency, 'whole');
      }
    };
    if (part === 'whole' || change.kind !== 'modified') forEachRef(change.collection, change.object, visit);
    else forEachRef(change.collection, takenFields(change, part), visit);
  }
  return taken;
}

/** The keys a selection takes, whole or in part, with what they need (see selectParts). */
export function selectKeys(diff: ModelDiff, selection: ChangeSelection): Set<ChangeKey> {
  return new Set(selectParts(diff, selection).keys());
}

/** The top-level fields of the after object a part of a change takes (the attributes named, not the bag). */
function takenFields(change: ModifiedChange, groups: readonly PropertyGroup[]): Record<string, unknown> {
  const after = change.object as Record<string, unknown>;
  const fields: Record<string, unknown> = {};
  for (const property of change.changes) {
    if (!groups.includes(property.group)) continue;
    const head = headOf(property.path);
    if (head === 'attributes') continue;
    for (const field of fieldsOf(head)) if (after[field] !== undefined) fields[field] = after[field];
  }
  return fields;
}

function headOf(path: string): string {
  const dot = path.indexOf('.');
  return dot < 0 ? path : path.slice(0, dot);
}

/** Where an element is: its node references (a member's ends, an area's corners) or its points. */
const PLACE_FIELDS = ['startNodeId', 'endNodeId', 'nodeIds', 'points'] as const;

/** A Geometry change of an element (path 'nodeIds' or 'points') takes every field of its place. */
function fieldsOf(head: string): readonly string[] {
  return head === 'nodeIds' || head === 'points' ? PLACE_FIELDS : [head];
}

/** Whether a member keeps its before ends while the after object has them the other way round. */
function drawnTheOtherWay(before: Record<string, unknown>, after: Record<string, unknown>): boolean {
  const { startNodeId, endNodeId } = before;
  return (
    typeof startNodeId === 'string' &&
    startNodeId !== endNodeId &&
    startNodeId === after['endNodeId'] &&
    endNodeId === after['startNodeId']
  );
}

/**
 * The object a part of a change makes: the before object (its references following what was renamed) with the
 * fields of the taken groups from the after object. It takes the after id: the object is the one the diff paired.
 */
export function partialObject(
  collection: ModelCollection,
  before: unknown,
  change: ModifiedChange,
  groups: readonly PropertyGroup[],
  renames: Renames,
): unknown {
  const result: Record<string, unknown> = {
    ...(renameRefs(collection, before, renames) as Record<string, unknown>),
    id: change.id,
  };
  const after = change.object as Record<string, unknown>;
  // Kept ends with the other way's end data would put a release on the wrong end: turn that data round.
  const reversed = !groups.includes('Geometry') && drawnTheOtherWay(result, after);
  for (const property of change.changes) {
    if (!groups.includes(property.group)) continue;
    const head = headOf(property.path);
    if (head === 'attributes' && property.path.length > head.length) {
      // One attribute, named whole after 'attributes.' (its name may hold dots).
      const name = property.path.slice(head.length + 1);
      const from = (after['attributes'] as Record<string, unknown> | undefined) ?? {};
      const bag = { ...((result['attributes'] as Record<string, unknown> | undefined) ?? {}) };
      if (Object.prototype.hasOwnProperty.call(from, name))
        Object.defineProperty(bag, name, {
          value: from[name],
          enumerable: true,
          writable: true,
          configurable: true,
        });
      else delete bag[name];
      result['attributes'] = bag;
      continue;
    }
    for (const field of fieldsOf(head)) {
      const value =
        reversed && (FRAME_END_FIELDS as readonly string[]).includes(field)
          ? swapEnds(after[field])
          : after[field];
      if (value === undefined) delete result[field];
      else result[field] = value;
    }
  }
  return result;
}

function setPath(target: Record<string, unknown>, change: PropertyChange): void {
  const dot = change.path.indexOf('.');
  if (dot < 0) {
    if (change.after === undefined) delete target[change.path];
    else target[change.path] = change.after;
    return;
  }
  // Header paths are 'attributes.NAME': one level, the attribute name kept whole (it may hold dots).
  const head = change.path.slice(0, dot);
  const name = change.path.slice(dot + 1);
  const bag = { ...((target[head] as Record<string, unknown> | undefined) ?? {}) };
  if (change.after === undefined) delete bag[name];
  else
    Object.defineProperty(bag, name, {
      value: change.after,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  target[head] = bag;
}

/** `model` with the selected changes applied; see index.ts. */
export function applyChanges(model: Model, diff: ModelDiff, selection?: ChangeSelection): Model {
  if (selectsAll(selection)) return applyChangeList(model, diff.changes, diff.header, false, diff.relabels);
  const taken = selectParts(diff, selection as ChangeSelection);
  const changes = diff.changes.filter((change) => taken.has(change.key));
  const parts = new Map<ChangeKey, readonly PropertyGroup[]>();
  for (const [key, part] of taken) if (part !== 'whole') parts.set(key, part);
  const relabels = relabelsNeeded(diff.relabels, changes);
  // Model-level data (units, source text) goes with "everything" only: a partial take keeps the model's own.
  return applyChangeList(model, changes, [], true, relabels, parts);
}

/**
 * The relabels a partial take needs: those of objects the taken objects refer to by their new id (a beam taken
 * from a relabelled story names its nodes' new ids). Without them the reference would dangle.
 */
export function relabelsNeeded(relabels: readonly Relabel[], changes: readonly Change[]): Relabel[] {
  if (relabels.length === 0) return [];
  const referenced = new Set<string>();
  for (const change of changes) {
    if (change.kind === 'removed') continue;
    forEachRef(change.collection, change.object, (collection, id) => referenced.add(`${collection}:${id}`));
  }
  return relabels.filter((relabel) => referenced.has(`${relabel.collection}:${relabel.id}`));
}

/**
 * `model` with `changes` applied (they are relative to it: removed and beforeId name its objects). Objects the
 * changes leave alone are re-pointed at renamed ones; with `keepReferenced`, a removed object something still
 * refers to stays, so a partial take never leaves a dangling reference. A change in `parts` takes only those
 * property groups (see partialObject).
 */
export function applyChangeList(
  model: Model,
  changes: readonly Change[],
  header: readonly PropertyChange[],
  keepReferencedObjects: boolean,
  relabels: readonly Relabel[] = [],
  parts: ReadonlyMap<ChangeKey, readonly PropertyGroup[]> = new Map(),
): Model {
  const result: Model = { ...model };
  const renames: Partial<Record<ModelCollection, Map<string, string>>> = {};
  // Relabelled objects keep their content and take their new id; what refers to them follows like any rename.
  const relabelIds: Partial<Record<ModelCollection, Map<string, string>>> = {};
  for (const relabel of relabels) {
    const own = (relabelIds[relabel.collection] ??= new Map());
    own.set(relabel.beforeId, relabel.id);
    const map = (renames[relabel.collection] ??= new Map());
    map.set(relabel.beforeId, relabel.id);
  }
  const fromDiff = new Set<unknown>();
  const removedIds: Partial<Record<ModelCollection, Set<string>>> = {};

  const byCollection = new Map<ModelCollection, Change[]>();
  for (const change of changes) {
    const list = byCollection.get(change.collection);
    if (list) list.push(change);
    else byCollection.set(change.collection, [change]);
  }
  // Parts are built once every rename is known: their before fields follow renames made anywhere.
  const pending: { collection: ModelCollection; change: ModifiedChange; groups: readonly PropertyGroup[] }[] =
    [];
  for (const [collection, list] of byCollection) {
    const remove = new Set<string>();
    const replace = new Map<string, unknown>();
    const append: unknown[] = [];
    for (const change of list) {
      if (change.kind === 'removed') {
        remove.add(change.id);
        continue;
      }
      fromDiff.add(change.object);
      if (change.kind === 'modified' && change.beforeId !== change.id) {
        remove.add(change.beforeId);
        let map = renames[collection];
        if (!map) {
          map = new Map();
          renames[collection] = map;
        }
        map.set(change.beforeId, change.id);
      }
      const groups = change.kind === 'modified' ? parts.get(change.key) : undefined;
      if (groups !== undefined && change.kind === 'modified') pending.push({ collection, change, groups });
      replace.set(change.id, change.object);
    }
    const items: unknown[] = [];
    const placed = new Set<string>();
    for (const item of model[collection] as readonly Item[]) {
      const substitute = replace.get(item.id);
      if (substitute !== undefined && !placed.has(item.id)) {
        items.push(substitute);
        placed.add(item.id);
        continue;
      }
      if (remove.has(item.id)) continue;
      items.push(item);
    }
    for (const [id, object] of replace) if (!placed.has(id)) append.push(object);
    items.push(...append);
    removedIds[collection] = remove;
    (result as Record<ModelCollection, unknown[]>)[collection] = items;
  }

  for (const { collection, change, groups } of pending) {
    const before = (model[collection] as readonly Item[]).find((item) => item.id === change.beforeId);
    const items = result[collection] as unknown[];
    const at = items.indexOf(change.object);
    if (before === undefined || at < 0) continue;
    const object = partialObject(collection, before, change, groups, renames);
    fromDiff.add(object);
    items[at] = object;
  }
  if (Object.keys(renames).length > 0) renameUntouched(result, renames, fromDiff, relabelIds);
  if (keepReferencedObjects) keepReferenced(result, model, removedIds, renames);
  if (header.length === 0) return result;
  const withHeader = { ...result } as Record<string, unknown>;
  for (const change of header) setPath(withHeader, change);
  return withHeader as Model;
}

/** Objects the diff left as they were still point at before ids: point them at the renamed objects. */
function renameUntouched(
  result: Model,
  renames: Renames,
  fromDiff: ReadonlySet<unknown>,
  relabelIds: Renames,
): void {
  for (const collection of MODEL_COLLECTIONS) {
    const items = result[collection] as readonly unknown[];
    const own = relabelIds[collection];
    let changed: unknown[] | null = null;
    for (let index = 0; index < items.length; index++) {
      const item = items[index];
      if (fromDiff.has(item)) continue;
      let next = renameRefs(collection, item, renames);
      const newId = own?.get((item as Item).id);
      if (newId !== undefined) next = { ...(next as Record<string, unknown>), id: newId };
      if (next !== item) {
        changed ??= [...items];
        changed[index] = next;
      }
    }
    if (changed) (result as Record<ModelCollection, unknown[]>)[collection] = changed;
  }
}

/**
 * A partial selection must not leave references dangling: an object whose removal was taken but that something
 * kept still refers to stays in the model.
 */
function keepReferenced(
  result: Model,
  original: Model,
  removedIds: Partial<Record<ModelCollection, Set<string>>>,
  renames: Renames,
): void {
  // Restored objects may refer to other removed ones: repeat until nothing more comes back.
  for (let restored = true; restored;) {
    restored = false;
    const referenced: Partial<Record<ModelCollection, Set<string>>> = {};
    for (const collection of MODEL_COLLECTIONS) {
      for (const item of result[collection] as readonly unknown[]) {
        forEachRef(collection, item, (target, id) => {
          if (!removedIds[target]?.has(id)) return;
          let set = referenced[target];
          if (!set) {
            set = new Set();
            referenced[target] = set;
          }
          set.add(id);
        });
      }
    }
    for (const collection of MODEL_COLLECTIONS) {
      const wanted = referenced[collection];
      if (!wanted) continue;
      const present = new Set((result[collection] as readonly Item[]).map((item) => item.id));
      const restore = (original[collection] as readonly Item[])
        .filter((item) => wanted.has(item.id) && !present.has(item.id))
        .map((item) => renameRefs(collection, item, renames));
      if (restore.length === 0) continue;
      restored = true;
      (result as Record<ModelCollection, unknown[]>)[collection] = [
        ...(result[collection] as readonly unknown[]),
        ...restore,
      ];
    }
  }
}

/**
 * The diff of what a selection takes: its changes, a part of a change cut to the property changes of its taken
 * groups, so a summary of it tells exactly what applying the selection does ('1 beam resized', not 'moved').
 */
export function takenDiff(diff: ModelDiff, selection: ChangeSelection): ModelDiff {
  if (selectsAll(selection)) return diff;
  const taken = selectParts(diff, selection);
  const changes: Change[] = [];
  for (const change of diff.changes) {
    const part = taken.get(change.key);
    if (part === undefined) continue;
    if (part === 'whole' || change.kind !== 'modified') {
      changes.push(change);
      continue;
    }
    changes.push({
      ...change,
      groups: change.groups.filter((group) => part.includes(group)),
      changes: change.changes.filter((property) => part.includes(property.group)),
    });
  }
  return { ...diff, changes, header: [], rootCauses: [], relabels: relabelsNeeded(diff.relabels, changes) };
}
