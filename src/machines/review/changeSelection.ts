import type { DiffViewChangeWire } from '../../contract/http/compare';
import { CHANGE_KINDS, PROPERTY_GROUPS, type ChangeKind, type PropertyGroup } from '../../engine/diff/types';

/**
 * Which changes of a diff the user ticked, for the upload review and the merge screens. The selection is a set
 * of change keys; the category boxes (a kind, a type within a kind, a property group) tick or untick every change
 * they cover, and show 'some' when only part of them is ticked. Pure functions: the statecharts keep the set.
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

function covers(category: ChangeCategory, change: DiffViewChangeWire): boolean {
  if ('group' in category) return change.groups.includes(category.group);
  if ('type' in category) return change.kind === category.kind && change.type === category.type;
  return change.kind === category.kind;
}

/** The keys of the changes a category covers. */
export function keysOf(changes: readonly DiffViewChangeWire[], category: ChangeCategory): string[] {
  return changes.filter((change) => covers(category, change)).map((change) => change.key);
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

/** Every key of the diff. */
export function allKeys(changes: readonly DiffViewChangeWire[]): Set<string> {
  return new Set(changes.map((change) => change.key));
}

/** Whether every change of the diff is ticked (then the request can say `all` instead of listing them). */
export function selectsEverything(
  selected: ReadonlySet<string>,
  changes: readonly DiffViewChangeWire[],
): boolean {
  return changes.length > 0 && changes.every((change) => selected.has(change.key));
}

/** The keys ticked, in the diff's order (stable requests, readable tests). */
export function selectedKeys(
  selected: ReadonlySet<string>,
  changes: readonly DiffViewChangeWire[],
): string[] {
  return changes.filter((change) => selected.has(change.key)).map((change) => change.key);
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
): Set<string> {
  switch (event.type) {
    case 'selection.set':
      return withKeys(selected, event.keys, event.selected);
    case 'selection.all':
      return allKeys(changes);
    case 'selection.none':
      return new Set();
  }
}
