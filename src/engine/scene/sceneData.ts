import type { DisplayUnit, ElementType } from '../schema';
import { ELEMENT_TYPES } from '../schema';

/**
 * What the 3-D viewer draws of one version: the canonical model reduced to geometry, references and the few
 * properties a picture needs, in columns (parallel arrays) so that a million members cost a handful of arrays
 * rather than a million objects, on the wire and in the browser. Lengths in mm, like the canonical model.
 *
 * Cross-references are indices into the other columns (-1 for none), so the viewer never looks up ids.
 * Everything else a properties panel shows (source attributes, section properties) is fetched per element.
 */
export interface SceneData {
  /** The model's display units: lengths in the properties panel and the section box read in these. */
  units: DisplayUnit;
  levels: SceneLevel[];
  grids: SceneGrid[];
  materials: SceneMaterial[];
  profiles: SceneProfile[];
  nodes: SceneNodes;
  elements: SceneElements;
  loads: SceneLoads;
}

export interface SceneLevel {
  id: string;
  name: string;
  /** mm. */
  elevation: number;
}

/** A grid line in plan as a segment, mm: axis grids span the plan extent of the model's nodes plus a margin. */
export interface SceneGrid {
  id: string;
  label: string;
  system: string;
  start: [number, number];
  end: [number, number];
}

export interface SceneMaterial {
  id: string;
  name: string;
  /** steel, concrete, timber… as the canonical material states it; 'other' when unknown. */
  kind: string;
}

/** The unit mesh a frame profile is drawn with. */
export const PROFILE_FAMILIES = [
  'i',
  'channel',
  'angle',
  'tube',
  'pipe',
  'rectangle',
  'circle',
  'generic',
] as const;
export type ProfileFamily = (typeof PROFILE_FAMILIES)[number];

/**
 * A section as drawn. Frame profiles: `family` and outer `depth` × `width` (mm; for round shapes both are the
 * diameter), `flangeThickness` and `webThickness` where the family has them (tube and pipe: the wall).
 * Shell profiles: `thickness` (mm), `family` 'generic'. `approximate` marks dimensions guessed from a library
 * designation (W14X90 → 14 in deep) or defaulted because the source gave none: drawn, but not to be measured.
 */
export interface SceneProfile {
  id: string;
  name: string;
  kind: 'frame' | 'shell';
  family: ProfileFamily;
  depth: number;
  width: number;
  flangeThickness: number;
  webThickness: number;
  thickness: number;
  approximate: boolean;
}

/** Restraint bits of `SceneNodes.restraints`: ux uy uz rx ry rz. */
export const RESTRAINT_BITS = { ux: 1, uy: 2, uz: 4, rx: 8, ry: 16, rz: 32 } as const;

export interface SceneNodes {
  ids: string[];
  /** x, y, z (mm) of node i at 3i, 3i+1, 3i+2. */
  xyz: number[];
  /** Bit mask of RESTRAINT_BITS per node; 0 for a free node. */
  restraints: number[];
}

/** Index of an element type in `SceneElements.types`. */
export const SCENE_ELEMENT_TYPES = ELEMENT_TYPES;
export function sceneTypeIndex(type: ElementType): number {
  return SCENE_ELEMENT_TYPES.indexOf(type);
}

/**
 * Release bits of `SceneElements.releases`: end i in bits 0–5 (p v2 v3 t m2 m3), end j in bits 6–11.
 */
export const RELEASE_BITS_PER_END = 6;

export interface SceneElements {
  ids: string[];
  names: string[];
  /** Index into SCENE_ELEMENT_TYPES. */
  types: number[];
  /** Index into `profiles`, -1 for none. */
  profiles: number[];
  /** Index into `materials`: the element's own material, else its profile's, else -1. */
  materials: number[];
  /** Index into `levels`, -1 for none. */
  levels: number[];
  /** Rotation of the section about the member axis, degrees (0 for non-frames). */
  angles: number[];
  /** CSI cardinal point 1–11 (10, the centroid, when the source gives none). */
  cardinalPoints: number[];
  releases: number[];
  /**
   * Element i's nodes are nodeIndices[nodeOffsets[i] … nodeOffsets[i+1]): two for a member (i end, j end),
   * the outline for an area, one for a grounded link or an isolated footing, the points of a GeoElement
   * (appended to `nodes` with ids `<element id>#<k>`).
   */
  nodeOffsets: number[];
  nodeIndices: number[];
}

/** `SceneLoads.kinds`. */
export const SCENE_LOAD_KINDS = ['point', 'linear', 'area'] as const;
export type SceneLoadKind = (typeof SCENE_LOAD_KINDS)[number];

/**
 * Loads as glyphs: per load its kind, the node (point) or element (linear, area) it acts on, its pattern, and a
 * global direction with a magnitude (N for point loads, N/m linear, Pa area). Loads in member-local directions
 * are drawn along global −Z with `local` set, since the glyph shows that a load is there, not its exact vector.
 */
export interface SceneLoads {
  patterns: string[];
  kinds: number[];
  targets: number[];
  patternIndices: number[];
  /** Unit direction x, y, z of load i at 3i…3i+2. */
  directions: number[];
  magnitudes: number[];
  local: boolean[];
}
