import type { Material } from '@babylonjs/core/Materials/material';
import { Mesh } from '@babylonjs/core/Meshes/mesh';
import { VertexData } from '@babylonjs/core/Meshes/mesh.vertexData';
import { LinesMesh } from '@babylonjs/core/Meshes/linesMesh';
import '@babylonjs/core/Meshes/thinInstanceMesh';
import type { Scene } from '@babylonjs/core/scene';
import { DirtyRange, uploadInstanceRange, uploadVertexRange } from './buffers';
import type { UnitGeometry } from '../geometry/unitGeometry';

/**
 * The two kinds of drawable the scene is made of. An `InstanceBatch` is one unit mesh drawn as many thin
 * instances (members, glyphs); a `VertexPart` is one merged mesh whose elements own ranges of vertices (areas,
 * outlines, polylines). Both keep their live buffers next to the originals, hide a thing by collapsing it (a zero
 * matrix, or all of its vertices on its first one) and show it by copying the original back, and upload only the
 * span that changed. Nothing is ever rebuilt to recolour or hide.
 */

/** Thin instances of one unit mesh; slot k draws `owners[k]` (an element, a node or a load). */
export class InstanceBatch {
  readonly mesh: Mesh;
  /** What the GPU draws: the originals, with hidden slots' 3×3 part zeroed. */
  readonly matrices: Float32Array;
  readonly originals: Float32Array;
  /** RGBA per slot, or null for a batch drawn in its material's colour. */
  readonly colors: Float32Array | null;
  readonly owners: Int32Array;
  private readonly matrixRange = new DirtyRange();
  private readonly colorRange = new DirtyRange();

  constructor(
    scene: Scene,
    name: string,
    geometry: UnitGeometry,
    material: Material,
    matrices: Float32Array,
    owners: Int32Array,
    withColors: boolean,
  ) {
    this.mesh = new Mesh(name, scene);
    const vertexData = new VertexData();
    vertexData.positions = geometry.positions;
    vertexData.normals = geometry.normals;
    vertexData.indices = geometry.indices;
    vertexData.applyToMesh(this.mesh);
    this.mesh.material = material;
    this.mesh.isPickable = false;
    // One batch spans the whole model, so culling it is all or nothing: skip the bounds work it would need.
    this.mesh.alwaysSelectAsActiveMesh = true;
    this.mesh.doNotSyncBoundingInfo = true;
    this.originals = matrices;
    this.matrices = matrices.slice();
    this.owners = owners;
    // Updatable (not static) buffers: a static one ignores partial updates.
    this.mesh.thinInstanceSetBuffer('matrix', this.matrices, 16, false);
    this.colors = withColors ? new Float32Array(owners.length * 4) : null;
    if (this.colors) this.mesh.thinInstanceSetBuffer('color', this.colors, 4, false);
  }

  get count(): number {
    return this.owners.length;
  }

  /** Whether slot k is drawn, read from the matrix buffer itself. */
  isShown(slot: number): boolean {
    const at = slot * 16;
    const m = this.matrices;
    return m[at] !== 0 || m[at + 1] !== 0 || m[at + 2] !== 0;
  }

  setShown(slot: number, shown: boolean): void {
    if (this.isShown(slot) === shown) return;
    const at = slot * 16;
    if (shown) this.matrices.set(this.originals.subarray(at, at + 12), at);
    else this.matrices.fill(0, at, at + 12);
    this.matrixRange.mark(slot);
  }

  setColor(slot: number, rgb: Float32Array, from: number): void {
    const colors = this.colors;
    if (!colors) return;
    const at = slot * 4;
    colors[at] = rgb[from] as number;
    colors[at + 1] = rgb[from + 1] as number;
    colors[at + 2] = rgb[from + 2] as number;
    colors[at + 3] = 1;
    this.colorRange.mark(slot);
  }

  /** Sends what changed to the GPU. */
  upload(): void {
    uploadInstanceRange(this.mesh, 'matrix', this.matrixRange);
    if (this.colors) uploadInstanceRange(this.mesh, 'color', this.colorRange);
  }

  shownCount(): number {
    let shown = 0;
    for (let slot = 0; slot < this.owners.length; slot++) if (this.isShown(slot)) shown++;
    return shown;
  }

  dispose(): void {
    this.mesh.dispose();
  }
}

export interface VertexPartGeometry {
  positions: Float32Array;
  normals: Float32Array | null;
  indices: Uint32Array;
  /** Vertex ranges: slot k owns vertices starts[k] … starts[k+1]. */
  starts: Uint32Array;
  owners: Int32Array;
}

/** One merged mesh (triangles or lines) whose slots own vertex ranges, with an optional colour per vertex. */
export class VertexPart {
  readonly mesh: Mesh;
  readonly positions: Float32Array;
  readonly originals: Float32Array;
  readonly colors: Float32Array | null;
  readonly starts: Uint32Array;
  readonly owners: Int32Array;
  private readonly positionRange = new DirtyRange();
  private readonly colorRange = new DirtyRange();

  constructor(
    scene: Scene,
    name: string,
    geometry: VertexPartGeometry,
    options: { lines: boolean; withColors: boolean; material?: Material },
  ) {
    this.originals = geometry.positions;
    this.positions = geometry.positions.slice();
    this.starts = geometry.starts;
    this.owners = geometry.owners;
    this.colors = options.withColors ? new Float32Array((geometry.positions.length / 3) * 4) : null;
    this.mesh = options.lines
      ? new LinesMesh(name, scene, null, null, false, options.withColors, false)
      : new Mesh(name, scene);
    if (options.material) this.mesh.material = options.material;
    this.mesh.isPickable = false;
    this.mesh.setVerticesData('position', this.positions, true);
    if (geometry.normals) this.mesh.setVerticesData('normal', geometry.normals, false);
    if (this.colors) this.mesh.setVerticesData('color', this.colors, true, 4);
    this.mesh.setIndices(geometry.indices, this.positions.length / 3);
  }

  get count(): number {
    return this.owners.length;
  }

  /** Whether slot k is drawn, read from the position buffer: a hidden slot has all its vertices on its first. */
  isShown(slot: number): boolean {
    const first = (this.starts[slot] as number) * 3;
    const end = (this.starts[slot + 1] as number) * 3;
    const p = this.positions;
    for (let k = first + 3; k < end; k += 3) {
      if (p[k] !== p[first] || p[k + 1] !== p[first + 1] || p[k + 2] !== p[first + 2]) return true;
    }
    return false;
  }

  setShown(slot: number, shown: boolean): void {
    const firstVertex = this.starts[slot] as number;
    const endVertex = this.starts[slot + 1] as number;
    if (endVertex - firstVertex < 2 || this.isShown(slot) === shown) return;
    const first = firstVertex * 3;
    const end = endVertex * 3;
    if (shown) {
      this.positions.set(this.originals.subarray(first, end), first);
    } else {
      const p = this.positions;
      for (let k = first + 3; k < end; k += 3) {
        p[k] = p[first] as number;
        p[k + 1] = p[first + 1] as number;
        p[k + 2] = p[first + 2] as number;
      }
    }
    this.positionRange.markSpan(firstVertex, endVertex - 1);
  }

  setColor(slot: number, rgb: Float32Array, from: number): void {
    const colors = this.colors;
    if (!colors) return;
    const firstVertex = this.starts[slot] as number;
    const endVertex = this.starts[slot + 1] as number;
    for (let vertex = firstVertex; vertex < endVertex; vertex++) {
      colors[vertex * 4] = rgb[from] as number;
      colors[vertex * 4 + 1] = rgb[from + 1] as number;
      colors[vertex * 4 + 2] = rgb[from + 2] as number;
      colors[vertex * 4 + 3] = 1;
    }
    if (endVertex > firstVertex) this.colorRange.markSpan(firstVertex, endVertex - 1);
  }

  upload(): void {
    uploadVertexRange(this.mesh, 'position', this.positions, 3, this.positionRange);
    if (this.colors) uploadVertexRange(this.mesh, 'color', this.colors, 4, this.colorRange);
  }

  shownCount(): number {
    let shown = 0;
    for (let slot = 0; slot < this.owners.length; slot++) if (this.isShown(slot)) shown++;
    return shown;
  }

  dispose(): void {
    this.mesh.dispose();
  }
}
