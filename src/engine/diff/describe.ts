import type { DisplayUnit, Model, ModelCollection, Point3 } from '../schema';
import { mmToDisplay } from '../units';
import { isLengthPath } from './compare';
import type {
  Change,
  DiffView,
  DiffViewChange,
  DiffViewRootCause,
  ModelDiff,
  PropertyChange,
  RootCause,
} from './types';

/** Decimals per display unit: about a tenth of a millimetre, which is what a drawing can show. */
const DECIMALS: Record<DisplayUnit, number> = { mm: 1, cm: 2, m: 4, in: 2, ft: 3 };

/** A length in mm as text in `units`: '12 mm', '0.012 m', '1.25 in'. */
export function formatLength(valueMm: number, units: DisplayUnit): string {
  const value = mmToDisplay(valueMm, units);
  const text = value.toFixed(DECIMALS[units]).replace(/\.?0+$/, '');
  return `${text === '-0' ? '0' : text} ${units}`;
}

function formatNumber(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  if (value === 0) return '0';
  const magnitude = Math.abs(value);
  if (magnitude >= 1e-3 && magnitude < 1e9) return String(Number(value.toPrecision(6)));
  return value.toExponential(4);
}

function formatValue(value: unknown, length: boolean, units: DisplayUnit): string {
  if (value === undefined || value === null) return '(none)';
  if (typeof value === 'number') return length ? formatLength(value, units) : formatNumber(value);
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'string') return value;
  if (Array.isArray(value) && value.every((entry) => typeof entry === 'string')) return value.join(', ');
  const text = JSON.stringify(value);
  return text.length > 80 ? `${text.slice(0, 77)}…` : text;
}

interface Names {
  levels: Map<string, string>;
  profiles: Map<string, string>;
  materials: Map<string, string>;
}

function namesOf(model: Model): Names {
  const byId = (items: readonly { id: string; name: string }[]) =>
    new Map(items.map((item) => [item.id, item.name || item.id]));
  return { levels: byId(model.levels), profiles: byId(model.profiles), materials: byId(model.materials) };
}

const AXES = ['x', 'y', 'z'] as const;

/** 'Moved 12 mm in Z', or 'Moved 13 mm (X 5 mm, Z 12 mm)' when the move is not along one axis. */
function moveText(delta: Point3, units: DisplayUnit): string {
  const axes = AXES.filter((axis) => Math.abs(delta[axis]) > 1e-9);
  if (axes.length === 0) return 'Moved 0 mm';
  if (axes.length === 1) {
    const axis = axes[0] as (typeof AXES)[number];
    return `${formatLength(delta[axis], units)} in ${axis.toUpperCase()}`;
  }
  const parts = axes.map((axis) => `${axis.toUpperCase()} ${formatLength(delta[axis], units)}`);
  return `${formatLength(Math.hypot(delta.x, delta.y, delta.z), units)} (${parts.join(', ')})`;
}

function subtract(a: Point3, b: Point3): Point3 {
  return { x: a.x - b.x, y: a.y - b.y, z: a.z - b.z };
}

function sameVector(a: Point3, b: Point3): boolean {
  return Math.abs(a.x - b.x) < 1e-6 && Math.abs(a.y - b.y) < 1e-6 && Math.abs(a.z - b.z) < 1e-6;
}

/** The text of an element's Geometry change (before and after are the aligned point lists). */
function elementMoveText(change: PropertyChange, units: DisplayUnit): string {
  const before = change.before as Point3[];
  const after = change.after as Point3[];
  const deviation = formatLength(change.deviation ?? 0, units);
  if (before.length !== after.length) {
    return `Shape: ${before.length} → ${after.length} points (up to ${deviation} apart)`;
  }
  const deltas = before.map((point, index) => subtract(after[index] as Point3, point));
  const first = deltas[0] as Point3;
  if (deltas.every((delta) => sameVector(delta, first))) return `Moved ${moveText(first, units)}`;
  if (before.length === 2) {
    const ends = deltas
      .map((delta, index) => ({ delta, end: index === 0 ? 'i' : 'j' }))
      .filter(({ delta }) => Math.hypot(delta.x, delta.y, delta.z) > 1e-9)
      .map(({ delta, end }) => `end ${end} moved ${moveText(delta, units)}`);
    const text = ends.join('; ');
    return text.charAt(0).toUpperCase() + text.slice(1);
  }
  return `Points moved up to ${deviation}`;
}

const PATH_LABELS: Record<string, string> = {
  name: 'Name',
  id: 'Id',
  profileId: 'Profile',
  materialId: 'Material',
  levelId: 'Level',
  nodeIds: 'Nodes',
};

function detailText(
  change: PropertyChange,
  collection: ModelCollection,
  before: Names,
  after: Names,
  units: DisplayUnit,
): string {
  if (change.group === 'Geometry' && collection === 'nodes' && AXES.includes(change.path as 'x')) {
    const delta = (change.after as number) - (change.before as number);
    return `Moved ${formatLength(delta, units)} in ${change.path.toUpperCase()}`;
  }
  if (change.group === 'Geometry' && collection === 'elements' && change.path === 'nodeIds') {
    return elementMoveText(change, units);
  }
  const label = PATH_LABELS[change.path] ?? change.path;
  const lookup = (names: Names, value: unknown): unknown => {
    if (typeof value !== 'string') return value;
    if (change.path === 'profileId') return names.profiles.get(value) ?? value;
    if (change.path === 'materialId') return names.materials.get(value) ?? value;
    if (change.path === 'levelId') return names.levels.get(value) ?? value;
    return value;
  };
  const length = isLengthPath(collection, change.path);
  const from = formatValue(lookup(before, change.before), length, units);
  const to = formatValue(lookup(after, change.after), length, units);
  return `${label}: ${from} → ${to}`;
}

/** The level an object sits on, by its levelId, or null. */
function levelOf(object: unknown, names: Names): string | null {
  const levelId = (object as { levelId?: unknown }).levelId;
  if (typeof levelId !== 'string') return null;
  return names.levels.get(levelId) ?? levelId;
}

/** 'B12 at Story 4': the object's name (the label of an ETABS `label@story` id) and its level. */
function labelOf(change: Change, level: string | null): string {
  const name =
    change.name || (change.id.includes('@') ? change.id.slice(0, change.id.lastIndexOf('@')) : change.id);
  return level === null ? name : `${name} at ${level}`;
}

const DEFINITION_LABELS: Partial<Record<ModelCollection, string>> = {
  profiles: 'Profile',
  materials: 'Material',
  loadPatterns: 'Load pattern',
  loadCases: 'Load case',
  loadCombinations: 'Load combination',
  diaphragms: 'Diaphragm',
  linkProperties: 'Link property',
  springProperties: 'Spring property',
};

/** 'Story L5', or the level's own name when it already says so ('Story3'). */
function storyText(name: string): string {
  return /^stor(e)?y/i.test(name) ? name : `Story ${name}`;
}

function plural(count: number, noun: string): string {
  return count === 1 ? noun : noun.endsWith('s') ? `${noun}es` : `${noun}s`;
}

/** One line per root cause, in display units: 'Story L5 and its 312 nodes moved up 2.825 m'. */
function causeText(cause: RootCause, before: Model, after: Model, units: DisplayUnit): string {
  const nameIn = (model: Model, collection: ModelCollection, id: string): string => {
    const found = (model[collection] as readonly { id: string; name: string }[]).find(
      (item) => item.id === id,
    );
    return found?.name || id;
  };
  const was = nameIn(before, cause.collection, cause.beforeId);
  const now = nameIn(after, cause.collection, cause.id);
  switch (cause.kind) {
    case 'levelRenamed': {
      const relabelled =
        cause.count > 0
          ? ` (${cause.count} ${plural(cause.count, 'node')} and elements on it relabelled, otherwise unchanged)`
          : '';
      return `${storyText(was)} renamed ${now}${relabelled}`;
    }
    case 'levelMoved': {
      const vector = cause.vector ?? { x: 0, y: 0, z: 0 };
      const nodes = `${cause.count} ${plural(cause.count, 'node')}`;
      const level = storyText(now);
      const vertical = Math.abs(vector.x) < 1e-9 && Math.abs(vector.y) < 1e-9;
      if (vertical && cause.keys[0] === `levels:${cause.id}`) {
        const direction = vector.z >= 0 ? 'up' : 'down';
        return `${level} and its ${nodes} moved ${direction} ${formatLength(Math.abs(vector.z), units)}`;
      }
      return `All ${nodes} of ${level} moved ${moveText(vector, units)}`;
    }
    case 'definitionRenamed': {
      const label = DEFINITION_LABELS[cause.collection] ?? cause.collection;
      const used = cause.count > 0 ? ` (used by ${cause.count} ${plural(cause.count, 'object')})` : '';
      return `${label} ${was} renamed ${now}${used}`;
    }
    case 'profileReplaced': {
      if (cause.levelId !== null && cause.levelId !== undefined) {
        const members = plural(cause.count, (cause.elementType ?? 'member').toLowerCase());
        const level = nameIn(after, 'levels', cause.levelId);
        return `All ${cause.count} ${members} of ${level}: ${was} → ${now}`;
      }
      return `Profile ${was} → ${now} on all ${cause.count} ${plural(cause.count, 'member')} that used it`;
    }
    case 'materialReplaced':
      return `Material ${was} → ${now} on all ${cause.count} profiles and elements that used it`;
  }
}

/** See index.ts. */
export function describe(diff: ModelDiff, before: Model, after: Model, units: DisplayUnit): DiffView {
  const beforeNames = namesOf(before);
  const afterNames = namesOf(after);
  // Each change sits under the first cause that explains it.
  const causeOf = new Map<string, string>();
  for (const cause of diff.rootCauses)
    for (const key of cause.keys) if (!causeOf.has(key)) causeOf.set(key, cause.key);
  const rootCauses: DiffViewRootCause[] = diff.rootCauses.map((cause) => ({
    key: cause.key,
    kind: cause.kind,
    text: causeText(cause, before, after, units),
    count: cause.count,
    keys: [],
  }));
  const causeByKey = new Map(rootCauses.map((cause) => [cause.key, cause]));
  const changes: DiffViewChange[] = diff.changes.map((change) => {
    const cause = causeOf.get(change.key) ?? null;
    if (cause !== null) causeByKey.get(cause)?.keys.push(change.key);
    const names = change.kind === 'removed' ? beforeNames : afterNames;
    const level = levelOf(change.object, names);
    return {
      key: change.key,
      kind: change.kind,
      collection: change.collection,
      id: change.id,
      beforeId: change.kind === 'modified' ? change.beforeId : null,
      type: change.type,
      label: labelOf(change, level),
      level,
      matchedBy: change.kind === 'modified' ? change.matchedBy : null,
      groups: change.kind === 'modified' ? change.groups : [],
      details:
        change.kind === 'modified'
          ? change.changes.map((property) => ({
              group: property.group,
              path: property.path,
              text: detailText(property, change.collection, beforeNames, afterNames, units),
              deviation: property.deviation === undefined ? null : mmToDisplay(property.deviation, units),
            }))
          : [],
      cause,
    };
  });
  return {
    units,
    options: diff.options,
    counts: diff.counts,
    elementCounts: diff.elementCounts,
    header: diff.header.map((change) => ({
      path: change.path,
      text: `${change.path}: ${formatValue(change.before, false, units)} → ${formatValue(change.after, false, units)}`,
    })),
    rootCauses,
    changes,
  };
}
