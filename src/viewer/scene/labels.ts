import { StandardMaterial } from '@babylonjs/core/Materials/standardMaterial';
import { DynamicTexture } from '@babylonjs/core/Materials/Textures/dynamicTexture';
import { Color3 } from '@babylonjs/core/Maths/math.color';
import { Mesh } from '@babylonjs/core/Meshes/mesh';
import { VertexBuffer } from '@babylonjs/core/Buffers/buffer';
import { VertexData } from '@babylonjs/core/Meshes/mesh.vertexData';
import type { Scene } from '@babylonjs/core/scene';
import type { Vec3 } from '../geometry/polygon';
import type { HexColor } from '../types';

/** A text label anchored at a model point (mm); it faces the camera at a fixed size on screen. */
export interface Label {
  text: string;
  x: number;
  y: number;
  z: number;
}

/**
 * How a layer's labels look. `heightPx` is the quad's height in CSS pixels whatever the zoom: a grid bubble
 * read on a 390 px phone and on a 4 m-wide building in plan must stay legible, which a size in millimetres
 * cannot promise. `bubble` draws a circle round the text (grid lines, as drawings mark them); `align` says
 * where the anchor sits: the text's centre, or its right end (a level's name left of the building).
 */
export interface LabelStyle {
  heightPx: number;
  bubble: boolean;
  align: 'centre' | 'end';
  /** Lifts the quad by this fraction of its height on screen (0.5: it stands on its anchor). */
  raise?: number;
}

/**
 * What sizing labels needs of the camera, in model mm: its position and axes, and how many mm one render pixel
 * covers — at any depth for an orthographic camera, at a depth of 1 mm for a perspective one (it grows with
 * depth). `pixelRatio` is render pixels per CSS pixel.
 */
export interface LabelCamera {
  position: Vec3;
  right: Vec3;
  up: Vec3;
  forward: Vec3;
  orthographic: boolean;
  mmPerPixel: number;
  pixelRatio: number;
}

const CELL_HEIGHT = 64;
const ATLAS_WIDTH = 2048;
const MAX_ATLAS_HEIGHT = 4096;

/** A bubble's cell is 4:1; a name's 8:1, so "07_P5_m155 +11.750 m" is not squeezed to fit. */
function cellWidth(style: Pick<LabelStyle, 'bubble'>): number {
  return style.bubble ? 256 : 512;
}
/** Quad corners as the reader sees them, in cell units across (0 left … 1 right) and up (0 … 1). */
const CORNERS: ReadonlyArray<readonly [number, number]> = [
  [0, 0],
  [1, 0],
  [1, 1],
  [0, 1],
];

/**
 * Writes the four corners (x y z each) of a label's quad facing the camera into `out` at `at`: `heightPx` tall
 * on screen and as wide as its atlas cell's shape makes it (4:1 a bubble, 8:1 a name). A label behind a perspective camera collapses to its
 * anchor rather than showing mirrored.
 */
export function labelCorners(
  anchor: Vec3,
  style: Pick<LabelStyle, 'heightPx' | 'align' | 'raise' | 'bubble'>,
  camera: LabelCamera,
  out: Float32Array,
  at: number,
): void {
  let mm = camera.mmPerPixel * camera.pixelRatio * style.heightPx;
  if (!camera.orthographic) {
    const depth =
      (anchor[0] - camera.position[0]) * camera.forward[0] +
      (anchor[1] - camera.position[1]) * camera.forward[1] +
      (anchor[2] - camera.position[2]) * camera.forward[2];
    mm = depth > 0 ? mm * depth : 0;
  }
  const width = (mm * cellWidth(style)) / CELL_HEIGHT;
  const shift = style.align === 'end' ? -1 : -0.5;
  for (let corner = 0; corner < 4; corner++) {
    const [u, v] = CORNERS[corner] as readonly [number, number];
    const across = (u + shift) * width;
    const up = (v - 0.5 + (style.raise ?? 0)) * mm;
    for (let axis = 0; axis < 3; axis++) {
      out[at + corner * 3 + axis] =
        (anchor[axis] as number) + (camera.right[axis] as number) * across + (camera.up[axis] as number) * up;
    }
  }
}

/** Past this many labels a layer is not decluttered (the check is quadratic); they may overlap. */
const MAX_DECLUTTERED = 1000;

/**
 * Which labels to draw (1) so that none overlaps another on screen: greedily in their order, each label is kept
 * unless its screen rectangle meets one kept before it. Anchors are x y z per label (mm); labels behind a
 * perspective camera are dropped.
 */
export function declutter(
  anchors: Float32Array,
  style: Pick<LabelStyle, 'heightPx' | 'align' | 'raise' | 'bubble'>,
  camera: LabelCamera,
): Uint8Array {
  const count = anchors.length / 3;
  const kept = new Uint8Array(count);
  const rects: number[] = [];
  const height = style.heightPx * camera.pixelRatio;
  const width = (height * cellWidth(style)) / CELL_HEIGHT;
  const shift = style.align === 'end' ? -1 : -0.5;
  const lift = style.raise ?? 0;
  for (let label = 0; label < count; label++) {
    const offset = [0, 1, 2].map(
      (axis) => (anchors[label * 3 + axis] as number) - (camera.position[axis] as number),
    );
    const along = (axis: Vec3) =>
      (offset[0] as number) * axis[0] + (offset[1] as number) * axis[1] + (offset[2] as number) * axis[2];
    const depth = along(camera.forward);
    if (!camera.orthographic && depth <= 0) continue;
    const scale = camera.mmPerPixel * (camera.orthographic ? 1 : depth);
    const left = along(camera.right) / scale + shift * width;
    const bottom = along(camera.up) / scale + (lift - 0.5) * height;
    // A bubble is about as wide as it is tall, in the middle of its cell; a name may fill its cell.
    const inset = style.bubble ? (width - height) / 2 : 0;
    const rect = [left + inset, bottom, left + width - inset, bottom + height] as const;
    let free = true;
    for (let k = 0; k < rects.length && free; k += 4)
      free =
        rect[0] >= (rects[k + 2] as number) ||
        rect[2] <= (rects[k] as number) ||
        rect[1] >= (rects[k + 3] as number) ||
        rect[3] <= (rects[k + 1] as number);
    if (!free) continue;
    kept[label] = 1;
    rects.push(...rect);
  }
  return kept;
}

/**
 * All labels of a layer as one mesh on one texture atlas (one draw call however many grid lines there are).
 * Each distinct text is drawn once; labels past the atlas's capacity are left out. The quads are turned to the
 * camera and sized for the screen before each frame (`orient`): a few hundred labels cost a few thousand
 * floats. Drawn after the model in their own rendering group, so a bubble behind a slab is still read.
 * `create` returns null where no canvas can be made (Node under NullEngine), since a label is only looked at.
 */
export class LabelLayer {
  readonly mesh: Mesh;
  private readonly texture: DynamicTexture;
  private readonly material: StandardMaterial;
  private readonly cells: Map<string, number>;
  private readonly anchors: Float32Array;
  private readonly positions: Float32Array;
  /** Added to every anchor: the grids of a plan are drawn at that plan's level. */
  private readonly offset: [number, number, number] = [0, 0, 0];

  private constructor(
    scene: Scene,
    name: string,
    labels: readonly Label[],
    private readonly style: LabelStyle,
  ) {
    this.cells = new Map();
    for (const label of labels) {
      if (!this.cells.has(label.text) && this.cells.size < this.capacity()) {
        this.cells.set(label.text, this.cells.size);
      }
    }
    const drawn = labels.filter((label) => this.cells.has(label.text));
    this.anchors = Float32Array.from(drawn.flatMap(({ x, y, z }) => [x, y, z]));
    this.positions = new Float32Array(drawn.length * 12);
    const rows = Math.max(1, Math.ceil(this.cells.size / this.cellsPerRow()));
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
    // The quads move every frame; their bounds would have to follow to be culled correctly.
    this.mesh.alwaysSelectAsActiveMesh = true;
    this.mesh.renderingGroupId = 1;
    this.quads(drawn, canvas.height).applyToMesh(this.mesh, true);
  }

  static create(
    scene: Scene,
    name: string,
    labels: readonly Label[],
    color: HexColor,
    style: LabelStyle,
  ): LabelLayer | null {
    // Node (tests, benchmarks) has no canvas to draw text on.
    if (labels.length === 0 || !('document' in globalThis || 'OffscreenCanvas' in globalThis)) return null;
    const layer = new LabelLayer(scene, name, labels, style);
    layer.draw(color);
    return layer;
  }

  private capacity(): number {
    return (MAX_ATLAS_HEIGHT / CELL_HEIGHT) * this.cellsPerRow();
  }

  private cellsPerRow(): number {
    return ATLAS_WIDTH / cellWidth(this.style);
  }

  /** Redraws the atlas in a colour (theme changes). */
  draw(color: HexColor): void {
    const context = this.texture.getContext();
    const size = this.texture.getSize();
    context.clearRect(0, 0, size.width, size.height);
    context.fillStyle = color;
    context.strokeStyle = color;
    const bubble = this.style.bubble;
    context.font = `bold ${Math.round(CELL_HEIGHT * (bubble ? 0.5 : 0.62))}px sans-serif`;
    context.lineWidth = 5;
    const width = cellWidth(this.style);
    const perRow = this.cellsPerRow();
    for (const [text, cell] of this.cells) {
      const x = (cell % perRow) * width;
      const y = Math.floor(cell / perRow) * CELL_HEIGHT;
      const room = width - (bubble ? 24 : 8);
      // Placed by hand (the canvas interface Babylon types has no textAlign), on an alphabetic baseline.
      const textWidth = Math.min(context.measureText(text).width, room);
      const left = this.style.align === 'end' ? x + width - 4 - textWidth : x + (width - textWidth) / 2;
      if (bubble) {
        // A long label (a grid named "A-12") widens its bubble into a rounded box rather than overflowing.
        const half = Math.max(CELL_HEIGHT / 2 - 4, textWidth / 2 + 8);
        const centre = x + width / 2;
        const radius = CELL_HEIGHT / 2 - 4;
        context.beginPath();
        context.arc(centre - half + radius, y + CELL_HEIGHT / 2, radius, Math.PI / 2, (3 * Math.PI) / 2);
        context.arc(centre + half - radius, y + CELL_HEIGHT / 2, radius, -Math.PI / 2, Math.PI / 2);
        context.closePath();
        context.stroke();
      }
      context.fillText(text, left, y + CELL_HEIGHT * (bubble ? 0.69 : 0.72), room);
    }
    this.texture.update();
  }

  /** Moves every label by this much (mm) from where it was built. */
  setOffset(offset: Vec3): void {
    this.offset[0] = offset[0];
    this.offset[1] = offset[1];
    this.offset[2] = offset[2];
  }

  /** Turns the quads to the camera at their screen size; call before drawing a frame. */
  orient(camera: LabelCamera): void {
    const count = this.anchors.length / 3;
    const anchors = new Float32Array(this.anchors.length);
    for (let k = 0; k < anchors.length; k++)
      anchors[k] = (this.anchors[k] as number) + (this.offset[k % 3] as number);
    const kept = count <= MAX_DECLUTTERED ? declutter(anchors, this.style, camera) : null;
    const anchor: [number, number, number] = [0, 0, 0];
    for (let label = 0; label < count; label++) {
      for (let axis = 0; axis < 3; axis++) anchor[axis] = anchors[label * 3 + axis] as number;
      labelCorners(anchor, this.style, camera, this.positions, label * 12);
      // A label overlapping one drawn before it is collapsed to its anchor: drawn, it would make both unreadable.
      if (kept && kept[label] === 0)
        for (let corner = 0; corner < 4; corner++)
          for (let axis = 0; axis < 3; axis++)
            this.positions[label * 12 + corner * 3 + axis] = anchor[axis] as number;
    }
    this.mesh.updateVerticesData(VertexBuffer.PositionKind, this.positions, false, false);
  }

  private quads(labels: readonly Label[], atlasHeight: number): VertexData {
    const uvs: number[] = [];
    const indices: number[] = [];
    labels.forEach((label, index) => {
      const cell = this.cells.get(label.text) as number;
      const width = cellWidth(this.style);
      const perRow = this.cellsPerRow();
      const u0 = ((cell % perRow) * width) / ATLAS_WIDTH;
      const u1 = u0 + width / ATLAS_WIDTH;
      // Canvas rows run down; the texture's v runs up.
      const v1 = 1 - (Math.floor(cell / perRow) * CELL_HEIGHT) / atlasHeight;
      const v0 = v1 - CELL_HEIGHT / atlasHeight;
      const base = index * 4;
      uvs.push(u0, v0, u1, v0, u1, v1, u0, v1);
      indices.push(base, base + 2, base + 1, base, base + 3, base + 2);
    });
    const data = new VertexData();
    data.positions = Array.from(this.positions);
    data.uvs = uvs;
    data.indices = indices;
    // Unlit: normals only to satisfy the standard material.
    data.normals = new Array<number>(this.positions.length).fill(0);
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
