import type { SceneData } from '../engine/scene';
import type { CameraAxes } from './camera';
import type { Vec3 } from './geometry/polygon';
import type { SectionBox } from './types';

/*
 * The drawings an engineer reads a building from: the plan of one level and the elevation on one grid line,
 * each an orthographic view of the elements that belong to it. Pure arithmetic over SceneData, so what a plan
 * shows can be tested without a GPU; the viewer turns the result into a camera and a visibility mask.
 */

/** Which drawing: the plan of a level or the elevation on a grid line (SceneData ids). */
export type OrthoViewRequest = { kind: 'plan'; levelId: string } | { kind: 'elevation'; gridId: string };

export interface OrthoView {
  kind: 'plan' | 'elevation';
  /** Screen right, screen up and the direction of view, in model space. */
  axes: CameraAxes;
  /** Per element, 1 when it is in the drawing (the others are hidden while the drawing is shown). */
  members: Uint8Array;
  /** The box of the drawing's elements' nodes (mm), what the camera fits; the whole model's when none. */
  box: SectionBox;
  /**
   * An elevation's other grid lines where they cross its own, in plan (mm): drawn upright with their bubbles,
   * as an elevation drawing marks them. Empty for a plan.
   */
  crossings: GridCrossing[];
}

export interface GridCrossing {
  label: string;
  point: [number, number];
}

/**
 * How far (mm) an element may lie from the drawing's plane and still be in it. A plan takes what touches its
 * level (beams and slabs on it, columns framing into it from below and above); a slab modelled a few
 * centimetres off its storey line still belongs. An elevation takes what lies in the grid's vertical plane,
 * with room for a façade column set a little off its line.
 */
export const PLAN_TOLERANCE_MM = 100;
export const ELEVATION_TOLERANCE_MM = 300;

const PLAN_AXES: CameraAxes = { right: [1, 0, 0], up: [0, 1, 0], forward: [0, 0, -1] };

/** The drawing asked for, or null when the level or grid is not in the scene (or the scene has no nodes). */
export function orthoViewOf(
  data: SceneData,
  request: OrthoViewRequest,
  tolerance = request.kind === 'plan' ? PLAN_TOLERANCE_MM : ELEVATION_TOLERANCE_MM,
): OrthoView | null {
  if (data.nodes.ids.length === 0) return null;
  if (request.kind === 'plan') {
    const level = data.levels.find(({ id }) => id === request.levelId);
    return level ? planOf(data, level.elevation, tolerance) : null;
  }
  const grid = data.grids.find(({ id }) => id === request.gridId);
  if (!grid) return null;
  const view = elevationOf(data, grid.start, grid.end, tolerance);
  view.crossings = crossingsOf(data.grids, grid);
  return view;
}

/**
 * Where the other grid lines cross this one (its whole line, their segments give or take a millimetre), along
 * it; parallel lines never cross and are left out. Two lines crossing at one point (two systems) both count.
 */
export function crossingsOf(grids: SceneData['grids'], of: SceneData['grids'][number]): GridCrossing[] {
  const [ax, ay] = of.start;
  const dx = of.end[0] - ax;
  const dy = of.end[1] - ay;
  const crossings: Array<GridCrossing & { along: number }> = [];
  for (const other of grids) {
    if (other.id === of.id) continue;
    const ex = other.end[0] - other.start[0];
    const ey = other.end[1] - other.start[1];
    const denominator = dx * ey - dy * ex;
    const lengths = Math.hypot(dx, dy) * Math.hypot(ex, ey);
    if (lengths === 0 || Math.abs(denominator) < 1e-9 * lengths) continue;
    const wx = other.start[0] - ax;
    const wy = other.start[1] - ay;
    // Fraction along `other` where the two lines meet; it must lie on that segment.
    const u = (wx * dy - wy * dx) / denominator;
    const slack = 1 / Math.max(Math.hypot(ex, ey), 1);
    if (u < -slack || u > 1 + slack) continue;
    const point: [number, number] = [other.start[0] + ex * u, other.start[1] + ey * u];
    crossings.push({ label: other.label, point, along: (point[0] - ax) * dx + (point[1] - ay) * dy });
  }
  return crossings.sort((a, b) => a.along - b.along).map(({ label, point }) => ({ label, point }));
}

/** Elements whose height range meets the level's elevation ± tolerance. */
function planOf(data: SceneData, elevation: number, tolerance: number): OrthoView {
  const xyz = data.nodes.xyz;
  return assemble(data, 'plan', PLAN_AXES, (first, end, nodeIndices) => {
    let low = Infinity;
    let high = -Infinity;
    for (let k = first; k < end; k++) {
      const z = xyz[(nodeIndices[k] as number) * 3 + 2] as number;
      low = Math.min(low, z);
      high = Math.max(high, z);
    }
    return low <= elevation + tolerance && high >= elevation - tolerance;
  });
}

/**
 * Elements with every node within tolerance of the grid's vertical plane: a beam that only ends on the line
 * crosses the drawing and would show as a stub, so it is left out. Seen square to the line, with the line
 * reading left to right toward +X (toward +Y for a line along Y), as drawings label their grids.
 */
function elevationOf(
  data: SceneData,
  start: readonly [number, number],
  end: readonly [number, number],
  tolerance: number,
): OrthoView {
  let dx = end[0] - start[0];
  let dy = end[1] - start[1];
  const length = Math.hypot(dx, dy) || 1;
  dx /= length;
  dy /= length;
  // Within a hair of square to X, the line runs along Y: it reads toward +Y.
  if (dx < -1e-9 || (Math.abs(dx) <= 1e-9 && dy < 0)) {
    dx = -dx;
    dy = -dy;
  }
  const right: Vec3 = [dx, dy, 0];
  // Forward = up × right, so right, up and the line of sight make the right-handed frame a camera has.
  const axes: CameraAxes = { right, up: [0, 0, 1], forward: [-dy, dx, 0] };
  const xyz = data.nodes.xyz;
  return assemble(data, 'elevation', axes, (first, last, nodeIndices) => {
    for (let k = first; k < last; k++) {
      const node = nodeIndices[k] as number;
      const offset =
        ((xyz[node * 3] as number) - start[0]) * -dy + ((xyz[node * 3 + 1] as number) - start[1]) * dx;
      if (Math.abs(offset) > tolerance) return false;
    }
    return true;
  });
}

function assemble(
  data: SceneData,
  kind: OrthoView['kind'],
  axes: CameraAxes,
  belongs: (first: number, end: number, nodeIndices: readonly number[]) => boolean,
): OrthoView {
  const { nodeOffsets, nodeIndices, ids } = data.elements;
  const members = new Uint8Array(ids.length);
  const xyz = data.nodes.xyz;
  const min: [number, number, number] = [Infinity, Infinity, Infinity];
  const max: [number, number, number] = [-Infinity, -Infinity, -Infinity];
  const include = (node: number) => {
    for (let axis = 0; axis < 3; axis++) {
      const value = xyz[node * 3 + axis] as number;
      if (value < (min[axis] as number)) min[axis] = value;
      if (value > (max[axis] as number)) max[axis] = value;
    }
  };
  for (let element = 0; element < ids.length; element++) {
    const first = nodeOffsets[element] as number;
    const end = nodeOffsets[element + 1] as number;
    if (end <= first || !belongs(first, end, nodeIndices)) continue;
    members[element] = 1;
    for (let k = first; k < end; k++) include(nodeIndices[k] as number);
  }
  // Nothing on the level or line: the drawing is empty, framed like the whole model so the user sees why.
  if (min[0] === Infinity) for (let node = 0; node < data.nodes.ids.length; node++) include(node);
  return { kind, axes, members, box: { min, max }, crossings: [] };
}
