import type { DiffViewChangeWire, DiffViewRootCauseWire, DiffViewWire } from '../../contract/http/compare';
import { CHANGE_KINDS, PROPERTY_GROUPS, type ChangeKind, type PropertyGroup } from '../../engine/diff/types';

/*
 * The change list of a diff (viewer diff mode, reports): pure functions over the server's DiffView, so the
 * machines' selectors and the tests share them.
 */

/** Which version the viewer draws in diff mode: the older (before) or the newer (after). */
export type CompareSide = 'old' | 'new';

/** The viewer's change status of a drawn element (the viewer's ChangeStatus; unchanged ones are not listed). */
export type ElementChangeStatus = 'added' | 'removed' | 'modified';

export interface ChangeTypeGroup {
  type: string;
  changes: DiffViewChangeWire[];
}

export interface ChangeKindGroup {
  kind: ChangeKind;
  count: number;
  types: ChangeTypeGroup[];
}

/**
 * A property-group filter keeps the modified objects with a change in one of the groups, as a selection by
 * groups does in the engine (added and removed objects have no property changes).
 */
function passes(change: DiffViewChangeWire, groups: readonly PropertyGroup[] | null): boolean {
  if (groups === null) return true;
  return change.kind === 'modified' && change.groups.some((group) => groups.includes(group));
}

/** Added, removed, modified (each with its count), then by object type in alphabetical order. */
export function groupChanges(
  changes: readonly DiffViewChangeWire[],
  groups: readonly PropertyGroup[] | null,
): ChangeKindGroup[] {
  return CHANGE_KINDS.map((kind) => {
    const byType = new Map<string, DiffViewChangeWire[]>();
    for (const change of changes) {
      if (change.kind !== kind || !passes(change, groups)) continue;
      const list = byType.get(change.type) ?? [];
      list.push(change);
      byType.set(change.type, list);
    }
    const types = [...byType.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([type, list]) => ({ type, changes: list }));
    return { kind, count: types.reduce((sum, entry) => sum + entry.changes.length, 0), types };
  }).filter((group) => group.count > 0);
}

/** A root cause with the changes under it that pass the filter: one row above the per-object rows. */
export interface RootCauseGroup {
  key: string;
  kind: DiffViewRootCauseWire['kind'];
  text: string;
  changes: DiffViewChangeWire[];
}

/**
 * The change list split by root cause: each cause with its changes (a cause none of whose changes passes the
 * filter is left out), and the changes no cause explains, grouped as groupChanges does.
 */
export function groupByCause(
  diff: DiffViewWire,
  groups: readonly PropertyGroup[] | null,
): { causes: RootCauseGroup[]; rest: ChangeKindGroup[] } {
  const causes = new Map<string, RootCauseGroup>();
  for (const cause of diff.rootCauses)
    causes.set(cause.key, { key: cause.key, kind: cause.kind, text: cause.text, changes: [] });
  const rest: DiffViewChangeWire[] = [];
  for (const change of diff.changes) {
    const cause = change.cause === null ? undefined : causes.get(change.cause);
    if (cause === undefined) rest.push(change);
    else if (passes(change, groups)) cause.changes.push(change);
  }
  return {
    causes: [...causes.values()].filter((cause) => cause.changes.length > 0),
    rest: groupChanges(rest, groups),
  };
}

/** How many modified objects changed in each property group. */
export function groupCounts(changes: readonly DiffViewChangeWire[]): Record<PropertyGroup, number> {
  const counts = Object.fromEntries(PROPERTY_GROUPS.map((group) => [group, 0])) as Record<
    PropertyGroup,
    number
  >;
  for (const change of changes) for (const group of change.groups) counts[group] += 1;
  return counts;
}

/** Per object type, added / removed / modified: the report's summary table. */
export interface TypeCounts {
  type: string;
  added: number;
  removed: number;
  modified: number;
}

export function countsPerType(changes: readonly DiffViewChangeWire[]): TypeCounts[] {
  const byType = new Map<string, TypeCounts>();
  for (const change of changes) {
    const counts = byType.get(change.type) ?? { type: change.type, added: 0, removed: 0, modified: 0 };
    counts[change.kind] += 1;
    byType.set(change.type, counts);
  }
  return [...byType.values()].sort((a, b) => a.type.localeCompare(b.type));
}

const isElement = (change: DiffViewChangeWire) => change.collection === 'elements';

/** The id an element change has in the version drawn on `side`, or null when it does not exist there. */
export function elementIdOn(change: DiffViewChangeWire, side: CompareSide): string | null {
  if (!isElement(change)) return null;
  if (change.kind === 'added') return side === 'new' ? change.id : null;
  if (change.kind === 'removed') return side === 'old' ? change.id : null;
  return side === 'new' ? change.id : (change.beforeId ?? change.id);
}

/** The side a change can be seen on when it is not on `side` (added only new, removed only old). */
export function sideShowing(change: DiffViewChangeWire, side: CompareSide): CompareSide {
  if (change.kind === 'added') return 'new';
  if (change.kind === 'removed') return 'old';
  return side;
}

const statusesCache = new WeakMap<
  DiffViewWire,
  Partial<Record<CompareSide, ReadonlyMap<string, ElementChangeStatus>>>
>();

/**
 * What the viewer colours on one side, by element id: the old side shows removed and modified elements, the new
 * side added and modified ones; every other element is unchanged (ghosted). Nodes and loads are listed, not drawn.
 */
export function statusesOn(diff: DiffViewWire, side: CompareSide): ReadonlyMap<string, ElementChangeStatus> {
  const known = statusesCache.get(diff)?.[side];
  if (known) return known;
  const statuses = new Map<string, ElementChangeStatus>();
  for (const change of diff.changes) {
    const id = elementIdOn(change, side);
    if (id !== null) statuses.set(id, change.kind);
  }
  statusesCache.set(diff, { ...statusesCache.get(diff), [side]: statuses });
  return statuses;
}

const keysCache = new WeakMap<DiffViewWire, Partial<Record<CompareSide, ReadonlyMap<string, string>>>>();

/** The change key of the element with this id on `side`, or null when it did not change. */
export function changeKeyOfElement(diff: DiffViewWire, side: CompareSide, elementId: string): string | null {
  let keys = keysCache.get(diff)?.[side];
  if (!keys) {
    const built = new Map<string, string>();
    for (const change of diff.changes) {
      const id = elementIdOn(change, side);
      if (id !== null) built.set(id, change.key);
    }
    keysCache.set(diff, { ...keysCache.get(diff), [side]: built });
    keys = built;
  }
  return keys.get(elementId) ?? null;
}

export function findChange(diff: DiffViewWire | null, key: string): DiffViewChangeWire | null {
  return diff?.changes.find((change) => change.key === key) ?? null;
}

/** The lines under a change, in the model's display units: 'Profile: W12X26 → W14X30', 'Moved 12 mm in Z'. */
export function detailLines(change: DiffViewChangeWire): string[] {
  return change.details.map((detail) => detail.text);
}
