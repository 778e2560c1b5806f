import { StandardMaterial } from '@babylonjs/core/Materials/standardMaterial';
import { Color3 } from '@babylonjs/core/Maths/math.color';
import { LinesMesh } from '@babylonjs/core/Meshes/linesMesh';
import { Mesh } from '@babylonjs/core/Meshes/mesh';
import { VertexBuffer } from '@babylonjs/core/Buffers/buffer';
import { VertexData } from '@babylonjs/core/Meshes/mesh.vertexData';
import type { Scene } from '@babylonjs/core/scene';
import type { DiagramGeometry } from '../geometry/forceDiagram';
import type { HexColor } from '../types';

/** Line segments (two points, 6 numbers each) in one colour, never picked. */
function linesMesh(scene: Scene, name: string, segments: readonly number[], colour: HexColor): LinesMesh {
  const data = new VertexData();
  data.positions = [...segments];
  data.indices = Array.from({ length: segments.length / 3 }, (_, k) => k);
  const lines = new LinesMesh(name, scene);
  data.applyToMesh(lines);
  lines.isPickable = false;
  lines.color = Color3.FromHexString(colour);
  return lines;
}

/** How much of the model shows through a diagram's fill. */
const FILL_ALPHA = 0.35;

/** Force diagrams as drawn: their outlines and ordinates as lines, a translucent fill, never picked. */
export class DiagramLayer {
  private readonly lines: LinesMesh;
  private readonly fill: Mesh;
  private readonly material: StandardMaterial;

  constructor(scene: Scene, geometry: DiagramGeometry, colour: HexColor) {
    this.lines = linesMesh(scene, 'diagrams:lines', geometry.lines, colour);

    const filled = new VertexData();
    filled.positions = geometry.triangles;
    filled.indices = Array.from({ length: geometry.triangles.length / 3 }, (_, k) => k);
    this.fill = new Mesh('diagrams:fill', scene);
    filled.applyToMesh(this.fill);
    this.fill.isPickable = false;
    this.material = new StandardMaterial('diagrams:material', scene);
    this.material.diffuseColor = Color3.FromHexString(colour);
    this.material.emissiveColor = Color3.FromHexString(colour);
    this.material.disableLighting = true;
    this.material.backFaceCulling = false;
    this.material.alpha = FILL_ALPHA;
    this.fill.material = this.material;
  }

  /** Ordinate line segments drawn (each two points), for the test API. */
  get segmentCount(): number {
    return (this.lines.getTotalVertices() || 0) / 2;
  }

  dispose(): void {
    this.lines.dispose();
    this.fill.dispose();
    this.material.dispose();
  }
}

/** Reaction arrows as lines, never picked (issue #25). */
export class ArrowLayer {
  private readonly lines: LinesMesh;

  constructor(scene: Scene, segments: readonly number[], colour: HexColor) {
    this.lines = linesMesh(scene, 'reactions:lines', segments, colour);
  }

  /** Arrows drawn (a shaft and two barbs each), for the test API. */
  get arrowCount(): number {
    return (this.lines.getTotalVertices() || 0) / 6;
  }

  dispose(): void {
    this.lines.dispose();
  }
}

/**
 * The deformed shape (issue #25) as lines whose points move: base + scale × offset, redrawn at each step of the
 * animation without rebuilding the mesh.
 */
export class DeformedLayer {
  private readonly lines: LinesMesh;
  private readonly positions: Float32Array;
  private drawnScale = Number.NaN;

  constructor(
    scene: Scene,
    private readonly base: Float32Array,
    private readonly offset: Float32Array,
    colour: HexColor,
  ) {
    this.positions = new Float32Array(base);
    const data = new VertexData();
    data.positions = this.positions;
    data.indices = Array.from({ length: base.length / 3 }, (_, k) => k);
    this.lines = new LinesMesh('deformed:lines', scene);
    data.applyToMesh(this.lines, true);
    this.lines.isPickable = false;
    this.lines.color = Color3.FromHexString(colour);
  }

  /** Moves every point to base + scale × offset (mm); nothing is done for the scale already drawn. */
  setScale(scale: number): void {
    if (scale === this.drawnScale) return;
    this.drawnScale = scale;
    const { base, offset, positions } = this;
    for (let k = 0; k < positions.length; k++)
      positions[k] = (base[k] as number) + scale * (offset[k] as number);
    this.lines.updateVerticesData(VertexBuffer.PositionKind, positions);
  }

  get scale(): number {
    return this.drawnScale;
  }

  /** Line segments drawn, for the test API. */
  get segmentCount(): number {
    return this.base.length / 6;
  }

  dispose(): void {
    this.lines.dispose();
  }
}
