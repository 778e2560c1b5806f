/**
 * IFC physical elements (IfcBeam, IfcColumn, IfcMember, IfcSlab, IfcWall*, IfcFooting, IfcPlate,
 * IfcOpeningElement) → canonical elements. Attributes first; geometry only where it is the only source:
 * - frames: the 'Axis' representation (Revit), else the extruded body's axis through the profile's origin
 *   (Tekla): start at the solid's position, along its extrusion direction, for its depth;
 * - walls: the 'Axis' curve at the body's base, raised by the extrusion depth; else the centre line of the
 *   extruded outline's long side;
 * - slabs and plates: the outline of the extruded profile on its top face (slabs) or mid-plane (plates);
 * - footings: one node at the top centre (pads), else the top outline; openings: the outline on the mid-plane.
 */
import type { Element, Node } from '../../schema';
import { setAttribute } from '../../schema';
import type { ReadContext } from './readContext';
import {
  baseAttributes,
  count,
  elementId,
  elementName,
  frameTypeOf,
  nodeAt,
  polygonNodes,
} from './readContext';
import type { Extrusion, Transform, Vec3 } from './readGeometry';
import {
  add,
  applyPoint,
  applyVector,
  bodyExtrusion,
  bodyPoints,
  principalAxis,
  compose,
  curveEnds,
  IDENTITY,
  length,
  normalize,
  profileOutline,
  profilePosition,
  representationItems,
  scale,
  sub,
} from './readGeometry';
import { csiCardinalPoint, ifcClassName, predefinedType, sectionOf } from './readProfiles';
import type { IfcLine } from './readStep';
import { ref, str } from './readStep';

/** The physical classes we read, in the order they are read (subclasses such as IfcWallStandardCase included). */
export const PHYSICAL_CLASSES = [
  'IFCCOLUMN',
  'IFCBEAM',
  'IFCMEMBER',
  'IFCSLAB',
  'IFCWALL',
  'IFCFOOTING',
  'IFCPLATE',
  'IFCOPENINGELEMENT',
] as const;

const BRACE_MEMBER_TYPES = new Set(['BRACE', 'STRUT', 'TIE_ROD', 'STIFFENING_RIB']);
const VERTICAL_MEMBER_TYPES = new Set(['POST', 'STUD', 'MULLION']);

/**
 * A linear product's frame type: IfcColumn and IfcBeam by class; an IfcMember inclined is a brace whatever it is
 * called, a level or plumb one follows its PredefinedType (BRACE…, POST…) or else its slope (`geometric`).
 */
export function frameTypeOfProduct(
  className: string,
  predefined: string,
  geometric: 'Beam' | 'Column' | 'Brace',
): 'Beam' | 'Column' | 'Brace' {
  if (className.startsWith('IFCCOLUMN')) return 'Column';
  if (className.startsWith('IFCBEAM')) return 'Beam';
  if (geometric === 'Brace' || BRACE_MEMBER_TYPES.has(predefined)) return 'Brace';
  if (VERTICAL_MEMBER_TYPES.has(predefined)) return 'Column';
  return geometric;
}

export interface PhysicalOptions {
  /** Physical products whose analytical counterpart was read (IfcRelAssignsToProduct): not read again. */
  carried: Set<number>;
}

export function readPhysical(context: ReadContext, options: PhysicalOptions): void {
  let carriedCount = 0;
  for (const className of PHYSICAL_CLASSES) {
    for (const line of context.file.linesOf(className)) {
      count(context, line);
      if (options.carried.has(line.expressID)) {
        carriedCount++;
        continue;
      }
      const world = context.placements.world(ref(line['ObjectPlacement']));
      if (!world) {
        context.report.dropped(
          ifcClassName(context.file.typeOf(line)),
          'its placement refers back to itself',
          {
            id: elementId(context, line, new Set()),
            line: context.file.sourceLine(line.expressID),
          },
        );
        continue;
      }
      const element =
        className === 'IFCCOLUMN' || className === 'IFCBEAM' || className === 'IFCMEMBER'
          ? readFrame(context, line, world)
          : readPlanar(context, line, world, className);
      if (element) context.model.elements.push(element);
    }
  }
  if (carriedCount > 0) {
    context.report.approximated(
      'Physical elements',
      `${carriedCount} physical elements are represented by their analytical members (IfcRelAssignsToProduct) and were not read twice`,
    );
  }
}

function dropped(context: ReadContext, line: IfcLine, reason: string): undefined {
  context.report.dropped(ifcClassName(context.file.typeOf(line)), reason, {
    id: elementId(context, line, new Set()),
    line: context.file.sourceLine(line.expressID),
  });
  return undefined;
}

/** The analytical line of a frame in world file units, and where it came from. */
function frameLine(
  context: ReadContext,
  line: IfcLine,
  world: Transform,
): { start: Vec3; end: Vec3; from: 'Axis' | 'Body' | 'Brep'; extrusion?: Extrusion } | undefined {
  const file = context.file;
  const shape = ref(line['Representation']);
  for (const { item, transform } of representationItems(file, shape, 'Axis')) {
    const ends = curveEnds(file, item);
    if (!ends) continue;
    const placed = compose(world, transform);
    return { start: applyPoint(placed, ends[0]), end: applyPoint(placed, ends[1]), from: 'Axis' };
  }
  const extrusion = bodyExtrusion(file, shape);
  if (!extrusion) {
    // Only a boundary representation: the principal axis of its vertices (reported as approximated).
    const ends = principalAxis(bodyPoints(file, shape));
    if (!ends) return undefined;
    return { start: applyPoint(world, ends[0]), end: applyPoint(world, ends[1]), from: 'Brep' };
  }
  // The member axis runs through the profile's own origin (its centroid for parametric profiles).
  const origin = profilePosition(file, extrusion.profile).t;
  const placed = compose(world, extrusion.position);
  const start = applyPoint(placed, { x: origin.x, y: origin.y, z: 0 });
  const end = add(start, applyVector(placed, scale(extrusion.direction, extrusion.depth)));
  return { start, end, from: 'Body', extrusion };
}

function readFrame(context: ReadContext, line: IfcLine, world: Transform): Element | undefined {
  const file = context.file;
  const className = file.typeOf(line);
  const axis = frameLine(context, line, world);
  if (!axis) {
    return dropped(context, line, 'it has no Axis representation and no extruded body to take its axis from');
  }
  const factor = context.units.length;
  const start = context.nodes.at(axis.start.x * factor, axis.start.y * factor, axis.start.z * factor);
  const end = context.nodes.at(axis.end.x * factor, axis.end.y * factor, axis.end.z * factor);
  if (start === end) return dropped(context, line, 'its axis is shorter than 1 mm');
  const id = elementId(context, line);
  const attributes = baseAttributes(context, line);
  setAttribute(attributes, 'ifcAxisFrom', axis.from);
  if (axis.from === 'Brep') {
    context.report.approximated(
      ifcClassName(className),
      'it has only faceted geometry: its axis is the principal axis of its vertices',
      {
        id,
        line: context.file.sourceLine(line.expressID),
      },
    );
  }
  const type = frameTypeOfProduct(className, predefinedType(line), frameTypeOf(axis.start, axis.end));
  const use = context.table.associations().get(line.expressID) ?? {};
  const profileLine =
    use.profile ?? axis.extrusion?.profile ?? bodyExtrusion(file, ref(line['Representation']))?.profile;
  // No profile definition (a faceted body): the section is what the file calls the member's type, if anything.
  const typeName = str(line['ObjectType'])?.trim();
  const profileId = profileLine
    ? context.table.frameProfile(profileLine, use.materialId)
    : typeName
      ? context.table.namedFrameProfile(typeName, use.materialId)
      : undefined;
  const levelId = context.levelOf.get(line.expressID);
  const cardinal = csiCardinalPoint(use.cardinalPoint, sectionOf(context.table, profileId));
  const note = cardinal.approximated ?? cardinal.dropped;
  if (note) {
    context.report[cardinal.approximated ? 'approximated' : 'dropped']('IfcMaterialProfileSetUsage', note, {
      id,
      concept: 'cardinalPoint',
      line: context.file.sourceLine(line.expressID),
    });
  }
  const cardinalPoint = cardinal.cardinalPoint;
  return {
    id,
    type,
    source: { tool: 'ifc' },
    name: elementName(line, id),
    attributes,
    startNodeId: start.id,
    endNodeId: end.id,
    ...(profileId ? { profileId } : {}),
    // The profile carries the material; a member states one only when it has no profile.
    ...(use.materialId && !profileId ? { materialId: use.materialId } : {}),
    ...(levelId ? { levelId } : {}),
    ...(cardinalPoint !== undefined ? { cardinalPoint } : {}),
  };
}

/** The outline of an extrusion at a fraction of its depth (0 = profile plane, 1 = far face), world file units. */
function outlineAt(
  context: ReadContext,
  extrusion: Extrusion,
  world: Transform,
  fraction: number,
): Vec3[] | undefined {
  const outline = profileOutline(context.file, extrusion.profile);
  if (!outline) return undefined;
  const placed = compose(world, extrusion.position);
  const offset = scale(extrusion.direction, extrusion.depth * fraction);
  return outline.map((point) => applyPoint(placed, add(point, offset)));
}

function meanZ(points: Vec3[]): number {
  return points.reduce((sum, point) => sum + point.z, 0) / points.length;
}

function readPlanar(
  context: ReadContext,
  line: IfcLine,
  world: Transform,
  className: string,
): Element | undefined {
  const file = context.file;
  const shape = ref(line['Representation']);
  const extrusion = bodyExtrusion(file, shape);
  const use = context.table.associations().get(line.expressID) ?? {};
  const factor = context.units.length;
  const toNodes = (points: Vec3[]): Node[] =>
    polygonNodes(
      points.map((point) => context.nodes.at(point.x * factor, point.y * factor, point.z * factor)),
    );
  let points: Vec3[] | undefined;
  let single: Vec3 | undefined;
  let thickness: number | undefined;

  if (className === 'IFCWALL') {
    const wall = wallPolygon(context, line, world, extrusion);
    points = wall?.points;
    thickness = wall?.thickness;
  } else if (extrusion) {
    const base = outlineAt(context, extrusion, world, 0);
    const far = outlineAt(context, extrusion, world, 1);
    if (base && far) {
      if (className === 'IFCSLAB' || className === 'IFCFOOTING') {
        // Slabs and footings are modelled on their top face, where beams and columns meet them.
        points = meanZ(far) > meanZ(base) ? far : base;
      } else {
        points = outlineAt(context, extrusion, world, 0.5);
      }
      thickness = extrusion.depth;
      if (className === 'IFCFOOTING') {
        const type = file.typeOf(extrusion.profile);
        const isPad =
          predefinedType(line) === 'PAD_FOOTING' ||
          type === 'IFCRECTANGLEPROFILEDEF' ||
          type === 'IFCCIRCLEPROFILEDEF';
        if (isPad && points) {
          single = scale(
            points.reduce((sum, point) => add(sum, point), { x: 0, y: 0, z: 0 }),
            1 / points.length,
          );
        }
      }
    }
  }
  if (!points) {
    return dropped(
      context,
      line,
      'its shape is not an extruded profile with a straight-edged outline, so it has no polygon to read',
    );
  }

  const id = elementId(context, line);
  const attributes = baseAttributes(context, line);
  const levelId = context.levelOf.get(line.expressID);
  const common = {
    id,
    source: { tool: 'ifc' as const },
    name: elementName(line, id),
    attributes,
    ...(use.materialId ? { materialId: use.materialId } : {}),
    ...(levelId ? { levelId } : {}),
  };
  if (className === 'IFCFOOTING') {
    const nodes = single ? [nodeAt(context, IDENTITY, single)] : toNodes(points);
    if (nodes.length === 0) return dropped(context, line, 'its outline collapses to nothing');
    return { ...common, type: 'Foundation', nodeIds: nodes.map((node) => node.id) };
  }
  const nodes = toNodes(points);
  if (nodes.length < 3) return dropped(context, line, 'its outline has fewer than three corners 1 mm apart');
  const nodeIds = nodes.map((node) => node.id);
  const thicknessMm =
    (use.layerThickness ?? thickness) === undefined
      ? undefined
      : (use.layerThickness ?? thickness ?? 0) * factor;
  if (className === 'IFCOPENINGELEMENT') return { ...common, type: 'Opening', nodeIds };
  if (className === 'IFCWALL') {
    return {
      ...common,
      type: 'Wall',
      nodeIds,
      profileId: context.table.shellProfile('wall', thicknessMm, use.materialId, undefined, use.layerSetName),
    };
  }
  if (className === 'IFCSLAB') {
    return {
      ...common,
      type: 'Floor',
      nodeIds,
      profileId: context.table.shellProfile('slab', thicknessMm, use.materialId, undefined, use.layerSetName),
    };
  }
  // IfcPlate: a floor when it lies flat, else a general area.
  const normal = polygonNormal(points);
  const flat = normal !== undefined && Math.abs(normal.z) > 0.9;
  return {
    ...common,
    type: flat ? 'Floor' : 'Area',
    nodeIds,
    profileId: context.table.shellProfile(
      flat ? 'slab' : 'other',
      thicknessMm,
      use.materialId,
      undefined,
      use.layerSetName,
    ),
  };
}

function polygonNormal(points: Vec3[]): Vec3 | undefined {
  // Newell's method: robust for any simple polygon.
  let normal = { x: 0, y: 0, z: 0 };
  for (let index = 0; index < points.length; index++) {
    const a = points[index] as Vec3;
    const b = points[(index + 1) % points.length] as Vec3;
    normal = add(normal, {
      x: (a.y - b.y) * (a.z + b.z),
      y: (a.z - b.z) * (a.x + b.x),
      z: (a.x - b.x) * (a.y + b.y),
    });
  }
  return normalize(normal);
}

/**
 * A wall's panel: its Axis curve at the base of its body, raised by the body's extrusion; without an Axis, the
 * centre line of the outline's long side. Thickness is the outline's short side (file units).
 */
function wallPolygon(
  context: ReadContext,
  line: IfcLine,
  world: Transform,
  extrusion: Extrusion | undefined,
): { points: Vec3[]; thickness?: number } | undefined {
  const file = context.file;
  if (!extrusion) return wallFromBrep(context, line, world);
  const placedSolid = compose(world, extrusion.position);
  const rise = applyVector(placedSolid, scale(extrusion.direction, extrusion.depth));
  let base: [Vec3, Vec3] | undefined;
  for (const { item, transform } of representationItems(file, ref(line['Representation']), 'Axis')) {
    const ends = curveEnds(file, item);
    if (!ends) continue;
    // The axis is drawn at the wall's placement; the body may start above or below it.
    const lift = extrusion.position.t.z;
    const placed = compose(world, transform);
    base = [
      applyPoint(placed, { ...ends[0], z: ends[0].z + lift }),
      applyPoint(placed, { ...ends[1], z: ends[1].z + lift }),
    ];
    break;
  }
  const outline = profileOutline(file, extrusion.profile);
  let thickness: number | undefined;
  if (outline) {
    const xs = outline.map((point) => point.x);
    const ys = outline.map((point) => point.y);
    const [minX, maxX, minY, maxY] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
    const alongX = maxX - minX >= maxY - minY;
    thickness = alongX ? maxY - minY : maxX - minX;
    if (!base) {
      const middle = alongX ? (minY + maxY) / 2 : (minX + maxX) / 2;
      const a = alongX ? { x: minX, y: middle, z: 0 } : { x: middle, y: minY, z: 0 };
      const b = alongX ? { x: maxX, y: middle, z: 0 } : { x: middle, y: maxY, z: 0 };
      base = [applyPoint(placedSolid, a), applyPoint(placedSolid, b)];
    }
  }
  if (!base || length(sub(base[1], base[0])) === 0) return undefined;
  const points = [base[0], base[1], add(base[1], rise), add(base[0], rise)];
  return thickness === undefined ? { points } : { points, thickness };
}

/** A wall with an Axis and only a boundary representation: the axis from the lowest to the highest vertex. */
function wallFromBrep(context: ReadContext, line: IfcLine, world: Transform): { points: Vec3[] } | undefined {
  const file = context.file;
  const shape = ref(line['Representation']);
  const vertices = bodyPoints(file, shape);
  if (vertices.length === 0) return undefined;
  const bottom = Math.min(...vertices.map((point) => point.z));
  const top = Math.max(...vertices.map((point) => point.z));
  for (const { item, transform } of representationItems(file, shape, 'Axis')) {
    const ends = curveEnds(file, item);
    if (!ends || top <= bottom) continue;
    const placed = compose(world, transform);
    const at = (point: Vec3, z: number): Vec3 => applyPoint(placed, { ...point, z });
    context.report.approximated(
      ifcClassName(file.typeOf(line)),
      'its body is a boundary representation: the panel spans its Axis from the lowest to the highest vertex',
      {
        id: str(line['GlobalId']) ?? `#${line.expressID}`,
        line: file.sourceLine(line.expressID),
      },
    );
    return { points: [at(ends[0], bottom), at(ends[1], bottom), at(ends[1], top), at(ends[0], top)] };
  }
  return undefined;
}
