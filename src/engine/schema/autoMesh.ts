import { z } from 'zod';
import type { SourceTool } from './common';

/**
 * How the analysis program meshes a frame object into elements when it analyses (CSI "frame auto mesh"): ETABS
 * LINEASSIGN AUTOMESH / MESHATINTERSECTIONS (ETABS 9: MESH "POINTSANDLINES"), SAP2000 FRAME AUTO MESH ASSIGNMENTS.
 * A field left out means "the source tool's default" (see `frameMeshRule`).
 */
export const FrameAutoMeshSchema = z.object({
  /** Meshed at all (ETABS AUTOMESH, SAP AutoMesh). */
  enabled: z.boolean(),
  /** At joints lying on its span (SAP AtJoints). */
  atJoints: z.boolean().optional(),
  /** At intersections with other frames and area edges (ETABS MESHATINTERSECTIONS, SAP AtFrames). */
  atIntersections: z.boolean().optional(),
  /** At least this many segments (SAP NumSegments; 0 = no minimum). */
  numSegments: z.number().int().min(0).optional(),
  /** Segments no longer than this, mm (SAP MaxLength; 0 = no limit). */
  maxLength: z.number().min(0).optional(),
  /** Curved frames: segments turning no more than this, degrees (SAP MaxDegrees). */
  maxDegrees: z.number().min(0).optional(),
});
export type FrameAutoMesh = z.infer<typeof FrameAutoMeshSchema>;

/**
 * How an area object is meshed for analysis (ETABS AREAASSIGN OBJMESHTYPE, MESHAT, MAXMESHSIZE, LINECONSTRAINT).
 * `mode`: the program's default meshing, no auto mesh (the object is one element), or auto mesh at `at`.
 */
export const AreaAutoMeshSchema = z.object({
  mode: z.enum(['default', 'none', 'auto']),
  /** What an `auto` mesh follows (ETABS 9 MESHAT: beams, walls, grids), in file order. */
  at: z.array(z.enum(['beams', 'walls', 'grids'])).optional(),
  /** Largest element, mm (ETABS MAXMESHSIZE). */
  maxSize: z.number().min(0).optional(),
  /** The automatic edge (line) constraint joining mismatched meshes on its edges (ETABS LINECONSTRAINT). */
  edgeConstraint: z.boolean().optional(),
});
export type AreaAutoMesh = z.infer<typeof AreaAutoMeshSchema>;

/** Where a tool's analysis joins a frame to what lies on it: the rule the connectivity checks decide with. */
export interface FrameMeshRule {
  /** A node lying on the span becomes a node of the frame. */
  atJoints: boolean;
  /** A frame or area edge crossing the span is joined to it there. */
  atIntersections: boolean;
}

const NOT_MESHED: FrameMeshRule = { atJoints: false, atIntersections: false };
const MESHED: FrameMeshRule = { atJoints: true, atIntersections: true };

/**
 * Each tool's defaults, in one place. ETABS meshes frames at intersecting frames, area edges and joints during
 * analysis unless auto meshing is switched off (CSI; domain notes [C1][C3]), and joins area edges whose meshes do
 * not match with its automatic edge constraint, on by default [C5]. SAP2000 and CSiBridge mesh a frame only where
 * FRAME AUTO MESH ASSIGNMENTS says so, and their edge constraint is off by default [C5]. Other tools (and Gusset's
 * own models) are taken to join nothing they were not told to.
 */
const TOOL_DEFAULTS: Partial<Record<SourceTool, { frame: FrameMeshRule; areaEdges: boolean }>> = {
  etabs: { frame: MESHED, areaEdges: true },
};

/** The mesh rule of a frame from `tool`: its own assignment where it has one, else the tool's default. */
export function frameMeshRule(tool: SourceTool, autoMesh: FrameAutoMesh | undefined): FrameMeshRule {
  const defaults = TOOL_DEFAULTS[tool]?.frame ?? NOT_MESHED;
  if (!autoMesh) return defaults;
  if (!autoMesh.enabled) return NOT_MESHED;
  // Switched on with a detail left unsaid: ETABS meshes at joints whenever it meshes (its assignment has no
  // "at joints" key); elsewhere an unsaid detail is the tool's default.
  return {
    atJoints: autoMesh.atJoints ?? (tool === 'etabs' ? true : defaults.atJoints),
    atIntersections: autoMesh.atIntersections ?? defaults.atIntersections,
  };
}

/**
 * Whether the analysis joins nodes lying on an area's edges to it: an area auto-meshed at what meets it (ETABS
 * OBJMESHTYPE "AUTOMESH" at beams and walls), else its edge constraint, else the tool's default.
 */
export function areaEdgesJoined(tool: SourceTool, autoMesh: AreaAutoMesh | undefined): boolean {
  if (autoMesh?.mode === 'auto') return true;
  if (autoMesh?.edgeConstraint !== undefined) return autoMesh.edgeConstraint;
  return TOOL_DEFAULTS[tool]?.areaEdges ?? false;
}
