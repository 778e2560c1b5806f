import type { IfcAPI } from 'web-ifc';
import {
  IFCBEAM,
  IFCBUILDINGSTOREY,
  IFCCOLUMN,
  IFCGRIDAXIS,
  IFCMEMBER,
  IFCRELASSOCIATESMATERIAL,
  IFCSLAB,
  IFCSTRUCTURALCURVEMEMBER,
  IFCSTRUCTURALPOINTCONNECTION,
  IFCSTRUCTURALSURFACEMEMBER,
  IFCWALL,
} from 'web-ifc';

/**
 * Reading helpers for the IFC writer's tests: they look at a written file only through web-ifc, the way another
 * IFC tool would, and resolve placements themselves so the test does not trust the writer's own arithmetic.
 */

type Vec3 = [number, number, number];
interface Frame {
  origin: Vec3;
  x: Vec3;
  y: Vec3;
  z: Vec3;
}

// web-ifc's GetLine returns untyped objects; these tests read only the attributes below.
/* eslint-disable @typescript-eslint/no-explicit-any */

export const ENTITY_TYPES = {
  beams: IFCBEAM,
  columns: IFCCOLUMN,
  members: IFCMEMBER,
  slabs: IFCSLAB,
  walls: IFCWALL,
  storeys: IFCBUILDINGSTOREY,
  gridAxes: IFCGRIDAXIS,
  curveMembers: IFCSTRUCTURALCURVEMEMBER,
  pointConnections: IFCSTRUCTURALPOINTCONNECTION,
  surfaceMembers: IFCSTRUCTURALSURFACEMEMBER,
} as const;

export function idsOfType(api: IfcAPI, modelId: number, type: number): number[] {
  const vector = api.GetLineIDsWithType(modelId, type);
  const ids: number[] = [];
  for (let index = 0; index < vector.size(); index++) ids.push(vector.get(index));
  return ids;
}

export function countsOf(api: IfcAPI, modelId: number): Record<keyof typeof ENTITY_TYPES, number> {
  return Object.fromEntries(
    Object.entries(ENTITY_TYPES).map(([key, type]) => [key, idsOfType(api, modelId, type).length]),
  ) as Record<keyof typeof ENTITY_TYPES, number>;
}

const cross = (a: Vec3, b: Vec3): Vec3 => [
  a[1] * b[2] - a[2] * b[1],
  a[2] * b[0] - a[0] * b[2],
  a[0] * b[1] - a[1] * b[0],
];
const unit = (a: Vec3): Vec3 => {
  const length = Math.hypot(...a);
  return [a[0] / length, a[1] / length, a[2] / length];
};

function coordinates(api: IfcAPI, modelId: number, pointId: number): Vec3 {
  const point = api.GetLine(modelId, pointId);
  const values = point.Coordinates.map((value: any) => Number(value.value));
  return [values[0] ?? 0, values[1] ?? 0, values[2] ?? 0];
}

function directionOf(api: IfcAPI, modelId: number, handle: any, fallback: Vec3): Vec3 {
  if (!handle) return fallback;
  const line = api.GetLine(modelId, handle.value);
  const values = line.DirectionRatios.map((value: any) => Number(value.value));
  return unit([values[0] ?? 0, values[1] ?? 0, values[2] ?? 0]);
}

function apply(frame: Frame, local: Vec3): Vec3 {
  return [0, 1, 2].map(
    (axis) =>
      (frame.origin[axis] ?? 0) +
      (frame.x[axis] ?? 0) * local[0] +
      (frame.y[axis] ?? 0) * local[1] +
      (frame.z[axis] ?? 0) * local[2],
  ) as Vec3;
}

/** The global frame of an IfcLocalPlacement, composing PlacementRelTo as IFC says. */
export function placementFrame(api: IfcAPI, modelId: number, placementId: number): Frame {
  const placement = api.GetLine(modelId, placementId);
  const relative = api.GetLine(modelId, placement.RelativePlacement.value);
  const z = directionOf(api, modelId, relative.Axis, [0, 0, 1]);
  const xHint = directionOf(api, modelId, relative.RefDirection, [1, 0, 0]);
  const dotXz = xHint[0] * z[0] + xHint[1] * z[1] + xHint[2] * z[2];
  const x = unit([xHint[0] - dotXz * z[0], xHint[1] - dotXz * z[1], xHint[2] - dotXz * z[2]]);
  const local: Frame = { origin: coordinates(api, modelId, relative.Location.value), x, y: cross(z, x), z };
  if (!placement.PlacementRelTo) return local;
  const parent = placementFrame(api, modelId, placement.PlacementRelTo.value);
  const origin = apply(parent, local.origin);
  const rotate = (vector: Vec3): Vec3 => {
    const moved = apply(parent, vector);
    return [moved[0] - parent.origin[0], moved[1] - parent.origin[1], moved[2] - parent.origin[2]];
  };
  return { origin, x: rotate(local.x), y: rotate(local.y), z: rotate(local.z) };
}

/** A physical member's Tag (the canonical id) and its 'Axis' polyline's end points in global coordinates. */
export function memberAxes(api: IfcAPI, modelId: number, type: number): Map<string, [Vec3, Vec3]> {
  const axes = new Map<string, [Vec3, Vec3]>();
  for (const id of idsOfType(api, modelId, type)) {
    const element = api.GetLine(modelId, id);
    const frame = placementFrame(api, modelId, element.ObjectPlacement.value);
    const shape = api.GetLine(modelId, element.Representation.value);
    for (const handle of shape.Representations) {
      const representation = api.GetLine(modelId, handle.value);
      if (representation.RepresentationIdentifier?.value !== 'Axis') continue;
      const polyline = api.GetLine(modelId, representation.Items[0].value);
      const [first, last] = [polyline.Points[0], polyline.Points[polyline.Points.length - 1]];
      axes.set(String(element.Tag.value), [
        apply(frame, coordinates(api, modelId, first.value)),
        apply(frame, coordinates(api, modelId, last.value)),
      ]);
    }
  }
  return axes;
}

/** Per element Tag: the profile name and material name its IfcMaterialProfileSetUsage gives. */
export function memberSections(
  api: IfcAPI,
  modelId: number,
): Map<string, { profile: string; material?: string }> {
  const sections = new Map<string, { profile: string; material?: string }>();
  for (const id of idsOfType(api, modelId, IFCRELASSOCIATESMATERIAL)) {
    const relation = api.GetLine(modelId, id);
    const usage = api.GetLine(modelId, relation.RelatingMaterial.value);
    if (!usage.ForProfileSet) continue;
    const set = api.GetLine(modelId, usage.ForProfileSet.value);
    const materialProfile = api.GetLine(modelId, set.MaterialProfiles[0].value);
    const profile = api.GetLine(modelId, materialProfile.Profile.value);
    const material = materialProfile.Material
      ? api.GetLine(modelId, materialProfile.Material.value)
      : undefined;
    for (const object of relation.RelatedObjects) {
      const related = api.GetLine(modelId, object.value);
      if (!related.Tag) continue;
      sections.set(String(related.Tag.value), {
        profile: String(profile.ProfileName.value),
        ...(material ? { material: String(material.Name.value) } : {}),
      });
    }
  }
  return sections;
}
