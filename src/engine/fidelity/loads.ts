import type { AreaLoad, Element, LinearLoad, Load, LoadDirection, Model, Node, PointLoad } from '../schema';
import type { FieldChange } from './fields';
import { close, sameWord } from './fields';
import type { LoadResultant } from './types';
import { describeValue, formatValue } from './words';

/** What a load needs from its model: node positions and the nodes of its element. */
export interface LoadGeometry {
  nodes: ReadonlyMap<string, Node>;
  elements: ReadonlyMap<string, Element>;
}

export function loadGeometry(model: Model): LoadGeometry {
  return {
    nodes: new Map(model.nodes.map((node) => [node.id, node] as const)),
    elements: new Map(model.elements.map((element) => [element.id, element] as const)),
  };
}

/** A member's length in mm, or undefined when it is not a two-node member of this model. */
export function memberLength(geometry: LoadGeometry, elementId: string): number | undefined {
  const element = geometry.elements.get(elementId);
  if (!element || !('startNodeId' in element) || !('endNodeId' in element) || !element.endNodeId)
    return undefined;
  const start = geometry.nodes.get(element.startNodeId);
  const end = geometry.nodes.get(element.endNodeId);
  if (!start || !end) return undefined;
  return Math.hypot(end.x - start.x, end.y - start.y, end.z - start.z);
}

/** A line load with its positions as fractions of the member (0 at i), so absolute and relative forms compare. */
interface NormalizedLineLoad {
  start: number;
  end: number;
  startValue: number;
  endValue: number;
}

function normalizeLineLoad(
  load: LinearLoad,
  length: number | undefined,
  mirrored: boolean,
): NormalizedLineLoad {
  const distribution = load.distribution;
  const toFraction = (distance: number) =>
    distribution.relative || length === undefined || length === 0 ? distance : distance / length;
  let normalized: NormalizedLineLoad =
    distribution.kind === 'point'
      ? {
          start: toFraction(distribution.start),
          end: toFraction(distribution.start),
          startValue: distribution.value,
          endValue: distribution.value,
        }
      : {
          start: toFraction(distribution.start),
          end: toFraction(distribution.end),
          startValue: distribution.startValue,
          endValue: distribution.endValue,
        };
  if (mirrored) {
    // The member's ends were swapped: positions run from the other end, and local axis 1 points the other way.
    const sign = load.direction === '1' ? -1 : 1;
    normalized = {
      start: 1 - normalized.end,
      end: 1 - normalized.start,
      startValue: sign * normalized.endValue,
      endValue: sign * normalized.startValue,
    };
  }
  return normalized;
}

export interface LoadContext {
  relative: number;
  /** Position tolerance (mm). */
  position: number;
  before: LoadGeometry;
  after: LoadGeometry;
  /** Whether the after member of a before member runs j → i. */
  isSwapped(beforeElementId: string): boolean;
  /** After member id of a before member. */
  afterElementOf(beforeElementId: string): string | undefined;
}

/** Every field in which two loads on the same (matched) object differ, in engineering words. */
export function loadChanges(before: Load, after: Load, context: LoadContext): FieldChange[] {
  if (before.type !== after.type)
    return [
      { field: 'type', before: before.type, after: after.type, words: `${before.type} became ${after.type}` },
    ];
  if (before.type === 'PointLoad') return pointLoadChanges(before, after as PointLoad, context.relative);
  if (before.type === 'AreaLoad') return areaLoadChanges(before, after as AreaLoad, context.relative);
  return lineLoadChanges(before, after as LinearLoad, context);
}

const POINT_COMPONENTS = ['fx', 'fy', 'fz', 'mx', 'my', 'mz'] as const;

function pointLoadChanges(before: PointLoad, after: PointLoad, relative: number): FieldChange[] {
  const changes: FieldChange[] = [];
  if (!sameWord(before.coordinateSystem, after.coordinateSystem))
    changes.push({
      field: 'coordinateSystem',
      before: before.coordinateSystem,
      after: after.coordinateSystem,
      words: `axes ${before.coordinateSystem} before, ${after.coordinateSystem} after`,
    });
  // One scale for all six components: a 1e-12 N noise beside 10 kN is no difference.
  const scale = Math.max(
    ...POINT_COMPONENTS.map((key) => Math.max(Math.abs(before[key]), Math.abs(after[key]))),
  );
  for (const key of POINT_COMPONENTS) {
    if (Math.abs(before[key] - after[key]) > relative * scale + 1e-9) {
      const unit = key.startsWith('f') ? 'kN' : 'kN·m';
      changes.push({
        field: key,
        before: before[key],
        after: after[key],
        words: `${key.toUpperCase()} ${formatValue(before[key] / 1e3)} ${unit} before, ${formatValue(after[key] / 1e3)} ${unit} after`,
      });
    }
  }
  return changes;
}

/**
 * Gravity is −Z: a load of v along Gravity is a load of −v along Z (tools differ in which they write), and the
 * same for their projected forms. Other directions stand as they are.
 */
function alongAxis(direction: LoadDirection | undefined): {
  direction: LoadDirection | undefined;
  sign: 1 | -1;
} {
  if (direction === 'Gravity') return { direction: 'Z', sign: -1 };
  if (direction === 'Gravity-projected') return { direction: 'Z-projected', sign: -1 };
  return { direction, sign: 1 };
}

function areaLoadChanges(before: AreaLoad, after: AreaLoad, relative: number): FieldChange[] {
  const changes: FieldChange[] = [];
  const beforeAxis = alongAxis(before.direction);
  const afterAxis = alongAxis(after.direction);
  if (beforeAxis.direction !== afterAxis.direction)
    changes.push({
      field: 'direction',
      before: before.direction,
      after: after.direction,
      words: `direction ${describeValue(before.direction)} before, ${describeValue(after.direction)} after`,
    });
  if (!close(before.value * beforeAxis.sign, after.value * afterAxis.sign, relative))
    changes.push({
      field: 'value',
      before: before.value,
      after: after.value,
      words: `pressure ${formatValue(before.value / 1e3)} kPa before, ${formatValue(after.value / 1e3)} kPa after`,
    });
  return changes;
}

function lineLoadChanges(before: LinearLoad, after: LinearLoad, context: LoadContext): FieldChange[] {
  const changes: FieldChange[] = [];
  if (before.quantity !== after.quantity)
    changes.push({
      field: 'quantity',
      before: before.quantity,
      after: after.quantity,
      words: `a ${before.quantity} before, a ${after.quantity} after`,
    });
  const beforeAxis = alongAxis(before.direction);
  const afterAxis = alongAxis(after.direction);
  if (beforeAxis.direction !== afterAxis.direction)
    changes.push({
      field: 'direction',
      before: before.direction,
      after: after.direction,
      words: `direction ${describeValue(before.direction)} before, ${describeValue(after.direction)} after`,
    });
  if (before.distribution.kind !== after.distribution.kind)
    changes.push({
      field: 'distribution.kind',
      before: before.distribution.kind,
      after: after.distribution.kind,
      words: `${before.distribution.kind} before, ${after.distribution.kind} after`,
    });
  const beforeLength = memberLength(context.before, before.elementId);
  const afterLength = memberLength(context.after, after.elementId);
  const b = normalizeLineLoad(before, beforeLength, false);
  const a = normalizeLineLoad(after, afterLength, context.isSwapped(before.elementId));
  // Compared along the same axis (Gravity as −Z), said in each side's own words.
  const bAxis = signed(b, beforeAxis.sign);
  const aAxis = signed(a, afterAxis.sign);
  const positionTolerance = beforeLength ? context.position / beforeLength : 1e-6;
  if (Math.abs(b.start - a.start) > positionTolerance || Math.abs(b.end - a.end) > positionTolerance)
    changes.push({
      field: 'distribution.start',
      before: [b.start, b.end],
      after: [a.start, a.end],
      words: `from ${formatValue(b.start)} to ${formatValue(b.end)} of the length before, ${formatValue(a.start)} to ${formatValue(a.end)} after`,
    });
  const scale = Math.max(
    Math.abs(b.startValue),
    Math.abs(b.endValue),
    Math.abs(a.startValue),
    Math.abs(a.endValue),
  );
  if (
    Math.abs(bAxis.startValue - aAxis.startValue) > context.relative * scale + 1e-9 ||
    Math.abs(bAxis.endValue - aAxis.endValue) > context.relative * scale + 1e-9
  ) {
    const unit = before.quantity === 'force' ? 'kN/m' : 'kN·m/m';
    changes.push({
      field: 'distribution.value',
      before: [b.startValue, b.endValue],
      after: [a.startValue, a.endValue],
      words: `${describeRange(b.startValue, b.endValue)} ${unit} before, ${describeRange(a.startValue, a.endValue)} ${unit} after`,
    });
  }
  return changes;
}

function signed<T extends { startValue: number; endValue: number }>(load: T, sign: 1 | -1): T {
  return sign === 1 ? load : { ...load, startValue: -load.startValue, endValue: -load.endValue };
}

function describeRange(start: number, end: number): string {
  return start === end ? formatValue(start / 1e3) : `${formatValue(start / 1e3)} … ${formatValue(end / 1e3)}`;
}

/** The same line load pointing the other way (along local 1 of a member whose ends were swapped). */
export function negated(distribution: LinearLoad['distribution']): LinearLoad['distribution'] {
  return distribution.kind === 'point'
    ? { ...distribution, value: -distribution.value }
    : { ...distribution, startValue: -distribution.startValue, endValue: -distribution.endValue };
}

export function emptyResultant(): LoadResultant {
  return { fx: 0, fy: 0, fz: 0, mx: 0, my: 0, mz: 0, other: {} };
}

const AXES = { X: [1, 0, 0], Y: [0, 1, 0], Z: [0, 0, 1], Gravity: [0, 0, -1] } as const;

function addOther(resultant: LoadResultant, label: string, value: number): void {
  resultant.other[label] = (resultant.other[label] ?? 0) + value;
}

/**
 * Sum of the loads of each pattern (keyed by `patternKey`): forces in global axes (N) where the direction is
 * global or can be made so, applied moments (N·m), and local or unnamed directions as separate totals.
 * `measuredOn` may measure a load on another model's geometry (the matched object's), so that nodes matched
 * within tolerance do not make two totals differ by the slightly different lengths and areas.
 */
export function resultantsByPattern(
  model: Model,
  geometry: LoadGeometry,
  patternKey: (patternId: string) => string,
  measuredOn?: (
    load: LinearLoad | AreaLoad,
  ) => { geometry: LoadGeometry; load: LinearLoad | AreaLoad } | undefined,
): Map<string, LoadResultant> {
  const resultants = new Map<string, LoadResultant>();
  for (const load of model.loads) {
    const key = patternKey(load.patternId);
    let resultant = resultants.get(key);
    if (!resultant) {
      resultant = emptyResultant();
      resultants.set(key, resultant);
    }
    if (load.type === 'PointLoad') {
      addPointLoad(resultant, load);
      continue;
    }
    const measured = measuredOn?.(load) ?? { geometry, load };
    if (measured.load.type === 'LinearLoad') addLineLoad(resultant, measured.load, measured.geometry);
    else addAreaLoad(resultant, measured.load, measured.geometry);
  }
  return resultants;
}

function addPointLoad(resultant: LoadResultant, load: PointLoad): void {
  if (!sameWord(load.coordinateSystem, 'global')) {
    for (const key of POINT_COMPONENTS)
      addOther(resultant, `point ${key} in ${load.coordinateSystem} axes`, load[key]);
    return;
  }
  resultant.fx += load.fx;
  resultant.fy += load.fy;
  resultant.fz += load.fz;
  resultant.mx += load.mx;
  resultant.my += load.my;
  resultant.mz += load.mz;
}

function addLineLoad(resultant: LoadResultant, load: LinearLoad, geometry: LoadGeometry): void {
  const element = geometry.elements.get(load.elementId);
  const length = memberLength(geometry, load.elementId);
  if (!element || length === undefined || !('startNodeId' in element) || !element.endNodeId) {
    addOther(resultant, 'line loads on members without length', 1);
    return;
  }
  const distribution = load.distribution;
  const lengthM = length / 1000;
  // N (force) or N·m (moment): the load's integral over its extent.
  let total: number;
  if (distribution.kind === 'point') {
    total = distribution.value;
  } else {
    const extent = distribution.relative
      ? (distribution.end - distribution.start) * lengthM
      : (distribution.end - distribution.start) / 1000;
    total = ((distribution.startValue + distribution.endValue) / 2) * extent;
  }
  const start = geometry.nodes.get(element.startNodeId) as Node;
  const end = geometry.nodes.get(element.endNodeId) as Node;
  const axis1 =
    length > 0
      ? [(end.x - start.x) / length, (end.y - start.y) / length, (end.z - start.z) / length]
      : [0, 0, 0];
  const direction = load.direction;
  const global = globalDirection(direction, axis1 as [number, number, number]);
  if (!global || load.quantity === 'moment') {
    addOther(resultant, `line ${load.quantity} along ${direction ?? 'an unnamed direction'}`, total);
    return;
  }
  const [x, y, z] = global;
  resultant.fx += x * total;
  resultant.fy += y * total;
  resultant.fz += z * total;
}

/** A direction as a global vector scaled by the projection factor, or undefined for local 2 and 3. */
function globalDirection(
  direction: LinearLoad['direction'],
  axis1: [number, number, number],
): [number, number, number] | undefined {
  if (direction === undefined || direction === '2' || direction === '3') return undefined;
  if (direction === '1') return axis1;
  const projected = direction.endsWith('-projected');
  const name = (projected ? direction.slice(0, -'-projected'.length) : direction) as keyof typeof AXES;
  const vector = AXES[name];
  if (!projected) return [...vector];
  // Per projected length: the member's length seen across the direction.
  const along = axis1[0] * vector[0] + axis1[1] * vector[1] + axis1[2] * vector[2];
  const factor = Math.sqrt(Math.max(0, 1 - along * along));
  return [vector[0] * factor, vector[1] * factor, vector[2] * factor];
}

function addAreaLoad(resultant: LoadResultant, load: AreaLoad, geometry: LoadGeometry): void {
  const element = geometry.elements.get(load.elementId);
  const points =
    element && 'nodeIds' in element
      ? element.nodeIds.map((id) => geometry.nodes.get(id)).filter((node): node is Node => node !== undefined)
      : [];
  if (points.length < 3) {
    addOther(resultant, 'area loads on objects without an outline', load.value);
    return;
  }
  // Newell's method: the vector area (mm²) of the polygon, normal to it.
  let nx = 0;
  let ny = 0;
  let nz = 0;
  for (let index = 0; index < points.length; index++) {
    const current = points[index] as Node;
    const next = points[(index + 1) % points.length] as Node;
    nx += (current.y - next.y) * (current.z + next.z);
    ny += (current.z - next.z) * (current.x + next.x);
    nz += (current.x - next.x) * (current.y + next.y);
  }
  nx /= 2;
  ny /= 2;
  nz /= 2;
  const areaM2 = Math.hypot(nx, ny, nz) / 1e6;
  const direction = load.direction ?? 'Gravity';
  if (direction === '3') {
    const scale = areaM2 > 0 ? (load.value * areaM2) / Math.hypot(nx, ny, nz) : 0;
    resultant.fx += nx * scale;
    resultant.fy += ny * scale;
    resultant.fz += nz * scale;
    return;
  }
  if (direction === '1' || direction === '2') {
    addOther(resultant, `area load along local ${direction}`, load.value * areaM2);
    return;
  }
  const projected = direction.endsWith('-projected');
  const name = (projected ? direction.slice(0, -'-projected'.length) : direction) as keyof typeof AXES;
  const vector = AXES[name];
  const length = Math.hypot(nx, ny, nz);
  // Per projected area: the panel's area seen along the direction.
  const factor =
    projected && length > 0 ? Math.abs(nx * vector[0] + ny * vector[1] + nz * vector[2]) / length : 1;
  const total = load.value * areaM2 * factor;
  resultant.fx += vector[0] * total;
  resultant.fy += vector[1] * total;
  resultant.fz += vector[2] * total;
}

/** Whether two resultants agree: each component within `relative` of the larger force in either. */
export function sameResultant(before: LoadResultant, after: LoadResultant, relative: number): boolean {
  const forces = ['fx', 'fy', 'fz'] as const;
  const moments = ['mx', 'my', 'mz'] as const;
  const forceScale = Math.max(...forces.map((key) => Math.max(Math.abs(before[key]), Math.abs(after[key]))));
  const momentScale = Math.max(
    ...moments.map((key) => Math.max(Math.abs(before[key]), Math.abs(after[key]))),
  );
  // Loads summed over a building carry more noise than one value: a looser tolerance, still far below a lost load.
  const tolerance = Math.max(relative, 1e-6) * 10;
  for (const key of forces)
    if (Math.abs(before[key] - after[key]) > tolerance * forceScale + 1e-6) return false;
  for (const key of moments)
    if (Math.abs(before[key] - after[key]) > tolerance * momentScale + 1e-6) return false;
  for (const label of new Set([...Object.keys(before.other), ...Object.keys(after.other)])) {
    if (!close(before.other[label] ?? 0, after.other[label] ?? 0, tolerance)) return false;
  }
  return true;
}

/** "Fx 0, Fy 0, Fz −1200 kN" and any local totals. */
export function describeResultant(resultant: LoadResultant): string {
  const parts = [
    `Fx ${formatValue(resultant.fx / 1e3)}`,
    `Fy ${formatValue(resultant.fy / 1e3)}`,
    `Fz ${formatValue(resultant.fz / 1e3)} kN`,
  ];
  if (resultant.mx !== 0 || resultant.my !== 0 || resultant.mz !== 0)
    parts.push(
      `applied moments ${formatValue(resultant.mx / 1e3)}, ${formatValue(resultant.my / 1e3)}, ${formatValue(resultant.mz / 1e3)} kN·m`,
    );
  for (const [label, value] of Object.entries(resultant.other)) parts.push(`${label} ${formatValue(value)}`);
  return parts.join(', ');
}
