import { generateBuilding } from '../../src/engine/testing/building';
import type { PresetName } from '../../src/engine/testing/presets';
import { NOMINAL_ELEMENTS, presetParameters } from '../../src/engine/testing/presets';
import { createRandom } from '../../src/engine/testing/random';
import { defineBenchmark } from '../harness';
import {
  analyzeGraph,
  checkConnectivity,
  clusterPoints,
  multiMemberClasses,
  UnionFind,
} from '../../src/engine/connectivity';
import { isFrameElement } from '../../src/engine/schema';

/**
 * Issue #8's connectivity targets on typed inputs, each against a naive baseline measured in the same run:
 * (a) C01 merge classes of N jittered points (N = 100k or 1M: every member end its own point, ±0.2 mm, as in
 *     repair-diff-domain.md §2.5) — numeric-key voxel hash + union-find vs a string-keyed Map voxel hash;
 * (b) the connectivity graph of M members (components, floating parts, free ends: C08 + C09) — typed union-find vs
 *     a Map<string, string[]> adjacency walked breadth-first.
 * (c) end to end: checkConnectivity (all 16 checks, the complete report the server caches) of the preset's generated
 *     building (1M elements at the default preset: columns, beams, braces, floors and walls) — what "connectivity
 *     analysis of 1M members" costs with the topology pass, every spatial query and every issue object included.
 * The harness has one baseline per file: (a)'s is the baseline row; (b)'s naive version is its case after (b).
 */

const BAY = 6000;
const STOREY = 3500;

/** `count` points: copies of grid-building nodes (about 4 ends per node) jittered by ±0.2 mm. */
function jitteredEnds(
  count: number,
  seed: number,
): { xs: Float64Array; ys: Float64Array; zs: Float64Array; nodes: number } {
  const random = createRandom(seed);
  const nodes = Math.max(1, Math.floor(count / 4));
  const side = Math.max(1, Math.round(Math.cbrt(nodes)));
  const xs = new Float64Array(count);
  const ys = new Float64Array(count);
  const zs = new Float64Array(count);
  for (let p = 0; p < count; p++) {
    const node = p % nodes;
    xs[p] = (node % side) * BAY + (random.next() - 0.5) * 0.4;
    ys[p] = (Math.floor(node / side) % side) * BAY + (random.next() - 0.5) * 0.4;
    zs[p] = Math.floor(node / (side * side)) * STOREY + (random.next() - 0.5) * 0.4;
  }
  return { xs, ys, zs, nodes };
}

/** A grid building's frame graph with about `members` members, as typed arrays plus string ids for the baseline. */
function frameGraph(members: number) {
  // Per storey: side² columns + 2·side·(side − 1) beams ≈ 3·side²; 20 storeys.
  const storeys = 20;
  const side = Math.max(2, Math.round(Math.sqrt(members / storeys / 3)));
  const nodeAt = (ix: number, iy: number, k: number) => (k * side + iy) * side + ix;
  const nodeCount = side * side * (storeys + 1);
  const ends: number[] = [];
  for (let k = 1; k <= storeys; k++)
    for (let iy = 0; iy < side; iy++)
      for (let ix = 0; ix < side; ix++) {
        ends.push(nodeAt(ix, iy, k - 1), nodeAt(ix, iy, k));
        if (ix + 1 < side) ends.push(nodeAt(ix, iy, k), nodeAt(ix + 1, iy, k));
        if (iy + 1 < side) ends.push(nodeAt(ix, iy, k), nodeAt(ix, iy + 1, k));
      }
  // A free cantilever per storey and a floating beam on top, so the outputs are not empty.
  for (let k = 1; k <= storeys; k++) ends.push(nodeAt(0, 0, k), nodeAt(1, 1, k));
  const frameCount = ends.length / 2;
  const elementNodes = Int32Array.from(ends);
  const elementStart = new Int32Array(frameCount + 1);
  for (let e = 0; e <= frameCount; e++) elementStart[e] = 2 * e;
  const frameI = new Int32Array(frameCount);
  const frameJ = new Int32Array(frameCount);
  for (let e = 0; e < frameCount; e++) {
    frameI[e] = elementNodes[2 * e] as number;
    frameJ[e] = elementNodes[2 * e + 1] as number;
  }
  const restrained = new Uint8Array(nodeCount);
  for (let p = 0; p < side * side; p++) restrained[p] = 1;
  const representative = new Int32Array(nodeCount);
  for (let n = 0; n < nodeCount; n++) representative[n] = n;
  const ids = Array.from({ length: nodeCount }, (_, n) => `N${n}`);
  const memberIds = Array.from(
    { length: frameCount },
    (_, e) => [ids[ends[2 * e] as number] as string, ids[ends[2 * e + 1] as number] as string] as const,
  );
  return {
    nodeCount,
    frameCount,
    elementStart,
    elementNodes,
    frameI,
    frameJ,
    restrained,
    representative,
    ids,
    memberIds,
  };
}

/** The naive C01: a voxel hash keyed by "ix,iy,iz" strings (§2.5's 10× slower variant), same union-find. */
function naiveMerge(xs: Float64Array, ys: Float64Array, zs: Float64Array, tolerance: number): number {
  const cells = new Map<string, number[]>();
  const count = xs.length;
  const key = (p: number) =>
    `${Math.floor((xs[p] as number) / tolerance)},${Math.floor((ys[p] as number) / tolerance)},${Math.floor((zs[p] as number) / tolerance)}`;
  for (let p = 0; p < count; p++) {
    const k = key(p);
    const cell = cells.get(k);
    if (cell) cell.push(p);
    else cells.set(k, [p]);
  }
  const unionFind = new UnionFind(count);
  const t2 = tolerance * tolerance;
  for (let p = 0; p < count; p++) {
    const ix = Math.floor((xs[p] as number) / tolerance);
    const iy = Math.floor((ys[p] as number) / tolerance);
    const iz = Math.floor((zs[p] as number) / tolerance);
    for (let dx = -1; dx <= 1; dx++)
      for (let dy = -1; dy <= 1; dy++)
        for (let dz = -1; dz <= 1; dz++) {
          const cell = cells.get(`${ix + dx},${iy + dy},${iz + dz}`);
          if (!cell) continue;
          for (const q of cell) {
            if (q <= p) continue;
            const ex = (xs[q] as number) - (xs[p] as number);
            const ey = (ys[q] as number) - (ys[p] as number);
            const ez = (zs[q] as number) - (zs[p] as number);
            if (ex * ex + ey * ey + ez * ez <= t2) unionFind.union(p, q);
          }
        }
  }
  let classes = 0;
  for (let p = 0; p < count; p++) if (unionFind.find(p) === p) classes++;
  return classes;
}

/** The naive graph: Map<string, string[]> adjacency, BFS per component, free ends by adjacency size. */
function naiveGraph(graph: ReturnType<typeof frameGraph>): {
  components: number;
  floating: number;
  freeEnds: number;
} {
  const adjacency = new Map<string, string[]>();
  const link = (a: string, b: string) => {
    const list = adjacency.get(a);
    if (list) list.push(b);
    else adjacency.set(a, [b]);
  };
  for (const [a, b] of graph.memberIds) {
    link(a, b);
    link(b, a);
  }
  const restrained = new Set(graph.ids.filter((_, n) => graph.restrained[n]));
  const seen = new Set<string>();
  let components = 0;
  let floating = 0;
  for (const start of adjacency.keys()) {
    if (seen.has(start)) continue;
    components++;
    let supported = false;
    const queue = [start];
    seen.add(start);
    while (queue.length > 0) {
      const node = queue.pop() as string;
      if (restrained.has(node)) supported = true;
      for (const next of adjacency.get(node) ?? []) {
        if (seen.has(next)) continue;
        seen.add(next);
        queue.push(next);
      }
    }
    if (!supported) floating++;
  }
  let freeEnds = 0;
  for (const [a, b] of graph.memberIds) {
    if (adjacency.get(a)?.length === 1 && !restrained.has(a)) freeEnds++;
    if (adjacency.get(b)?.length === 1 && !restrained.has(b)) freeEnds++;
  }
  return { components, floating, freeEnds };
}

export default defineBenchmark({
  name: 'connectivity',
  setup({ preset, seed, log }) {
    const size = NOMINAL_ELEMENTS[preset as PresetName];
    log(`generating ${size} jittered member ends and a frame graph of about ${size} members`);
    const points = jitteredEnds(size, seed);
    const graph = frameGraph(size);
    const merge = () => {
      const unionFind = clusterPoints(points.xs, points.ys, points.zs, 1);
      return multiMemberClasses(unionFind, points.xs.length);
    };
    const classes = merge();
    const naiveClasses = naiveMerge(points.xs, points.ys, points.zs, 1);
    const typedClasses = classes.roots.length + (points.xs.length - classes.members.length);
    if (typedClasses !== naiveClasses || typedClasses !== points.nodes)
      throw new Error(`merge disagrees: typed ${typedClasses}, naive ${naiveClasses}, true ${points.nodes}`);
    log(`merge: ${points.xs.length} points → ${typedClasses} nodes (both ways, as generated)`);
    const analyze = () =>
      analyzeGraph(
        graph.nodeCount,
        graph.representative,
        graph.restrained,
        graph.elementStart,
        graph.elementNodes,
        graph.frameI,
        graph.frameJ,
      );
    const typed = analyze();
    const naive = naiveGraph(graph);
    if (
      typed.componentCount !== naive.components ||
      typed.floatingRoots.length !== naive.floating ||
      typed.freeEnds.length !== naive.freeEnds
    )
      throw new Error(`graph disagrees: ${JSON.stringify(naive)}`);
    log(
      `graph: ${graph.frameCount} members, ${naive.components} components, ${naive.freeEnds} free ends (both ways)`,
    );
    log(`generating the ${preset} building for the end-to-end report`);
    const building = generateBuilding(presetParameters(preset as PresetName, seed));
    const buildingMembers = building.elements.filter(isFrameElement).length;
    const report = checkConnectivity(building);
    const found = Object.entries(report.counts)
      .filter(([, count]) => count > 0)
      .map(([check, count]) => `${check} ${count}`)
      .join(', ');
    log(
      `building: ${building.elements.length} elements (${buildingMembers} members), ${building.nodes.length} nodes; ` +
        `report: ${found || 'no issues'}`,
    );
    return {
      baseline: {
        name: `(a) merge ${points.xs.length} points, string-keyed Map voxel hash`,
        run: () => naiveMerge(points.xs, points.ys, points.zs, 1),
      },
      cases: [
        { name: `(a) merge ${points.xs.length} points, clusterPoints (typed voxel hash)`, run: merge },
        { name: `(b) graph of ${graph.frameCount} members, analyzeGraph (typed)`, run: analyze },
        { name: `(b) baseline: Map<string, string[]> adjacency + BFS`, run: () => naiveGraph(graph) },
        {
          name: `(c) checkConnectivity, all 16 checks, ${building.elements.length} elements (${buildingMembers} members)`,
          run: () => checkConnectivity(building),
        },
      ],
      note:
        `(a) ${points.xs.length} member-end points of ${points.nodes} true nodes, jittered ±0.2 mm, merged at 1 mm ` +
        '(C01 classes: clusterPoints + multiMemberClasses); baseline: the same union-find over a string-keyed Map voxel ' +
        `hash. (b) ${graph.frameCount} frame members of a 20-storey grid building (components, floating parts, free ` +
        'ends: C08 + C09 core); its naive Map adjacency + BFS is the last row (compare (b) rows with each other). ' +
        'Both typed results are checked against the naive ones in setup. (c) the complete 16-check report of the ' +
        `generated ${preset} building (${building.elements.length} elements, ${buildingMembers} frame members, ` +
        `${building.nodes.length} nodes, ${report.issues.length} issues: ${found || 'none'}): topology, C01 classes, ` +
        'spatial indexes, every check, issue objects and the sort — the end-to-end cost.',
    };
  },
});
