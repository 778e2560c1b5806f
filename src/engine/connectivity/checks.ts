import type { Issue, RepairTolerances } from '../repair/types';
import type { Element, FrameElement, Point3, Profile } from '../schema';
import { isAreaElement } from '../schema';
import { BoxGrid, PointGrid } from '../spatial';
import { clusterPoints, multiMemberClasses, sameDatum } from './cluster';
import type { GraphAnalysis } from './graph';
import { analyzeGraph } from './graph';
import { issueId, makeIssue } from './issues';
import type { Topology } from './topology';
import { AT_EPSILON, compareIds, nearestIntersection, shareElement } from './topology';
import type { UnionFind } from './unionFind';

const DEG = 180 / Math.PI;

function point(t: Topology, node: number): Point3 {
  return { x: t.xs[node] as number, y: t.ys[node] as number, z: t.zs[node] as number };
}

function distance(t: Topology, a: number, b: number): number {
  return Math.hypot(
    (t.xs[a] as number) - (t.xs[b] as number),
    (t.ys[a] as number) - (t.ys[b] as number),
    (t.zs[a] as number) - (t.zs[b] as number),
  );
}

function atLevel(t: Topology, node: number): boolean {
  return (t.levelsAtOrBelow[node] as number) > (t.levelsBelow[node] as number);
}

function onGridIntersection(t: Topology, node: number): boolean {
  const hit = nearestIntersection(t.grids, t.xs[node] as number, t.ys[node] as number, AT_EPSILON);
  return hit !== null;
}

/** C01's merge classes: `representative[n]` is the anchor of n's accepted class, n itself otherwise. */
export interface Clustering {
  unionFind: UnionFind;
  representative: Int32Array;
  issues: Issue[];
}

/**
 * C01: single-linkage classes within tolMerge, never across a level datum. The anchor is the restrained node, then
 * one on a grid intersection, then one at a level elevation, then the one with most elements, then the lowest id.
 * A class wider than 2·tolMerge (chaining), or one that would join nodes on two sides of a datum through a node at
 * it, is refused: reported as an error and not merged.
 */
export function checkCoincident(t: Topology): Clustering {
  const tol = t.tolerances.merge;
  // Nodes joined by a link (zero-length bearings, springs) are connected on purpose, not duplicates.
  const linked = (a: number, b: number): boolean => {
    for (let p = t.nodeElementStart[a] as number; p < (t.nodeElementStart[a + 1] as number); p++) {
      const element = t.elements[t.nodeElements[p] as number] as Element;
      if (element.type !== 'Link') continue;
      const start = t.elementStart[t.nodeElements[p] as number] as number;
      const end = t.elementStart[(t.nodeElements[p] as number) + 1] as number;
      for (let k = start; k < end; k++) if (t.elementNodes[k] === b) return true;
    }
    return false;
  };
  const unionFind = clusterPoints(t.xs, t.ys, t.zs, tol, t, linked);
  const classes = multiMemberClasses(unionFind, t.nodeCount);
  const representative = new Int32Array(t.nodeCount);
  for (let node = 0; node < t.nodeCount; node++) representative[node] = node;
  const issues: Issue[] = [];
  for (let k = 0; k < classes.roots.length; k++) {
    const members = Array.from(classes.members.subarray(classes.start[k], classes.start[k + 1]));
    let diameter = 0;
    let crossesDatum = false;
    for (let p = 0; p < members.length; p++)
      for (let q = p + 1; q < members.length; q++) {
        diameter = Math.max(diameter, distance(t, members[p] as number, members[q] as number));
        if (!sameDatum(t, t.zs, members[p] as number, members[q] as number)) crossesDatum = true;
      }
    const score = (node: number): number[] => [
      t.restrained[node] as number,
      onGridIntersection(t, node) ? 1 : 0,
      atLevel(t, node) ? 1 : 0,
      t.degree[node] as number,
    ];
    let anchor = members[0] as number;
    let best = score(anchor);
    for (const node of members.slice(1)) {
      const candidate = score(node);
      let order = 0;
      for (let c = 0; c < candidate.length && order === 0; c++)
        order = (candidate[c] as number) - (best[c] as number);
      if (
        order > 0 ||
        (order === 0 && compareIds(t.nodeIds[node] as string, t.nodeIds[anchor] as string) < 0)
      ) {
        anchor = node;
        best = candidate;
      }
    }
    const refused = diameter > 2 * tol || crossesDatum;
    if (!refused) for (const node of members) representative[node] = anchor;
    issues.push(
      makeIssue(
        'C01',
        refused ? 'error' : 'warning',
        [],
        members.map((node) => t.nodeIds[node] as string),
        point(t, anchor),
        diameter,
        { check: 'C01', anchorId: t.nodeIds[anchor] as string, diameter, refused },
      ),
    );
  }
  return { unionFind, representative, issues };
}

/**
 * C02: node pairs in (tolMerge, tolNear] that share no element, have no neighbour in common (nodes of a fine mesh
 * are near each other on purpose) and are not already one C01 class.
 */
export function checkNearMisses(t: Topology, clustering: Clustering): Issue[] {
  const { merge, near } = t.tolerances;
  if (near <= merge) return [];
  const issues: Issue[] = [];
  const grid = new PointGrid(t.xs, t.ys, t.zs, 4 * near, t.nodeCount);
  const merge2 = merge * merge;
  grid.forEachPairWithin(near, (a, b, d2) => {
    if (d2 <= merge2) return;
    if (clustering.unionFind.find(a) === clustering.unionFind.find(b)) return;
    if (shareElement(t, a, b) || shareNeighbour(t, a, b)) return;
    // A gap as long as a quarter of the elements it sits between is the model's scale, not a miss (a fine mesh).
    if (4 * Math.sqrt(d2) > Math.min(shortestEdgeAt(t, a), shortestEdgeAt(t, b))) return;
    const ids = [t.nodeIds[a] as string, t.nodeIds[b] as string].sort(compareIds) as [string, string];
    const first = t.nodeIndex.get(ids[0]) as number;
    issues.push(
      makeIssue('C02', 'warning', [], ids, point(t, first), Math.sqrt(d2), { check: 'C02', pair: ids }),
    );
  });
  return issues;
}

/** The shortest element edge at a node (frame length, polygon side), Infinity for a node of no element. */
function shortestEdgeAt(t: Topology, node: number): number {
  let shortest = Infinity;
  for (let p = t.nodeElementStart[node] as number; p < (t.nodeElementStart[node + 1] as number); p++) {
    const e = t.nodeElements[p] as number;
    const start = t.elementStart[e] as number;
    const n = (t.elementStart[e + 1] as number) - start;
    for (let k = 0; k < n && n >= 2; k++) {
      const a = t.elementNodes[start + k] as number;
      const b = t.elementNodes[start + ((k + 1) % n)] as number;
      if (a === node || b === node) shortest = Math.min(shortest, distance(t, a, b));
    }
  }
  return shortest;
}

/**
 * Floors the tool meshes (ETABS: at beams and walls, by default) join what lies inside them in their plane: for
 * each horizontal floor with `edgesJoined`, the nodes of floating parts inside its outline (or, for a floating
 * floor, any node) go to `joins`. Only run when the graph has floating parts.
 */
export function joinFloorInteriors(t: Topology, graph: GraphAnalysis, joins: number[]): void {
  if (graph.floatingRoots.length === 0) return;
  const tol = t.tolerances.merge;
  const floating = new Uint8Array(t.nodeCount);
  for (const root of graph.floatingRoots) floating[root] = 1;
  const isFloating = (node: number): boolean => {
    const root = graph.component[node] as number;
    return root >= 0 && floating[root] === 1;
  };
  const byZ = Array.from({ length: t.nodeCount }, (_, node) => node).sort(
    (a, b) => (t.zs[a] as number) - (t.zs[b] as number),
  );
  const zs = Float64Array.from(byZ, (node) => t.zs[node] as number);
  for (let e = 0; e < t.elements.length; e++) {
    const element = t.elements[e] as Element;
    if (!t.edgesJoined[e] || element.type !== 'Floor') continue;
    const start = t.elementStart[e] as number;
    const end = t.elementStart[e + 1] as number;
    if (end - start < 3) continue;
    const first = t.elementNodes[start] as number;
    const z = t.zs[first] as number;
    let flat = true;
    let minX = Infinity;
    let minY = Infinity;
    let maxX = -Infinity;
    let maxY = -Infinity;
    for (let k = start; k < end; k++) {
      const node = t.elementNodes[k] as number;
      if (Math.abs((t.zs[node] as number) - z) > tol) flat = false;
      minX = Math.min(minX, t.xs[node] as number);
      maxX = Math.max(maxX, t.xs[node] as number);
      minY = Math.min(minY, t.ys[node] as number);
      maxY = Math.max(maxY, t.ys[node] as number);
    }
    if (!flat) continue;
    const floorFloats = isFloating(first);
    let low = 0;
    let high = zs.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if ((zs[middle] as number) < z - tol) low = middle + 1;
      else high = middle;
    }
    for (let p = low; p < zs.length && (zs[p] as number) <= z + tol; p++) {
      const node = byZ[p] as number;
      if (node === first || t.degree[node] === 0 || (!floorFloats && !isFloating(node))) continue;
      const x = t.xs[node] as number;
      const y = t.ys[node] as number;
      if (x < minX - tol || x > maxX + tol || y < minY - tol || y > maxY + tol) continue;
      let inside = false;
      for (let k = start, previous = end - 1; k < end; previous = k++) {
        const a = t.elementNodes[k] as number;
        const b = t.elementNodes[previous] as number;
        const ya = t.ys[a] as number;
        const yb = t.ys[b] as number;
        if (ya > y !== yb > y) {
          const xCross =
            (t.xs[a] as number) + ((y - ya) * ((t.xs[b] as number) - (t.xs[a] as number))) / (yb - ya);
          if (x < xCross) inside = !inside;
        }
      }
      if (inside) joins.push(node, first);
    }
  }
}

/** Whether an area of a and an area of b share a node: a and b are two elements apart in one shell mesh. */
function shareNeighbour(t: Topology, a: number, b: number): boolean {
  const { nodeElementStart, nodeElements, elementStart, elementNodes } = t;
  const near = new Set<number>();
  for (let p = nodeElementStart[a] as number; p < (nodeElementStart[a + 1] as number); p++) {
    const e = nodeElements[p] as number;
    if (!isAreaElement(t.elements[e] as Element)) continue;
    for (let k = elementStart[e] as number; k < (elementStart[e + 1] as number); k++)
      near.add(elementNodes[k] as number);
  }
  if (near.size === 0) return false;
  for (let p = nodeElementStart[b] as number; p < (nodeElementStart[b + 1] as number); p++) {
    const e = nodeElements[p] as number;
    if (!isAreaElement(t.elements[e] as Element)) continue;
    for (let k = elementStart[e] as number; k < (elementStart[e + 1] as number); k++)
      if (near.has(elementNodes[k] as number)) return true;
  }
  return false;
}

/** Frame AABBs inflated by tolMerge, indexed with cells about the median member length. */
export function frameBoxes(t: Topology): BoxGrid {
  const tol = t.tolerances.merge;
  const count = t.frames.length;
  const boxes = new Float64Array(count * 6);
  const lengths = new Float64Array(count);
  for (let f = 0; f < count; f++) {
    const i = t.frameI[f] as number;
    const j = t.frameJ[f] as number;
    const xi = t.xs[i] as number;
    const yi = t.ys[i] as number;
    const zi = t.zs[i] as number;
    const xj = t.xs[j] as number;
    const yj = t.ys[j] as number;
    const zj = t.zs[j] as number;
    const base = f * 6;
    boxes[base] = Math.min(xi, xj) - tol;
    boxes[base + 1] = Math.min(yi, yj) - tol;
    boxes[base + 2] = Math.min(zi, zj) - tol;
    boxes[base + 3] = Math.max(xi, xj) + tol;
    boxes[base + 4] = Math.max(yi, yj) + tol;
    boxes[base + 5] = Math.max(zi, zj) + tol;
    lengths[f] = Math.hypot(xj - xi, yj - yi, zj - zi);
  }
  lengths.sort();
  const median = count > 0 ? (lengths[count >> 1] as number) : 1;
  return new BoxGrid(boxes, Math.max(median, 8 * tol, 1e-6));
}

/**
 * C03: a node within tolMerge of a member's interior (more than tolMerge from both ends), not one of its ends. Where
 * the model's tool meshes the member at joints on its span (`meshAtJoints`: ETABS by default, SAP2000 AtJoints) the
 * analysis joins them itself: info, and the pair goes to `joins` (node, member's i node) for the graph checks.
 */
export function checkNodesOnMembers(
  t: Topology,
  clustering: Clustering,
  boxes: BoxGrid,
  joins: number[] = [],
): Issue[] {
  const tol = t.tolerances.merge;
  const rep = clustering.representative;
  const issues: Issue[] = [];
  for (let node = 0; node < t.nodeCount; node++) {
    if (t.degree[node] === 0) continue;
    const x = t.xs[node] as number;
    const y = t.ys[node] as number;
    const z = t.zs[node] as number;
    const r = rep[node] as number;
    boxes.forEachOverlapping(x, y, z, x, y, z, (f) => {
      const i = t.frameI[f] as number;
      const j = t.frameJ[f] as number;
      if (rep[i] === r || rep[j] === r) return;
      const ax = t.xs[i] as number;
      const ay = t.ys[i] as number;
      const az = t.zs[i] as number;
      const dx = (t.xs[j] as number) - ax;
      const dy = (t.ys[j] as number) - ay;
      const dz = (t.zs[j] as number) - az;
      const length2 = dx * dx + dy * dy + dz * dz;
      if (length2 === 0) return;
      const length = Math.sqrt(length2);
      const along = ((x - ax) * dx + (y - ay) * dy + (z - az) * dz) / length;
      if (along <= tol || length - along <= tol) return;
      const tt = along / length;
      const gap = Math.hypot(ax + tt * dx - x, ay + tt * dy - y, az + tt * dz - z);
      if (gap > tol) return;
      const frame = t.frames[f] as FrameElement;
      const meshed = t.meshAtJoints[f] === 1;
      if (meshed) joins.push(node, i);
      issues.push(
        makeIssue(
          'C03',
          meshed ? 'info' : 'warning',
          [frame.id],
          [t.nodeIds[node] as string],
          point(t, node),
          gap,
          {
            check: 'C03',
            elementId: frame.id,
            nodeId: t.nodeIds[node] as string,
            t: tt,
            meshed,
          },
        ),
      );
    });
  }
  return issues;
}

/** Distance from (px, py, pz) to the line a + s·u (uu = u·u). */
function offLine(
  ax: number,
  ay: number,
  az: number,
  ux: number,
  uy: number,
  uz: number,
  uu: number,
  px: number,
  py: number,
  pz: number,
): number {
  const along = ((px - ax) * ux + (py - ay) * uy + (pz - az) * uz) / uu;
  return Math.hypot(ax + along * ux - px, ay + along * uy - py, az + along * uz - pz);
}

/**
 * C04 (crossings) and C06 (collinear overlaps) from one pass over overlapping member boxes. Pairs that are the
 * same member twice (C05) are left to C05. C04 rejects near-parallel pairs (angle tolerance), needs both closest
 * points more than tolMerge inside their members and no node at the crossing (that is C03 twice); brace × brace
 * and beams at different elevations are `intentional` (info): crossing bracing is often left unconnected on
 * purpose.
 */
export function checkCrossingsAndOverlaps(
  t: Topology,
  clustering: Clustering,
  boxes: BoxGrid,
  nodeGrid: PointGrid,
  want: { crossings: boolean; overlaps: boolean; joins?: boolean },
  joins: number[] = [],
): { crossings: Issue[]; overlaps: Issue[] } {
  const tol = t.tolerances.merge;
  const sinAngle = Math.sin(t.tolerances.angle / DEG);
  const rep = clustering.representative;
  const crossings: Issue[] = [];
  const overlaps: Issue[] = [];
  const { frameI, frameJ, xs, ys, zs, frames } = t;
  boxes.forEachOverlappingPair((first, second) => {
    // Cheap, order-independent rejections first: most overlapping boxes are members meeting at a joint.
    const fi = rep[frameI[first] as number] as number;
    const fj = rep[frameJ[first] as number] as number;
    const si = rep[frameI[second] as number] as number;
    const sj = rep[frameJ[second] as number] as number;
    if ((fi === si && fj === sj) || (fi === sj && fj === si)) return;
    if (fi === si || fi === sj || fj === si || fj === sj) {
      // Sharing an end, they can only overlap, and only when collinear. The sine is the same in either order
      // (the cross product only changes sign), so this agrees with the test below.
      if (!want.overlaps) return;
      const f0 = frameI[first] as number;
      const f1 = frameJ[first] as number;
      const s0 = frameI[second] as number;
      const s1 = frameJ[second] as number;
      const px = (xs[f1] as number) - (xs[f0] as number);
      const py = (ys[f1] as number) - (ys[f0] as number);
      const pz = (zs[f1] as number) - (zs[f0] as number);
      const qx = (xs[s1] as number) - (xs[s0] as number);
      const qy = (ys[s1] as number) - (ys[s0] as number);
      const qz = (zs[s1] as number) - (zs[s0] as number);
      const pp = px * px + py * py + pz * pz;
      const qq = qx * qx + qy * qy + qz * qz;
      if (pp === 0 || qq === 0) return;
      const sharedSine =
        Math.hypot(py * qz - pz * qy, pz * qx - px * qz, px * qy - py * qx) / (Math.sqrt(pp) * Math.sqrt(qq));
      if (sharedSine >= sinAngle) return;
    }
    // Work on the pair in id order so every number is computed the same way whatever the model's order.
    const swap = compareIds((frames[first] as FrameElement).id, (frames[second] as FrameElement).id) > 0;
    const fa = swap ? second : first;
    const fb = swap ? first : second;
    const ai = swap ? si : fi;
    const aj = swap ? sj : fj;
    const bi = swap ? fi : si;
    const bj = swap ? fj : sj;
    const a0 = t.frameI[fa] as number;
    const a1 = t.frameJ[fa] as number;
    const b0 = t.frameI[fb] as number;
    const b1 = t.frameJ[fb] as number;
    const ax = t.xs[a0] as number;
    const ay = t.ys[a0] as number;
    const az = t.zs[a0] as number;
    const ux = (t.xs[a1] as number) - ax;
    const uy = (t.ys[a1] as number) - ay;
    const uz = (t.zs[a1] as number) - az;
    const bx = t.xs[b0] as number;
    const by = t.ys[b0] as number;
    const bz = t.zs[b0] as number;
    const vx = (t.xs[b1] as number) - bx;
    const vy = (t.ys[b1] as number) - by;
    const vz = (t.zs[b1] as number) - bz;
    const uu = ux * ux + uy * uy + uz * uz;
    const vv = vx * vx + vy * vy + vz * vz;
    if (uu === 0 || vv === 0) return;
    const lengthA = Math.sqrt(uu);
    const lengthB = Math.sqrt(vv);
    const cx = uy * vz - uz * vy;
    const cy = uz * vx - ux * vz;
    const cz = ux * vy - uy * vx;
    const sine = Math.hypot(cx, cy, cz) / (lengthA * lengthB);
    const frameA = t.frames[fa] as FrameElement;
    const frameB = t.frames[fb] as FrameElement;
    if (sine < sinAngle) {
      if (!want.overlaps) return;
      // Collinear: both ends of B within tolMerge of A's line.
      if (
        offLine(ax, ay, az, ux, uy, uz, uu, bx, by, bz) > tol ||
        offLine(ax, ay, az, ux, uy, uz, uu, bx + vx, by + vy, bz + vz) > tol
      )
        return;
      const s0 = ((bx - ax) * ux + (by - ay) * uy + (bz - az) * uz) / lengthA;
      const s1 = ((bx + vx - ax) * ux + (by + vy - ay) * uy + (bz + vz - az) * uz) / lengthA;
      const from = Math.max(0, Math.min(s0, s1));
      const to = Math.min(lengthA, Math.max(s0, s1));
      const overlap = to - from;
      if (overlap <= tol) return;
      const middle = (from + to) / 2 / lengthA;
      const ids: [string, string] = [frameA.id, frameB.id];
      overlaps.push(
        makeIssue(
          'C06',
          'warning',
          ids,
          [],
          { x: ax + middle * ux, y: ay + middle * uy, z: az + middle * uz },
          overlap,
          {
            check: 'C06',
            elementIds: ids,
            overlapLength: overlap,
          },
        ),
      );
      return;
    }
    if (!want.crossings && !want.joins) return;
    if (ai === bi || ai === bj || aj === bi || aj === bj) return;
    // Closest points of the two infinite lines; both must be interior with a tolMerge margin.
    const rx = ax - bx;
    const ry = ay - by;
    const rz = az - bz;
    const b = ux * vx + uy * vy + uz * vz;
    const c = ux * rx + uy * ry + uz * rz;
    const f = vx * rx + vy * ry + vz * rz;
    const denominator = uu * vv - b * b;
    if (denominator <= 0) return;
    const s = (b * f - c * vv) / denominator;
    const u = (uu * f - b * c) / denominator;
    if (s * lengthA <= tol || (1 - s) * lengthA <= tol || u * lengthB <= tol || (1 - u) * lengthB <= tol)
      return;
    const px = ax + s * ux;
    const py = ay + s * uy;
    const pz = az + s * uz;
    const qx = bx + u * vx;
    const qy = by + u * vy;
    const qz = bz + u * vz;
    const gap = Math.hypot(px - qx, py - qy, pz - qz);
    if (gap > tol) return;
    const mx = (px + qx) / 2;
    const my = (py + qy) / 2;
    const mz = (pz + qz) / 2;
    let nodeThere = false;
    nodeGrid.forEachWithin(mx, my, mz, tol, (node) => {
      if (t.degree[node] !== 0) nodeThere = true;
    });
    if (nodeThere) return;
    const elevationA = az + uz / 2;
    const elevationB = bz + vz / 2;
    const intentional =
      (frameA.type === 'Brace' && frameB.type === 'Brace') ||
      (frameA.type === 'Beam' &&
        frameB.type === 'Beam' &&
        (Math.abs(elevationA - elevationB) > tol ||
          (frameA.levelId !== undefined &&
            frameB.levelId !== undefined &&
            frameA.levelId !== frameB.levelId)));
    // Both meshed at intersections (ETABS by default, SAP2000 AtFrames): the analysis joins them there.
    const meshed = t.meshAtCrossings[fa] === 1 && t.meshAtCrossings[fb] === 1;
    if (meshed) joins.push(~a0, b0);
    if (!want.crossings) return;
    // frameA has the lower id (see the swap above), so the pair and its parameters are already in id order.
    const ids: [string, string] = [frameA.id, frameB.id];
    const params: [number, number] = [s, u];
    crossings.push(
      makeIssue('C04', intentional || meshed ? 'info' : 'warning', ids, [], { x: mx, y: my, z: mz }, gap, {
        check: 'C04',
        elementIds: ids,
        point: { x: mx, y: my, z: mz },
        t: params,
        intentional,
        meshed,
      }),
    );
  });
  return { crossings, overlaps };
}

/**
 * C05: elements of the same type on the same nodes after C01's merge (two-node elements ignoring direction, areas
 * the same polygon from any start and in either direction). The lowest id is kept.
 * Each element's node list is put in a canonical order (two-node: ascending; polygon: from its smallest node
 * towards the smaller neighbour), then elements are bucketed by that first node: duplicates share a bucket, and a
 * bucket holds about the elements at one joint. No string key per element (100k of those cost more than the rest).
 */
export function checkDuplicates(t: Topology, clustering: Clustering): Issue[] {
  const rep = clustering.representative;
  const { elements, elementStart, elementNodes } = t;
  const elementCount = elements.length;
  const canonical = new Int32Array(elementNodes.length);
  const typeCode = new Int32Array(elementCount);
  const codes = new Map<string, number>();
  const bucketSize = new Int32Array(t.nodeCount + 1);
  for (let e = 0; e < elementCount; e++) {
    const start = elementStart[e] as number;
    const n = (elementStart[e + 1] as number) - start;
    if (n < 2) continue;
    const type = (elements[e] as Element).type;
    let code = codes.get(type);
    if (code === undefined) codes.set(type, (code = codes.size));
    typeCode[e] = code;
    if (n === 2) {
      const p = rep[elementNodes[start] as number] as number;
      const q = rep[elementNodes[start + 1] as number] as number;
      canonical[start] = p < q ? p : q;
      canonical[start + 1] = p < q ? q : p;
    } else {
      let first = 0;
      for (let k = 1; k < n; k++)
        if (
          (rep[elementNodes[start + k] as number] as number) <
          (rep[elementNodes[start + first] as number] as number)
        )
          first = k;
      const next = rep[elementNodes[start + ((first + 1) % n)] as number] as number;
      const previous = rep[elementNodes[start + ((first + n - 1) % n)] as number] as number;
      const forward = next <= previous;
      for (let k = 0; k < n; k++)
        canonical[start + k] = rep[
          elementNodes[start + ((first + (forward ? k : n - k)) % n)] as number
        ] as number;
    }
    const head = canonical[start] as number;
    bucketSize[head + 1] = (bucketSize[head + 1] as number) + 1;
  }
  for (let node = 0; node < t.nodeCount; node++)
    bucketSize[node + 1] = (bucketSize[node + 1] as number) + (bucketSize[node] as number);
  const bucketStart = bucketSize;
  const fill = bucketStart.slice(0, t.nodeCount);
  const bucketed = new Int32Array(bucketStart[t.nodeCount] as number);
  for (let e = 0; e < elementCount; e++) {
    const start = elementStart[e] as number;
    if ((elementStart[e + 1] as number) - start < 2) continue;
    const head = canonical[start] as number;
    bucketed[fill[head] as number] = e;
    fill[head] = (fill[head] as number) + 1;
  }
  const same = (e: number, f: number): boolean => {
    if (typeCode[e] !== typeCode[f]) return false;
    const start = elementStart[e] as number;
    const n = (elementStart[e + 1] as number) - start;
    const other = elementStart[f] as number;
    if ((elementStart[f + 1] as number) - other !== n) return false;
    for (let k = 1; k < n; k++) if (canonical[start + k] !== canonical[other + k]) return false;
    return true;
  };
  const issues: Issue[] = [];
  const grouped = new Uint8Array(elementCount);
  for (let node = 0; node < t.nodeCount; node++) {
    const from = bucketStart[node] as number;
    const to = bucketStart[node + 1] as number;
    if (to - from < 2) continue;
    for (let p = from; p < to; p++) {
      const e = bucketed[p] as number;
      if (grouped[e]) continue;
      let group: number[] | null = null;
      for (let q = p + 1; q < to; q++) {
        const f = bucketed[q] as number;
        if (grouped[f] || !same(e, f)) continue;
        grouped[f] = 1;
        (group ??= [e]).push(f);
      }
      if (group) issues.push(duplicateIssue(t, group));
    }
  }
  return issues;
}

function duplicateIssue(t: Topology, group: number[]): Issue {
  group.sort((a, b) => compareIds((t.elements[a] as Element).id, (t.elements[b] as Element).id));
  const ids = group.map((e) => (t.elements[e] as Element).id);
  const first = t.elementNodes[t.elementStart[group[0] as number] as number] as number;
  // On the very same nodes the copies are certainly wrong (an error); on distinct coincident nodes (C01) they
  // are separate structures drawn on top of each other, which the analysis keeps apart: a warning.
  const nodesOf = (e: number): string =>
    Array.from(t.elementNodes.subarray(t.elementStart[e] as number, t.elementStart[e + 1] as number))
      .sort((a, b) => a - b)
      .join(',');
  const same = group.every((e) => nodesOf(e) === nodesOf(group[0] as number));
  return makeIssue('C05', same ? 'error' : 'warning', ids, [], point(t, first), null, {
    check: 'C05',
    keepId: ids[0] as string,
    duplicateIds: ids.slice(1),
  });
}

/** C07: length ≤ tolMerge is an error (a zero-length member), < minLength a warning. */
export function checkShortMembers(t: Topology): Issue[] {
  const { merge, minLength } = t.tolerances;
  const issues: Issue[] = [];
  for (let f = 0; f < t.frames.length; f++) {
    const i = t.frameI[f] as number;
    const j = t.frameJ[f] as number;
    const length = distance(t, i, j);
    if (length >= minLength && length > merge) continue;
    const frame = t.frames[f] as FrameElement;
    issues.push(
      makeIssue('C07', length <= merge ? 'error' : 'warning', [frame.id], [], point(t, i), length, {
        check: 'C07',
        elementId: frame.id,
        length,
      }),
    );
  }
  return issues;
}

export function graphOf(t: Topology, clustering: Clustering, joins: readonly number[] = []): GraphAnalysis {
  return analyzeGraph(
    t.nodeCount,
    clustering.representative,
    t.restrained,
    t.elementStart,
    t.elementNodes,
    t.frameI,
    t.frameJ,
    Int32Array.from(joins),
  );
}

/**
 * C08: a frame end whose node (after C01's merge and the tool's own joins) has one element and no restraint. C09: a component (frames,
 * cables, links, areas, after the merge) with no restrained node; one issue per component, named by its lowest
 * node id.
 */
export function checkGraph(t: Topology, graph: GraphAnalysis): { freeEnds: Issue[]; floating: Issue[] } {
  const freeEnds: Issue[] = [];
  let loaded: Set<string> | null = null;
  for (const end of graph.freeEnds) {
    const f = end >> 1;
    const node = (end & 1 ? t.frameJ[f] : t.frameI[f]) as number;
    const frame = t.frames[f] as FrameElement;
    const nodeId = t.nodeIds[node] as string;
    // A free end is a cantilever tip (a warning) unless the member cannot cantilever, being hinged at its other
    // end, and carries load: then it hangs on a pin, a mechanism under that load.
    const other = end & 1 ? frame.releases?.i : frame.releases?.j;
    let hanging = false;
    if (other && (other.m2 || other.m3)) {
      loaded ??= new Set(
        t.model.loads.flatMap((load) =>
          load.type === 'LinearLoad'
            ? [load.elementId]
            : load.type === 'PointLoad'
              ? [`@${load.nodeId}`]
              : [],
        ),
      );
      hanging = loaded.has(frame.id) || loaded.has(`@${nodeId}`);
    }
    freeEnds.push(
      makeIssue('C08', hanging ? 'error' : 'warning', [frame.id], [nodeId], point(t, node), null, {
        check: 'C08',
        elementId: frame.id,
        end: end & 1 ? 'j' : 'i',
        nodeId,
      }),
    );
  }
  const floating: Issue[] = [];
  if (graph.floatingRoots.length > 0) {
    const slot = new Map<number, number>();
    graph.floatingRoots.forEach((root, index) => slot.set(root, index));
    const nodesOf: number[][] = Array.from(graph.floatingRoots, () => []);
    const elementsOf: string[][] = Array.from(graph.floatingRoots, () => []);
    for (let node = 0; node < t.nodeCount; node++) {
      const k = slot.get(graph.component[node] as number);
      if (k !== undefined) (nodesOf[k] as number[]).push(node);
    }
    for (let e = 0; e < t.elements.length; e++) {
      const start = t.elementStart[e] as number;
      if (start === t.elementStart[e + 1]) continue;
      const k = slot.get(graph.component[t.elementNodes[start] as number] as number);
      if (k !== undefined) (elementsOf[k] as string[]).push((t.elements[e] as Element).id);
    }
    for (let k = 0; k < nodesOf.length; k++) {
      const nodes = nodesOf[k] as number[];
      let lowest = nodes[0] as number;
      for (const node of nodes)
        if (compareIds(t.nodeIds[node] as string, t.nodeIds[lowest] as string) < 0) lowest = node;
      const ids = nodes.map((node) => t.nodeIds[node] as string);
      floating.push(
        makeIssue(
          'C09',
          'error',
          elementsOf[k] as string[],
          ids,
          point(t, lowest),
          null,
          { check: 'C09', size: nodes.length },
          issueId('C09', [], [t.nodeIds[lowest] as string]),
        ),
      );
    }
  }
  return { freeEnds, floating };
}

/** C10: a node within tolSnap of its nearest level elevation but not at it (more than tolMerge away): auto-snap. */
export function checkOffLevel(t: Topology): Issue[] {
  const { merge, snap } = t.tolerances;
  const issues: Issue[] = [];
  const elevations = t.elevations;
  if (elevations.length === 0) return issues;
  for (let node = 0; node < t.nodeCount; node++) {
    const z = t.zs[node] as number;
    const above = t.levelsBelow[node] as number;
    let nearest = -1;
    let best = Infinity;
    for (const k of [above - 1, above, above + 1]) {
      if (k < 0 || k >= elevations.length) continue;
      const d = Math.abs(z - (elevations[k] as number));
      if (d < best) {
        best = d;
        nearest = k;
      }
    }
    if (nearest < 0 || best <= merge || best > snap) continue;
    const nodeId = t.nodeIds[node] as string;
    const level = t.levels[nearest]!;
    issues.push(
      makeIssue('C10', 'warning', [], [nodeId], point(t, node), best, {
        check: 'C10',
        nodeId,
        levelId: level.id,
        dz: z - level.elevation,
        auto: true,
      }),
    );
  }
  return issues;
}

/** Nearest grid line to (x, y) in plan: distance, the line's id and the projection. */
function nearestGridLine(
  t: Topology,
  x: number,
  y: number,
): { distance: number; id: string; px: number; py: number } | null {
  let best: { distance: number; id: string; px: number; py: number } | null = null;
  const consider = (candidate: { distance: number; id: string; px: number; py: number }) => {
    if (
      !best ||
      candidate.distance < best.distance ||
      (candidate.distance === best.distance && candidate.id < best.id)
    )
      best = candidate;
  };
  const axis = (
    lines: { coordinate: number; id: string }[],
    value: number,
    make: (c: number) => { px: number; py: number },
  ) => {
    let low = 0;
    let high = lines.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if ((lines[middle] as { coordinate: number }).coordinate < value) low = middle + 1;
      else high = middle;
    }
    for (const k of [low - 1, low]) {
      const line = lines[k];
      if (!line) continue;
      consider({ distance: Math.abs(value - line.coordinate), id: line.id, ...make(line.coordinate) });
    }
  };
  axis(t.grids.xLines, x, (c) => ({ px: c, py: y }));
  axis(t.grids.yLines, y, (c) => ({ px: x, py: c }));
  for (const grid of t.grids.general) {
    if (grid.geometry.kind !== 'general') continue;
    const { start, end } = grid.geometry;
    const dx = end.x - start.x;
    const dy = end.y - start.y;
    const length2 = dx * dx + dy * dy;
    if (length2 === 0) continue;
    const s = ((x - start.x) * dx + (y - start.y) * dy) / length2;
    const px = start.x + s * dx;
    const py = start.y + s * dy;
    consider({ distance: Math.hypot(px - x, py - y), id: grid.id, px, py });
  }
  return best;
}

/**
 * C11: plan distance to the nearest grid intersection in (tolMerge, tolSnap] (target: the intersection); when no
 * intersection is that near, to the nearest grid line (target: the projection onto it). Info: grids are drawing
 * aids, a node off one analyses the same.
 */
export function checkOffGrid(t: Topology): Issue[] {
  const { merge, snap } = t.tolerances;
  const issues: Issue[] = [];
  if (t.model.grids.length === 0) return issues;
  for (let node = 0; node < t.nodeCount; node++) {
    const x = t.xs[node] as number;
    const y = t.ys[node] as number;
    const z = t.zs[node] as number;
    const nodeId = t.nodeIds[node] as string;
    const intersection = nearestIntersection(t.grids, x, y, snap);
    if (intersection) {
      if (intersection.distance <= merge) continue;
      const target = t.grids.points[intersection.index]!;
      issues.push(
        makeIssue('C11', 'info', [], [nodeId], point(t, node), intersection.distance, {
          check: 'C11',
          nodeId,
          gridIds: [...target.ids],
          target: { x: target.x, y: target.y, z },
          auto: true,
        }),
      );
      continue;
    }
    const line = nearestGridLine(t, x, y);
    if (!line || line.distance <= merge || line.distance > snap) continue;
    issues.push(
      makeIssue('C11', 'info', [], [nodeId], point(t, node), line.distance, {
        check: 'C11',
        nodeId,
        gridIds: [line.id],
        target: { x: line.px, y: line.py, z },
        auto: true,
      }),
    );
  }
  return issues;
}

/** C12: angle to the horizontal or to the vertical in (0, classAngle]; "0" means more than 1e-9 degrees. */
export function checkNearlyAligned(t: Topology): Issue[] {
  const classAngle = t.tolerances.classAngle;
  const issues: Issue[] = [];
  for (let f = 0; f < t.frames.length; f++) {
    const i = t.frameI[f] as number;
    const j = t.frameJ[f] as number;
    const plan = Math.hypot(
      (t.xs[j] as number) - (t.xs[i] as number),
      (t.ys[j] as number) - (t.ys[i] as number),
    );
    const rise = Math.abs((t.zs[j] as number) - (t.zs[i] as number));
    if (plan === 0 && rise === 0) continue;
    const fromHorizontal = Math.atan2(rise, plan) * DEG;
    const fromVertical = 90 - fromHorizontal;
    let angle: number;
    let suggestedType: 'Beam' | 'Column';
    if (fromHorizontal > 1e-9 && fromHorizontal <= classAngle) {
      angle = fromHorizontal;
      suggestedType = 'Beam';
    } else if (fromVertical > 1e-9 && fromVertical <= classAngle) {
      angle = fromVertical;
      suggestedType = 'Column';
    } else continue;
    const frame = t.frames[f] as FrameElement;
    issues.push(
      makeIssue('C12', 'warning', [frame.id], [], point(t, i), angle, {
        check: 'C12',
        elementId: frame.id,
        angle,
        currentType: frame.type,
        suggestedType,
      }),
    );
  }
  return issues;
}

/**
 * C13: nodes of members or other areas lying on an area edge (within tolMerge, more than tolMerge from both
 * corners) that are not vertices of that area. Where the analysis joins them itself (`edgesJoined`: ETABS' automatic
 * edge constraint [C5], an auto-meshed floor) they are `info` and go to `joins`; elsewhere they are warnings. Openings are skipped (holes carry no stiffness). The
 * wall-top-to-slab gap half of C13 is not checked yet (`gap` stays null).
 */
export function checkAreaEdges(t: Topology, clustering: Clustering, joins: number[] = []): Issue[] {
  const tol = t.tolerances.merge;
  const rep = clustering.representative;
  // Typed edge lists, counted first: a 1M-element model has about a million area edges.
  const isEdgeArea = (e: number): boolean => {
    const element = t.elements[e] as Element;
    return (
      isAreaElement(element) &&
      element.type !== 'Opening' &&
      (t.elementStart[e + 1] as number) - (t.elementStart[e] as number) >= 3
    );
  };
  let edgeCount = 0;
  for (let e = 0; e < t.elements.length; e++)
    if (isEdgeArea(e)) edgeCount += (t.elementStart[e + 1] as number) - (t.elementStart[e] as number);
  if (edgeCount === 0) return [];
  const edgeArea = new Int32Array(edgeCount);
  const edgeIndex = new Int32Array(edgeCount);
  const edgeA = new Int32Array(edgeCount);
  const edgeB = new Int32Array(edgeCount);
  let edgeFill = 0;
  for (let e = 0; e < t.elements.length; e++) {
    if (!isEdgeArea(e)) continue;
    const start = t.elementStart[e] as number;
    const n = (t.elementStart[e + 1] as number) - start;
    for (let k = 0; k < n; k++) {
      edgeArea[edgeFill] = e;
      edgeIndex[edgeFill] = k;
      edgeA[edgeFill] = t.elementNodes[start + k] as number;
      edgeB[edgeFill] = t.elementNodes[start + ((k + 1) % n)] as number;
      edgeFill++;
    }
  }
  const boxes = new Float64Array(edgeArea.length * 6);
  const lengths = new Float64Array(edgeArea.length);
  for (let k = 0; k < edgeArea.length; k++) {
    const a = edgeA[k] as number;
    const b = edgeB[k] as number;
    const base = k * 6;
    boxes[base] = Math.min(t.xs[a] as number, t.xs[b] as number) - tol;
    boxes[base + 1] = Math.min(t.ys[a] as number, t.ys[b] as number) - tol;
    boxes[base + 2] = Math.min(t.zs[a] as number, t.zs[b] as number) - tol;
    boxes[base + 3] = Math.max(t.xs[a] as number, t.xs[b] as number) + tol;
    boxes[base + 4] = Math.max(t.ys[a] as number, t.ys[b] as number) + tol;
    boxes[base + 5] = Math.max(t.zs[a] as number, t.zs[b] as number) + tol;
    lengths[k] = distance(t, a, b);
  }
  lengths.sort();
  const grid = new BoxGrid(boxes, Math.max(lengths[lengths.length >> 1] as number, 8 * tol, 1e-6));
  const hits = new Map<number, number[]>();
  for (let node = 0; node < t.nodeCount; node++) {
    if (t.degree[node] === 0) continue;
    const x = t.xs[node] as number;
    const y = t.ys[node] as number;
    const z = t.zs[node] as number;
    const r = rep[node] as number;
    grid.forEachOverlapping(x, y, z, x, y, z, (k) => {
      const e = edgeArea[k] as number;
      for (let p = t.elementStart[e] as number; p < (t.elementStart[e + 1] as number); p++)
        if (rep[t.elementNodes[p] as number] === r) return;
      const a = edgeA[k] as number;
      const b = edgeB[k] as number;
      const ax = t.xs[a] as number;
      const ay = t.ys[a] as number;
      const az = t.zs[a] as number;
      const dx = (t.xs[b] as number) - ax;
      const dy = (t.ys[b] as number) - ay;
      const dz = (t.zs[b] as number) - az;
      const length = Math.hypot(dx, dy, dz);
      if (length === 0) return;
      const along = ((x - ax) * dx + (y - ay) * dy + (z - az) * dz) / length;
      if (along <= tol || length - along <= tol) return;
      const s = along / length;
      if (Math.hypot(ax + s * dx - x, ay + s * dy - y, az + s * dz - z) > tol) return;
      const list = hits.get(k);
      if (list) list.push(node);
      else hits.set(k, [node]);
    });
  }
  const issues: Issue[] = [];
  for (const [k, nodes] of hits) {
    const area = t.elements[edgeArea[k] as number] as Element;
    // An edge the analysis joins itself (ETABS' automatic edge constraint, an auto-meshed floor): info.
    const joined = t.edgesJoined[edgeArea[k] as number] === 1;
    const severity = joined ? 'info' : 'warning';
    if (joined) for (const node of nodes) joins.push(node, edgeA[k] as number);
    nodes.sort((a, b) => compareIds(t.nodeIds[a] as string, t.nodeIds[b] as string));
    const nodeIds = nodes.map((node) => t.nodeIds[node] as string);
    const edge = edgeIndex[k] as number;
    issues.push(
      makeIssue(
        'C13',
        severity,
        [area.id],
        nodeIds,
        point(t, nodes[0] as number),
        null,
        { check: 'C13', elementId: area.id, edge, nodeIds, gap: null, meshed: joined },
        `C13:${area.id}#${edge}@${nodeIds.join(',')}`,
      ),
    );
  }
  return issues;
}

/**
 * C14: a member with an insertion offset (either end) or an end length offset longer than tolMerge: its physical
 * line is not the analytical line. Offsets are reported as vectors; an end length offset lies along the member.
 * Info: offsets and rigid zones are modelled on purpose, and the analysis handles them.
 */
export function checkEccentric(t: Topology): Issue[] {
  const tol = t.tolerances.merge;
  const issues: Issue[] = [];
  for (let f = 0; f < t.frames.length; f++) {
    const frame = t.frames[f] as FrameElement;
    if (!frame.insertionOffsets && !frame.endOffsets) continue;
    const i = t.frameI[f] as number;
    const j = t.frameJ[f] as number;
    const length = distance(t, i, j);
    const ux = length > 0 ? ((t.xs[j] as number) - (t.xs[i] as number)) / length : 0;
    const uy = length > 0 ? ((t.ys[j] as number) - (t.ys[i] as number)) / length : 0;
    const uz = length > 0 ? ((t.zs[j] as number) - (t.zs[i] as number)) / length : 0;
    const insertion = frame.insertionOffsets ?? { i: { x: 0, y: 0, z: 0 }, j: { x: 0, y: 0, z: 0 } };
    const along = frame.endOffsets ?? { i: 0, j: 0 };
    const offsetI = {
      x: insertion.i.x + ux * along.i,
      y: insertion.i.y + uy * along.i,
      z: insertion.i.z + uz * along.i,
    };
    const offsetJ = {
      x: insertion.j.x - ux * along.j,
      y: insertion.j.y - uy * along.j,
      z: insertion.j.z - uz * along.j,
    };
    const largest = Math.max(
      Math.hypot(insertion.i.x, insertion.i.y, insertion.i.z),
      Math.hypot(insertion.j.x, insertion.j.y, insertion.j.z),
      Math.abs(along.i),
      Math.abs(along.j),
    );
    if (largest <= tol) continue;
    issues.push(
      makeIssue('C14', 'info', [frame.id], [], point(t, i), largest, {
        check: 'C14',
        elementId: frame.id,
        offsets: { i: offsetI, j: offsetJ },
      }),
    );
  }
  return issues;
}

/**
 * The unit vectors of a member's local axes 1, 2, 3 (CSI default: 2 in the vertical plane through 1, pointing up;
 * vertical members take 2 = +X), turned by `orientationAngle` about axis 1.
 */
function localAxes(
  dx: number,
  dy: number,
  dz: number,
  angle: number | undefined,
): [number[], number[], number[]] {
  const length = Math.hypot(dx, dy, dz);
  const one = [dx / length, dy / length, dz / length];
  let two: number[];
  if (Math.hypot(dx, dy) <= 1e-3 * length) two = [1, 0, 0];
  else {
    // 3 = 1 × Z (horizontal), 2 = 3 × 1 (up-pointing in the vertical plane).
    const three = [one[1] as number, -(one[0] as number), 0];
    const n3 = Math.hypot(three[0] as number, three[1] as number);
    three[0] = (three[0] as number) / n3;
    three[1] = (three[1] as number) / n3;
    two = cross(three, one);
  }
  let three = cross(one, two);
  if (angle) {
    const c = Math.cos(angle / DEG);
    const s = Math.sin(angle / DEG);
    const rotatedTwo = two.map((value, k) => c * value + s * (three[k] as number));
    three = three.map((value, k) => c * value - s * (two[k] as number));
    two = rotatedTwo;
  }
  return [one, two, three];
}

function cross(a: number[], b: number[]): number[] {
  return [
    (a[1] as number) * (b[2] as number) - (a[2] as number) * (b[1] as number),
    (a[2] as number) * (b[0] as number) - (a[0] as number) * (b[2] as number),
    (a[0] as number) * (b[1] as number) - (a[1] as number) * (b[0] as number),
  ];
}

/** The rank (0–3) of a set of 3-vectors, by Gram–Schmidt with a relative tolerance. */
function rank(vectors: number[][]): number {
  const basis: number[][] = [];
  for (const vector of vectors) {
    const v = [...vector];
    for (const b of basis) {
      const dot =
        (v[0] as number) * (b[0] as number) +
        (v[1] as number) * (b[1] as number) +
        (v[2] as number) * (b[2] as number);
      for (let k = 0; k < 3; k++) v[k] = (v[k] as number) - dot * (b[k] as number);
    }
    const norm = Math.hypot(v[0] as number, v[1] as number, v[2] as number);
    if (norm > 1e-6) basis.push(v.map((value) => value / norm));
    if (basis.length === 3) break;
  }
  return basis.length;
}

/**
 * C15, after CSI's "unstable end releases" rules (ETABS manual vol. 1 [C15]): a member is unstable when it
 * releases, at both ends, P (axial), V2, V3 or T (torsion); or M2 at both ends with V3 at either end; or M3 at
 * both ends with V2 at either end. Then, on the assembled structure, each node where some member end releases a
 * rotation and two or more things meet: the rotations held there are those the member ends keep (their local axes
 * 1/2/3 for T/M2/M3, turned to global), two in-plane directions per shell area, everything for a member the node
 * lies on and the tool meshes there (`spanHosts`, the member goes on through it), the node's rotational restraints,
 * Z for a diaphragm, everything for a spring or link. When they do not span all three directions, a rotation of the
 * node is held by nothing: a mechanism. A beam pinned at both ends onto columns is not one (the columns hold the
 * node); two pinned beams meeting in line with nothing else are.
 */
export function checkReleases(t: Topology, spanHosts: Uint8Array = new Uint8Array(t.nodeCount)): Issue[] {
  const issues: Issue[] = [];
  const anyRotationReleased = new Uint8Array(t.nodeCount);
  for (let f = 0; f < t.frames.length; f++) {
    const frame = t.frames[f] as FrameElement;
    const i = t.frameI[f] as number;
    const j = t.frameJ[f] as number;
    const releases = frame.releases;
    if (!releases) continue;
    const { i: ri, j: rj } = releases;
    if (ri.t || ri.m2 || ri.m3) anyRotationReleased[i] = 1;
    if (rj.t || rj.m2 || rj.m3) anyRotationReleased[j] = 1;
    const reasons: string[] = [];
    if (ri.p && rj.p) reasons.push('P released at both ends');
    if (ri.v2 && rj.v2) reasons.push('V2 released at both ends');
    if (ri.v3 && rj.v3) reasons.push('V3 released at both ends');
    if (ri.t && rj.t) reasons.push('T released at both ends');
    if (ri.m2 && rj.m2 && (ri.v3 || rj.v3)) reasons.push('M2 released at both ends with V3 released');
    if (ri.m3 && rj.m3 && (ri.v2 || rj.v2)) reasons.push('M3 released at both ends with V2 released');
    if (reasons.length === 0) continue;
    const reason = reasons.join('; ');
    issues.push(
      makeIssue('C15', 'error', [frame.id], [], point(t, i), null, {
        check: 'C15',
        elementId: frame.id,
        nodeId: null,
        reason,
      }),
    );
  }
  // Only nodes where some end releases a rotation, two or more things meet, and nothing holds every rotation.
  const kept = new Map<number, { vectors: number[][]; frames: string[] }>();
  for (let node = 0; node < t.nodeCount; node++) {
    const held = t.rotationHeld[node] as number;
    if (
      anyRotationReleased[node] &&
      (t.degree[node] as number) + (spanHosts[node] as number) >= 2 &&
      !spanHosts[node] &&
      !(held & 8)
    ) {
      const vectors: number[][] = [];
      if (held & 1) vectors.push([1, 0, 0]);
      if (held & 2) vectors.push([0, 1, 0]);
      if (held & 4) vectors.push([0, 0, 1]);
      kept.set(node, { vectors, frames: [] });
    }
  }
  if (kept.size === 0) return issues;
  for (let f = 0; f < t.frames.length; f++) {
    const i = t.frameI[f] as number;
    const j = t.frameJ[f] as number;
    const atI = kept.get(i);
    const atJ = kept.get(j);
    if (!atI && !atJ) continue;
    const frame = t.frames[f] as FrameElement;
    const dx = (t.xs[j] as number) - (t.xs[i] as number);
    const dy = (t.ys[j] as number) - (t.ys[i] as number);
    const dz = (t.zs[j] as number) - (t.zs[i] as number);
    if (dx === 0 && dy === 0 && dz === 0) continue;
    const axes = localAxes(dx, dy, dz, frame.orientationAngle);
    for (const [entry, end] of [
      [atI, frame.releases?.i],
      [atJ, frame.releases?.j],
    ] as const) {
      if (!entry) continue;
      entry.frames.push(frame.id);
      if (!end?.t) entry.vectors.push(axes[0]);
      if (!end?.m2) entry.vectors.push(axes[1]);
      if (!end?.m3) entry.vectors.push(axes[2]);
    }
  }
  // Shell areas hold the rotations about their own plane (membranes and the drilling rotation aside: lenient).
  for (let e = 0; e < t.elements.length; e++) {
    const element = t.elements[e] as Element;
    if (!isAreaElement(element) || element.type === 'Opening') continue;
    const start = t.elementStart[e] as number;
    const end = t.elementStart[e + 1] as number;
    if (end - start < 3) continue;
    let touches = false;
    for (let k = start; k < end && !touches; k++) if (kept.has(t.elementNodes[k] as number)) touches = true;
    if (!touches) continue;
    const a = t.elementNodes[start] as number;
    const b = t.elementNodes[start + 1] as number;
    const c = t.elementNodes[start + 2] as number;
    const u = [
      (t.xs[b] as number) - (t.xs[a] as number),
      (t.ys[b] as number) - (t.ys[a] as number),
      (t.zs[b] as number) - (t.zs[a] as number),
    ];
    const v = [
      (t.xs[c] as number) - (t.xs[a] as number),
      (t.ys[c] as number) - (t.ys[a] as number),
      (t.zs[c] as number) - (t.zs[a] as number),
    ];
    for (let k = start; k < end; k++) {
      const entry = kept.get(t.elementNodes[k] as number);
      if (entry) entry.vectors.push(u, v);
    }
  }
  for (const [node, entry] of kept) {
    if (rank(entry.vectors) === 3) continue;
    const nodeId = t.nodeIds[node] as string;
    issues.push(
      makeIssue('C15', 'error', entry.frames, [nodeId], point(t, node), null, {
        check: 'C15',
        elementId: null,
        nodeId,
        reason: `a rotation of the node is held by nothing: every member end there releases it (${entry.frames.length} frame ends) and no area, support or diaphragm holds it`,
      }),
    );
  }
  return issues;
}

const ROTATION_KEYS = new Set([
  'ang',
  'angle',
  'rotation',
  'rotationangle',
  'orientation',
  'orientationangle',
  'localaxisangle',
  'localaxesangle',
  'beta',
  'crossSectionRotation'.toLowerCase(),
]);

/** Whether rotating the section about its axis can matter: circles, pipes and squares are exempt; unknown is exempt. */
function rotationMatters(profile: Profile | undefined): boolean {
  if (!profile || profile.kind !== 'frame') return false;
  const section = profile.section;
  switch (section.shape) {
    case 'circle':
    case 'pipe':
    case 'general':
      return false;
    case 'rectangle':
    case 'tube':
      return Math.abs(section.depth - section.width) > 1e-9;
    case 'i':
      return true;
    case 'library': {
      const name = section.designation.toUpperCase().replace(/\s+/g, '');
      if (/^PIPE/.test(name) || /^HSS[\d.]+X[\d./]+$/.test(name)) return false;
      const square = /^HSS([\d.]+)X([\d.]+)X/.exec(name);
      return !(square && square[1] === square[2]);
    }
  }
}

/**
 * C16, conservatively: a frame member with no `orientationAngle`, whose section is not rotation-symmetric
 * (rotationMatters), but whose source attributes still carry a non-zero rotation (a key such as ANG, Angle,
 * Rotation, LocalAxisAngle or Beta with a number not a multiple of 360): a translator read the rotation and did
 * not map it, so the member now points the wrong way. Members with no such trace are not flagged: the absence of
 * an angle alone is the normal case.
 */
export function checkOrientation(t: Topology): Issue[] {
  const profiles = new Map(t.model.profiles.map((profile) => [profile.id, profile] as const));
  const issues: Issue[] = [];
  for (let f = 0; f < t.frames.length; f++) {
    const frame = t.frames[f] as FrameElement;
    if (frame.orientationAngle !== undefined || frame.profileId === undefined) continue;
    let rotated = false;
    for (const [key, value] of Object.entries(frame.attributes)) {
      if (!ROTATION_KEYS.has(key.toLowerCase())) continue;
      const angle = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN;
      if (Number.isFinite(angle) && Math.abs(angle % 360) > 1e-9) rotated = true;
    }
    if (!rotated || !rotationMatters(profiles.get(frame.profileId))) continue;
    issues.push(
      makeIssue('C16', 'warning', [frame.id], [], point(t, t.frameI[f] as number), null, {
        check: 'C16',
        elementId: frame.id,
        profileId: frame.profileId,
      }),
    );
  }
  return issues;
}

export type { RepairTolerances };
