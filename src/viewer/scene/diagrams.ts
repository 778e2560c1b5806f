import { StandardMaterial } from '@babylonjs/core/Materials/standardMaterial';
import { Color3 } from '@babylonjs/core/Maths/math.color';
import { LinesMesh } from '@babylonjs/core/Meshes/linesMesh';
import { Mesh } from '@babylonjs/core/Meshes/mesh';
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
