import type { Element, FrameElement, Grid, Level, Model } from '../schema';
import { areaEdgesJoined, frameMeshRule, isAreaElement, isFrameElement } from '../schema';
import { PointGrid } from '../spatial';
import type { RepairTolerances } from '../repair/types';

/** "At" a level elevation or grid intersection: equal up to floating-point noise of unit conversion, mm. */
export const AT_EPSILON = 1e-6;

/**
 * What every check reads, computed once (issue #8's shared "topology" pass): node id → index, coordinates in
 * typed arrays, member ends, element incidences, levels sorted by elevation, grid lines and intersections.
 * Indices follow the model's order; every decision that could depend on order compares ids instead, so the report
 * does not depend on input order without sorting a million ids first.
 */
export interface Topology {
  model: Model;
  tolerances: RepairTolerances;
  nodeCount: number;
  nodeIds: string[];
  nodeIndex: Map<string, number>;
  xs: Float64Array;
  ys: Float64Array;
  zs: Float64Array;
  /** Any degree of freedom fixed, a spring support, or a grounded (one-joint) link. */
  restrained: Uint8Array;
  /** Any rotation fixed. */
  rotationRestrained: Uint8Array;
  /**
   * Rotations held at the node by something other than frame ends (C15): bit 1, 2, 4 = about global X, Y, Z
   * (restraints; a diaphragm holds Z); 8 = all three (a spring support, a two-joint link).
   */
  rotationHeld: Uint8Array;
  /** Index into `levels` of the node's levelId, −1 when none. */
  levelOf: Int32Array;
  /** Levels sorted by elevation (then id). */
  levels: Level[];
  elevations: Float64Array;
  /** Count of level elevations strictly below z (beyond AT_EPSILON), and at or below z. */
  levelsBelow: Int32Array;
  levelsAtOrBelow: Int32Array;
  /** Frame members (Beam, Column, Brace) whose both nodes exist, in model order. */
  frames: FrameElement[];
  frameI: Int32Array;
  frameJ: Int32Array;
  /**
   * Per frame, the model's own analysis rules (schema `frameMeshRule`: its autoMesh, else its tool's default):
   * 1 where the tool splits it at nodes lying on its span, 1 where it joins it to frames crossing it.
   */
  meshAtJoints: Uint8Array;
  meshAtCrossings: Uint8Array;
  /** Per element: 1 for an area whose edges the analysis joins to nodes lying on them (`areaEdgesJoined`). */
  edgesJoined: Uint8Array;
  /** Every element, and its node indices in CSR form (frames: i, j; areas: the polygon; links: 1 or 2). */
  elements: Element[];
  elementStart: Int32Array;
  elementNodes: Int32Array;
  /** Element incidences per node (an element naming a node twice counts twice). */
  degree: Int32Array;
  /** Node → elements (CSR), for "shares an element". */
  nodeElementStart: Int32Array;
  nodeElements: Int32Array;
  grids: GridLines;
  /**
   * Joints the model's constraints tie together (body, equal, weld within its tolerance…): pairs (node, other)
   * for the graph's `joins`, so the tied joints are one part and not free ends (C08, C09).
   */
  constraintJoins: Int32Array;
}

/** Grid lines in plan and their intersections, for C01's anchor rule and C11. */
export interface GridLines {
  /** Axis lines x = const and y = const, sorted by coordinate. */
  xLines: { coordinate: number; id: string }[];
  yLines: { coordinate: number; id: string }[];
  general: Grid[];
  /** Intersection points (z = 0) with the two grid ids, indexed in `index` (cell = tolSnap). */
  points: { x: number; y: number; ids: [string, string] }[];
  index: PointGrid | null;
}

function elementNodeIds(element: Element): readonly string[] {
  if (isFrameElement(element) || element.type === 'Cable') return [element.startNodeId, element.endNodeId];
  if (element.type === 'Link')
    return element.endNodeId === undefined ? [element.startNodeId] : [element.startNodeId, element.endNodeId];
  if (isAreaElement(element)) return element.nodeIds;
  // A SAP2000 tendon is bonded to the objects it passes through, not joined at its own joints: not a part.
  if (element.type === 'Component' && element.kind === 'tendon') return [];
  if ('nodeIds' in element && Array.isArray(element.nodeIds)) return element.nodeIds as string[];
  return [];
}

export function buildGridLines(grids: readonly Grid[], snap: number): GridLines {
  const xLines: GridLines['xLines'] = [];
  const yLines: GridLines['yLines'] = [];
  const general: Grid[] = [];
  for (const grid of grids) {
    if (grid.geometry.kind === 'axis') {
      (grid.geometry.direction === 'X' ? xLines : yLines).push({
        coordinate: grid.geometry.coordinate,
        id: grid.id,
      });
    } else general.push(grid);
  }
  const byCoordinate = (a: { coordinate: number; id: string }, b: { coordinate: number; id: string }) =>
    a.coordinate - b.coordinate || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  xLines.sort(byCoordinate);
  yLines.sort(byCoordinate);
  general.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const points: GridLines['points'] = [];
  for (const x of xLines)
    for (const y of yLines) points.push({ x: x.coordinate, y: y.coordinate, ids: sortedPair(x.id, y.id) });
  // General lines against every other line (few in practice).
  const lines = [
    ...xLines.map((line) => ({ id: line.id, ax: line.coordinate, ay: 0, dx: 0, dy: 1 })),
    ...yLines.map((line) => ({ id: line.id, ax: 0, ay: line.coordinate, dx: 1, dy: 0 })),
  ];
  for (const grid of general) {
    if (grid.geometry.kind !== 'general') continue;
    const { start, end } = grid.geometry;
    const g = { id: grid.id, ax: start.x, ay: start.y, dx: end.x - start.x, dy: end.y - start.y };
    for (const other of lines) {
      const cross = g.dx * other.dy - g.dy * other.dx;
      if (Math.abs(cross) < 1e-12 * Math.hypot(g.dx, g.dy) * Math.hypot(other.dx, other.dy)) continue;
      const s = ((other.ax - g.ax) * other.dy - (other.ay - g.ay) * other.dx) / cross;
      points.push({ x: g.ax + s * g.dx, y: g.ay + s * g.dy, ids: sortedPair(g.id, other.id) });
    }
    lines.push(g);
  }
  const index =
    points.length === 0
      ? null
      : new PointGrid(
          Float64Array.from(points, (point) => point.x),
          Float64Array.from(points, (point) => point.y),
          new Float64Array(points.length),
          snap,
        );
  return { xLines, yLines, general, points, index };
}

function sortedPair(a: string, b: string): [string, string] {
  return a < b ? [a, b] : [b, a];
}

/** How many of the sorted `values` are < `value` (strict) or ≤ `value`. */
function countBelow(values: Float64Array, value: number, inclusive: boolean): number {
  let low = 0;
  let high = values.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    const v = values[middle] as number;
    if (inclusive ? v <= value : v < value) low = middle + 1;
    else high = middle;
  }
  return low;
}

export function buildTopology(model: Model, tolerances: RepairTolerances): Topology {
  const nodes = model.nodes;
  const nodeCount = nodes.length;
  const nodeIds = new Array<string>(nodeCount);
  const nodeIndex = new Map<string, number>();
  const xs = new Float64Array(nodeCount);
  const ys = new Float64Array(nodeCount);
  const zs = new Float64Array(nodeCount);
  const restrained = new Uint8Array(nodeCount);
  const rotationRestrained = new Uint8Array(nodeCount);
  const rotationHeld = new Uint8Array(nodeCount);
  const levelOf = new Int32Array(nodeCount).fill(-1);
  const levels = [...model.levels].sort(
    (a, b) => a.elevation - b.elevation || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
  const levelIndex = new Map(levels.map((level, index) => [level.id, index] as const));
  const elevations = Float64Array.from(levels, (level) => level.elevation);
  const levelsBelow = new Int32Array(nodeCount);
  const levelsAtOrBelow = new Int32Array(nodeCount);
  for (let index = 0; index < nodeCount; index++) {
    const node = nodes[index]!;
    nodeIds[index] = node.id;
    nodeIndex.set(node.id, index);
    xs[index] = node.x;
    ys[index] = node.y;
    zs[index] = node.z;
    const restraint = node.restraint;
    if (restraint) {
      if (restraint.ux || restraint.uy || restraint.uz || restraint.rx || restraint.ry || restraint.rz)
        restrained[index] = 1;
      if (restraint.rx || restraint.ry || restraint.rz) rotationRestrained[index] = 1;
      rotationHeld[index] = (restraint.rx ? 1 : 0) | (restraint.ry ? 2 : 0) | (restraint.rz ? 4 : 0);
    }
    if (node.springPropertyId !== undefined) rotationHeld[index] = (rotationHeld[index] as number) | 8;
    if (node.diaphragmId !== undefined) rotationHeld[index] = (rotationHeld[index] as number) | 4;
    // A spring support holds the node like a restraint does (C08, C09).
    if (node.springPropertyId !== undefined) restrained[index] = 1;
    if (node.levelId !== undefined) levelOf[index] = levelIndex.get(node.levelId) ?? -1;
    if (elevations.length > 0) {
      levelsBelow[index] = countBelow(elevations, node.z - AT_EPSILON, false);
      levelsAtOrBelow[index] = countBelow(elevations, node.z + AT_EPSILON, true);
    }
  }

  const elements = model.elements;
  const elementStart = new Int32Array(elements.length + 1);
  const degree = new Int32Array(nodeCount);
  // A growable typed list of incidences (no number[] of 200k+ boxed pushes), frames' ends read from it.
  let incidences = new Int32Array(2 * elements.length + 16);
  let incidenceCount = 0;
  const addIncidence = (index: number): void => {
    if (incidenceCount === incidences.length) {
      const grown = new Int32Array(incidences.length * 2);
      grown.set(incidences);
      incidences = grown;
    }
    incidences[incidenceCount++] = index;
    degree[index] = (degree[index] as number) + 1;
  };
  const frames: FrameElement[] = [];
  const frameEnds: number[] = [];
  const tool = model.source.tool;
  const edgesJoined = new Uint8Array(elements.length);
  for (let e = 0; e < elements.length; e++) {
    const element = elements[e]!;
    if (isAreaElement(element) && areaEdgesJoined(tool, element.autoMesh)) edgesJoined[e] = 1;
    if (isFrameElement(element) || element.type === 'Cable') {
      // Two-node elements inline: no id array per element.
      const i = nodeIndex.get(element.startNodeId);
      const j = nodeIndex.get(element.endNodeId);
      if (i !== undefined) addIncidence(i);
      if (j !== undefined) addIncidence(j);
      if (i !== undefined && j !== undefined && element.type !== 'Cable') {
        frames.push(element);
        frameEnds.push(i, j);
      }
    } else {
      for (const id of elementNodeIds(element)) {
        const index = nodeIndex.get(id);
        if (index !== undefined) addIncidence(index);
      }
      // A one-joint (grounded) link supports its node.
      if (element.type === 'Link' && element.endNodeId === undefined) {
        const index = nodeIndex.get(element.startNodeId);
        if (index !== undefined) restrained[index] = 1;
      }
      // Links may hold rotations (their properties are not read that far): taken as holding them, no false alarm.
      if (element.type === 'Link')
        for (let k = elementStart[e] as number; k < incidenceCount; k++)
          rotationHeld[incidences[k] as number] = (rotationHeld[incidences[k] as number] as number) | 8;
      // A node on a floor of a diaphragm turns with it about Z.
      if (isAreaElement(element) && element.diaphragmId !== undefined)
        for (let k = elementStart[e] as number; k < incidenceCount; k++)
          rotationHeld[incidences[k] as number] = (rotationHeld[incidences[k] as number] as number) | 4;
    }
    elementStart[e + 1] = incidenceCount;
  }
  const elementNodes = incidences.slice(0, incidenceCount);
  const frameI = new Int32Array(frames.length);
  const frameJ = new Int32Array(frames.length);
  const meshAtJoints = new Uint8Array(frames.length);
  const meshAtCrossings = new Uint8Array(frames.length);
  for (let f = 0; f < frames.length; f++) {
    frameI[f] = frameEnds[2 * f] as number;
    frameJ[f] = frameEnds[2 * f + 1] as number;
    const rule = frameMeshRule(tool, frames[f]!.autoMesh);
    if (rule.atJoints) meshAtJoints[f] = 1;
    if (rule.atIntersections) meshAtCrossings[f] = 1;
  }
  const nodeElementStart = new Int32Array(nodeCount + 1);
  for (let index = 0; index < nodeCount; index++)
    nodeElementStart[index + 1] = (nodeElementStart[index] as number) + (degree[index] as number);
  const fill = nodeElementStart.slice(0, nodeCount);
  const nodeElements = new Int32Array(elementNodes.length);
  for (let e = 0; e < elements.length; e++) {
    for (let k = elementStart[e] as number; k < (elementStart[e + 1] as number); k++) {
      const node = elementNodes[k] as number;
      nodeElements[fill[node] as number] = e;
      fill[node] = (fill[node] as number) + 1;
    }
  }
  const constraintJoins = joinConstraints(model, nodeIndex, xs, ys, zs, tolerances.merge, rotationHeld);
  return {
    model,
    tolerances,
    nodeCount,
    nodeIds,
    nodeIndex,
    xs,
    ys,
    zs,
    restrained,
    rotationRestrained,
    rotationHeld,
    levelOf,
    levels,
    elevations,
    levelsBelow,
    levelsAtOrBelow,
    frames,
    frameI,
    frameJ,
    meshAtJoints,
    meshAtCrossings,
    edgesJoined,
    elements,
    elementStart,
    elementNodes,
    degree,
    nodeElementStart,
    nodeElements,
    grids: buildGridLines(model.grids, tolerances.snap),
    constraintJoins,
  };
}

/**
 * Pairs (node, other) each constraint ties: every kind couples its joints' displacements (a weld only joints
 * within its tolerance of each other, else the merge tolerance). Every tied node gains one incidence (its first
 * pair names it), as a member to the rest of the body would give it. Tied nodes turn with the body (C15).
 */
function joinConstraints(
  model: Model,
  nodeIndex: Map<string, number>,
  xs: Float64Array,
  ys: Float64Array,
  zs: Float64Array,
  merge: number,
  rotationHeld: Uint8Array,
): Int32Array {
  const pairs: number[] = [];
  for (const constraint of model.constraints ?? []) {
    const nodes: number[] = [];
    for (const id of constraint.nodeIds) {
      const index = nodeIndex.get(id);
      if (index !== undefined) nodes.push(index);
    }
    if (nodes.length < 2) continue;
    if (constraint.kind === 'weld') {
      const reach =
        constraint.tolerance !== undefined && constraint.tolerance > 0 ? constraint.tolerance : merge;
      // Sorted by x, then a sweep: pairs within reach of each other.
      nodes.sort((a, b) => (xs[a] as number) - (xs[b] as number));
      const tied = new Uint8Array(nodes.length);
      for (let p = 0; p < nodes.length; p++) {
        const a = nodes[p] as number;
        for (
          let q = p + 1;
          q < nodes.length && (xs[nodes[q] as number] as number) - (xs[a] as number) <= reach;
          q++
        ) {
          const b = nodes[q] as number;
          const d = Math.hypot(
            (xs[b] as number) - (xs[a] as number),
            (ys[b] as number) - (ys[a] as number),
            (zs[b] as number) - (zs[a] as number),
          );
          if (d > reach) continue;
          pairs.push(tied[p] ? ~a : a, b, tied[q] ? ~b : b, a);
          tied[p] = 1;
          tied[q] = 1;
        }
      }
      continue;
    }
    const first = nodes[0] as number;
    for (let k = 1; k < nodes.length; k++) pairs.push(nodes[k] as number, first);
    pairs.push(first, nodes[1] as number);
    if (constraint.kind === 'body')
      for (const node of nodes) rotationHeld[node] = (rotationHeld[node] as number) | 8;
  }
  return Int32Array.from(pairs);
}

/** Whether nodes a and b share an element. */
export function shareElement(topology: Topology, a: number, b: number): boolean {
  const { nodeElementStart, nodeElements } = topology;
  const aEnd = nodeElementStart[a + 1] as number;
  const bStart = nodeElementStart[b] as number;
  const bEnd = nodeElementStart[b + 1] as number;
  for (let p = nodeElementStart[a] as number; p < aEnd; p++) {
    const element = nodeElements[p] as number;
    for (let q = bStart; q < bEnd; q++) if (nodeElements[q] === element) return true;
  }
  return false;
}

/** Plan distance from (x, y) to the nearest grid intersection within the index's radius, or null. */
export function nearestIntersection(
  grids: GridLines,
  x: number,
  y: number,
  radius: number,
): { index: number; distance: number } | null {
  if (!grids.index) return null;
  let best = -1;
  let bestD2 = Infinity;
  grids.index.forEachWithin(x, y, 0, Math.min(radius, grids.index.cellSize), (j, d2) => {
    if (d2 < bestD2 || (d2 === bestD2 && j < best)) {
      best = j;
      bestD2 = d2;
    }
  });
  return best < 0 ? null : { index: best, distance: Math.sqrt(bestD2) };
}

export function compareIds(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
