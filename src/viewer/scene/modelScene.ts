import { StandardMaterial } from '@babylonjs/core/Materials/standardMaterial';
import { Color3 } from '@babylonjs/core/Maths/math.color';
import { LinesMesh } from '@babylonjs/core/Meshes/linesMesh';
import { Mesh } from '@babylonjs/core/Meshes/mesh';
import { VertexData } from '@babylonjs/core/Meshes/mesh.vertexData';
import type { Scene } from '@babylonjs/core/scene';
import type { SceneData } from '../../engine/scene';
import { formatElevation } from '../../engine/units';
import {
  PROFILE_FAMILIES,
  RELEASE_BITS_PER_END,
  SCENE_ELEMENT_TYPES,
  SCENE_LOAD_KINDS,
} from '../../engine/scene';
import type { Vec3 } from '../geometry/polygon';
import type { GridCrossing } from '../orthoViews';
import { assignOpenings, triangulatePolygon } from '../geometry/polygon';
import type { ChangeStatus, GlyphLayer, HexColor, Theme } from '../types';
import { CHANGE_STATUSES, GLYPH_LAYERS } from '../types';
import { GrowableFloat32, GrowableUint32 } from './buffers';
import { rgbToHex, typeColors, writeHex } from './colors';
import type { Label, LabelCamera, LabelStyle } from './labels';
import { LabelLayer } from './labels';
import type { MemberPlacement } from '../geometry/memberFrame';
import { writeArrowMatrix, writeMemberMatrix } from '../geometry/memberFrame';
import { InstanceBatch, VertexPart } from './parts';
import {
  arrowGeometry,
  extrudeSection,
  octahedronGeometry,
  pyramidGeometry,
  unitSection,
} from '../geometry/unitGeometry';

/** Where the unchanged colour sits in the status table: what an element without a result is drawn in. */
const UNCHANGED_AT = CHANGE_STATUSES.indexOf('unchanged') * 3;
/** The unit meshes members are drawn with: one per profile family, and thin rods for cables and links. */
export const MEMBER_BATCHES = [...PROFILE_FAMILIES, 'rod'] as const;
export type MemberBatchName = (typeof MEMBER_BATCHES)[number];

/** Element types drawn as members and as areas. */
const MEMBER_TYPES = new Set(['Beam', 'Column', 'Brace', 'Cable', 'Link']);
const ROD_DIAMETER_MM: Record<string, number> = { Cable: 50, Link: 100 };
export const AREA_TYPES = ['Floor', 'Wall', 'Area', 'Foundation'] as const;
/** Drawn section of a member whose profile is missing or gives no size (a shell profile on a frame). */
const DEFAULT_SECTION_MM = 200;

/** How each element is drawn: `elementPart` codes. */
const PART_NONE = -1;
const AREA_PART = 16;
const GEO_PART = 32;

/** Glyph sizes relative to the median member length, within these bounds (mm). */
const GLYPH_FRACTION = 0.08;
const GLYPH_MIN_MM = 50;
const GLYPH_MAX_MM = 3000;
const NODE_POINT_PX = 4;
/** Grid bubbles and level names keep these sizes on screen (CSS px) at any zoom. */
const GRID_BUBBLE: LabelStyle = { heightPx: 26, bubble: true, align: 'centre' };
/** An elevation's bubbles sit on top of their upright lines. */
const GRID_ABOVE: LabelStyle = { ...GRID_BUBBLE, raise: 0.5 };
const LEVEL_LABEL: LabelStyle = { heightPx: 22, bubble: false, align: 'end' };
const LEVEL_LINE_ALPHA = 0.45;

export interface SceneBounds {
  min: [number, number, number];
  max: [number, number, number];
}

export interface ModelSceneOptions {
  theme: Theme;
  layers?: Partial<Record<GlyphLayer, boolean>>;
}

/** Layers shown until the user says otherwise: the structure and its references, not every glyph. */
export const DEFAULT_LAYERS: Readonly<Record<GlyphLayer, boolean>> = {
  nodes: true,
  grids: true,
  levels: true,
  restraints: true,
  releases: false,
  loads: false,
};

interface LineLayer {
  lines: LinesMesh;
  labels: LabelLayer | null;
}

/**
 * The Babylon meshes of one version's SceneData, with what the viewer changes on them: colours (theme, diff
 * status, selection) and visibility (filters, isolation, section box, layers). Elements are addressed by their
 * index in SceneData. Builds in one pass over typed arrays, with no object per element, and never rebuilds:
 * recolouring and hiding write a few floats into the live buffers and upload the span that changed.
 */
export class ModelScene {
  readonly data: SceneData;
  /** Per element, mm: how far its drawn shape reaches from its node line (members), 0 for everything else. */
  readonly reach: Float32Array;
  /** Per element, mm: half the larger side of its drawn section (members), 0 for everything else; for picking. */
  readonly pickRadii: Float32Array;
  readonly bounds: SceneBounds;
  readonly glyphSize: number;
  /** Milliseconds each step of the build took, for the benchmark's note. */
  readonly buildTimings: Record<string, number> = {};

  private readonly scene: Scene;
  /** Per element: member batch index, AREA_PART + area type, GEO_PART, or PART_NONE. */
  private readonly elementPart: Int8Array;
  /** Per element: its slot in that part. */
  private readonly elementSlot: Int32Array;
  /** Per element: its slot in the area outlines, or -1. */
  private readonly outlineSlot: Int32Array;
  private readonly members: Array<InstanceBatch | null>;
  private readonly areas: Array<VertexPart | null>;
  private readonly geo: VertexPart | null;
  private readonly outlines: VertexPart | null;
  private readonly nodeCloud: Mesh | null;
  private readonly nodePositions: Float32Array;
  private readonly nodeUsed: Uint8Array;
  private readonly nodeShown: Uint8Array;
  private readonly glyphs: Record<'restraints' | 'releases' | 'loads', InstanceBatch | null>;
  private readonly grids: LineLayer | null;
  private readonly levels: LineLayer | null;
  /** An elevation's crossing grid lines (`setElevationGrids`), shown instead of `grids` while it is. */
  private elevationGrids: LineLayer | null = null;
  private inElevation = false;
  /** In a plan every level's name is at the same corner, one over another: the toolbar names the plan. */
  private levelNamesHidden = false;
  private readonly memberMaterial: StandardMaterial;
  private readonly areaMaterial: StandardMaterial;
  private readonly nodeMaterial: StandardMaterial;
  private readonly glyphMaterials: Record<'restraints' | 'releases' | 'loads', StandardMaterial>;

  private theme: Theme;
  /** RGB per element type, per change status, and of the selection, for the current theme. */
  private typeRgb = new Float32Array(0);
  private statusRgb = new Float32Array(0);
  private readonly selectionRgb = new Float32Array(3);
  private statuses: Int8Array | null = null;
  /** Per element red, green, blue (NaN: no value, drawn as unchanged) when coloured by a result (issue #25). */
  private customRgb: Float32Array | null = null;
  private readonly selected: Uint8Array;
  private selection: number[] = [];
  private readonly shown: Uint8Array;
  private readonly layers: Record<GlyphLayer, boolean>;

  constructor(scene: Scene, data: SceneData, options: ModelSceneOptions) {
    this.scene = scene;
    this.data = data;
    this.theme = options.theme;
    this.layers = { ...DEFAULT_LAYERS, ...options.layers };
    const elementCount = data.elements.ids.length;
    const nodeCount = data.nodes.ids.length;
    this.reach = new Float32Array(elementCount);
    this.pickRadii = new Float32Array(elementCount);
    this.elementPart = new Int8Array(elementCount).fill(PART_NONE);
    this.elementSlot = new Int32Array(elementCount).fill(-1);
    this.outlineSlot = new Int32Array(elementCount).fill(-1);
    this.selected = new Uint8Array(elementCount);
    this.shown = new Uint8Array(elementCount).fill(1);
    this.nodeUsed = new Uint8Array(nodeCount);
    this.nodeShown = new Uint8Array(nodeCount).fill(1);
    this.bounds = nodeBounds(data);

    this.memberMaterial = new StandardMaterial('members', scene);
    this.memberMaterial.specularColor = new Color3(0.08, 0.08, 0.08);
    this.areaMaterial = new StandardMaterial('areas', scene);
    this.areaMaterial.specularColor = Color3.Black();
    // Areas are drawn as their mid-surface: seen from both sides, lit from both sides.
    this.areaMaterial.backFaceCulling = false;
    this.areaMaterial.twoSidedLighting = true;
    this.areaMaterial.zOffset = 1;
    this.nodeMaterial = new StandardMaterial('nodes', scene);
    this.nodeMaterial.pointsCloud = true;
    this.nodeMaterial.pointSize = NODE_POINT_PX;
    this.nodeMaterial.disableLighting = true;
    const glyphMaterial = (name: string) => {
      const material = new StandardMaterial(name, scene);
      material.specularColor = Color3.Black();
      return material;
    };
    this.glyphMaterials = {
      restraints: glyphMaterial('restraints'),
      releases: glyphMaterial('releases'),
      loads: glyphMaterial('loads'),
    };

    const timings = this.buildTimings;
    let started = performance.now();
    const lap = (step: string): void => {
      const now = performance.now();
      timings[step] = now - started;
      started = now;
    };
    this.members = this.buildMembers();
    this.glyphSize = glyphSizeFor(this.members, this.bounds);
    lap('members');
    const { areas, outlines } = this.buildAreas();
    this.areas = areas;
    this.outlines = outlines;
    lap('areas');
    this.geo = this.buildGeoElements();
    this.markUsedNodes();
    const { cloud, positions } = this.buildNodes();
    this.nodeCloud = cloud;
    this.nodePositions = positions;
    lap('nodes');
    this.glyphs = {
      restraints: this.buildRestraints(),
      releases: this.buildReleases(),
      loads: this.buildLoads(),
    };
    lap('glyphs');
    this.grids = this.buildGrids();
    this.levels = this.buildLevels();
    lap('grids and levels');
    this.applyTheme(options.theme);
    lap('colours');
    for (const layer of GLYPH_LAYERS) this.setLayerVisible(layer, this.layers[layer]);
  }

  // ---------------------------------------------------------------------------------------------- building

  private nodePoint(node: number): Vec3 {
    const xyz = this.data.nodes.xyz;
    return [xyz[node * 3] as number, xyz[node * 3 + 1] as number, xyz[node * 3 + 2] as number];
  }

  private elementNodes(element: number): { first: number; end: number } {
    const { nodeOffsets } = this.data.elements;
    return { first: nodeOffsets[element] as number, end: nodeOffsets[element + 1] as number };
  }

  /**
   * How each member is drawn, as tables so the per-element loop only indexes arrays: per element type the rod
   * batch and diameter (cables, links), -1 for a frame type (its profile decides) or -2 for a non-member; per
   * profile its batch, depth and width.
   */
  private memberTables(): {
    typeBatch: Int8Array;
    typeSize: Float64Array;
    profileBatch: Int8Array;
    profileDepth: Float64Array;
    profileWidth: Float64Array;
  } {
    const typeBatch = new Int8Array(SCENE_ELEMENT_TYPES.length).fill(-2);
    const typeSize = new Float64Array(SCENE_ELEMENT_TYPES.length);
    SCENE_ELEMENT_TYPES.forEach((type, index) => {
      if (!MEMBER_TYPES.has(type)) return;
      const rod = ROD_DIAMETER_MM[type];
      typeBatch[index] = rod === undefined ? -1 : MEMBER_BATCHES.indexOf('rod');
      typeSize[index] = rod ?? 0;
    });
    const { profiles } = this.data;
    // The last entry stands for "no profile" (index -1).
    const profileBatch = new Int8Array(profiles.length + 1).fill(MEMBER_BATCHES.indexOf('generic'));
    const profileDepth = new Float64Array(profiles.length + 1).fill(DEFAULT_SECTION_MM);
    const profileWidth = new Float64Array(profiles.length + 1).fill(DEFAULT_SECTION_MM);
    profiles.forEach((profile, index) => {
      if (profile.kind !== 'frame' || !(profile.depth > 0) || !(profile.width > 0)) return;
      profileBatch[index] = MEMBER_BATCHES.indexOf(profile.family);
      profileDepth[index] = profile.depth;
      profileWidth[index] = profile.width;
    });
    return { typeBatch, typeSize, profileBatch, profileDepth, profileWidth };
  }

  private buildMembers(): Array<InstanceBatch | null> {
    const { elements, nodes, profiles } = this.data;
    const { nodeOffsets, nodeIndices } = elements;
    const xyz = nodes.xyz;
    const elementCount = elements.ids.length;
    const { typeBatch, typeSize, profileBatch, profileDepth, profileWidth } = this.memberTables();
    const noProfile = profiles.length;
    const counts = new Int32Array(MEMBER_BATCHES.length);
    // Pass 1: which members can be drawn (two distinct ends) and in which batch.
    for (let element = 0; element < elementCount; element++) {
      const kind = typeBatch[elements.types[element] as number] as number;
      if (kind === -2) continue;
      const first = nodeOffsets[element] as number;
      const end = nodeOffsets[element + 1] as number;
      if (end - first < 2) continue;
      const i = (nodeIndices[first] as number) * 3;
      const j = (nodeIndices[end - 1] as number) * 3;
      const dx = (xyz[j] as number) - (xyz[i] as number);
      const dy = (xyz[j + 1] as number) - (xyz[i + 1] as number);
      const dz = (xyz[j + 2] as number) - (xyz[i + 2] as number);
      if (!(dx * dx + dy * dy + dz * dz > 0)) continue;
      const profile = elements.profiles[element] as number;
      const batch = kind >= 0 ? kind : (profileBatch[profile >= 0 ? profile : noProfile] as number);
      this.elementPart[element] = batch;
      this.elementSlot[element] = counts[batch] as number;
      counts[batch] = (counts[batch] as number) + 1;
    }
    // Pass 2: the instance matrices, straight into each batch's buffer.
    const matrices = MEMBER_BATCHES.map((_, batch) => new Float32Array((counts[batch] as number) * 16));
    const owners = MEMBER_BATCHES.map((_, batch) => new Int32Array(counts[batch] as number));
    const centroids = MEMBER_BATCHES.map((name) => unitSection(name).centroid);
    const placement: MemberPlacement = {
      ix: 0,
      iy: 0,
      iz: 0,
      jx: 0,
      jy: 0,
      jz: 0,
      angle: 0,
      cardinalPoint: 10,
      depth: 0,
      width: 0,
      centroid2: 0,
      centroid3: 0,
    };
    for (let element = 0; element < elementCount; element++) {
      const batch = this.elementPart[element] as number;
      if (batch < 0 || batch >= MEMBER_BATCHES.length) continue;
      const type = elements.types[element] as number;
      const profile = elements.profiles[element] as number;
      const rod = (typeBatch[type] as number) >= 0;
      const profileRow = profile >= 0 ? profile : noProfile;
      const depth = rod ? (typeSize[type] as number) : (profileDepth[profileRow] as number);
      const width = rod ? (typeSize[type] as number) : (profileWidth[profileRow] as number);
      const slot = this.elementSlot[element] as number;
      const i = (nodeIndices[nodeOffsets[element] as number] as number) * 3;
      const j = (nodeIndices[(nodeOffsets[element + 1] as number) - 1] as number) * 3;
      const centroid = centroids[batch] as readonly [number, number];
      placement.ix = xyz[i] as number;
      placement.iy = xyz[i + 1] as number;
      placement.iz = xyz[i + 2] as number;
      placement.jx = xyz[j] as number;
      placement.jy = xyz[j + 1] as number;
      placement.jz = xyz[j + 2] as number;
      placement.angle = elements.angles[element] as number;
      placement.cardinalPoint = elements.cardinalPoints[element] as number;
      placement.depth = depth;
      placement.width = width;
      placement.centroid2 = centroid[0];
      placement.centroid3 = centroid[1];
      const batchMatrices = matrices[batch] as Float32Array;
      writeMemberMatrix(batchMatrices, slot * 16, placement);
      (owners[batch] as Int32Array)[slot] = element;
      // Reach from the axis: half the section's diagonal plus how far the cardinal point moved it.
      const at = slot * 16;
      const tx = (batchMatrices[at + 12] as number) - placement.ix;
      const ty = (batchMatrices[at + 13] as number) - placement.iy;
      const tz = (batchMatrices[at + 14] as number) - placement.iz;
      this.reach[element] =
        Math.sqrt(depth * depth + width * width) / 2 + Math.sqrt(tx * tx + ty * ty + tz * tz);
      this.pickRadii[element] = Math.max(depth, width) / 2;
    }
    return MEMBER_BATCHES.map((name, batch) => {
      if ((counts[batch] as number) === 0) return null;
      return new InstanceBatch(
        this.scene,
        `members:${name}`,
        extrudeSection(unitSection(name)),
        this.memberMaterial,
        matrices[batch] as Float32Array,
        owners[batch] as Int32Array,
        true,
      );
    });
  }

  /** Floors, walls, areas and foundations: one merged mesh per type, openings cut out; and their outlines. */
  private buildAreas(): { areas: Array<VertexPart | null>; outlines: VertexPart | null } {
    const { elements } = this.data;
    const { nodeOffsets, nodeIndices } = elements;
    const xyz = this.data.nodes.xyz;
    const elementCount = elements.ids.length;
    const areaTypeOf = SCENE_ELEMENT_TYPES.map((type) => (AREA_TYPES as readonly string[]).indexOf(type));
    const { openingStarts, openingList } = openingsByHost(this.data);

    const ring = (element: number): Vec3[] => {
      const points: Vec3[] = [];
      for (let k = nodeOffsets[element] as number; k < (nodeOffsets[element + 1] as number); k++) {
        points.push(this.nodePoint(nodeIndices[k] as number));
      }
      return points;
    };

    const addRing = (nodeList: ArrayLike<number>, first: number, end: number): void => {
      const base = outline.positions.length / 3;
      const count = end - first;
      for (let k = first; k < end; k++) {
        const node = (nodeList[k] as number) * 3;
        outline.positions.push3(xyz[node] as number, xyz[node + 1] as number, xyz[node + 2] as number);
        outline.indices.push(base + k - first);
        outline.indices.push(base + ((k - first + 1) % count));
      }
    };

    // Sizes up front (exact for the usual convex case), so the buffers are allocated once, not regrown.
    const vertexEstimate = new Float64Array(AREA_TYPES.length);
    const areaEstimate = new Float64Array(AREA_TYPES.length);
    for (let element = 0; element < elementCount; element++) {
      const areaType = areaTypeOf[elements.types[element] as number] as number;
      if (areaType < 0) continue;
      let vertices = (nodeOffsets[element + 1] as number) - (nodeOffsets[element] as number);
      for (let k = openingStarts[element] as number; k < (openingStarts[element + 1] as number); k++) {
        const opening = openingList[k] as number;
        vertices += (nodeOffsets[opening + 1] as number) - (nodeOffsets[opening] as number) + 2;
      }
      vertexEstimate[areaType] = (vertexEstimate[areaType] as number) + vertices;
      areaEstimate[areaType] = (areaEstimate[areaType] as number) + 1;
    }
    const outlineEstimate = vertexEstimate.reduce((sum, count) => sum + count, 0);
    const outline = {
      positions: new GrowableFloat32(outlineEstimate * 3),
      indices: new GrowableUint32(outlineEstimate * 2),
      starts: new GrowableUint32(areaEstimate.reduce((sum, count) => sum + count, 1)),
      owners: new GrowableUint32(areaEstimate.reduce((sum, count) => sum + count, 0)),
    };

    const normal = new Float64Array(3);
    const areas = AREA_TYPES.map((_, areaType) => {
      const vertexCount = vertexEstimate[areaType] as number;
      const areaCount = areaEstimate[areaType] as number;
      const positions = new GrowableFloat32(vertexCount * 3);
      const normals = new GrowableFloat32(vertexCount * 3);
      const indices = new GrowableUint32(vertexCount * 3);
      const starts = new GrowableUint32(areaCount + 1);
      const owners = new GrowableUint32(areaCount);
      for (let element = 0; element < elementCount; element++) {
        if (areaTypeOf[elements.types[element] as number] !== areaType) continue;
        const first = nodeOffsets[element] as number;
        const end = nodeOffsets[element + 1] as number;
        if (end - first < 3) continue;
        const openingsFirst = openingStarts[element] as number;
        const openingsEnd = openingStarts[element + 1] as number;
        const base = positions.length / 3;
        if (openingsFirst === openingsEnd && convexNormal(xyz, nodeIndices, first, end, normal)) {
          // Most floors and walls are convex and whole: a fan, without the general triangulator's cost.
          for (let k = first; k < end; k++) {
            const node = (nodeIndices[k] as number) * 3;
            positions.push3(xyz[node] as number, xyz[node + 1] as number, xyz[node + 2] as number);
            normals.push3(normal[0] as number, normal[1] as number, normal[2] as number);
          }
          // Counter-clockwise about the normal, so listed the other way round for Babylon's clockwise fronts.
          for (let k = 1; k + 1 < end - first; k++) {
            indices.push(base);
            indices.push(base + k + 1);
            indices.push(base + k);
          }
        } else {
          const holes: Vec3[][] = [];
          for (let k = openingsFirst; k < openingsEnd; k++) holes.push(ring(openingList[k] as number));
          const triangulation = triangulatePolygon(ring(element), holes);
          if (triangulation.indices.length === 0) continue;
          const [nx, ny, nz] = triangulation.normal;
          const vertices = triangulation.positions;
          for (let k = 0; k < vertices.length; k += 3) {
            positions.push3(vertices[k] as number, vertices[k + 1] as number, vertices[k + 2] as number);
            normals.push3(nx, ny, nz);
          }
          // The triangulation winds counter-clockwise about its normal; Babylon's front faces wind clockwise.
          const triangles = triangulation.indices;
          for (let t = 0; t < triangles.length; t += 3) {
            indices.push(base + (triangles[t] as number));
            indices.push(base + (triangles[t + 2] as number));
            indices.push(base + (triangles[t + 1] as number));
          }
        }
        this.elementPart[element] = AREA_PART + areaType;
        this.elementSlot[element] = owners.length;
        owners.push(element);
        starts.push(base);
        this.outlineSlot[element] = outline.owners.length;
        outline.owners.push(element);
        outline.starts.push(outline.positions.length / 3);
        addRing(nodeIndices, first, end);
        for (let k = openingsFirst; k < openingsEnd; k++) {
          const opening = openingList[k] as number;
          addRing(nodeIndices, nodeOffsets[opening] as number, nodeOffsets[opening + 1] as number);
        }
      }
      if (owners.length === 0) return null;
      starts.push(positions.length / 3);
      return new VertexPart(
        this.scene,
        `areas:${AREA_TYPES[areaType]}`,
        {
          positions: positions.toArray(),
          normals: normals.toArray(),
          indices: indices.toArray(),
          starts: starts.toArray(),
          owners: new Int32Array(owners.toArray().buffer, 0, owners.length),
        },
        { lines: false, withColors: true, material: this.areaMaterial },
      );
    });
    if (outline.owners.length === 0) return { areas, outlines: null };
    outline.starts.push(outline.positions.length / 3);
    const outlines = new VertexPart(
      this.scene,
      'areas:outlines',
      {
        positions: outline.positions.toArray(),
        normals: null,
        indices: outline.indices.toArray(),
        starts: outline.starts.toArray(),
        owners: new Int32Array(outline.owners.toArray().buffer, 0, outline.owners.length),
      },
      { lines: true, withColors: false },
    );
    return { areas, outlines };
  }

  /** GeoElements (survey points, polylines) as coloured lines. */
  private buildGeoElements(): VertexPart | null {
    const { elements } = this.data;
    const geoType = SCENE_ELEMENT_TYPES.indexOf('GeoElement');
    const positions = new GrowableFloat32();
    const indices = new GrowableUint32();
    const starts = new GrowableUint32();
    const owners = new GrowableUint32();
    for (let element = 0; element < elements.ids.length; element++) {
      if (elements.types[element] !== geoType) continue;
      const { first, end } = this.elementNodes(element);
      if (end - first < 2) continue;
      this.elementPart[element] = GEO_PART;
      this.elementSlot[element] = owners.length;
      owners.push(element);
      const base = positions.length / 3;
      starts.push(base);
      for (let k = first; k < end; k++) {
        const [x, y, z] = this.nodePoint(elements.nodeIndices[k] as number);
        positions.push3(x, y, z);
        if (k > first) {
          indices.push(base + k - first - 1);
          indices.push(base + k - first);
        }
      }
    }
    if (owners.length === 0) return null;
    starts.push(positions.length / 3);
    return new VertexPart(
      this.scene,
      'geoElements',
      {
        positions: positions.toArray(),
        normals: null,
        indices: indices.toArray(),
        starts: starts.toArray(),
        owners: Int32Array.from(owners.toArray()),
      },
      { lines: true, withColors: true },
    );
  }

  /** Nodes used by any element other than a GeoElement (whose points are nodes too, but not structural ones). */
  private markUsedNodes(): void {
    const { nodeOffsets, nodeIndices, types } = this.data.elements;
    const geoType = SCENE_ELEMENT_TYPES.indexOf('GeoElement');
    for (let element = 0; element < types.length; element++) {
      const mark = types[element] === geoType ? 2 : 1;
      for (let k = nodeOffsets[element] as number; k < (nodeOffsets[element + 1] as number); k++) {
        const node = nodeIndices[k] as number;
        if (this.nodeUsed[node] !== 1) this.nodeUsed[node] = mark;
      }
    }
  }

  private buildNodes(): { cloud: Mesh | null; positions: Float32Array } {
    const count = this.data.nodes.ids.length;
    const positions = new Float32Array(this.data.nodes.xyz);
    if (count === 0) return { cloud: null, positions };
    const cloud = new Mesh('nodes', this.scene);
    cloud.setVerticesData('position', positions.slice(), true);
    const indices = new Uint32Array(count);
    for (let k = 0; k < count; k++) indices[k] = k;
    cloud.setIndices(indices, count);
    cloud.material = this.nodeMaterial;
    cloud.isPickable = false;
    cloud.alwaysSelectAsActiveMesh = true;
    return { cloud, positions };
  }

  private glyphBatch(
    name: 'restraints' | 'releases' | 'loads',
    geometry: ReturnType<typeof pyramidGeometry>,
    matrices: Float32Array,
    owners: Int32Array,
  ): InstanceBatch | null {
    if (owners.length === 0) return null;
    return new InstanceBatch(this.scene, name, geometry, this.glyphMaterials[name], matrices, owners, false);
  }

  /** A pyramid under every restrained node, apex on the node. */
  private buildRestraints(): InstanceBatch | null {
    const { restraints, xyz } = this.data.nodes;
    const restrained: number[] = [];
    restraints.forEach((bits, node) => {
      if (bits !== 0 && this.nodeUsed[node] !== 2) restrained.push(node);
    });
    const size = this.glyphSize;
    const matrices = new Float32Array(restrained.length * 16);
    restrained.forEach((node, slot) => {
      const at = slot * 16;
      matrices[at] = size;
      matrices[at + 5] = size;
      matrices[at + 10] = size;
      matrices[at + 12] = xyz[node * 3] as number;
      matrices[at + 13] = xyz[node * 3 + 1] as number;
      matrices[at + 14] = xyz[node * 3 + 2] as number;
      matrices[at + 15] = 1;
    });
    return this.glyphBatch('restraints', pyramidGeometry(), matrices, Int32Array.from(restrained));
  }

  /** A small octahedron on a member near each released end. */
  private buildReleases(): InstanceBatch | null {
    const { releases, nodeOffsets, nodeIndices } = this.data.elements;
    const xyz = this.data.nodes.xyz;
    const endMask = (1 << RELEASE_BITS_PER_END) - 1;
    let count = 0;
    for (let element = 0; element < releases.length; element++) {
      const bits = releases[element] as number;
      const part = this.elementPart[element] as number;
      if (bits === 0 || part < 0 || part >= MEMBER_BATCHES.length) continue;
      if ((bits & endMask) !== 0) count++;
      if (((bits >> RELEASE_BITS_PER_END) & endMask) !== 0) count++;
    }
    const size = this.glyphSize * 0.5;
    const matrices = new Float32Array(count * 16);
    const owners = new Int32Array(count);
    let slot = 0;
    const place = (element: number, i: number, j: number, t: number): void => {
      const at = slot * 16;
      matrices[at] = size;
      matrices[at + 5] = size;
      matrices[at + 10] = size;
      for (let axis = 0; axis < 3; axis++) {
        const a = xyz[i + axis] as number;
        matrices[at + 12 + axis] = a + ((xyz[j + axis] as number) - a) * t;
      }
      matrices[at + 15] = 1;
      owners[slot++] = element;
    };
    for (let element = 0; element < releases.length; element++) {
      const bits = releases[element] as number;
      const part = this.elementPart[element] as number;
      if (bits === 0 || part < 0 || part >= MEMBER_BATCHES.length) continue;
      const i = (nodeIndices[nodeOffsets[element] as number] as number) * 3;
      const j = (nodeIndices[(nodeOffsets[element + 1] as number) - 1] as number) * 3;
      // A tenth of the way in from the released end.
      if ((bits & endMask) !== 0) place(element, i, j, 0.1);
      if (((bits >> RELEASE_BITS_PER_END) & endMask) !== 0) place(element, i, j, 0.9);
    }
    return this.glyphBatch('releases', octahedronGeometry(), matrices, owners);
  }

  /** An arrow per load, its tip on the node, the member's middle or the area's centre, along the load. */
  private buildLoads(): InstanceBatch | null {
    const { loads } = this.data;
    const { nodeOffsets, nodeIndices } = this.data.elements;
    const xyz = this.data.nodes.xyz;
    const pointKind = SCENE_LOAD_KINDS.indexOf('point');
    const count = loads.kinds.length;
    const matrices = new Float32Array(count * 16);
    const owners = new Int32Array(count);
    const length = this.glyphSize * 1.5;
    const size = this.glyphSize * 0.5;
    let slots = 0;
    for (let load = 0; load < count; load++) {
      const target = loads.targets[load] as number;
      let x = 0;
      let y = 0;
      let z = 0;
      if (loads.kinds[load] === pointKind) {
        x = xyz[target * 3] as number;
        y = xyz[target * 3 + 1] as number;
        z = xyz[target * 3 + 2] as number;
      } else {
        const first = nodeOffsets[target] as number;
        const end = nodeOffsets[target + 1] as number;
        if (end === first) continue;
        for (let k = first; k < end; k++) {
          const node = (nodeIndices[k] as number) * 3;
          x += xyz[node] as number;
          y += xyz[node + 1] as number;
          z += xyz[node + 2] as number;
        }
        x /= end - first;
        y /= end - first;
        z /= end - first;
      }
      const dx = loads.directions[load * 3] as number;
      const dy = loads.directions[load * 3 + 1] as number;
      const dz = loads.directions[load * 3 + 2] as number;
      writeArrowMatrix(matrices, slots * 16, x, y, z, dx, dy, dz, length, size);
      owners[slots] = load;
      slots++;
    }
    return this.glyphBatch(
      'loads',
      arrowGeometry(),
      matrices.subarray(0, slots * 16),
      owners.subarray(0, slots),
    );
  }

  /**
   * Grid lines in plan at the lowest level, a bubble past both ends. A plan moves them to its own level
   * (`setGridElevation`), where they are not hidden under the floors between.
   */
  private buildGrids(): LineLayer | null {
    const { grids } = this.data;
    if (grids.length === 0) return null;
    const z = baseElevation(this.data, this.bounds);
    const reach = this.labelSize();
    const positions: number[] = [];
    const labels: Label[] = [];
    for (const grid of grids) {
      const [x0, y0] = grid.start;
      const [x1, y1] = grid.end;
      positions.push(x0, y0, z, x1, y1, z);
      const length = Math.hypot(x1 - x0, y1 - y0) || 1;
      const ux = (x1 - x0) / length;
      const uy = (y1 - y0) / length;
      // Just past each end, along the line.
      labels.push(
        { text: grid.label, x: x0 - ux * reach, y: y0 - uy * reach, z },
        { text: grid.label, x: x1 + ux * reach, y: y1 + uy * reach, z },
      );
    }
    return this.lineLayer('grids', positions, labels, this.theme.grid, GRID_BUBBLE);
  }

  /**
   * Each level as a thin outline around the plan at its elevation, named with its elevation (in the model's
   * units) left of the front-left corner.
   */
  private buildLevels(): LineLayer | null {
    const { levels } = this.data;
    if (levels.length === 0) return null;
    const margin = this.labelSize();
    const x0 = this.bounds.min[0] - margin;
    const y0 = this.bounds.min[1] - margin;
    const x1 = this.bounds.max[0] + margin;
    const y1 = this.bounds.max[1] + margin;
    const positions: number[] = [];
    const labels: Label[] = [];
    for (const level of levels) {
      const z = level.elevation;
      positions.push(x0, y0, z, x1, y0, z, x1, y0, z, x1, y1, z, x1, y1, z, x0, y1, z, x0, y1, z, x0, y0, z);
      labels.push({
        text: `${level.name} ${formatElevation(level.elevation, this.data.units)}`,
        x: x0,
        y: y0,
        z,
      });
    }
    const layer = this.lineLayer('levels', positions, labels, this.theme.level, LEVEL_LABEL);
    // Seen from the side every storey's outline is one line; faint, so they do not read as members.
    layer.lines.alpha = LEVEL_LINE_ALPHA;
    return layer;
  }

  private lineLayer(
    name: string,
    positions: number[],
    labels: Label[],
    color: HexColor,
    style: LabelStyle,
  ): LineLayer {
    const vertexData = new VertexData();
    vertexData.positions = positions;
    vertexData.indices = positions.map((_, k) => k).slice(0, positions.length / 3);
    const lines = new LinesMesh(name, this.scene);
    vertexData.applyToMesh(lines);
    lines.isPickable = false;
    lines.color = Color3.FromHexString(color);
    return { lines, labels: LabelLayer.create(this.scene, `${name}:labels`, labels, color, style) };
  }

  /** Turns grid bubbles and level names to the camera at their fixed screen size; before each frame. */
  orientLabels(camera: LabelCamera): void {
    for (const layer of [this.grids, this.levels, this.elevationGrids]) {
      if (layer?.labels?.mesh.isEnabled()) layer.labels.orient(camera);
    }
  }

  /**
   * An elevation's crossing grid lines, upright through the model's height with a bubble above each, in place of
   * the plan's grid lines (seen edge-on they are a tangle at the base); null shows the plan's again.
   */
  setElevationGrids(crossings: readonly GridCrossing[] | null): void {
    this.disposeElevationGrids();
    if (crossings && crossings.length > 0) {
      const reach = this.labelSize();
      const bottom = this.bounds.min[2] - reach / 2;
      const top = this.bounds.max[2] + reach / 2;
      const positions: number[] = [];
      const labels: Label[] = [];
      for (const { label, point } of crossings) {
        positions.push(point[0], point[1], bottom, point[0], point[1], top);
        labels.push({ text: label, x: point[0], y: point[1], z: top });
      }
      this.elevationGrids = this.lineLayer('elevation grids', positions, labels, this.theme.grid, GRID_ABOVE);
    }
    this.inElevation = crossings !== null;
    this.showGrids();
  }

  private showGrids(): void {
    const visible = this.layers.grids;
    for (const [layer, shown] of [
      [this.grids, visible && !this.inElevation],
      [this.elevationGrids, visible && this.inElevation],
    ] as const) {
      layer?.lines.setEnabled(shown);
      layer?.labels?.mesh.setEnabled(shown);
    }
  }

  private disposeElevationGrids(): void {
    this.elevationGrids?.lines.dispose();
    this.elevationGrids?.labels?.dispose();
    this.elevationGrids = null;
  }

  /** Hides the levels' names (a plan) or shows them again, within the levels layer's switch. */
  setLevelNamesHidden(hidden: boolean): void {
    this.levelNamesHidden = hidden;
    this.setLayerVisible('levels', this.layers.levels);
  }

  /** Draws the grid lines and bubbles at this elevation (mm), or at the lowest level again (null). */
  setGridElevation(elevation: number | null): void {
    if (!this.grids) return;
    const shift = elevation === null ? 0 : elevation - baseElevation(this.data, this.bounds);
    this.grids.lines.position.z = shift;
    this.grids.labels?.setOffset([0, 0, shift]);
  }

  private labelSize(): number {
    const planDiagonal = Math.hypot(
      this.bounds.max[0] - this.bounds.min[0],
      this.bounds.max[1] - this.bounds.min[1],
    );
    return Math.min(8000, Math.max(500, planDiagonal * 0.025));
  }

  // ---------------------------------------------------------------------------------------------- colours

  /** Applies a theme: materials, lines, labels and every element's colour. */
  setTheme(theme: Theme): void {
    this.applyTheme(theme);
  }

  private applyTheme(theme: Theme): void {
    this.theme = theme;
    this.typeRgb = new Float32Array(SCENE_ELEMENT_TYPES.length * 3);
    typeColors(theme).forEach((hex, type) => writeHex(hex, this.typeRgb, type * 3));
    this.statusRgb = new Float32Array(CHANGE_STATUSES.length * 3);
    CHANGE_STATUSES.forEach((status, index) => writeHex(theme.change[status], this.statusRgb, index * 3));
    writeHex(theme.selection, this.selectionRgb, 0);
    this.memberMaterial.diffuseColor = Color3.White();
    this.areaMaterial.diffuseColor = Color3.White();
    this.nodeMaterial.emissiveColor = Color3.FromHexString(theme.node);
    this.nodeMaterial.diffuseColor = Color3.Black();
    this.glyphMaterials.restraints.diffuseColor = Color3.FromHexString(theme.glyphs.restraint);
    this.glyphMaterials.releases.diffuseColor = Color3.FromHexString(theme.glyphs.release);
    this.glyphMaterials.loads.diffuseColor = Color3.FromHexString(theme.glyphs.load);
    if (this.outlines) (this.outlines.mesh as LinesMesh).color = Color3.FromHexString(theme.edge);
    for (const grids of [this.grids, this.elevationGrids]) {
      if (!grids) continue;
      grids.lines.color = Color3.FromHexString(theme.grid);
      grids.labels?.draw(theme.grid);
    }
    if (this.levels) {
      this.levels.lines.color = Color3.FromHexString(theme.level);
      this.levels.labels?.draw(theme.level);
    }
    this.recolorAll();
  }

  /** Colours elements by change status (index into CHANGE_STATUSES per element), or by type again (null). */
  setStatuses(statuses: Int8Array | null): void {
    this.statuses = statuses;
    this.recolorAll();
  }

  /**
   * Colours elements by their own colour (3 floats each, NaN for an element with none, which is drawn like an
   * unchanged one in a diff), over the type and status colours; null goes back to them.
   */
  setCustomColors(rgb: Float32Array | null): void {
    this.customRgb = rgb;
    this.recolorAll();
  }

  /** Changes the status of a few elements, recolouring only those. */
  updateStatuses(elements: ArrayLike<number>, statuses: ArrayLike<number>): void {
    if (!this.statuses)
      this.statuses = new Int8Array(this.shown.length).fill(CHANGE_STATUSES.indexOf('unchanged'));
    for (let k = 0; k < elements.length; k++) {
      const element = elements[k] as number;
      this.statuses[element] = statuses[k] as number;
      this.writeColor(element);
    }
    this.upload();
  }

  /** Selects these elements (replacing the selection), recolouring only the ones that changed. */
  setSelection(elements: readonly number[]): void {
    const previous = this.selection;
    for (const element of previous) this.selected[element] = 0;
    for (const element of elements) this.selected[element] = 1;
    this.selection = [...new Set(elements)];
    for (const element of previous) this.writeColor(element);
    for (const element of this.selection) this.writeColor(element);
    this.upload();
  }

  get selectedElements(): readonly number[] {
    return this.selection;
  }

  private recolorAll(): void {
    for (let element = 0; element < this.shown.length; element++) this.writeColor(element);
    this.upload();
  }

  /** The colour an element should have now, as an offset into one of the RGB tables. */
  private writeColor(element: number): void {
    const part = this.elementPart[element] as number;
    if (part === PART_NONE) return;
    let table: Float32Array = this.typeRgb;
    let at = (this.data.elements.types[element] as number) * 3;
    if (this.selected[element] === 1) {
      table = this.selectionRgb;
      at = 0;
    } else if (this.customRgb) {
      const own = this.customRgb[element * 3] as number;
      if (own === own) {
        table = this.customRgb;
        at = element * 3;
      } else {
        table = this.statusRgb;
        at = UNCHANGED_AT;
      }
    } else if (this.statuses) {
      table = this.statusRgb;
      at = (this.statuses[element] as number) * 3;
    }
    const slot = this.elementSlot[element] as number;
    if (part < MEMBER_BATCHES.length) this.members[part]?.setColor(slot, table, at);
    else if (part === GEO_PART) this.geo?.setColor(slot, table, at);
    else this.areas[part - AREA_PART]?.setColor(slot, table, at);
  }

  // ---------------------------------------------------------------------------------------------- visibility

  /** Shows exactly the elements with `visible[element] === 1`; nodes and glyphs follow their elements. */
  setVisibility(visible: Uint8Array): void {
    let changed = false;
    for (let element = 0; element < this.shown.length; element++) {
      const want = visible[element] as number;
      if (this.shown[element] === want) continue;
      this.shown[element] = want;
      changed = true;
      const part = this.elementPart[element] as number;
      const slot = this.elementSlot[element] as number;
      if (part === PART_NONE) continue;
      if (part < MEMBER_BATCHES.length) this.members[part]?.setShown(slot, want === 1);
      else if (part === GEO_PART) this.geo?.setShown(slot, want === 1);
      else {
        this.areas[part - AREA_PART]?.setShown(slot, want === 1);
        const outline = this.outlineSlot[element] as number;
        if (outline >= 0) this.outlines?.setShown(outline, want === 1);
      }
    }
    if (!changed) return;
    this.updateNodeVisibility();
    this.updateGlyphVisibility();
    this.upload();
  }

  /** A node is shown when an element using it is shown; a node no element uses, when everything is shown. */
  private updateNodeVisibility(): void {
    const { elements } = this.data;
    const everything = this.shown.every((value) => value === 1);
    for (let node = 0; node < this.nodeShown.length; node++) {
      this.nodeShown[node] = this.nodeUsed[node] === 0 && everything ? 1 : 0;
    }
    const { nodeOffsets, nodeIndices } = elements;
    for (let element = 0; element < this.shown.length; element++) {
      if (this.shown[element] !== 1) continue;
      for (let k = nodeOffsets[element] as number; k < (nodeOffsets[element + 1] as number); k++) {
        const node = nodeIndices[k] as number;
        if (this.nodeUsed[node] === 1) this.nodeShown[node] = 1;
      }
    }
    if (!this.nodeCloud) return;
    // Points cannot be collapsed away: shown nodes go first, the rest repeat the first shown one.
    const live = new Float32Array(this.nodePositions.length);
    let written = 0;
    for (let node = 0; node < this.nodeShown.length; node++) {
      if (this.nodeShown[node] !== 1 || this.nodeUsed[node] === 2) continue;
      live.set(this.nodePositions.subarray(node * 3, node * 3 + 3), written * 3);
      written++;
    }
    for (let k = written; k < this.nodeShown.length; k++) live.copyWithin(k * 3, 0, 3);
    this.nodeCloud.updateVerticesData('position', live);
    this.nodeCloud.isVisible = written > 0;
  }

  private updateGlyphVisibility(): void {
    const { restraints, releases, loads } = this.glyphs;
    if (restraints) {
      for (let slot = 0; slot < restraints.count; slot++) {
        restraints.setShown(slot, this.nodeShown[restraints.owners[slot] as number] === 1);
      }
    }
    if (releases) {
      for (let slot = 0; slot < releases.count; slot++) {
        releases.setShown(slot, this.shown[releases.owners[slot] as number] === 1);
      }
    }
    if (loads) {
      const pointKind = SCENE_LOAD_KINDS.indexOf('point');
      for (let slot = 0; slot < loads.count; slot++) {
        const load = loads.owners[slot] as number;
        const target = this.data.loads.targets[load] as number;
        const onNode = this.data.loads.kinds[load] === pointKind;
        loads.setShown(slot, (onNode ? this.nodeShown[target] : this.shown[target]) === 1);
      }
    }
  }

  setLayerVisible(layer: GlyphLayer, visible: boolean): void {
    this.layers[layer] = visible;
    switch (layer) {
      case 'nodes':
        this.nodeCloud?.setEnabled(visible);
        break;
      case 'grids':
        this.showGrids();
        break;
      case 'levels':
        this.levels?.lines.setEnabled(visible);
        this.levels?.labels?.mesh.setEnabled(visible && !this.levelNamesHidden);
        break;
      default:
        this.glyphs[layer]?.mesh.setEnabled(visible);
    }
  }

  isLayerVisible(layer: GlyphLayer): boolean {
    return this.layers[layer];
  }

  private upload(): void {
    for (const batch of this.members) batch?.upload();
    for (const part of this.areas) part?.upload();
    this.outlines?.upload();
    this.geo?.upload();
    for (const batch of Object.values(this.glyphs)) batch?.upload();
  }

  // ---------------------------------------------------------------------------------------------- facts

  /** Whether the element is drawn now, read from the GPU-side buffers (false for elements never drawn). */
  isShown(element: number): boolean {
    const part = this.elementPart[element] as number;
    const slot = this.elementSlot[element] as number;
    if (part === PART_NONE) return false;
    if (part < MEMBER_BATCHES.length) return this.members[part]?.isShown(slot) ?? false;
    if (part === GEO_PART) return this.geo?.isShown(slot) ?? false;
    return this.areas[part - AREA_PART]?.isShown(slot) ?? false;
  }

  /** The element's colour as the colour buffer holds it, or null if it is not drawn or hidden. */
  colorOf(element: number): HexColor | null {
    if (!this.isShown(element)) return null;
    const part = this.elementPart[element] as number;
    const slot = this.elementSlot[element] as number;
    let colors: Float32Array | null | undefined;
    let at: number;
    if (part < MEMBER_BATCHES.length) {
      colors = this.members[part]?.colors;
      at = slot * 4;
    } else {
      const vertexPart = part === GEO_PART ? this.geo : this.areas[part - AREA_PART];
      colors = vertexPart?.colors;
      at = (vertexPart?.starts[slot] ?? 0) * 4;
    }
    if (!colors) return null;
    return rgbToHex(colors[at] as number, colors[at + 1] as number, colors[at + 2] as number);
  }

  /** Drawn elements per element type, counted from the instance and vertex buffers. */
  shownCounts(): Record<string, number> {
    const counts: Record<string, number> = {};
    const add = (owners: Int32Array, isShown: (slot: number) => boolean) => {
      for (let slot = 0; slot < owners.length; slot++) {
        if (!isShown(slot)) continue;
        const type = SCENE_ELEMENT_TYPES[
          this.data.elements.types[owners[slot] as number] as number
        ] as string;
        counts[type] = (counts[type] ?? 0) + 1;
      }
    };
    for (const batch of this.members) if (batch) add(batch.owners, (slot) => batch.isShown(slot));
    for (const part of this.areas) if (part) add(part.owners, (slot) => part.isShown(slot));
    if (this.geo) {
      const geo = this.geo;
      add(geo.owners, (slot) => geo.isShown(slot));
    }
    return counts;
  }

  /** Thin instances drawn per glyph layer (restraints, releases, loads), from their matrix buffers. */
  glyphCounts(): Record<'restraints' | 'releases' | 'loads', number> {
    return {
      restraints: this.glyphs.restraints?.shownCount() ?? 0,
      releases: this.glyphs.releases?.shownCount() ?? 0,
      loads: this.glyphs.loads?.shownCount() ?? 0,
    };
  }

  /** The member batch of an element (its unit mesh) and its instance matrix, for tests and tools. */
  memberMatrix(element: number): { batch: MemberBatchName; matrix: Float32Array } | null {
    const part = this.elementPart[element] as number;
    if (part < 0 || part >= MEMBER_BATCHES.length) return null;
    const batch = this.members[part];
    if (!batch) return null;
    const slot = this.elementSlot[element] as number;
    return {
      batch: MEMBER_BATCHES[part] as MemberBatchName,
      matrix: batch.matrices.slice(slot * 16, slot * 16 + 16),
    };
  }

  /** Triangles of an area element as drawn now (positions of each corner), for tests. */
  areaTriangles(element: number): Float32Array | null {
    const part = this.elementPart[element] as number;
    if (part < AREA_PART || part >= GEO_PART) return null;
    const vertexPart = this.areas[part - AREA_PART];
    if (!vertexPart) return null;
    const slot = this.elementSlot[element] as number;
    const first = vertexPart.starts[slot] as number;
    const end = vertexPart.starts[slot + 1] as number;
    const indices = vertexPart.mesh.getIndices() ?? [];
    const corners: number[] = [];
    for (let t = 0; t + 2 < indices.length; t += 3) {
      const a = indices[t] as number;
      if (a < first || a >= end) continue;
      for (let k = 0; k < 3; k++) {
        const vertex = indices[t + k] as number;
        corners.push(
          vertexPart.positions[vertex * 3] as number,
          vertexPart.positions[vertex * 3 + 1] as number,
          vertexPart.positions[vertex * 3 + 2] as number,
        );
      }
    }
    return Float32Array.from(corners);
  }

  /** Nodes drawn as points now. */
  shownNodeCount(): number {
    if (!this.nodeCloud || !this.nodeCloud.isVisible) return 0;
    let shown = 0;
    for (let node = 0; node < this.nodeShown.length; node++) {
      if (this.nodeShown[node] === 1 && this.nodeUsed[node] !== 2) shown++;
    }
    return shown;
  }

  /** The middle of an element's nodes (mm), or null if it has none. */
  elementCentre(element: number): Vec3 | null {
    const { first, end } = this.elementNodes(element);
    if (end === first) return null;
    let x = 0;
    let y = 0;
    let z = 0;
    for (let k = first; k < end; k++) {
      const [px, py, pz] = this.nodePoint(this.data.elements.nodeIndices[k] as number);
      x += px;
      y += py;
      z += pz;
    }
    const count = end - first;
    return [x / count, y / count, z / count];
  }

  /** Every mesh of the scene (for draw-call counts and clean-up). */
  meshes(): Mesh[] {
    const meshes: Mesh[] = [];
    for (const batch of this.members) if (batch) meshes.push(batch.mesh);
    for (const part of this.areas) if (part) meshes.push(part.mesh);
    if (this.outlines) meshes.push(this.outlines.mesh);
    if (this.geo) meshes.push(this.geo.mesh);
    if (this.nodeCloud) meshes.push(this.nodeCloud);
    for (const batch of Object.values(this.glyphs)) if (batch) meshes.push(batch.mesh);
    for (const layer of [this.grids, this.levels, this.elevationGrids]) {
      if (!layer) continue;
      meshes.push(layer.lines);
      if (layer.labels) meshes.push(layer.labels.mesh);
    }
    return meshes;
  }

  /** Draw calls a frame costs now: one per enabled, visible mesh with something to draw. */
  drawCalls(): number {
    let calls = 0;
    for (const mesh of this.meshes()) {
      if (!mesh.isEnabled() || !mesh.isVisible) continue;
      const instances = mesh.hasThinInstances ? mesh.thinInstanceCount : 1;
      if (instances > 0 && mesh.getTotalVertices() > 0) calls += mesh.subMeshes?.length ?? 1;
    }
    return calls;
  }

  dispose(): void {
    for (const batch of this.members) batch?.dispose();
    for (const part of this.areas) part?.dispose();
    this.outlines?.dispose();
    this.geo?.dispose();
    this.nodeCloud?.dispose();
    for (const batch of Object.values(this.glyphs)) batch?.dispose();
    for (const layer of [this.grids, this.levels]) {
      layer?.lines.dispose();
      layer?.labels?.dispose();
    }
    this.disposeElevationGrids();
    this.memberMaterial.dispose();
    this.areaMaterial.dispose();
    this.nodeMaterial.dispose();
    for (const material of Object.values(this.glyphMaterials)) material.dispose();
  }
}

/** The status index of each change status, for `setStatuses`. */
export function statusIndex(status: ChangeStatus): number {
  return CHANGE_STATUSES.indexOf(status);
}

function nodeBounds(data: SceneData): SceneBounds {
  const xyz = data.nodes.xyz;
  const min: [number, number, number] = [Infinity, Infinity, Infinity];
  const max: [number, number, number] = [-Infinity, -Infinity, -Infinity];
  for (let k = 0; k < xyz.length; k += 3) {
    for (let axis = 0; axis < 3; axis++) {
      const value = xyz[k + axis] as number;
      if (value < (min[axis] as number)) min[axis] = value;
      if (value > (max[axis] as number)) max[axis] = value;
    }
  }
  if (min[0] === Infinity) return { min: [0, 0, 0], max: [0, 0, 0] };
  return { min, max };
}

function baseElevation(data: SceneData, bounds: SceneBounds): number {
  let lowest = Infinity;
  for (const level of data.levels) lowest = Math.min(lowest, level.elevation);
  return lowest === Infinity ? bounds.min[2] : lowest;
}

/** A glyph size that reads at the model's scale: a fraction of the median member length. */
function glyphSizeFor(members: ReadonlyArray<InstanceBatch | null>, bounds: SceneBounds): number {
  const sample: number[] = [];
  for (const batch of members) {
    if (!batch) continue;
    const step = Math.max(1, Math.floor(batch.count / 500));
    for (let slot = 0; slot < batch.count; slot += step) {
      const at = slot * 16;
      sample.push(
        Math.hypot(
          batch.originals[at] as number,
          batch.originals[at + 1] as number,
          batch.originals[at + 2] as number,
        ),
      );
    }
  }
  sample.sort((a, b) => a - b);
  const median = sample[Math.floor(sample.length / 2)];
  const diagonal = Math.hypot(
    bounds.max[0] - bounds.min[0],
    bounds.max[1] - bounds.min[1],
    bounds.max[2] - bounds.min[2],
  );
  const size = median !== undefined ? median * GLYPH_FRACTION : diagonal * 0.01;
  return Math.min(GLYPH_MAX_MM, Math.max(GLYPH_MIN_MM, size));
}

/** The openings of each host element (from `assignOpenings`), as CSR: host h's are list[starts[h] … starts[h+1]). */
function openingsByHost(data: SceneData): { openingStarts: Int32Array; openingList: Int32Array } {
  const hosts = assignOpenings(data);
  const count = hosts.length;
  const openingStarts = new Int32Array(count + 1);
  for (let element = 0; element < count; element++) {
    const host = hosts[element] as number;
    if (host >= 0) openingStarts[host + 1] = (openingStarts[host + 1] as number) + 1;
  }
  for (let element = 0; element < count; element++) {
    openingStarts[element + 1] = (openingStarts[element + 1] as number) + (openingStarts[element] as number);
  }
  const openingList = new Int32Array(openingStarts[count] as number);
  const fill = openingStarts.slice(0, count);
  for (let element = 0; element < count; element++) {
    const host = hosts[element] as number;
    if (host >= 0) {
      openingList[fill[host] as number] = element;
      fill[host] = (fill[host] as number) + 1;
    }
  }
  return { openingStarts, openingList };
}

/**
 * If the ring of nodes nodeList[first … end) is convex, writes its unit (Newell) normal into `out` and returns
 * true; false for a concave or degenerate ring, which then goes to the general triangulator.
 */
function convexNormal(
  xyz: readonly number[],
  nodeList: readonly number[],
  first: number,
  end: number,
  out: Float64Array,
): boolean {
  const count = end - first;
  const origin = (nodeList[first] as number) * 3;
  const ox = xyz[origin] as number;
  const oy = xyz[origin + 1] as number;
  const oz = xyz[origin + 2] as number;
  let nx = 0;
  let ny = 0;
  let nz = 0;
  for (let k = 0; k < count; k++) {
    const a = (nodeList[first + k] as number) * 3;
    const b = (nodeList[first + ((k + 1) % count)] as number) * 3;
    const ay = (xyz[a + 1] as number) - oy;
    const az = (xyz[a + 2] as number) - oz;
    const ax = (xyz[a] as number) - ox;
    const by = (xyz[b + 1] as number) - oy;
    const bz = (xyz[b + 2] as number) - oz;
    const bx = (xyz[b] as number) - ox;
    nx += (ay - by) * (az + bz);
    ny += (az - bz) * (ax + bx);
    nz += (ax - bx) * (ay + by);
  }
  const length = Math.sqrt(nx * nx + ny * ny + nz * nz);
  if (!(length > 0)) return false;
  nx /= length;
  ny /= length;
  nz /= length;
  // Convex when every corner turns the same way (left) about the normal.
  for (let k = 0; k < count; k++) {
    const a = (nodeList[first + k] as number) * 3;
    const b = (nodeList[first + ((k + 1) % count)] as number) * 3;
    const c = (nodeList[first + ((k + 2) % count)] as number) * 3;
    const ux = (xyz[b] as number) - (xyz[a] as number);
    const uy = (xyz[b + 1] as number) - (xyz[a + 1] as number);
    const uz = (xyz[b + 2] as number) - (xyz[a + 2] as number);
    const vx = (xyz[c] as number) - (xyz[b] as number);
    const vy = (xyz[c + 1] as number) - (xyz[b + 1] as number);
    const vz = (xyz[c + 2] as number) - (xyz[b + 2] as number);
    const turn = (uy * vz - uz * vy) * nx + (uz * vx - ux * vz) * ny + (ux * vy - uy * vx) * nz;
    if (turn < 0) return false;
  }
  out[0] = nx;
  out[1] = ny;
  out[2] = nz;
  return true;
}
