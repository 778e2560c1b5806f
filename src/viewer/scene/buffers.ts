import type { Mesh } from '@babylonjs/core/Meshes/mesh';

/** Copying costs a pass and garbage; a view costs the slack. Copy only when the slack is more than an eighth. */
function trimmed<T extends Float32Array | Uint32Array>(data: T, length: number): T {
  return (length >= data.length - data.length / 8 ? data.subarray(0, length) : data.slice(0, length)) as T;
}

/** A Float32Array that grows by doubling, for geometry whose size is known only once it is built. */
export class GrowableFloat32 {
  private data: Float32Array;
  length = 0;

  constructor(capacity = 1024) {
    this.data = new Float32Array(Math.max(16, capacity));
  }

  reserve(extra: number): void {
    if (this.length + extra <= this.data.length) return;
    let capacity = this.data.length * 2;
    while (capacity < this.length + extra) capacity *= 2;
    const grown = new Float32Array(capacity);
    grown.set(this.data.subarray(0, this.length));
    this.data = grown;
  }

  push3(a: number, b: number, c: number): void {
    this.reserve(3);
    this.data[this.length] = a;
    this.data[this.length + 1] = b;
    this.data[this.length + 2] = c;
    this.length += 3;
  }

  /** The written part: a view when little capacity is left over, else a trimmed copy. */
  toArray(): Float32Array {
    return trimmed(this.data, this.length);
  }
}

export class GrowableUint32 {
  private data: Uint32Array;
  length = 0;

  constructor(capacity = 1024) {
    this.data = new Uint32Array(Math.max(16, capacity));
  }

  push(value: number): void {
    if (this.length === this.data.length) {
      const grown = new Uint32Array(this.data.length * 2);
      grown.set(this.data);
      this.data = grown;
    }
    this.data[this.length++] = value;
  }

  toArray(): Uint32Array {
    return trimmed(this.data, this.length);
  }
}

/**
 * A range of slots (instances or vertices) written since the last upload, so an upload sends only that span
 * rather than the whole buffer.
 */
export class DirtyRange {
  min = Infinity;
  max = -Infinity;

  mark(slot: number): void {
    if (slot < this.min) this.min = slot;
    if (slot > this.max) this.max = slot;
  }

  markSpan(first: number, last: number): void {
    if (first < this.min) this.min = first;
    if (last > this.max) this.max = last;
  }

  get isEmpty(): boolean {
    return this.min > this.max;
  }

  clear(): void {
    this.min = Infinity;
    this.max = -Infinity;
  }
}

/** Sends the dirty span of a per-vertex buffer (`stride` floats per vertex) to the GPU. */
export function uploadVertexRange(
  mesh: Mesh,
  kind: string,
  data: Float32Array,
  stride: number,
  range: DirtyRange,
): void {
  if (range.isEmpty) return;
  const buffer = mesh.getVertexBuffer(kind);
  if (buffer) {
    const first = range.min * stride;
    buffer.updateDirectly(data.subarray(first, (range.max + 1) * stride), first);
  }
  range.clear();
}

/** Sends the dirty span of a thin-instance buffer to the GPU. */
export function uploadInstanceRange(mesh: Mesh, kind: string, range: DirtyRange): void {
  if (range.isEmpty) return;
  mesh.thinInstancePartialBufferUpdate(kind, range.max - range.min + 1, range.min);
  range.clear();
}
