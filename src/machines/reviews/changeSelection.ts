import type { DiffViewChangeWire } from '../../contract/http/compare';
import { CHANGE_KINDS, PROPERTY_GROUPS, type ChangeKind, type PropertyGroup } from '../../engine/diff/types';

/**
 * Which changes of a diff the user ticked, for the upload review and the merge screens. The selection is a set
 * of items: a change's key, or (taken by property, the upload review) one item per property group of a change
 * that has several, so a moved and resized beam can give its new section without its move. The category boxes
 * (a kind, a type within a kind, a property group) tick or untick every item they cover, and show 'some' when
 * only part of them is ticked. Pure functions: the statecharts keep the set.
 */

export type CheckState = 'all' | 'some' | 'none';

/** A category of changes, as the user ticks it. */
export type ChangeCategory =
  { kind: ChangeKind } | { kind: ChangeKind; type: string } | { group: PropertyGroup };

export interface TypeGroup {
  type: string;
  changes: DiffViewChangeWire[];
}

export interface KindGroup {
  kind: ChangeKind;
  types: TypeGroup[];
  count: number;
}

/** The changes grouped by kind (added, removed, modified), then by type (alphabetically); empty kinds left out. */
export function groupChanges(changes: readonly DiffViewChangeWire[]): KindGroup[] {
  const byKind = new Map<ChangeKind, Map<string, DiffViewChangeWire[]>>();
  for (const change of changes) {
    const types = byKind.get(change.kind) ?? new Map<string, DiffViewChangeWire[]>();
    byKind.set(change.kind, types);
    const list = types.get(change.type) ?? [];
    types.set(change.type, list);
    list.push(change);
  }
  return CHANGE_KINDS.flatMap((kind) => {
    const types = byKind.get(kind);
    if (!types) return [];
    const sorted = [...types.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([type, list]) => ({ type, changes: list }));
    return [{ kind, types: sorted, count: sorted.reduce((sum, group) => sum + group.changes.length, 0) }];
  });
}

/** The property groups that occur among the modified changes, in PROPERTY_GROUPS order. */
export function groupsPresent(changes: readonly DiffViewChangeWire[]): PropertyGroup[] {
  const present = new Set<PropertyGroup>();
  for (const change of changes) for (const group of change.groups) present.add(group);
  return PROPERTY_GROUPS.filter((group) => present.has(group));
}

/** Between a change's key and a property group in the item of a part; no key or group holds it. */
const PART_SEPARATOR = '\u001f';

/** The item of one property group of a change. */
export function partItem(key: string, group: PropertyGroup): string {
  return `${key}${PART_SEPARATOR}${group}`;
}

/**
 * Which changes are ticked by property: all (the upload review takes parts of any change), none, or those a rule
 * names (a merge takes parts of elements only: other objects go by type).
 */
export type ByProperty = boolean | ((change: DiffViewChangeWire) => boolean);

/** Whether a change is ticked by property: a modified change with more than one group, when asked for. */
export function isSplit(change: DiffViewChangeWire, byProperty: ByProperty): boolean {
  const asked = typeof byProperty === 'function' ? byProperty(change) : byProperty;
  return asked && change.kind === 'modified' && change.groups.length > 1;
}

/** The items of one change: its key, or one per property group when it is ticked by property. */
export function itemsOfChange(change: DiffViewChangeWire, byProperty: ByProperty = false): string[] {
  return isSplit(change, byProperty)
    ? change.groups.map((group) => partItem(change.key, group))
    : [change.key];
}

function covers(category: ChangeCategory, change: DiffViewChangeWire): boolean {
  if ('group' in category) return change.groups.includes(category.group);
  if ('type' in category) return change.kind === category.kind && change.type === category.type;
  return change.kind === category.kind;
}

/**
 * The items a category covers: a property group covers only that group of a change ticked by property (unticking
 * Geometry leaves a moved and resized beam's Profile ticked); kinds and types cover every item of their changes.
 */
export function keysOf(
  changes: readonly DiffViewChangeWire[],
  category: ChangeCategory,
  byProperty: ByProperty = false,
): string[] {
  const items: string[] = [];
  for (const change of changes) {
    if (!covers(category, change)) continue;
    if ('group' in category && isSplit(change, byProperty)) items.push(partItem(change.key, category.group));
    else items.push(...itemsOfChange(change, byProperty));
  }
  return items;
}

/** Whether all, some or none of `keys` are selected. */
export function checkStateOf(selected: ReadonlySet<string>, keys: readonly string[]): CheckState {
  let count = 0;
  for (const key of keys) if (selected.has(key)) count += 1;
  if (count === 0) return 'none';
  return count === keys.length ? 'all' : 'some';
}

/** The selection with `keys` ticked (or unticked). */
export function withKeys(selected: ReadonlySet<string>, keys: readonly string[], on: boolean): Set<string> {
  const next = new Set(selected);
  for (const key of keys) {
    if (on) next.add(key);
    else next.delete(key);
  }
  return next;
}

/** Every item of the diff. */
export function allKeys(changes: readonly DiffViewChangeWire[], byProperty: ByProperty = false): Set<string> {
  return new Set(changes.flatMap((change) => itemsOfChange(change, byProperty)));
}

/** Whether every item of the diff is ticked (then the request can say `all` instead of listing them). */
export function selectsEverything(
  selected: ReadonlySet<string>,
  changes: readonly DiffViewChangeWire[],
  byProperty: ByProperty = false,
): boolean {
  return (
    changes.length > 0 &&
    changes.every((change) => itemsOfChange(change, byProperty).every((item) => selected.has(item)))
  );
}

/** The keys of the changes ticked whole, in the diff's order (stable requests, readable tests). */
export function selectedKeys(
  selected: ReadonlySet<string>,
  changes: readonly DiffViewChangeWire[],
  byProperty: ByProperty = false,
): string[] {
  return changes
    .filter((change) => checkStateOf(selected, itemsOfChange(change, byProperty)) === 'all')
    .map((change) => change.key);
}

/** The property groups ticked of each change ticked only in part (ticked by property). */
export function selectedParts(
  selected: ReadonlySet<string>,
  changes: readonly DiffViewChangeWire[],
  byProperty: ByProperty = true,
): Record<string, PropertyGroup[]> {
  const parts: Record<string, PropertyGroup[]> = {};
  for (const change of changes) {
    if (!isSplit(change, byProperty)) continue;
    const groups = change.groups.filter((group) => selected.has(partItem(change.key, group)));
    if (groups.length > 0 && groups.length < change.groups.length) parts[change.key] = groups;
  }
  return parts;
}

/** How many changes are ticked, whole or in part. */
export function selectedChangeCount(
  selected: ReadonlySet<string>,
  changes: readonly DiffViewChangeWire[],
  byProperty: ByProperty = false,
): number {
  let count = 0;
  for (const change of changes)
    if (itemsOfChange(change, byProperty).some((item) => selected.has(item))) count += 1;
  return count;
}

/** The events both selection screens understand. */
export type SelectionEvent =
  | { type: 'selection.set'; keys: string[]; selected: boolean }
  | { type: 'selection.all' }
  | { type: 'selection.none' };

/** The selection after one of those events. */
export function nextSelection(
  selected: ReadonlySet<string>,
  changes: readonly DiffViewChangeWire[],
  event: SelectionEvent,
  byProperty: ByProperty = false,
): Set<string> {
  switch (event.type) {
    case 'selection.set':
      return withKeys(selected, event.keys, event.selected);
    case 'selection.all':
      return allKeys(changes, byProperty);
    case 'selection.none':
      return new Set();
  }
}
