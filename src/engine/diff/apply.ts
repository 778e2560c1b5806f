import type { Model, ModelCollection } from '../schema';
import { MODEL_COLLECTIONS } from '../schema';
import type { Renames } from './refs';
import { forEachRef, renameRefs } from './refs';
import type { Change, ChangeKey, ChangeSelection, ModelDiff, PropertyChange, Relabel } from './types';

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

/**
 * The keys a selection takes, with what they need: an added or modified object brings the added (or renamed)
 * objects it refers to, and a Geometry change of an element brings the moves of its nodes; a removal brings the
 * removals of what referred to the removed object (its loads, the members on a removed node).
 */
export function selectKeys(diff: ModelDiff, selection: ChangeSelection): Set<ChangeKey> {
  if (selectsAll(selection)) return new Set(diff.changes.map((change) => change.key));
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
  const selected = new Set<ChangeKey>();
  const queue: Change[] = [];
  const take = (change: Change) => {
    if (selected.has(change.key)) return;
    selected.add(change.key);
    queue.push(change);
  };
  const namedKeys = new Set(named.keys ?? []);
  for (const change of diff.changes) if (isNamed(change, named, namedKeys)) take(change);
  while (queue.length > 0) {
    const change = queue.pop() as Change;
    if (change.kind === 'removed') {
      for (const referrer of removedReferrers.get(change.key) ?? []) take(referrer);
      continue;
    }
    const moves = change.kind === 'modified' && change.groups.includes('Geometry');
    forEachRef(change.collection, change.object, (collection, id) => {
      const dependency = byKey.get(`${collection}:${id}`);
      if (!dependency || dependency.kind === 'removed') return;
      if (
        dependency.kind === 'added' ||
        dependency.id !== dependency.beforeId ||
        (moves && collection === 'nodes' && dependency.groups.includes('Geometry'))
      ) {
        take(dependency);
      }
    });
  }
  return selected;
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
  const all = selectsAll(selection);
  const keys = all ? null : selectKeys(diff, selection as ChangeSelection);
  const changes = keys === null ? diff.changes : diff.changes.filter((change) => keys.has(change.key));
  const relabels = all ? diff.relabels : relabelsNeeded(diff.relabels, changes);
  // Model-level data (units, source text) goes with "everything" only: a partial take keeps the model's own.
  return applyChangeList(model, changes, all ? diff.header : [], !all, relabels);
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
 * refers to stays, so a partial take never leaves a dangling reference.
 */
export function applyChangeList(
  model: Model,
  changes: readonly Change[],
  header: readonly PropertyChange[],
  keepReferencedObjects: boolean,
  relabels: readonly Relabel[] = [],
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
