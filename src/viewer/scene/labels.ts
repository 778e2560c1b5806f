import { StandardMaterial } from '@babylonjs/core/Materials/standardMaterial';
import { DynamicTexture } from '@babylonjs/core/Materials/Textures/dynamicTexture';
import { Color3 } from '@babylonjs/core/Maths/math.color';
import { Mesh } from '@babylonjs/core/Meshes/mesh';
import { VertexData } from '@babylonjs/core/Meshes/mesh.vertexData';
import type { Scene } from '@babylonjs/core/scene';
import type { HexColor } from '../types';

/** A text label as a flat quad: in plan (readable from above) or upright facing −Y (readable from the front). */
export interface Label {
  text: string;
  x: number;
  y: number;
  z: number;
  /** Height of the text quad, mm. */
  size: number;
  facing: 'plan' | 'front';
}

const CELL_WIDTH = 256;
const CELL_HEIGHT = 64;
const ATLAS_WIDTH = 2048;
const MAX_ATLAS_HEIGHT = 4096;
const CELLS_PER_ROW = ATLAS_WIDTH / CELL_WIDTH;

/**
 * All labels of a layer as one mesh on one texture atlas (one draw call however many grid lines there are).
 * Each distinct text is drawn once; labels past the atlas's capacity are left out. Returns null where no canvas
 * can be made (Node under NullEngine), since a label is only ever looked at.
 */
export class LabelLayer {
  readonly mesh: Mesh;
  private readonly texture: DynamicTexture;
  private readonly material: StandardMaterial;
  private readonly cells: Map<string, number>;

  private constructor(scene: Scene, name: string, labels: readonly Label[]) {
    this.cells = new Map();
    for (const label of labels) {
      if (!this.cells.has(label.text) && this.cells.size < this.capacity()) {
        this.cells.set(label.text, this.cells.size);
      }
    }
    const rows = Math.max(1, Math.ceil(this.cells.size / CELLS_PER_ROW));
    const canvas = scene.getEngine().createCanvas(ATLAS_WIDTH, nextPowerOfTwo(rows * CELL_HEIGHT));
    this.texture = new DynamicTexture(`${name}:atlas`, canvas, scene, true);
    this.texture.hasAlpha = true;
    this.material = new StandardMaterial(`${name}:material`, scene);
    this.material.diffuseTexture = this.texture;
    this.material.useAlphaFromDiffuseTexture = true;
    this.material.disableLighting = true;
    this.material.emissiveColor = Color3.White();
    this.material.backFaceCulling = false;
    this.mesh = new Mesh(name, scene);
    this.mesh.material = this.material;
    this.mesh.isPickable = false;
    this.quads(labels, canvas.height).applyToMesh(this.mesh);
  }

  static create(scene: Scene, name: string, labels: readonly Label[], color: HexColor): LabelLayer | null {
    // Node (tests, benchmarks) has no canvas to draw text on.
    if (labels.length === 0 || !('document' in globalThis || 'OffscreenCanvas' in globalThis)) return null;
    const layer = new LabelLayer(scene, name, labels);
    layer.draw(color);
    return layer;
  }

  private capacity(): number {
    return (MAX_ATLAS_HEIGHT / CELL_HEIGHT) * CELLS_PER_ROW;
  }

  /** Redraws the atlas in a colour (theme changes). */
  draw(color: HexColor): void {
    const context = this.texture.getContext();
    const { width, height } = this.texture.getSize();
    context.clearRect(0, 0, width, height);
    context.fillStyle = color;
    context.font = `bold ${Math.round(CELL_HEIGHT * 0.7)}px sans-serif`;
    for (const [text, cell] of this.cells) {
      const x = (cell % CELLS_PER_ROW) * CELL_WIDTH;
      const y = Math.floor(cell / CELLS_PER_ROW) * CELL_HEIGHT;
      // Centred by hand (the canvas interface Babylon types has no textAlign), on an alphabetic baseline.
      const textWidth = Math.min(context.measureText(text).width, CELL_WIDTH - 8);
      context.fillText(text, x + (CELL_WIDTH - textWidth) / 2, y + CELL_HEIGHT * 0.75, CELL_WIDTH - 8);
    }
    this.texture.update();
  }

  private quads(labels: readonly Label[], atlasHeight: number): VertexData {
    const positions: number[] = [];
    const uvs: number[] = [];
    const indices: number[] = [];
    for (const label of labels) {
      const cell = this.cells.get(label.text);
      if (cell === undefined) continue;
      const u0 = ((cell % CELLS_PER_ROW) * CELL_WIDTH) / ATLAS_WIDTH;
      const u1 = u0 + CELL_WIDTH / ATLAS_WIDTH;
      // Canvas rows run down; the texture's v runs up.
      const v1 = 1 - (Math.floor(cell / CELLS_PER_ROW) * CELL_HEIGHT) / atlasHeight;
      const v0 = v1 - CELL_HEIGHT / atlasHeight;
      const halfWidth = (label.size * CELL_WIDTH) / CELL_HEIGHT / 2;
      const halfHeight = label.size / 2;
      const base = positions.length / 3;
      // Corners bottom-left, bottom-right, top-right, top-left as the reader sees them.
      const corners: Array<[number, number]> = [
        [-halfWidth, -halfHeight],
        [halfWidth, -halfHeight],
        [halfWidth, halfHeight],
        [-halfWidth, halfHeight],
      ];
      for (const [across, up] of corners) {
        if (label.facing === 'plan') positions.push(label.x + across, label.y + up, label.z);
        else positions.push(label.x + across, label.y, label.z + up);
      }
      uvs.push(u0, v0, u1, v0, u1, v1, u0, v1);
      indices.push(base, base + 2, base + 1, base, base + 3, base + 2);
    }
    const data = new VertexData();
    data.positions = positions;
    data.uvs = uvs;
    data.indices = indices;
    data.normals = [];
    VertexData.ComputeNormals(positions, indices, data.normals);
    return data;
  }

  dispose(): void {
    this.mesh.dispose();
    this.material.dispose();
    this.texture.dispose();
  }
}

function nextPowerOfTwo(value: number): number {
  let power = 1;
  while (power < value) power *= 2;
  return Math.min(power, MAX_ATLAS_HEIGHT);
}
