import { UnionFind } from './unionFind';

/** The typed result of the connectivity graph (A6): components over merged nodes, free frame ends. */
export interface GraphAnalysis {
  /** Node → component root (a representative node index), −1 for nodes no element touches. */
  component: Int32Array;
  /** Element incidences per representative node. */
  degree: Int32Array;
  /** Whether a representative node, or any node merged into it, is restrained. */
  restrained: Uint8Array;
  /** Component roots with no restrained node. */
  floatingRoots: Int32Array;
  componentCount: number;
  /** Frame ends that are free: 2 × frame + (0 for i, 1 for j). */
  freeEnds: Int32Array;
}

/**
 * Components and free ends in O((N + M)·α) on typed arrays: a union-find over representative nodes (after C01's
 * merge) joined by every element's nodes (frames, cables, links, area polygons) and by `joins`, then one pass for
 * degrees and one over frame ends.
 */
export function analyzeGraph(
  nodeCount: number,
  representative: Int32Array,
  restrainedNodes: Uint8Array,
  elementStart: Int32Array,
  elementNodes: Int32Array,
  frameI: Int32Array,
  frameJ: Int32Array,
  joins: Int32Array = new Int32Array(0),
): GraphAnalysis {
  const unionFind = new UnionFind(nodeCount);
  const degree = new Int32Array(nodeCount);
  // Joins the analysis program makes itself (a node on a span it meshes, a meshed crossing, an edge constraint):
  // pairs (node, other); the first node gains an incidence, as if the element had been split there, unless it is
  // given as ~node (a crossing: both members go on through it, no end changes).
  for (let k = 0; k + 1 < joins.length; k += 2) {
    const first = joins[k] as number;
    const node = representative[first < 0 ? ~first : first] as number;
    const other = representative[joins[k + 1] as number] as number;
    if (first >= 0) degree[node] = (degree[node] as number) + 1;
    unionFind.union(node, other);
  }
  const elementCount = elementStart.length - 1;
  for (let e = 0; e < elementCount; e++) {
    const start = elementStart[e] as number;
    const end = elementStart[e + 1] as number;
    if (end === start) continue;
    const first = representative[elementNodes[start] as number] as number;
    degree[first] = (degree[first] as number) + 1;
    for (let k = start + 1; k < end; k++) {
      const node = representative[elementNodes[k] as number] as number;
      degree[node] = (degree[node] as number) + 1;
      unionFind.union(first, node);
    }
  }
  const restrained = new Uint8Array(nodeCount);
  for (let node = 0; node < nodeCount; node++)
    if (restrainedNodes[node]) restrained[representative[node] as number] = 1;
  const component = new Int32Array(nodeCount).fill(-1);
  const rootRestrained = new Uint8Array(nodeCount);
  const isRoot = new Uint8Array(nodeCount);
  for (let node = 0; node < nodeCount; node++) {
    const rep = representative[node] as number;
    if (degree[rep] === 0) continue;
    const root = unionFind.find(rep);
    component[node] = root;
    isRoot[root] = 1;
    if (restrained[rep]) rootRestrained[root] = 1;
  }
  let componentCount = 0;
  const floating: number[] = [];
  for (let node = 0; node < nodeCount; node++) {
    if (!isRoot[node]) continue;
    componentCount++;
    if (!rootRestrained[node]) floating.push(node);
  }
  const free: number[] = [];
  for (let f = 0; f < frameI.length; f++) {
    const i = representative[frameI[f] as number] as number;
    const j = representative[frameJ[f] as number] as number;
    if (degree[i] === 1 && !restrained[i]) free.push(2 * f);
    if (degree[j] === 1 && !restrained[j]) free.push(2 * f + 1);
  }
  return {
    component,
    degree,
    restrained,
    floatingRoots: Int32Array.from(floating),
    componentCount,
    freeEnds: Int32Array.from(free),
  };
}
