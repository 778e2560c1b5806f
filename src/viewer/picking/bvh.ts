/** Elements per leaf at most; a leaf of 1–4 is cheaper to test than another level of boxes. */
const MAX_LEAF_SIZE = 4;
/** Bits of the Morton code per axis: 1,024 cells along each side of the model's box. */
const MORTON_BITS = 10;
const MORTON_CELLS = 1 << MORTON_BITS;

/**
 * A bounding volume hierarchy over element boxes, in typed arrays. Node n has box nodeBoxes[6n … 6n+5] (min xyz,
 * max xyz); an inner node (nodeCounts[n] = 0) has children nodeFirst[n] and nodeFirst[n] + 1; a leaf holds the
 * elements order[nodeFirst[n] … nodeFirst[n] + nodeCounts[n]). Children always come after their parent.
 */
export interface Bvh {
  nodeBoxes: Float32Array;
  nodeFirst: Int32Array;
  nodeCounts: Int32Array;
  order: Uint32Array;
  /** Levels from the root to the deepest leaf, the root being 1. */
  depth: number;
}

/** Spreads the low 10 bits of v so that two zero bits follow each (for interleaving x, y, z). */
function spreadBits(v: number): number {
  let x = v & 0x3ff;
  x = (x | (x << 16)) & 0x030000ff;
  x = (x | (x << 8)) & 0x0300f00f;
  x = (x | (x << 4)) & 0x030c30c3;
  x = (x | (x << 2)) & 0x09249249;
  return x;
}

/** Sorts `values` by `keys` (30-bit unsigned), both in place: least significant digit first, 3 passes of 10 bits. */
function radixSort(keys: Uint32Array, values: Uint32Array): void {
  const count = keys.length;
  let keysIn: Uint32Array = keys;
  let valuesIn: Uint32Array = values;
  let keysOut: Uint32Array = new Uint32Array(count);
  let valuesOut: Uint32Array = new Uint32Array(count);
  const buckets = new Uint32Array(1 << 10);
  for (let shift = 0; shift < 30; shift += 10) {
    buckets.fill(0);
    for (let k = 0; k < count; k++) {
      const digit = ((keysIn[k] as number) >>> shift) & 0x3ff;
      buckets[digit] = (buckets[digit] as number) + 1;
    }
    let sum = 0;
    for (let digit = 0; digit < buckets.length; digit++) {
      const size = buckets[digit] as number;
      buckets[digit] = sum;
      sum += size;
    }
    for (let k = 0; k < count; k++) {
      const key = keysIn[k] as number;
      const digit = (key >>> shift) & 0x3ff;
      const to = buckets[digit] as number;
      buckets[digit] = to + 1;
      keysOut[to] = key;
      valuesOut[to] = valuesIn[k] as number;
    }
    [keysIn, keysOut] = [keysOut, keysIn];
    [valuesIn, valuesOut] = [valuesOut, valuesIn];
  }
  // Three passes leave the result in the scratch arrays.
  keys.set(keysIn);
  values.set(valuesIn);
}

/**
 * Where the range start … end of sorted `codes` splits: at the first code whose highest bit differing across the
 * range is set, or in the middle when all codes are equal (elements in one Morton cell).
 */
function splitOf(codes: Uint32Array, start: number, end: number): number {
  const first = codes[start] as number;
  const last = codes[end - 1] as number;
  if (first === last) return start + ((end - start) >> 1);
  const bit = 31 - Math.clz32(first ^ last);
  const prefix = (last >>> bit) << bit;
  // Binary search for the first code ≥ prefix (the first with the differing bit set).
  let low = start + 1;
  let high = end - 1;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((codes[middle] as number) >= prefix) high = middle;
    else low = middle + 1;
  }
  return low;
}

/**
 * A linear BVH: elements sorted along a Morton (Z-order) curve of their box centres, split top-down where the
 * curve's leading bits change, boxes filled bottom-up. Linear in the element count apart from the radix sort's
 * three passes, so a million elements build in tens of milliseconds; rays take a few hundred box tests at most.
 * Elements whose box is empty (min > max) are left out.
 */
export function buildBvh(boxes: Float32Array, elementCount: number): Bvh {
  let count = 0;
  const low = [Infinity, Infinity, Infinity];
  const high = [-Infinity, -Infinity, -Infinity];
  for (let element = 0; element < elementCount; element++) {
    const b = element * 6;
    if (!((boxes[b] as number) <= (boxes[b + 3] as number))) continue;
    count++;
    for (let axis = 0; axis < 3; axis++) {
      const centre = ((boxes[b + axis] as number) + (boxes[b + 3 + axis] as number)) / 2;
      if (centre < (low[axis] as number)) low[axis] = centre;
      if (centre > (high[axis] as number)) high[axis] = centre;
    }
  }
  const order = new Uint32Array(count);
  const codes = new Uint32Array(count);
  const scales = [0, 1, 2].map((axis) => {
    const span = (high[axis] as number) - (low[axis] as number);
    return span > 0 ? (MORTON_CELLS - 1) / span : 0;
  });
  const [lowX, lowY, lowZ] = low as [number, number, number];
  const [scaleX, scaleY, scaleZ] = scales as [number, number, number];
  for (let element = 0, k = 0; element < elementCount; element++) {
    const b = element * 6;
    if (!((boxes[b] as number) <= (boxes[b + 3] as number))) continue;
    const x = (((boxes[b] as number) + (boxes[b + 3] as number)) / 2 - lowX) * scaleX;
    const y = (((boxes[b + 1] as number) + (boxes[b + 4] as number)) / 2 - lowY) * scaleY;
    const z = (((boxes[b + 2] as number) + (boxes[b + 5] as number)) / 2 - lowZ) * scaleZ;
    codes[k] = ((spreadBits(x) << 2) | (spreadBits(y) << 1) | spreadBits(z)) >>> 0;
    order[k] = element;
    k++;
  }
  radixSort(codes, order);

  // Topology, top-down. A binary tree with leaves of ≥ 1 element has fewer than 2 × count nodes.
  const maxNodes = Math.max(1, 2 * count - 1);
  const nodeFirst = new Int32Array(maxNodes);
  const nodeCounts = new Int32Array(maxNodes);
  const nodeDepths = new Uint8Array(maxNodes);
  let nodeCount = 1;
  let depth = 1;
  nodeDepths[0] = 1;
  const work: number[] = count > 0 ? [0, 0, count] : [];
  while (work.length > 0) {
    const end = work.pop() as number;
    const start = work.pop() as number;
    const node = work.pop() as number;
    const nodeDepth = nodeDepths[node] as number;
    if (nodeDepth > depth) depth = nodeDepth;
    if (end - start <= MAX_LEAF_SIZE) {
      nodeFirst[node] = start;
      nodeCounts[node] = end - start;
      continue;
    }
    const middle = splitOf(codes, start, end);
    const left = nodeCount;
    nodeCount += 2;
    nodeFirst[node] = left;
    nodeCounts[node] = 0;
    nodeDepths[left] = nodeDepths[left + 1] = Math.min(255, nodeDepth + 1);
    work.push(left + 1, middle, end);
    work.push(left, start, middle);
  }

  // Boxes, bottom-up: children have higher indices than their parent.
  const nodeBoxes = new Float32Array(nodeCount * 6);
  for (let node = nodeCount - 1; node >= 0; node--) {
    const n = node * 6;
    const size = nodeCounts[node] as number;
    const first = nodeFirst[node] as number;
    if (size > 0) {
      let minX = Infinity;
      let minY = Infinity;
      let minZ = Infinity;
      let maxX = -Infinity;
      let maxY = -Infinity;
      let maxZ = -Infinity;
      for (let k = first; k < first + size; k++) {
        const b = (order[k] as number) * 6;
        minX = Math.min(minX, boxes[b] as number);
        minY = Math.min(minY, boxes[b + 1] as number);
        minZ = Math.min(minZ, boxes[b + 2] as number);
        maxX = Math.max(maxX, boxes[b + 3] as number);
        maxY = Math.max(maxY, boxes[b + 4] as number);
        maxZ = Math.max(maxZ, boxes[b + 5] as number);
      }
      nodeBoxes[n] = minX;
      nodeBoxes[n + 1] = minY;
      nodeBoxes[n + 2] = minZ;
      nodeBoxes[n + 3] = maxX;
      nodeBoxes[n + 4] = maxY;
      nodeBoxes[n + 5] = maxZ;
    } else {
      const l = first * 6;
      const r = (first + 1) * 6;
      for (let c = 0; c < 3; c++) {
        nodeBoxes[n + c] = Math.min(nodeBoxes[l + c] as number, nodeBoxes[r + c] as number);
        nodeBoxes[n + 3 + c] = Math.max(nodeBoxes[l + 3 + c] as number, nodeBoxes[r + 3 + c] as number);
      }
    }
  }
  return {
    nodeBoxes,
    nodeFirst: nodeFirst.slice(0, nodeCount),
    nodeCounts: nodeCounts.slice(0, nodeCount),
    order,
    depth,
  };
}
