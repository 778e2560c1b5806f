import { describe, expect, it } from 'vitest';
import { seededRandom } from '../repair/testing/defects';
import type { CheckId } from '../repair/types';
import { defaultTolerances } from '../repair/types';
import type { FrameElement, Model, Node } from '../schema';
import { emptyModel } from '../schema';
import { checkConnectivity } from './index';
import { UnionFind } from './unionFind';

/*
 * Issue #8: "results identical to a brute-force reference on 20k". A random model of ~20k nodes and ~8k members on a
 * 100 mm lattice, every member end its own node jittered by up to ±0.7 mm (so coincident classes, chains wider than
 * 2 × tolMerge, near misses, T-junctions and crossings within and beyond tolMerge all occur), plus two level
 * elevations for the datum rule. The references below apply the definitions to every pair (O(n²)); for the spans
 * and crossings a sort on x only skips pairs whose boxes (inflated by tolMerge) are apart, which cannot qualify.
 */
const tol = defaultTolerances('mm');
const SPACING = 100;

function randomModel(seed: number): Model {
  const random = seededRandom(seed);
  const model = emptyModel({ tool: 'gusset' });
  const source = model.source;
  for (const [k, elevation] of [200, 500].entries())
    model.levels.push({
      id: `L${k}`,
      source,
      name: `L${k}`,
      attributes: {},
      type: 'Level',
      elevation,
      height: 300,
    });
  const jitter = () => (random() - 0.5) * 1.4;
  const addNode = (x: number, y: number, z: number): string => {
    const id = `n${model.nodes.length}`;
    model.nodes.push({
      id,
      source,
      name: id,
      attributes: {},
      type: 'Node',
      x: x + jitter(),
      y: y + jitter(),
      z: z + jitter(),
    });
    return id;
  };
  for (let m = 0; m < 8000; m++) {
    const alongX = random() < 0.5;
    const fixedA = Math.floor(random() * 12) * SPACING;
    const z = Math.floor(random() * 8) * SPACING;
    const start = Math.floor(random() * 12);
    const end = start + 1 + Math.floor(random() * 5);
    const [x0, y0, x1, y1] = alongX
      ? [start * SPACING, fixedA, end * SPACING, fixedA]
      : [fixedA, start * SPACING, fixedA, end * SPACING];
    const member: FrameElement = {
      id: `m${m}`,
      source,
      name: `m${m}`,
      attributes: {},
      type: random() < 0.2 ? 'Brace' : 'Beam',
      startNodeId: addNode(x0, y0, z),
      endNodeId: addNode(x1, y1, z),
    };
    model.elements.push(member);
  }
  // Loose points: a few near each other, most alone.
  for (let p = 0; p < 4000; p++) addNode(random() * 1200, random() * 1200, random() * 800);
  model.nodes.push({ id: 'base', source, name: 'base', attributes: {}, type: 'Node', x: -5000, y: 0, z: 0 });
  return model;
}

const DEG = 180 / Math.PI;

describe('connectivity checks agree with an O(n²) reference on ~20k nodes', () => {
  const model = randomModel(42);
  const report = checkConnectivity(model, tol, ['C01', 'C02', 'C03', 'C04']);
  const ids = (check: CheckId) =>
    report.issues.filter((issue) => issue.check === check).map((issue) => issue.id);
  const nodes = model.nodes;
  const n = nodes.length;
  const index = new Map(nodes.map((node, k) => [node.id, k] as const));
  const members = model.elements as FrameElement[];
  const ends = members.map((m) => [index.get(m.startNodeId)!, index.get(m.endNodeId)!] as const);
  const degree = new Int32Array(n);
  for (const [i, j] of ends) {
    degree[i]!++;
    degree[j]!++;
  }
  const memberOf = new Int32Array(n).fill(-1);
  ends.forEach(([i, j], m) => {
    memberOf[i] = m;
    memberOf[j] = m;
  });
  const d = (a: Node, b: Node) => Math.hypot(a.x - b.x, a.y - b.y, a.z - b.z);
  const side = (z: number) =>
    [200, 500].filter((e) => e < z - 1e-6).length * 2 +
    ([200, 500].some((e) => Math.abs(e - z) <= 1e-6) ? 1 : 0);
  // Two nodes cross a datum when a level lies strictly between them.
  const sameDatum = (a: Node, b: Node) => {
    const [low, high] = a.z <= b.z ? [a, b] : [b, a];
    return ![200, 500].some((e) => e > low.z + 1e-6 && e < high.z - 1e-6) || side(low.z) === side(high.z);
  };
  const reference = new UnionFind(n);
  const pairs: [number, number, number][] = [];
  // Every pair within tolNear (tolMerge is less), found by a sweep on x: pairs further apart on x are further apart.
  const byX = [...nodes.keys()].sort((a, b) => nodes[a]!.x - nodes[b]!.x);
  for (let left = 0; left < n; left++)
    for (let right = left + 1; right < n; right++) {
      const [i, j] = [byX[left]!, byX[right]!];
      if (nodes[j]!.x - nodes[i]!.x > tol.near) break;
      const [a, b] = i < j ? [i, j] : [j, i];
      const distance = d(nodes[a]!, nodes[b]!);
      if (distance <= tol.near) pairs.push([a, b, distance]);
      if (distance <= tol.merge && sameDatum(nodes[a]!, nodes[b]!)) reference.union(a, b);
    }

  it('C01: the same coincident classes and refusals', () => {
    const classes = new Map<number, number[]>();
    for (let k = 0; k < n; k++) {
      const root = reference.find(k);
      classes.set(root, [...(classes.get(root) ?? []), k]);
    }
    const expected: string[] = [];
    let refused = 0;
    for (const members of classes.values()) {
      if (members.length < 2) continue;
      expected.push(
        `C01:@${members
          .map((k) => nodes[k]!.id)
          .sort()
          .join(',')}`,
      );
      let diameter = 0;
      let crosses = false;
      for (const a of members)
        for (const b of members) {
          diameter = Math.max(diameter, d(nodes[a]!, nodes[b]!));
          if (!sameDatum(nodes[a]!, nodes[b]!)) crosses = true;
        }
      if (diameter > 2 * tol.merge || crosses) refused++;
    }
    expect(expected.length).toBeGreaterThan(1000);
    expect(refused).toBeGreaterThan(0);
    expect(ids('C01')).toEqual(expected.sort());
    expect(
      report.issues.filter((issue) => issue.detail.check === 'C01' && issue.detail.refused),
    ).toHaveLength(refused);
  });

  it('C02: the same near misses', () => {
    const expected = pairs
      .filter(([a, b, distance]) => distance > tol.merge && reference.find(a) !== reference.find(b))
      .filter(([a, b]) => memberOf[a] === -1 || memberOf[a] !== memberOf[b])
      // A gap over a quarter of the member it sits at is the model's scale (issue #21), not a near miss.
      .filter(([a, b, distance]) => {
        const length = (k: number) => {
          const m = memberOf[k] as number;
          return m === -1 ? Infinity : d(nodes[ends[m]![0]]!, nodes[ends[m]![1]]!);
        };
        return 4 * distance <= Math.min(length(a), length(b));
      })
      .map(([a, b]) => `C02:@${[nodes[a]!.id, nodes[b]!.id].sort().join(',')}`)
      .sort();
    expect(expected.length).toBeGreaterThan(100);
    expect(ids('C02')).toEqual(expected);
  });

  // Merged classes as the checks see them: refused classes stay apart.
  const representative = (() => {
    const report01 = report.issues.filter((issue) => issue.detail.check === 'C01' && !issue.detail.refused);
    const rep = new Int32Array(n).map((_, k) => k);
    for (const issue of report01) {
      const anchor = index.get(issue.detail.check === 'C01' ? issue.detail.anchorId : '')!;
      for (const id of issue.nodeIds) rep[index.get(id)!] = anchor;
    }
    return rep;
  })();

  // Nodes with a member, by x: a window on x holds every node within a distance of a point or a box.
  const connected = [...nodes.keys()]
    .filter((k) => degree[k] !== 0)
    .sort((a, b) => nodes[a]!.x - nodes[b]!.x);
  const connectedX = Float64Array.from(connected, (k) => nodes[k]!.x);
  /** The first index in `connected` whose x is at least `x`. */
  const firstAtLeast = (x: number) => {
    let low = 0;
    let high = connected.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (connectedX[middle]! < x) low = middle + 1;
      else high = middle;
    }
    return low;
  };
  const box = members.map((_, m) => {
    const [a, b] = ends[m]!.map((k) => nodes[k]!) as [Node, Node];
    return [
      Math.min(a.x, b.x) - tol.merge,
      Math.min(a.y, b.y) - tol.merge,
      Math.min(a.z, b.z) - tol.merge,
      Math.max(a.x, b.x) + tol.merge,
      Math.max(a.y, b.y) + tol.merge,
      Math.max(a.z, b.z) + tol.merge,
    ] as const;
  });

  it('C03: the same nodes on member spans', () => {
    const expected: string[] = [];
    for (let m = 0; m < members.length; m++) {
      const [i, j] = ends[m]!;
      const a = nodes[i]!;
      const b = nodes[j]!;
      const length = d(a, b);
      const [, minY, minZ, maxX, maxY, maxZ] = box[m]!;
      // A node within tolMerge of the span lies in the member's inflated box.
      for (let w = firstAtLeast(box[m]![0]); w < connected.length && connectedX[w]! <= maxX; w++) {
        const k = connected[w]!;
        const p = nodes[k]!;
        if (p.y < minY || p.y > maxY || p.z < minZ || p.z > maxZ) continue;
        if (representative[k] === representative[i] || representative[k] === representative[j]) continue;
        const along =
          ((p.x - a.x) * (b.x - a.x) + (p.y - a.y) * (b.y - a.y) + (p.z - a.z) * (b.z - a.z)) / length;
        if (along <= tol.merge || length - along <= tol.merge) continue;
        const t = along / length;
        const gap = Math.hypot(
          a.x + t * (b.x - a.x) - p.x,
          a.y + t * (b.y - a.y) - p.y,
          a.z + t * (b.z - a.z) - p.z,
        );
        if (gap <= tol.merge) expected.push(`C03:${members[m]!.id}@${p.id}`);
      }
    }
    expect(expected.length).toBeGreaterThan(100);
    expect(ids('C03')).toEqual(expected.sort());
  }, 300_000);

  // Nodes with a member in cubes of side tolMerge: the 27 cubes around a point hold every node within tolMerge.
  const cube = (value: number) => Math.floor(value / tol.merge);
  const cubes = new Map<string, number[]>();
  for (const k of connected) {
    const key = `${cube(nodes[k]!.x)},${cube(nodes[k]!.y)},${cube(nodes[k]!.z)}`;
    cubes.set(key, [...(cubes.get(key) ?? []), k]);
  }
  const connectedNear = (point: { x: number; y: number; z: number }) => {
    const near: number[] = [];
    for (const dx of [-1, 0, 1])
      for (const dy of [-1, 0, 1])
        for (const dz of [-1, 0, 1])
          near.push(
            ...(cubes.get(`${cube(point.x) + dx},${cube(point.y) + dy},${cube(point.z) + dz}`) ?? []),
          );
    return near;
  };

  it('C04: the same crossings', () => {
    const expected: string[] = [];
    const sinAngle = Math.sin(tol.angle / DEG);
    // Every pair whose boxes overlap, found by a sweep on the boxes' x; boxes apart cannot cross within tolMerge.
    const byMinX = [...members.keys()].sort((p, q) => box[p]![0] - box[q]![0]);
    for (let left = 0; left < byMinX.length; left++)
      for (let right = left + 1; right < byMinX.length; right++) {
        const p = byMinX[left]!;
        const q = byMinX[right]!;
        const bp = box[p]!;
        const bq = box[q]!;
        if (bq[0] > bp[3]) break;
        if (bp[1]! > bq[4]! || bq[1]! > bp[4]! || bp[2]! > bq[5]! || bq[2]! > bp[5]!) continue;
        const [first, second] = members[p]!.id < members[q]!.id ? [p, q] : [q, p];
        const [a0i, a1i] = ends[first]!;
        const [b0i, b1i] = ends[second]!;
        const [a0, a1, b0, b1] = [nodes[a0i]!, nodes[a1i]!, nodes[b0i]!, nodes[b1i]!];
        const u = [a1.x - a0.x, a1.y - a0.y, a1.z - a0.z];
        const v = [b1.x - b0.x, b1.y - b0.y, b1.z - b0.z];
        const uu = u[0]! ** 2 + u[1]! ** 2 + u[2]! ** 2;
        const vv = v[0]! ** 2 + v[1]! ** 2 + v[2]! ** 2;
        const cross = Math.hypot(
          u[1]! * v[2]! - u[2]! * v[1]!,
          u[2]! * v[0]! - u[0]! * v[2]!,
          u[0]! * v[1]! - u[1]! * v[0]!,
        );
        if (cross / Math.sqrt(uu * vv) < sinAngle) continue;
        const repA = [representative[a0i], representative[a1i]];
        if (repA.includes(representative[b0i]) || repA.includes(representative[b1i])) continue;
        const r = [a0.x - b0.x, a0.y - b0.y, a0.z - b0.z];
        const b = u[0]! * v[0]! + u[1]! * v[1]! + u[2]! * v[2]!;
        const c = u[0]! * r[0]! + u[1]! * r[1]! + u[2]! * r[2]!;
        const f = v[0]! * r[0]! + v[1]! * r[1]! + v[2]! * r[2]!;
        const den = uu * vv - b * b;
        const s = (b * f - c * vv) / den;
        const t = (uu * f - b * c) / den;
        const la = Math.sqrt(uu);
        const lb = Math.sqrt(vv);
        if (
          s * la <= tol.merge ||
          (1 - s) * la <= tol.merge ||
          t * lb <= tol.merge ||
          (1 - t) * lb <= tol.merge
        )
          continue;
        const P = [a0.x + s * u[0]!, a0.y + s * u[1]!, a0.z + s * u[2]!];
        const Q = [b0.x + t * v[0]!, b0.y + t * v[1]!, b0.z + t * v[2]!];
        if (Math.hypot(P[0]! - Q[0]!, P[1]! - Q[1]!, P[2]! - Q[2]!) > tol.merge) continue;
        const mid = { x: (P[0]! + Q[0]!) / 2, y: (P[1]! + Q[1]!) / 2, z: (P[2]! + Q[2]!) / 2 };
        const nodeAt = (k: number) =>
          Math.hypot(nodes[k]!.x - mid.x, nodes[k]!.y - mid.y, nodes[k]!.z - mid.z) <= tol.merge;
        if (connectedNear(mid).some(nodeAt)) continue;
        expected.push(`C04:${members[first]!.id},${members[second]!.id}`);
      }
    expect(expected.length).toBeGreaterThan(20);
    expect(ids('C04')).toEqual(expected.sort());
  }, 300_000);
});
