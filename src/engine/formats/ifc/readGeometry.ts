import type { IfcFile, IfcLine } from './readStep';
import { enumValue, num, nums, ref, refs, str } from './readStep';

/** A point or vector in the file's length unit. */
export interface Vec3 {
  x: number;
  y: number;
  z: number;
}

/**
 * An affine transform: the images of the unit axes (x, y, z) and of the origin (t). Placements in IFC are
 * orthonormal, but mapped items may scale, so this is not assumed anywhere.
 */
export interface Transform {
  x: Vec3;
  y: Vec3;
  z: Vec3;
  t: Vec3;
}

export const IDENTITY: Transform = {
  x: { x: 1, y: 0, z: 0 },
  y: { x: 0, y: 1, z: 0 },
  z: { x: 0, y: 0, z: 1 },
  t: { x: 0, y: 0, z: 0 },
};

export function add(a: Vec3, b: Vec3): Vec3 {
  return { x: a.x + b.x, y: a.y + b.y, z: a.z + b.z };
}

export function sub(a: Vec3, b: Vec3): Vec3 {
  return { x: a.x - b.x, y: a.y - b.y, z: a.z - b.z };
}

export function scale(a: Vec3, factor: number): Vec3 {
  return { x: a.x * factor, y: a.y * factor, z: a.z * factor };
}

export function dot(a: Vec3, b: Vec3): number {
  return a.x * b.x + a.y * b.y + a.z * b.z;
}

export function cross(a: Vec3, b: Vec3): Vec3 {
  return { x: a.y * b.z - a.z * b.y, y: a.z * b.x - a.x * b.z, z: a.x * b.y - a.y * b.x };
}

export function length(a: Vec3): number {
  return Math.sqrt(dot(a, a));
}

export function normalize(a: Vec3): Vec3 | undefined {
  const size = length(a);
  return size > 1e-12 && Number.isFinite(size) ? scale(a, 1 / size) : undefined;
}

/** The direction of a vector, applied without the translation. */
export function applyVector(transform: Transform, v: Vec3): Vec3 {
  return {
    x: transform.x.x * v.x + transform.y.x * v.y + transform.z.x * v.z,
    y: transform.x.y * v.x + transform.y.y * v.y + transform.z.y * v.z,
    z: transform.x.z * v.x + transform.y.z * v.y + transform.z.z * v.z,
  };
}

export function applyPoint(transform: Transform, p: Vec3): Vec3 {
  return add(applyVector(transform, p), transform.t);
}

/** `outer ∘ inner`: first inner, then outer. */
export function compose(outer: Transform, inner: Transform): Transform {
  return {
    x: applyVector(outer, inner.x),
    y: applyVector(outer, inner.y),
    z: applyVector(outer, inner.z),
    t: applyPoint(outer, inner.t),
  };
}

/** A cartesian point's coordinates (2-D points get z = 0). */
export function cartesianPoint(file: IfcFile, id: number | undefined): Vec3 | undefined {
  const line = file.line(id);
  if (!line) return undefined;
  const coordinates = nums(line['Coordinates']);
  if (!coordinates || coordinates.length < 2 || coordinates.length > 3) return undefined;
  return { x: coordinates[0] ?? 0, y: coordinates[1] ?? 0, z: coordinates[2] ?? 0 };
}

function direction(file: IfcFile, id: number | undefined): Vec3 | undefined {
  const line = file.line(id);
  if (!line) return undefined;
  const ratios = nums(line['DirectionRatios']);
  if (!ratios || ratios.length < 2 || ratios.length > 3) return undefined;
  return normalize({ x: ratios[0] ?? 0, y: ratios[1] ?? 0, z: ratios[2] ?? 0 });
}

/**
 * IfcAxis2Placement3D / 2D as a transform (IFC's rule: Axis is z, RefDirection projected perpendicular to it is
 * x, y = z × x). A missing or degenerate direction falls back to the default axes.
 */
export function axisPlacement(file: IfcFile, line: IfcLine | undefined): Transform {
  if (!line) return IDENTITY;
  const origin = cartesianPoint(file, ref(line['Location'])) ?? { x: 0, y: 0, z: 0 };
  const type = file.typeOf(line);
  if (type === 'IFCAXIS2PLACEMENT2D') {
    const xAxis = direction(file, ref(line['RefDirection'])) ?? { x: 1, y: 0, z: 0 };
    const x = normalize({ x: xAxis.x, y: xAxis.y, z: 0 }) ?? { x: 1, y: 0, z: 0 };
    return { x, y: { x: -x.y, y: x.x, z: 0 }, z: { x: 0, y: 0, z: 1 }, t: origin };
  }
  if (type !== 'IFCAXIS2PLACEMENT3D') return { ...IDENTITY, t: origin };
  const z = direction(file, ref(line['Axis'])) ?? { x: 0, y: 0, z: 1 };
  let reference = direction(file, ref(line['RefDirection'])) ?? { x: 1, y: 0, z: 0 };
  let x = normalize(sub(reference, scale(z, dot(reference, z))));
  if (!x) {
    // RefDirection parallel to Axis: any perpendicular will do; IFC's default picks this one.
    reference = Math.abs(z.x) < 0.9 ? { x: 1, y: 0, z: 0 } : { x: 0, y: 1, z: 0 };
    x = normalize(sub(reference, scale(z, dot(reference, z)))) ?? { x: 1, y: 0, z: 0 };
  }
  return { x, y: cross(z, x), z, t: origin };
}

/** Placement chains deeper than this are treated as cycles (a damaged file: A relative to B relative to A). */
const MAX_PLACEMENT_DEPTH = 64;

export class PlacementResolver {
  private readonly cache = new Map<number, Transform>();

  constructor(private readonly file: IfcFile) {}

  /**
   * The world transform of an IfcObjectPlacement: the full IfcLocalPlacement chain (PlacementRelTo up to the
   * root). Grid placements and linear placements are not supported and read as the identity, reported by the
   * caller when it matters. Returns undefined for a cyclic chain.
   */
  world(placementId: number | undefined, depth = 0): Transform | undefined {
    if (placementId === undefined) return IDENTITY;
    const cached = this.cache.get(placementId);
    if (cached) return cached;
    if (depth > MAX_PLACEMENT_DEPTH) return undefined;
    const line = this.file.line(placementId);
    if (!line || this.file.typeOf(line) !== 'IFCLOCALPLACEMENT') return IDENTITY;
    const parent = this.world(ref(line['PlacementRelTo']), depth + 1);
    if (!parent) return undefined;
    const local = axisPlacement(this.file, this.file.line(ref(line['RelativePlacement'])));
    const world = compose(parent, local);
    this.cache.set(placementId, world);
    return world;
  }
}

/** IfcCartesianTransformationOperator(3D/2D, uniform or not) as a transform. */
export function transformOperator(file: IfcFile, line: IfcLine | undefined): Transform {
  if (!line) return IDENTITY;
  const origin = cartesianPoint(file, ref(line['LocalOrigin'])) ?? { x: 0, y: 0, z: 0 };
  const uniform = num(line['Scale']) ?? 1;
  const x = direction(file, ref(line['Axis1'])) ?? { x: 1, y: 0, z: 0 };
  const y = direction(file, ref(line['Axis2'])) ?? normalize(cross({ x: 0, y: 0, z: 1 }, x)) ?? IDENTITY.y;
  const z = direction(file, ref(line['Axis3'])) ?? normalize(cross(x, y)) ?? IDENTITY.z;
  const scaleY = num(line['Scale2']) ?? uniform;
  const scaleZ = num(line['Scale3']) ?? uniform;
  return { x: scale(x, uniform), y: scale(y, scaleY), z: scale(z, scaleZ), t: origin };
}

/** A representation item and the transform from its coordinates to the product's placement. */
export interface PlacedItem {
  item: IfcLine;
  transform: Transform;
}

const MAX_MAPPING_DEPTH = 8;

/**
 * The items of a product's shape representations named `identifier` ('Axis', 'Body', 'FootPrint'), with mapped
 * items (IfcMappedItem → IfcRepresentationMap) expanded into their items and transforms.
 */
export function representationItems(
  file: IfcFile,
  productShapeId: number | undefined,
  identifier: string,
): PlacedItem[] {
  const shape = file.line(productShapeId);
  if (!shape) return [];
  const placed: PlacedItem[] = [];
  for (const representationId of refs(shape['Representations'])) {
    const representation = file.line(representationId);
    if (!representation) continue;
    if ((str(representation['RepresentationIdentifier']) ?? '').toUpperCase() !== identifier.toUpperCase())
      continue;
    collectItems(file, representation, IDENTITY, placed, 0);
  }
  return placed;
}

function collectItems(
  file: IfcFile,
  representation: IfcLine,
  transform: Transform,
  placed: PlacedItem[],
  depth: number,
): void {
  for (const itemId of refs(representation['Items'])) {
    const item = file.line(itemId);
    if (!item) continue;
    if (file.typeOf(item) !== 'IFCMAPPEDITEM') {
      placed.push({ item, transform });
      continue;
    }
    if (depth >= MAX_MAPPING_DEPTH) continue;
    const map = file.line(ref(item['MappingSource']));
    const mapped = file.line(ref(map?.['MappedRepresentation']));
    if (!map || !mapped) continue;
    // The map's items are in its MappingOrigin's coordinates; MappingTarget then places that origin in the product.
    const target = transformOperator(file, file.line(ref(item['MappingTarget'])));
    const origin = axisPlacement(file, file.line(ref(map['MappingOrigin'])));
    collectItems(file, mapped, compose(transform, compose(target, origin)), placed, depth + 1);
  }
}

/** The end points of a straight curve: a polyline's first and last point, a trimmed line's trims, an IfcLine. */
export function curveEnds(file: IfcFile, curve: IfcLine): [Vec3, Vec3] | undefined {
  const type = file.typeOf(curve);
  if (type === 'IFCPOLYLINE') {
    const points = refs(curve['Points']);
    const first = cartesianPoint(file, points[0]);
    const last = cartesianPoint(file, points[points.length - 1]);
    return first && last && points.length >= 2 ? [first, last] : undefined;
  }
  if (type === 'IFCINDEXEDPOLYCURVE') {
    const list = file.line(ref(curve['Points']));
    const coordinates = list?.['CoordList'];
    if (!Array.isArray(coordinates) || coordinates.length < 2) return undefined;
    const first = nums(coordinates[0]);
    const last = nums(coordinates[coordinates.length - 1]);
    if (!first || !last) return undefined;
    return [
      { x: first[0] ?? 0, y: first[1] ?? 0, z: first[2] ?? 0 },
      { x: last[0] ?? 0, y: last[1] ?? 0, z: last[2] ?? 0 },
    ];
  }
  if (type === 'IFCTRIMMEDCURVE') {
    const basis = file.line(ref(curve['BasisCurve']));
    if (!basis || file.typeOf(basis) !== 'IFCLINE') return undefined;
    const trim = (raw: unknown): Vec3 | undefined => {
      if (!Array.isArray(raw)) return undefined;
      for (const select of raw as unknown[]) {
        const point = cartesianPoint(file, ref(select));
        if (point) return point;
      }
      for (const select of raw as unknown[]) {
        const parameter = num(select);
        if (parameter !== undefined) return pointOnLine(file, basis, parameter);
      }
      return undefined;
    };
    const start = trim(curve['Trim1']);
    const end = trim(curve['Trim2']);
    if (!start || !end) return undefined;
    return enumValue(curve['SenseAgreement']) === 'F' ? [end, start] : [start, end];
  }
  return undefined;
}

function pointOnLine(file: IfcFile, line: IfcLine, parameter: number): Vec3 | undefined {
  const origin = cartesianPoint(file, ref(line['Pnt']));
  const vector = file.line(ref(line['Dir']));
  const orientation = direction(file, ref(vector?.['Orientation']));
  const magnitude = num(vector?.['Magnitude']);
  if (!origin || !orientation || magnitude === undefined) return undefined;
  return add(origin, scale(orientation, parameter * magnitude));
}

/** A trimmed curve's trim points (cartesian trims only; parameters on circles are not evaluated). */
function trimmedEnds(file: IfcFile, curve: IfcLine): Vec3[] | undefined {
  if (file.typeOf(curve) !== 'IFCTRIMMEDCURVE') return undefined;
  const first = (raw: unknown): Vec3 | undefined =>
    Array.isArray(raw)
      ? (raw as unknown[])
          .map((select) => cartesianPoint(file, ref(select)))
          .find((point) => point !== undefined)
      : undefined;
  const start = first(curve['Trim1']);
  const end = first(curve['Trim2']);
  if (!start || !end) return undefined;
  return enumValue(curve['SenseAgreement']) === 'F' ? [end, start] : [start, end];
}

/** A swept solid found in a Body representation: the profile, the solid's position, direction and depth. */
export interface Extrusion {
  solid: IfcLine;
  profile: IfcLine;
  /** Solid position composed with the representation's (mapped) transform: product coordinates. */
  position: Transform;
  /** Extrusion direction in the solid's position coordinates (unit). */
  direction: Vec3;
  depth: number;
}

const MAX_BOOLEAN_DEPTH = 32;

/**
 * The first IfcExtrudedAreaSolid of a Body representation, looking through boolean cuts (Tekla's
 * IfcBooleanClippingResult keeps the member in its first operand).
 */
export function bodyExtrusion(file: IfcFile, productShapeId: number | undefined): Extrusion | undefined {
  for (const { item, transform } of representationItems(file, productShapeId, 'Body')) {
    let solid: IfcLine | undefined = item;
    for (let depth = 0; solid && depth < MAX_BOOLEAN_DEPTH; depth++) {
      const type = file.typeOf(solid);
      if (type === 'IFCBOOLEANRESULT' || type === 'IFCBOOLEANCLIPPINGRESULT') {
        solid = file.line(ref(solid['FirstOperand']));
        continue;
      }
      break;
    }
    if (!solid) continue;
    const type = file.typeOf(solid);
    if (type !== 'IFCEXTRUDEDAREASOLID' && type !== 'IFCEXTRUDEDAREASOLIDTAPERED') continue;
    const profile = file.line(ref(solid['SweptArea']));
    const depth = num(solid['Depth']);
    const extruded = direction(file, ref(solid['ExtrudedDirection']));
    if (!profile || depth === undefined || !extruded) continue;
    const position = compose(transform, axisPlacement(file, file.line(ref(solid['Position']))));
    return { solid, profile, position, direction: extruded, depth };
  }
  return undefined;
}

/** Transform of a profile definition's own Position (2-D placement in the profile plane); identity if absent. */
export function profilePosition(file: IfcFile, profile: IfcLine): Transform {
  const position = file.line(ref(profile['Position']));
  return position ? axisPlacement(file, position) : IDENTITY;
}

/**
 * A profile's outline in the profile plane (closed, last point not repeated): arbitrary closed profiles by their
 * polyline, rectangles by their corners, circles by 16 points. Undefined for curved or unknown outlines.
 */
export function profileOutline(file: IfcFile, profile: IfcLine): Vec3[] | undefined {
  const type = file.typeOf(profile);
  const position = profilePosition(file, profile);
  let points: Vec3[] | undefined;
  if (type === 'IFCARBITRARYCLOSEDPROFILEDEF' || type === 'IFCARBITRARYPROFILEDEFWITHVOIDS') {
    const curve = file.line(ref(profile['OuterCurve']));
    if (curve && file.typeOf(curve) === 'IFCPOLYLINE') {
      points = [];
      for (const pointId of refs(curve['Points'])) {
        const point = cartesianPoint(file, pointId);
        if (!point) return undefined;
        points.push(point);
      }
    } else if (curve && file.typeOf(curve) === 'IFCCOMPOSITECURVE') {
      // Segments' end points: straight segments exactly, arcs by their chords (reported by the caller's use).
      points = [];
      for (const segmentId of refs(curve['Segments'])) {
        const parent = file.line(ref(file.line(segmentId)?.['ParentCurve']));
        if (!parent) return undefined;
        if (file.typeOf(parent) === 'IFCPOLYLINE') {
          for (const pointId of refs(parent['Points'])) {
            const point = cartesianPoint(file, pointId);
            if (!point) return undefined;
            points.push(point);
          }
        } else {
          const trims = trimmedEnds(file, parent);
          if (!trims) return undefined;
          points.push(...trims);
        }
      }
      points = points.filter(
        (point, index) => index === 0 || length(sub(point, points?.[index - 1] as Vec3)) > 1e-9,
      );
    } else if (curve && file.typeOf(curve) === 'IFCINDEXEDPOLYCURVE') {
      const list = file.line(ref(curve['Points']))?.['CoordList'];
      if (!Array.isArray(list)) return undefined;
      points = [];
      for (const raw of list as unknown[]) {
        const xy = nums(raw);
        if (!xy || xy.length < 2) return undefined;
        points.push({ x: xy[0] ?? 0, y: xy[1] ?? 0, z: 0 });
      }
    }
    if (points && points.length > 1) {
      const first = points[0] as Vec3;
      const last = points[points.length - 1] as Vec3;
      if (length(sub(first, last)) < 1e-9) points.pop();
    }
    return points && points.length >= 3 ? points : undefined;
  }
  if (type === 'IFCRECTANGLEPROFILEDEF' || type === 'IFCRECTANGLEHOLLOWPROFILEDEF') {
    const halfX = (num(profile['XDim']) ?? 0) / 2;
    const halfY = (num(profile['YDim']) ?? 0) / 2;
    if (!(halfX > 0 && halfY > 0)) return undefined;
    points = [
      { x: -halfX, y: -halfY, z: 0 },
      { x: halfX, y: -halfY, z: 0 },
      { x: halfX, y: halfY, z: 0 },
      { x: -halfX, y: halfY, z: 0 },
    ];
  } else if (type === 'IFCCIRCLEPROFILEDEF' || type === 'IFCCIRCLEHOLLOWPROFILEDEF') {
    const radius = num(profile['Radius']) ?? 0;
    if (!(radius > 0)) return undefined;
    points = [];
    for (let index = 0; index < 16; index++) {
      const angle = (index / 16) * 2 * Math.PI;
      points.push({ x: radius * Math.cos(angle), y: radius * Math.sin(angle), z: 0 });
    }
  }
  return points?.map((point) => applyPoint(position, point));
}

/** Caps the vertices gathered from one boundary representation (a damaged file may list millions). */
const MAX_BREP_POINTS = 20000;

/**
 * The vertices of a Body's boundary representations (faceted and advanced breps, with mapped items), in product
 * coordinates: the only geometry some members have (Tekla's bent plates, Revit's walls with openings).
 */
export function bodyPoints(file: IfcFile, productShapeId: number | undefined): Vec3[] {
  const points: Vec3[] = [];
  for (const { item, transform } of representationItems(file, productShapeId, 'Body')) {
    const type = file.typeOf(item);
    if (type !== 'IFCFACETEDBREP' && type !== 'IFCADVANCEDBREP' && type !== 'IFCFACETEDBREPWITHVOIDS')
      continue;
    const seen = new Set<number>();
    const shell = file.line(ref(item['Outer']));
    for (const faceId of refs(shell?.['CfsFaces'])) {
      const face = file.line(faceId);
      for (const boundId of refs(face?.['Bounds'])) {
        const loop = file.line(ref(file.line(boundId)?.['Bound']));
        if (!loop) continue;
        const pointIds: (number | undefined)[] = [];
        if (file.typeOf(loop) === 'IFCPOLYLOOP') pointIds.push(...refs(loop['Polygon']));
        else {
          for (const orientedId of refs(loop['EdgeList'])) {
            const edge = file.line(ref(file.line(orientedId)?.['EdgeElement']));
            const vertex = file.line(ref(edge?.['EdgeStart']));
            pointIds.push(ref(vertex?.['VertexGeometry']));
          }
        }
        for (const pointId of pointIds) {
          if (pointId === undefined || seen.has(pointId) || points.length >= MAX_BREP_POINTS) continue;
          seen.add(pointId);
          const point = cartesianPoint(file, pointId);
          if (point) points.push(applyPoint(transform, point));
        }
      }
    }
  }
  return points;
}

/**
 * The principal axis of a point cloud: the segment, through the centroid, along the direction of largest spread
 * (power iteration on the covariance), spanning the points' projections. For a member's vertices this is its
 * centre line to within the section's size.
 */
export function principalAxis(points: Vec3[]): [Vec3, Vec3] | undefined {
  if (points.length < 2) return undefined;
  const centre = scale(
    points.reduce((sum, point) => add(sum, point), { x: 0, y: 0, z: 0 }),
    1 / points.length,
  );
  let xx = 0;
  let xy = 0;
  let xz = 0;
  let yy = 0;
  let yz = 0;
  let zz = 0;
  for (const point of points) {
    const d = sub(point, centre);
    xx += d.x * d.x;
    xy += d.x * d.y;
    xz += d.x * d.z;
    yy += d.y * d.y;
    yz += d.y * d.z;
    zz += d.z * d.z;
  }
  let axis: Vec3 = { x: 1, y: 1, z: 1 };
  for (let iteration = 0; iteration < 50; iteration++) {
    const next = normalize({
      x: xx * axis.x + xy * axis.y + xz * axis.z,
      y: xy * axis.x + yy * axis.y + yz * axis.z,
      z: xz * axis.x + yz * axis.y + zz * axis.z,
    });
    if (!next) return undefined;
    axis = next;
  }
  let min = Infinity;
  let max = -Infinity;
  for (const point of points) {
    const along = dot(sub(point, centre), axis);
    if (along < min) min = along;
    if (along > max) max = along;
  }
  return [add(centre, scale(axis, min)), add(centre, scale(axis, max))];
}
