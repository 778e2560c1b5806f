/**
 * IfcStructuralAnalysisModel → canonical nodes, frames, areas, supports, load patterns, cases, combinations and
 * loads. Point connections become nodes named by their GlobalId (with their boundary conditions as restraints and
 * springs); curve members become frames between the nodes at their edge's ends (merged at 1 mm, so they meet
 * the point connections IfcRelConnectsStructuralMember names); surface members become floors, walls or areas by
 * orientation. Load groups holding actions are patterns, load cases are cases, load combinations combinations.
 */
import type { LinearLoad, LoadDirection, Node, Releases, Restraint, SpringProperty } from '../../schema';
import { noEndReleases, setAttribute } from '../../schema';
import type { ReadContext } from './readContext';
import { NODE_MERGE_MM } from './readNodes';
import { baseAttributes, count, elementId, elementName, frameTypeOf, polygonNodes } from './readContext';
import type { Transform, Vec3 } from './readGeometry';
import {
  add,
  applyPoint,
  applyVector,
  axisPlacement,
  cartesianPoint,
  compose,
  dot,
  length,
  normalize,
  sub,
} from './readGeometry';
import { frameTypeOfProduct } from './readPhysical';
import { csiCardinalPoint, ifcClassName, predefinedType, sectionOf } from './readProfiles';
import { memberAxes } from './writeGeometry';
import { actionOf } from './writeLoads';
import type { IfcLine } from './readStep';
import { bool, enumValue, num, nums, ref, refs, str } from './readStep';

export interface AnalysisResult {
  /** Physical products that an analytical member stands for (IfcRelAssignsToProduct). */
  carried: Set<number>;
}

const ORIGIN: Vec3 = { x: 0, y: 0, z: 0 };

/**
 * The eccentricity of an IfcRelConnectsWithEccentricity whose constraint is an IfcConnectionPointEccentricity:
 * the vector from the point connection to the member's end, in the relation's ConditionCoordinateSystem (else
 * the connection's own axes), as global millimetres; undefined for a relation without one.
 */
function eccentricityOf(context: ReadContext, relation: IfcLine, connectionId: number): Vec3 | undefined {
  const { file } = context;
  const constraint = file.line(ref(relation['ConnectionConstraint']));
  if (!constraint || file.typeOf(constraint) !== 'IFCCONNECTIONPOINTECCENTRICITY') return undefined;
  const local = {
    x: num(constraint['EccentricityInX']) ?? 0,
    y: num(constraint['EccentricityInY']) ?? 0,
    z: num(constraint['EccentricityInZ']) ?? 0,
  };
  if (length(local) === 0 || !Number.isFinite(length(local))) return undefined;
  const connection = file.line(connectionId);
  let axes = context.placements.world(ref(connection?.['ObjectPlacement'])) ?? undefined;
  const system = file.line(ref(relation['ConditionCoordinateSystem']));
  if (axes && system) axes = compose(axes, axisPlacement(file, system));
  const global = axes ? applyVector(axes, local) : local;
  const factor = context.units.length;
  return { x: global.x * factor, y: global.y * factor, z: global.z * factor };
}

const DOFS = ['ux', 'uy', 'uz', 'rx', 'ry', 'rz'] as const;
const CONDITION_KEYS = [
  'TranslationalStiffnessX',
  'TranslationalStiffnessY',
  'TranslationalStiffnessZ',
  'RotationalStiffnessX',
  'RotationalStiffnessY',
  'RotationalStiffnessZ',
] as const;
/** IFC2X3 names the translational stiffnesses LinearStiffnessX/Y/Z (IFC4 renamed them). */
const IFC2X3_CONDITION_KEYS = [
  'LinearStiffnessX',
  'LinearStiffnessY',
  'LinearStiffnessZ',
  'RotationalStiffnessX',
  'RotationalStiffnessY',
  'RotationalStiffnessZ',
] as const;

/**
 * A stiffness from an IFC boundary condition: `true` (IFC4 IfcBoolean) is fixed, `false` free; a number is a
 * spring, 0 free, and any value beyond 1e20 rigid. IFC2X3 has only numbers and writes −1 for rigid; IFC4 forbids
 * that convention (a negative IFC4 stiffness is a destabilising spring).
 */
type Fixity = { kind: 'fixed' } | { kind: 'free' } | { kind: 'spring'; value: number };

function fixity(raw: unknown, ifc2x3: boolean): Fixity | undefined {
  const flag = bool(raw);
  if (flag !== undefined) return flag ? { kind: 'fixed' } : { kind: 'free' };
  const value = num(raw);
  if (value === undefined) return undefined;
  if ((ifc2x3 && value < 0) || Math.abs(value) >= 1e20) return { kind: 'fixed' };
  if (value === 0) return { kind: 'free' };
  return { kind: 'spring', value };
}

/** The six stiffnesses of a boundary condition, in DOF order, whichever schema names them. */
function conditionFixities(context: ReadContext, condition: IfcLine): (Fixity | undefined)[] {
  const ifc2x3 = context.file.schema === 'IFC2X3';
  return CONDITION_KEYS.map((key, index) =>
    fixity(condition[key] ?? condition[IFC2X3_CONDITION_KEYS[index] as string], ifc2x3),
  );
}

/** Whether an IfcAxis2Placement3D turns the axes (a condition stated in rotated axes). */
function rotates(context: ReadContext, placementId: number | undefined): boolean {
  const placement = context.file.line(placementId);
  if (!placement) return false;
  const axis = nums(context.file.line(ref(placement['Axis']))?.['DirectionRatios']);
  const direction = nums(context.file.line(ref(placement['RefDirection']))?.['DirectionRatios']);
  const off = (values: number[] | undefined, expected: [number, number, number]): boolean => {
    if (!values) return false;
    const size = Math.hypot(...values) || 1;
    return expected.some((value, index) => Math.abs((values[index] ?? 0) / size - value) > 1e-6);
  };
  return off(axis, [0, 0, 1]) || off(direction, [1, 0, 0]);
}

/** All topology items of a product's representations (vertices, edges, faces), whatever their identifier. */
function topologyItems(context: ReadContext, line: IfcLine): IfcLine[] {
  const file = context.file;
  const shape = file.line(ref(line['Representation']));
  const items: IfcLine[] = [];
  for (const representationId of refs(shape?.['Representations'])) {
    for (const itemId of refs(file.line(representationId)?.['Items'])) {
      const item = file.line(itemId);
      if (item) items.push(item);
    }
  }
  return items;
}

function vertexPoint(context: ReadContext, vertexId: number | undefined): Vec3 | undefined {
  const vertex = context.file.line(vertexId);
  if (!vertex) return undefined;
  if (context.file.typeOf(vertex) === 'IFCCARTESIANPOINT') return cartesianPoint(context.file, vertexId);
  return cartesianPoint(context.file, ref(vertex['VertexGeometry']));
}

/**
 * Topology items that give a curve member its line: IfcEdge and its subtypes (IfcEdgeCurve, which
 * ifcopenshell.api.geometry.add_topology_representation and inlbim write, IfcOrientedEdge, which FreeCAD writes,
 * IfcSubedge), and the edge chains IfcPath and IfcEdgeLoop that the same IfcOpenShell API files under 'Edge'.
 */
const EDGE_ITEMS = new Set([
  'IFCEDGE',
  'IFCEDGECURVE',
  'IFCORIENTEDEDGE',
  'IFCSUBEDGE',
  'IFCPATH',
  'IFCEDGELOOP',
]);

/** IfcStructuralCurveMember and its subtype, as web-ifc names their lines. */
const CURVE_MEMBERS = new Set(['IFCSTRUCTURALCURVEMEMBER', 'IFCSTRUCTURALCURVEMEMBERVARYING']);
const SURFACE_MEMBERS = new Set(['IFCSTRUCTURALSURFACEMEMBER', 'IFCSTRUCTURALSURFACEMEMBERVARYING']);

function edgeEnds(context: ReadContext, edge: IfcLine | undefined): [Vec3, Vec3] | undefined {
  if (!edge) return undefined;
  const file = context.file;
  const type = file.typeOf(edge);
  if (type === 'IFCPATH' || type === 'IFCEDGELOOP') {
    // A chain of edges: the member runs from the first edge's start to the last edge's end.
    const list = refs(edge['EdgeList']);
    const first = edgeEnds(context, file.line(list[0]));
    const last = edgeEnds(context, file.line(list[list.length - 1]));
    return first && last ? [first[0], last[1]] : undefined;
  }
  if (type === 'IFCORIENTEDEDGE') {
    const ends = edgeEnds(context, file.line(ref(edge['EdgeElement'])));
    return ends && enumValue(edge['Orientation']) === 'F' ? [ends[1], ends[0]] : ends;
  }
  const start = vertexPoint(context, ref(edge['EdgeStart']));
  const end = vertexPoint(context, ref(edge['EdgeEnd']));
  return start && end ? [start, end] : undefined;
}

/** The corner points of a face: its outer bound's edge loop or poly loop. */
function faceCorners(context: ReadContext, face: IfcLine): Vec3[] | undefined {
  const file = context.file;
  const bounds = refs(face['Bounds'])
    .map((id) => file.line(id))
    .filter((bound) => bound !== undefined);
  const outer = bounds.find((bound) => file.typeOf(bound) === 'IFCFACEOUTERBOUND') ?? bounds[0];
  const loop = file.line(ref(outer?.['Bound']));
  if (!loop) return undefined;
  if (file.typeOf(loop) === 'IFCPOLYLOOP') {
    const points = refs(loop['Polygon']).map((id) => cartesianPoint(file, id));
    return points.every((point) => point !== undefined) ? (points as Vec3[]) : undefined;
  }
  if (file.typeOf(loop) === 'IFCEDGELOOP') {
    const points: Vec3[] = [];
    for (const edgeId of refs(loop['EdgeList'])) {
      const ends = edgeEnds(context, file.line(edgeId));
      if (!ends) return undefined;
      points.push(ends[0]);
    }
    return points;
  }
  return undefined;
}

function node(context: ReadContext, transform: Transform, point: Vec3): Node {
  const world = applyPoint(transform, point);
  const factor = context.units.length;
  return context.nodes.at(world.x * factor, world.y * factor, world.z * factor);
}

/**
 * The orientation angle (degrees) that turns CSI's default axis 2 of the member start → end onto `axis` (IFC's
 * local z, the section's depth direction, world axes); undefined when `axis` runs along the member.
 */
function angleOfAxis(start: Vec3, end: Vec3, axis: Vec3): number | undefined {
  const axes = memberAxes([start.x, start.y, start.z], [end.x, end.y, end.z]);
  const a: [number, number, number] = [axis.x, axis.y, axis.z];
  const along = a[0] * axes.axis1[0] + a[1] * axes.axis1[1] + a[2] * axes.axis1[2];
  const size = Math.hypot(...a);
  if (!(size > 0) || Math.sqrt(Math.max(0, size ** 2 - along ** 2)) < 1e-6 * size) return undefined;
  const on2 = a[0] * axes.axis2[0] + a[1] * axes.axis2[1] + a[2] * axes.axis2[2];
  const on3 = a[0] * axes.axis3[0] + a[1] * axes.axis3[1] + a[2] * axes.axis3[2];
  const degrees = Math.round(((Math.atan2(on3, on2) * 180) / Math.PI) * 1e6) / 1e6;
  return degrees === 0 ? 0 : degrees;
}

export function readAnalysis(context: ReadContext): AnalysisResult {
  const { file, model, report } = context;
  const carried = new Set<number>();
  const models = file.linesOf('IFCSTRUCTURALANALYSISMODEL');
  if (models.length > 1) {
    report.warning(
      'IfcStructuralAnalysisModel',
      `the file has ${models.length} analysis models; their members are read together`,
    );
  }

  // Point connections first, so members' ends merge into them and keep their GlobalIds.
  const nodeOf = new Map<number, Node>();
  for (const connection of structuralLines(context, 'IFCSTRUCTURALPOINTCONNECTION', 'node')) {
    count(context, connection);
    const world = context.placements.world(ref(connection['ObjectPlacement'])) ?? undefined;
    const vertex = topologyItems(context, connection).find((item) => file.typeOf(item) === 'IFCVERTEXPOINT');
    const point = vertexPoint(context, vertex?.expressID);
    if (!world || !point) {
      report.dropped('IfcStructuralPointConnection', 'it has no vertex to place it', {
        id: str(connection['GlobalId']) ?? `#${connection.expressID}`,
        concept: 'node',
        line: file.sourceLine(connection.expressID),
      });
      continue;
    }
    const world3 = applyPoint(world, point);
    const factor = context.units.length;
    const id = elementId(context, connection, new Set<string>());
    const created = context.nodes.at(
      world3.x * factor,
      world3.y * factor,
      world3.z * factor,
      id,
      elementName(connection, id),
    );
    nodeOf.set(connection.expressID, created);
    applyCondition(context, created, file.line(ref(connection['AppliedCondition'])));
    if (created.restraint || created.springPropertyId) {
      if (rotates(context, ref(connection['ConditionCoordinateSystem']))) {
        report.approximated(
          'IfcStructuralPointConnection',
          'its support is stated in rotated axes (ConditionCoordinateSystem); it is read in global axes',
          { id: created.id, concept: 'restraint', line: file.sourceLine(connection.expressID) },
        );
      }
    }
  }

  // Supports along lines and over faces have no canonical equivalent (restraints are nodal).
  for (const connection of [
    ...file.linesOf('IFCSTRUCTURALCURVECONNECTION'),
    ...file.linesOf('IFCSTRUCTURALSURFACECONNECTION'),
  ]) {
    count(context, connection);
    if (ref(connection['AppliedCondition']) === undefined) continue;
    report.dropped(
      ifcClassName(file.typeOf(connection)),
      'a support along an edge or over a face is not read: only supports at point connections are',
      {
        id: str(connection['GlobalId']) ?? `#${connection.expressID}`,
        concept: 'restraint',
        line: file.sourceLine(connection.expressID),
      },
    );
  }

  // Each member's point connections, with the eccentricity (mm, global axes) an IfcRelConnectsWithEccentricity
  // states from the connection to the member's end.
  const connectionsOf = new Map<number, { id: number; eccentricity?: Vec3 }[]>();
  for (const relation of file.linesOf('IFCRELCONNECTSSTRUCTURALMEMBER')) {
    const memberId = ref(relation['RelatingStructuralMember']);
    const connectionId = ref(relation['RelatedStructuralConnection']);
    if (memberId === undefined || connectionId === undefined) continue;
    const eccentricity = eccentricityOf(context, relation, connectionId);
    connectionsOf.set(memberId, [
      ...(connectionsOf.get(memberId) ?? []),
      { id: connectionId, ...(eccentricity ? { eccentricity } : {}) },
    ]);
  }

  // The physical product each analytical member stands for (IfcRelAssignsToProduct): its class names the
  // member's type (an IfcBeam is a beam however it slopes), as the physical reading would.
  const productOf = new Map<number, IfcLine>();
  for (const relation of file.linesOf('IFCRELASSIGNSTOPRODUCT')) {
    const product = file.line(ref(relation['RelatingProduct']));
    if (!product) continue;
    for (const id of refs(relation['RelatedObjects'])) productOf.set(id, product);
  }
  const memberType = (memberId: number, start: Vec3, end: Vec3): 'Beam' | 'Column' | 'Brace' => {
    const product = productOf.get(memberId);
    const geometric = frameTypeOf(start, end);
    if (!product) return geometric;
    const className = file.typeOf(product);
    if (!/^IFC(BEAM|COLUMN|MEMBER)/.test(className)) return geometric;
    return frameTypeOfProduct(className, predefinedType(product), geometric);
  };
  const surfaceType = (memberId: number, geometric: 'Floor' | 'Wall' | 'Area'): 'Floor' | 'Wall' | 'Area' => {
    const className = file.typeOf(productOf.get(memberId));
    if (className.startsWith('IFCSLAB')) return 'Floor';
    if (className.startsWith('IFCWALL')) return 'Wall';
    if (className.startsWith('IFCPLATE')) return 'Area';
    return geometric;
  };

  // Curve members → frames.
  const memberNodes = new Map<number, [Node, Node]>();
  const pinJoined = new Set<number>();
  for (const member of structuralLines(context, 'IFCSTRUCTURALCURVEMEMBER', 'element')) {
    count(context, member);
    if (enumValue(member['PredefinedType']) === 'PIN_JOINED_MEMBER') pinJoined.add(member.expressID);
    const world = context.placements.world(ref(member['ObjectPlacement']));
    const edge = topologyItems(context, member).find((item) => EDGE_ITEMS.has(file.typeOf(item)));
    const ends = edgeEnds(context, edge);
    if (!world || !ends) {
      report.dropped(
        ifcClassName(file.typeOf(member)),
        !edge
          ? 'it has no edge topology (IfcTopologyRepresentation with an IfcEdge) to take its end points from'
          : 'its edge has no vertex points with coordinates (IfcVertexPoint on an IfcCartesianPoint)',
        {
          id: str(member['GlobalId']) ?? `#${member.expressID}`,
          concept: 'element',
          line: file.sourceLine(member.expressID),
        },
      );
      continue;
    }
    const chain = edge ? refs(edge['EdgeList']).length : 0;
    if (chain > 1) {
      report.approximated(
        ifcClassName(file.typeOf(member)),
        `its topology is a chain of ${chain} edges; it is read as one straight member from the first end to the last`,
        { id: str(member['GlobalId']) ?? `#${member.expressID}`, concept: 'element' },
      );
    }
    // The member's ends are the point connections IfcRelConnectsStructuralMember names, nearest end first; an
    // edge that stops short of its connection (ETABS exports rigid end zones so) keeps the gap as an end offset.
    const connected = (connectionsOf.get(member.expressID) ?? []).flatMap(({ id, eccentricity }) => {
      const node = nodeOf.get(id);
      return node ? [{ node, eccentricity }] : [];
    });
    const factor = context.units.length;
    const edgeAxis = normalize(sub(applyPoint(world, ends[1]), applyPoint(world, ends[0])));
    type End = { node: Node; offset: number; lateral: number; insertion?: Vec3 };
    const endAt = (point: Vec3, exclude?: Node): End => {
      const world3 = applyPoint(world, point);
      const at = { x: world3.x * factor, y: world3.y * factor, z: world3.z * factor };
      let best: Node | undefined;
      let bestDistance = Infinity;
      let insertion: Vec3 | undefined;
      for (const candidate of connected) {
        // An eccentric end is measured from where the eccentricity puts it, not from the node.
        const from = candidate.eccentricity ? add(candidate.node, candidate.eccentricity) : candidate.node;
        const distance = length(sub(from, at));
        if (candidate.node !== exclude && distance < bestDistance) {
          best = candidate.node;
          bestDistance = distance;
          insertion = candidate.eccentricity;
        }
      }
      if (best) {
        let lateral = 0;
        if (bestDistance > NODE_MERGE_MM && edgeAxis) {
          // The part of the gap across the member is an eccentricity an end offset cannot hold.
          const gap = sub(at, insertion ? add(best, insertion) : best);
          const along = dot(gap, edgeAxis);
          lateral = Math.sqrt(Math.max(0, bestDistance ** 2 - along ** 2));
        }
        return {
          node: best,
          offset: bestDistance <= NODE_MERGE_MM ? 0 : bestDistance,
          lateral,
          ...(insertion ? { insertion } : {}),
        };
      }
      return { node: context.nodes.at(at.x, at.y, at.z), offset: 0, lateral: 0 };
    };
    let first = endAt(ends[0]);
    let second = endAt(ends[1], first.node);
    if (connected.length >= 2) {
      // A short member with a long end offset has its first edge point nearer the far node: pair both ends at
      // once, the pairing with the smaller gaps.
      const otherSecond = endAt(ends[1]);
      const otherFirst = endAt(ends[0], otherSecond.node);
      if (otherFirst.offset + otherSecond.offset < first.offset + second.offset - NODE_MERGE_MM) {
        first = otherFirst;
        second = otherSecond;
      }
    }
    const lateral = Math.max(first.lateral, second.lateral);
    const start = first.node;
    const end = second.node;
    if (start === end) {
      report.dropped('IfcStructuralCurveMember', 'its two ends are less than 1 mm apart', {
        id: str(member['GlobalId']) ?? `#${member.expressID}`,
        concept: 'element',
        line: file.sourceLine(member.expressID),
      });
      continue;
    }
    const id = elementId(context, member);
    const where = { id, line: file.sourceLine(member.expressID) };
    if (lateral > NODE_MERGE_MM) {
      report.approximated(
        'IfcStructuralCurveMember',
        `its edge is ${Math.round(lateral)} mm off its point connection across the member (an eccentricity); ` +
          'the member is read between the connections, and the gap along it as an end offset',
        { ...where, concept: 'offset' },
      );
    }
    const attributes = baseAttributes(context, member);
    const use = context.table.associations().get(member.expressID) ?? {};
    const axisLine =
      file.line(ref(member['Axis'])) ??
      (use.profileOrientation && 'direction' in use.profileOrientation
        ? use.profileOrientation.direction
        : undefined);
    const axis = nums(axisLine?.['DirectionRatios']);
    if (axis) setAttribute(attributes, 'ifcAxis', axis);
    const profileId = use.profile
      ? context.table.frameProfile(use.profile, use.materialId)
      : use.profileProperties
        ? context.table.propertiesProfile(use.profileProperties, use.materialId)
        : undefined;
    if (!profileId) {
      // Not a loss (the file states no section), but an analysis tool will need one.
      report.warning(
        ifcClassName(file.typeOf(member)),
        use.materialId
          ? 'it has a material but no profile (IfcMaterialProfileSet), so the frame has no section'
          : 'it has no profile (IfcMaterialProfileSet) and no material, so the frame has no section',
        { ...where, concept: 'section' },
      );
    }
    const levelId = context.levelOf.get(member.expressID);
    let orientationAngle: number | undefined;
    if (axis && axis.length === 3) {
      const turned = applyVector(world, { x: axis[0] ?? 0, y: axis[1] ?? 0, z: axis[2] ?? 0 });
      orientationAngle = angleOfAxis(start, end, turned);
      if (orientationAngle === undefined) {
        report.approximated(
          'IfcStructuralCurveMember',
          'its Axis runs along the member, so it does not orient the section; the default orientation is used',
          { ...where, concept: 'localAxis' },
        );
      }
    } else if (use.profileOrientation && 'angle' in use.profileOrientation) {
      orientationAngle = use.profileOrientation.angle * context.units.angle;
      report.approximated(
        'IfcRelAssociatesProfileProperties',
        "its ProfileOrientation angle is read as the rotation from CSI's default local axes",
        { ...where, concept: 'localAxis' },
      );
    }
    if (orientationAngle !== undefined && Math.abs(orientationAngle) < 1e-6) orientationAngle = undefined;
    const cardinal = csiCardinalPoint(use.cardinalPoint, sectionOf(context.table, profileId));
    if (cardinal.approximated) {
      report.approximated('IfcMaterialProfileSetUsage', cardinal.approximated, {
        ...where,
        concept: 'cardinalPoint',
      });
    }
    if (cardinal.dropped) {
      report.dropped('IfcMaterialProfileSetUsage', cardinal.dropped, { ...where, concept: 'cardinalPoint' });
    }
    if (enumValue(member['PredefinedType']) === 'CABLE') {
      // A cable carries tension only: its ends, section and material, none of a frame's axes or offsets.
      model.elements.push({
        id,
        type: 'Cable',
        source: { tool: 'ifc' },
        name: elementName(member, id),
        attributes,
        startNodeId: start.id,
        endNodeId: end.id,
        ...(profileId ? { profileId } : {}),
        ...(use.materialId && !profileId ? { materialId: use.materialId } : {}),
      });
      memberNodes.set(member.expressID, [start, end]);
      continue;
    }
    model.elements.push({
      id,
      type: memberType(member.expressID, start, end),
      source: { tool: 'ifc' },
      name: elementName(member, id),
      attributes,
      startNodeId: start.id,
      endNodeId: end.id,
      ...(profileId ? { profileId } : {}),
      // The profile carries the material; a member states one only when it has no profile.
      ...(use.materialId && !profileId ? { materialId: use.materialId } : {}),
      ...(levelId ? { levelId } : {}),
      ...(orientationAngle !== undefined ? { orientationAngle } : {}),
      ...(cardinal.cardinalPoint !== undefined ? { cardinalPoint: cardinal.cardinalPoint } : {}),
      ...(first.offset > 0 || second.offset > 0
        ? { endOffsets: { i: first.offset, j: second.offset }, rigidZoneFactor: 1 }
        : {}),
      ...(first.insertion || second.insertion
        ? {
            insertionOffsets: {
              i: { ...(first.insertion ?? ORIGIN) },
              j: { ...(second.insertion ?? ORIGIN) },
            },
          }
        : {}),
    });
    memberNodes.set(member.expressID, [start, end]);
  }

  // Member end conditions (IfcRelConnectsStructuralMember.AppliedCondition) → releases, in member axes.
  const releasesOf = new Map<number, Releases>();
  // A pin-joined member (a truss bar) carries axial force only: both ends hinged for bending, and torsion
  // released at one end (releasing it at both would leave the bar free to spin).
  for (const memberId of pinJoined) {
    if (!memberNodes.has(memberId)) continue;
    const releases: Releases = { type: 'Releases', i: noEndReleases(), j: noEndReleases() };
    releases.i.m2 = releases.i.m3 = true;
    releases.j.m2 = releases.j.m3 = releases.j.t = true;
    releasesOf.set(memberId, releases);
  }
  for (const relation of file.linesOf('IFCRELCONNECTSSTRUCTURALMEMBER')) {
    const memberId = ref(relation['RelatingStructuralMember']);
    const ends = memberId === undefined ? undefined : memberNodes.get(memberId);
    const connection = nodeOf.get(ref(relation['RelatedStructuralConnection']) ?? -1);
    const condition = file.line(ref(relation['AppliedCondition']));
    if (!ends || !connection || !condition || memberId === undefined) continue;
    const which = connection === ends[0] ? 'i' : connection === ends[1] ? 'j' : undefined;
    if (!which) continue;
    const releases = releasesOf.get(memberId) ?? {
      type: 'Releases' as const,
      i: noEndReleases(),
      j: noEndReleases(),
    };
    // IFC member axes: x along the member, z = Axis = CSI axis 2, y = −axis 3 (as the writer states them).
    const names = ['p', 'v3', 'v2', 't', 'm3', 'm2'] as const;
    const elementIdOf = model.elements.find((element) => element.attributes['ifcExpressId'] === memberId)?.id;
    const partial: string[] = [];
    conditionFixities(context, condition).forEach((state, index) => {
      const name = names[index] as (typeof names)[number];
      if (state?.kind === 'free') releases[which][name] = true;
      if (state?.kind === 'spring') partial.push(name);
    });
    if (partial.length > 0) {
      report.approximated(
        'IfcRelConnectsStructuralMember',
        `the ${which === 'i' ? 'start' : 'end'} of the member is elastically connected (${partial.join(', ')}); ` +
          'partial fixity is not carried, so those degrees of freedom are read as fixed',
        { id: elementIdOf ?? `#${memberId}`, concept: 'release', line: file.sourceLine(relation.expressID) },
      );
    }
    if (rotates(context, ref(relation['ConditionCoordinateSystem']))) {
      report.approximated(
        'IfcRelConnectsStructuralMember',
        'the end condition is stated in rotated axes (ConditionCoordinateSystem); it is read in member axes',
        { id: elementIdOf ?? `#${memberId}`, concept: 'release', line: file.sourceLine(relation.expressID) },
      );
    }
    releasesOf.set(memberId, releases);
  }
  for (const element of model.elements) {
    const expressId = element.attributes['ifcExpressId'];
    const releases = typeof expressId === 'number' ? releasesOf.get(expressId) : undefined;
    if (releases && (element.type === 'Beam' || element.type === 'Column' || element.type === 'Brace')) {
      element.releases = releases;
    }
  }

  // Surface members → floors, walls or areas by orientation.
  for (const member of structuralLines(context, 'IFCSTRUCTURALSURFACEMEMBER', 'element')) {
    count(context, member);
    const world = context.placements.world(ref(member['ObjectPlacement']));
    const face = topologyItems(context, member).find((item) => {
      const type = file.typeOf(item);
      return type === 'IFCFACESURFACE' || type === 'IFCFACE';
    });
    const corners = face ? faceCorners(context, face) : undefined;
    const nodes = world && corners ? polygonNodes(corners.map((point) => node(context, world, point))) : [];
    if (nodes.length < 3) {
      report.dropped('IfcStructuralSurfaceMember', 'it has no face with three or more corners', {
        id: str(member['GlobalId']) ?? `#${member.expressID}`,
        concept: 'element',
        line: file.sourceLine(member.expressID),
      });
      continue;
    }
    const normal = normalize(
      nodes.slice(2).reduce(
        (sum, current, index) => {
          const a = nodes[0] as Node;
          const b = nodes[index + 1] as Node;
          const u = sub(b, a);
          const v = sub(current, a);
          return {
            x: sum.x + u.y * v.z - u.z * v.y,
            y: sum.y + u.z * v.x - u.x * v.z,
            z: sum.z + u.x * v.y - u.y * v.x,
          };
        },
        { x: 0, y: 0, z: 0 },
      ),
    );
    const type = surfaceType(
      member.expressID,
      !normal ? 'Area' : Math.abs(normal.z) > 0.9 ? 'Floor' : Math.abs(normal.z) < 0.1 ? 'Wall' : 'Area',
    );
    const thickness = num(member['Thickness']);
    const use = context.table.associations().get(member.expressID) ?? {};
    // A surface without a thickness states no section (its material, if any, is the element's).
    const profileId =
      thickness === undefined
        ? undefined
        : context.table.shellProfile(
            type === 'Floor' ? 'slab' : type === 'Wall' ? 'wall' : 'other',
            thickness === undefined ? undefined : thickness * context.units.length,
            use.materialId,
            surfaceBehaviour(member),
            use.layerSetName,
          );
    const id = elementId(context, member);
    const levelId = context.levelOf.get(member.expressID);
    model.elements.push({
      id,
      type,
      source: { tool: 'ifc' },
      name: elementName(member, id),
      attributes: baseAttributes(context, member),
      nodeIds: nodes.map((each) => each.id),
      ...(profileId ? { profileId } : {}),
      ...(use.materialId ? { materialId: use.materialId } : {}),
      ...(levelId ? { levelId } : {}),
    });
  }

  for (const relation of file.linesOf('IFCRELASSIGNSTOPRODUCT')) {
    const product = ref(relation['RelatingProduct']);
    if (product === undefined) continue;
    const standsFor = refs(relation['RelatedObjects']).some((id) => {
      const type = file.typeOf(file.line(id));
      return CURVE_MEMBERS.has(type) || SURFACE_MEMBERS.has(type);
    });
    if (standsFor) carried.add(product);
  }

  reportEmptyModels(context, models);
  readLoads(context, nodeOf, memberNodes);

  // Analysis results (reactions, result groups) are not carried by the canonical model.
  const results = [...file.linesOf('IFCSTRUCTURALRESULTGROUP'), ...file.linesOf('IFCSTRUCTURALREACTION')];
  if (results.length > 0) {
    report.dropped(
      'IfcStructuralResultGroup',
      `${results.length} result groups and reactions are not read (results are not carried)`,
      {
        concept: 'results',
        ids: results.map((line) => str(line['GlobalId']) ?? `#${line.expressID}`),
      },
    );
  }
  return { carried };
}

/**
 * The lines of a structural class (and its subclasses) that web-ifc decodes; each one it cannot decode (a wrong
 * attribute count or type for the file's schema) is reported, so such a member is never lost without a word.
 */
function structuralLines(context: ReadContext, typeName: string, concept: 'element' | 'node'): IfcLine[] {
  const { file, report } = context;
  const lines: IfcLine[] = [];
  for (const id of file.idsOf(typeName)) {
    const line = file.line(id);
    if (line) {
      lines.push(line);
      continue;
    }
    report.dropped(
      ifcClassName(typeName),
      `the line cannot be decoded as ${ifcClassName(typeName)} of ${file.schema} (wrong number or kind of attributes)`,
      { id: `#${id}`, concept, line: file.sourceLine(id) },
    );
  }
  return lines;
}

/**
 * An analysis model that gave no frame or area and reported no member is stated as such: a file whose members
 * the reader cannot find (not grouped, of a class it does not read) must not read as an empty model with nothing
 * dropped.
 */
function reportEmptyModels(context: ReadContext, models: IfcLine[]): void {
  const { file, model, report } = context;
  if (models.length === 0) return;
  const fromAnalysis = model.elements.some((element) => {
    const type = String(element.attributes['ifcClass'] ?? '').toUpperCase();
    return CURVE_MEMBERS.has(type) || SURFACE_MEMBERS.has(type);
  });
  const reported = report.items.some((item) => item.concept === 'element' && item.severity === 'dropped');
  if (fromAnalysis || reported) return;
  const grouped = new Map<number, string[]>();
  for (const relation of file.linesOf('IFCRELASSIGNSTOGROUP')) {
    const group = ref(relation['RelatingGroup']);
    if (group === undefined) continue;
    const classes = refs(relation['RelatedObjects']).map(
      (id) => ifcClassName(file.typeOf(file.line(id))) || `#${id}`,
    );
    grouped.set(group, [...(grouped.get(group) ?? []), ...classes]);
  }
  for (const analysis of models) {
    const classes = grouped.get(analysis.expressID) ?? [];
    const kinds = [...new Set(classes)].slice(0, 4).join(', ');
    report.dropped(
      'IfcStructuralAnalysisModel',
      classes.length === 0
        ? 'the analysis model has no structural members (IfcStructuralCurveMember, IfcStructuralSurfaceMember) in the file, so it gives no frames or areas'
        : `the analysis model groups ${classes.length} objects (${kinds}) but no structural member the reader could read, so it gives no frames or areas`,
      {
        id: str(analysis['GlobalId']) ?? `#${analysis.expressID}`,
        concept: 'element',
        line: file.sourceLine(analysis.expressID),
      },
    );
  }
}

/** The spring property read from each IfcBoundaryNodeCondition, per file read. */
const springOfCondition = new WeakMap<ReadContext, Map<number, string>>();

function applyCondition(context: ReadContext, target: Node, condition: IfcLine | undefined): void {
  if (!condition) return;
  const restraint: Restraint = {
    type: 'Restraint',
    ux: false,
    uy: false,
    uz: false,
    rx: false,
    ry: false,
    rz: false,
  };
  const spring: Record<(typeof DOFS)[number], number> = { ux: 0, uy: 0, uz: 0, rx: 0, ry: 0, rz: 0 };
  let springs = false;
  const type = context.file.typeOf(condition);
  if (type !== 'IFCBOUNDARYNODECONDITION' && type !== 'IFCBOUNDARYNODECONDITIONWARPING') {
    context.report.dropped(
      ifcClassName(type),
      'a point connection needs an IfcBoundaryNodeCondition; this condition is not read',
      { id: target.id, concept: 'restraint' },
    );
    return;
  }
  const warping = fixity(condition['WarpingStiffness'], context.file.schema === 'IFC2X3');
  if (warping && warping.kind !== 'free') {
    context.report.dropped('IfcBoundaryNodeConditionWarping', 'warping restraints are not carried', {
      id: target.id,
      concept: 'restraint',
    });
  }
  conditionFixities(context, condition).forEach((state, index) => {
    const dof = DOFS[index] as (typeof DOFS)[number];
    if (state?.kind === 'fixed') restraint[dof] = true;
    if (state?.kind === 'spring') {
      springs = true;
      spring[dof] =
        state.value * (index < 3 ? context.units.linearStiffness : context.units.rotationalStiffness);
    }
  });
  if (DOFS.some((dof) => restraint[dof])) target.restraint = restraint;
  if (springs) {
    // Nodes that share a condition share its spring property, named by the condition.
    const ofCondition = springOfCondition.get(context) ?? new Map<number, string>();
    springOfCondition.set(context, ofCondition);
    const shared = ofCondition.get(condition.expressID);
    if (shared !== undefined) {
      target.springPropertyId = shared;
      return;
    }
    const name = str(condition['Name'])?.trim();
    const id =
      name && ![...ofCondition.values()].includes(name)
        ? name
        : `${name ?? target.id} spring#${condition.expressID}`;
    const property: SpringProperty = {
      id,
      type: 'SpringProperty',
      source: { tool: 'ifc' },
      name: name || `${target.name} spring`,
      attributes: {},
      ...spring,
    };
    ofCondition.set(condition.expressID, id);
    context.model.springProperties.push(property);
    target.springPropertyId = property.id;
  }
}

const PATTERN_TYPES: Record<string, string> = {
  DEAD_LOAD_G: 'Dead',
  COMPLETION_G1: 'Super Dead',
  LIVE_LOAD_Q: 'Live',
  SNOW_S: 'Snow',
  WIND_W: 'Wind',
  PRESTRESSING_P: 'Prestress',
  SETTLEMENT_U: 'Settlement',
  TEMPERATURE_T: 'Temperature',
  EARTHQUAKE_E: 'Quake',
  IMPULSE: 'Other',
  IMPACT: 'Other',
  TRANSPORT: 'Other',
  ERECTION: 'Construction',
  PROPPING: 'Construction',
  SYSTEM_IMPERFECTION: 'Notional',
  SHRINKAGE: 'Shrinkage',
  CREEP: 'Creep',
  LACK_OF_FIT: 'Other',
  BUOYANCY: 'Other',
  ICE: 'Other',
  CURRENT: 'Other',
  WAVE: 'Wave',
  RAIN: 'Rain',
  BRAKES: 'Braking',
};

const FORCE_COMPONENTS = [
  ['ForceX', 'X', 'force'],
  ['ForceY', 'Y', 'force'],
  ['ForceZ', 'Z', 'force'],
  ['MomentX', 'X', 'moment'],
  ['MomentY', 'Y', 'moment'],
  ['MomentZ', 'Z', 'moment'],
] as const;
const LOCAL_AXIS: Record<'X' | 'Y' | 'Z', LoadDirection> = { X: '1', Y: '2', Z: '3' };

/** CSI's words for case and combination types, which Gusset's IFC writer puts in a load group's ObjectType. */
const CSI_CASE_TYPE =
  /^(lin|non|modal|response ?spectrum|buckling|moving ?load|hyperstatic|steady ?state|power ?spectral|staged)/i;
const CSI_COMBINATION_TYPE = /^(linear add|envelope|absolute add|srss|range add|add|env|abs|range)$/i;

/** The ObjectType when it is one of CSI's words (another tool's free text is not a type Gusset knows). */
function knownWord(value: unknown, words: RegExp): string | undefined {
  const word = str(value)?.trim();
  return word && words.test(word) ? word : undefined;
}

function patternWord(value: unknown, source: string): string | undefined {
  const word = str(value)?.trim();
  return word && source && actionOf(word)[0] === source ? word : undefined;
}

/**
 * A surface member's behaviour word: its ObjectType when that agrees with its PredefinedType (a membrane, a
 * bending plate, or a shell), as Gusset writes the tool's word there; none otherwise.
 */
function surfaceBehaviour(member: IfcLine): string | undefined {
  const word = str(member['ObjectType'])?.trim();
  if (!word) return undefined;
  const predefined = enumValue(member['PredefinedType']);
  const membrane = /membrane/i.test(word);
  const plate = /plate/i.test(word);
  if (predefined === 'MEMBRANE_ELEMENT') return membrane ? word : undefined;
  if (predefined === 'BENDING_ELEMENT') return plate ? word : undefined;
  if (predefined === 'SHELL') return !membrane && !plate ? word : undefined;
  return undefined;
}

function readLoads(
  context: ReadContext,
  nodeOf: Map<number, Node>,
  memberNodes: Map<number, [Node, Node]>,
): void {
  const { file, model, report, units } = context;
  const groups = file.linesOf('IFCSTRUCTURALLOADGROUP');
  if (groups.length === 0 && file.idsOf('IFCSTRUCTURALACTION').length === 0) return;
  const groupIds = new Map<number, string>();
  const used = new Set<string>();
  for (const group of groups) groupIds.set(group.expressID, elementId(context, group, used));

  // Group membership: actions and groups in a group, with IfcRelAssignsToGroupByFactor's factor.
  const members = new Map<number, { id: number; factor: number }[]>();
  const groupsOfAction = new Map<number, number[]>();
  for (const relation of file.linesOf('IFCRELASSIGNSTOGROUP')) {
    const group = ref(relation['RelatingGroup']);
    if (group === undefined || !groupIds.has(group)) continue;
    const factor = num(relation['Factor']) ?? 1;
    for (const related of refs(relation['RelatedObjects'])) {
      const list = members.get(group) ?? [];
      list.push({ id: related, factor });
      members.set(group, list);
      if (!groupIds.has(related))
        groupsOfAction.set(related, [...(groupsOfAction.get(related) ?? []), group]);
    }
  }
  // An IfcStructuralLoadCase with nothing in it is a set of no actions: a pattern without loads (and its case).
  const holdsActions = (group: number): boolean =>
    (members.get(group) ?? []).some((member) => !groupIds.has(member.id)) ||
    (file.typeOf(file.line(group)) === 'IFCSTRUCTURALLOADCASE' && (members.get(group) ?? []).length === 0);
  const kindOf = (group: IfcLine): 'case' | 'combination' | 'pattern' => {
    const predefined = enumValue(group['PredefinedType']);
    if (predefined === 'LOAD_COMBINATION') return 'combination';
    if (predefined === 'LOAD_CASE' || file.typeOf(group) === 'IFCSTRUCTURALLOADCASE') return 'case';
    return 'pattern';
  };

  // Patterns: plain load groups, and cases that hold actions themselves (a pattern of the case's own id).
  const patternOf = new Map<number, string>();
  const casesOfPattern = new Map<number, IfcLine[]>();
  for (const group of groups) {
    if (kindOf(group) !== 'case') continue;
    for (const member of members.get(group.expressID) ?? []) {
      casesOfPattern.set(member.id, [...(casesOfPattern.get(member.id) ?? []), group]);
    }
  }
  for (const group of groups) {
    const kind = kindOf(group);
    if (kind === 'combination' || (kind === 'case' && !holdsActions(group.expressID))) continue;
    const id = groupIds.get(group.expressID) as string;
    const parents = kind === 'case' ? [group] : (casesOfPattern.get(group.expressID) ?? []);
    const weight = parents.length === 1 ? nums((parents[0] as IfcLine)['SelfWeightCoefficients']) : undefined;
    const source = enumValue(group['ActionSource']) ?? '';
    const attributes = baseAttributes(context, group);
    const actionType = enumValue(group['ActionType']);
    if (actionType) setAttribute(attributes, 'ifcActionType', actionType);
    if (source) setAttribute(attributes, 'ifcActionSource', source);
    model.loadPatterns.push({
      id,
      type: 'LoadPattern',
      source: { tool: 'ifc' },
      name: elementName(group, id),
      attributes,
      // The pattern's own word when it names the same action source (Gusset writes it as ObjectType).
      patternType: patternWord(group['ObjectType'], source) ?? PATTERN_TYPES[source] ?? 'Other',
      // IFC's self-weight coefficients are gravity's direction scaled: (0, 0, −1) is a self-weight factor of 1.
      selfWeightMultiplier: weight && weight.length === 3 ? -(weight[2] ?? 0) : 0,
    });
    patternOf.set(group.expressID, id);
  }
  // A pattern's load case is its own case too, unless a load case of no actions has its name (that case is it).
  const namedCases = new Set(
    groups
      .filter((group) => kindOf(group) === 'case' && !patternOf.has(group.expressID))
      .map((group) => str(group['Name'])?.trim()),
  );
  for (const group of groups) {
    const kind = kindOf(group);
    const id = groupIds.get(group.expressID) as string;
    if (kind === 'case' && patternOf.has(group.expressID) && namedCases.has(str(group['Name'])?.trim()))
      continue;
    if (kind === 'case') {
      const loads = (members.get(group.expressID) ?? [])
        .filter((member) => patternOf.has(member.id) && member.id !== group.expressID)
        .map((member) => ({ patternId: patternOf.get(member.id) as string, scale: member.factor }));
      if (patternOf.has(group.expressID)) loads.unshift({ patternId: id, scale: 1 });
      model.loadCases.push({
        id,
        type: 'LoadCase',
        source: { tool: 'ifc' },
        name: elementName(group, id),
        attributes: baseAttributes(context, group),
        caseType: knownWord(group['ObjectType'], CSI_CASE_TYPE) ?? 'Linear Static',
        loads,
      });
    } else if (kind === 'combination') {
      const items = (members.get(group.expressID) ?? []).flatMap((member) => {
        const related = file.line(member.id);
        const relatedId = groupIds.get(member.id);
        if (!related || !relatedId) return [];
        return [{ kind: kindOf(related), id: relatedId, scale: member.factor }];
      });
      model.loadCombinations.push({
        id,
        type: 'LoadCombination',
        source: { tool: 'ifc' },
        name: elementName(group, id),
        attributes: baseAttributes(context, group),
        combinationType: knownWord(group['ObjectType'], CSI_COMBINATION_TYPE) ?? 'Linear Add',
        items,
      });
    }
  }

  // Actions → loads, on the member or connection IfcRelConnectsStructuralActivity names.
  const targetOf = new Map<number, number>();
  for (const relation of file.linesOf('IFCRELCONNECTSSTRUCTURALACTIVITY')) {
    const action = ref(relation['RelatedStructuralActivity']);
    const element = ref(relation['RelatingElement']);
    if (action !== undefined && element !== undefined) targetOf.set(action, element);
  }
  const loadIds = new Set<string>();
  const actionIds = new Set<string>();
  const seen = new Set<number>();
  const elementOf = new Map<number, string>();
  for (const element of model.elements) {
    const expressId = element.attributes['ifcExpressId'];
    if (typeof expressId === 'number') elementOf.set(expressId, element.id);
  }
  const memberElementId = (expressId: number): string | undefined => elementOf.get(expressId);
  for (const action of file.linesOf('IFCSTRUCTURALACTION')) {
    if (seen.has(action.expressID)) continue;
    seen.add(action.expressID);
    count(context, action);
    const subject = ifcClassName(file.typeOf(action));
    const where = {
      id: str(action['GlobalId']) ?? `#${action.expressID}`,
      concept: 'load' as const,
      line: file.sourceLine(action.expressID),
    };
    const patternGroup = (groupsOfAction.get(action.expressID) ?? []).find((group) => patternOf.has(group));
    const patternId = patternGroup === undefined ? undefined : patternOf.get(patternGroup);
    if (!patternId) {
      report.dropped(subject, 'it belongs to no load group, so it has no load pattern', where);
      continue;
    }
    const targetId = targetOf.get(action.expressID);
    const target = file.line(targetId);
    const load = file.line(ref(action['AppliedLoad']));
    if (!target || targetId === undefined || !load) {
      report.dropped(subject, 'it is applied to nothing the reader knows, or has no load values', where);
      continue;
    }
    const local = enumValue(action['GlobalOrLocal']) === 'LOCAL_COORDS';
    const projected = enumValue(action['ProjectedOrTrue']) === 'PROJECTED_LENGTH';
    const baseId = elementId(context, action, actionIds);
    const direction = (axis: 'X' | 'Y' | 'Z'): LoadDirection =>
      local ? LOCAL_AXIS[axis] : projected ? (`${axis}-projected` as LoadDirection) : axis;
    const loadType = file.typeOf(load);
    const targetType = file.typeOf(target);
    const attributes = baseAttributes(context, action);

    if (loadType === 'IFCSTRUCTURALLOADSINGLEFORCE' || loadType === 'IFCSTRUCTURALLOADSINGLEFORCEWARPING') {
      const onNode = nodeOf.get(targetId);
      const values = FORCE_COMPONENTS.map(
        ([key, , quantity]) => (num(load[key]) ?? 0) * (quantity === 'force' ? units.force : units.moment),
      );
      if (onNode) {
        const [fx = 0, fy = 0, fz = 0, mx = 0, my = 0, mz = 0] = values;
        loadIds.add(baseId);
        model.loads.push({
          id: baseId,
          type: 'PointLoad',
          source: { tool: 'ifc' },
          name: elementName(action, baseId),
          attributes,
          nodeId: onNode.id,
          patternId,
          coordinateSystem: local ? 'Local' : 'Global',
          fx,
          fy,
          fz,
          mx,
          my,
          mz,
        });
        continue;
      }
      const ends = memberNodes.get(targetId);
      const elementIdOfTarget = ends ? memberElementId(targetId) : undefined;
      const at = actionPoint(context, action);
      if (!ends || !elementIdOfTarget || !at) {
        report.dropped(
          subject,
          `a point load on ${ifcClassName(targetType)} needs a point connection, or a member and a location`,
          where,
        );
        continue;
      }
      const axis = sub(ends[1], ends[0]);
      const distance = Math.max(0, Math.min(length(axis), dot(sub(at, ends[0]), normalize(axis) ?? axis)));
      FORCE_COMPONENTS.forEach(([key, axisName, quantity], index) => {
        const value = values[index] ?? 0;
        if (value === 0 || num(load[key]) === undefined) return;
        pushLinear(context, loadIds, baseId, key, {
          name: elementName(action, baseId),
          attributes,
          elementId: elementIdOfTarget,
          patternId,
          quantity,
          direction: direction(axisName),
          distribution: { kind: 'point', relative: false, start: distance, value },
        });
      });
      continue;
    }

    if (loadType === 'IFCSTRUCTURALLOADLINEARFORCE' || loadType === 'IFCSTRUCTURALLOADCONFIGURATION') {
      const elementIdOfTarget = memberElementId(targetId);
      if (!elementIdOfTarget) {
        report.dropped(
          subject,
          `a line load on ${ifcClassName(targetType)} needs a structural curve member`,
          where,
        );
        continue;
      }
      // A configuration lists loads at locations along the member (file length units); a plain load is uniform.
      let stations: { at?: number; load: IfcLine }[] = [{ load }];
      if (loadType === 'IFCSTRUCTURALLOADCONFIGURATION') {
        const locations = Array.isArray(load['Locations']) ? (load['Locations'] as unknown[]) : [];
        stations = refs(load['Values']).flatMap((id, index) => {
          const value = file.line(id);
          const at = nums(locations[index])?.[0];
          return value && at !== undefined ? [{ at: at * units.length, load: value }] : [];
        });
      }
      const first = stations[0];
      const last = stations[stations.length - 1];
      if (!first || !last) {
        report.dropped(subject, 'its load configuration has no values', where);
        continue;
      }
      const keys = [
        ['LinearForceX', 'X', 'force'],
        ['LinearForceY', 'Y', 'force'],
        ['LinearForceZ', 'Z', 'force'],
        ['LinearMomentX', 'X', 'moment'],
        ['LinearMomentY', 'Y', 'moment'],
        ['LinearMomentZ', 'Z', 'moment'],
      ] as const;
      for (const [key, axisName, quantity] of keys) {
        const factor = quantity === 'force' ? units.linearForce : (units.moment / units.length) * 1000;
        const startValue = (num(first.load[key]) ?? 0) * factor;
        const endValue = (num(last.load[key]) ?? 0) * factor;
        if (startValue === 0 && endValue === 0) continue;
        const relative = first.at === undefined;
        pushLinear(context, loadIds, baseId, key, {
          name: elementName(action, baseId),
          attributes,
          elementId: elementIdOfTarget,
          patternId,
          quantity,
          direction: direction(axisName),
          distribution: {
            kind: 'distributed',
            relative,
            start: relative ? 0 : (first.at ?? 0),
            end: relative ? 1 : (last.at ?? 0),
            startValue,
            endValue,
          },
        });
      }
      continue;
    }

    if (loadType === 'IFCSTRUCTURALLOADPLANARFORCE') {
      const areaId = memberElementId(targetId);
      if (!areaId) {
        report.dropped(
          subject,
          `an area load on ${ifcClassName(targetType)} needs a structural surface member`,
          where,
        );
        continue;
      }
      const components = [
        ['PlanarForceX', 'X'],
        ['PlanarForceY', 'Y'],
        ['PlanarForceZ', 'Z'],
      ] as const;
      for (const [key, axisName] of components) {
        const value = (num(load[key]) ?? 0) * units.planarForce;
        if (value === 0) continue;
        const id = loadIds.has(baseId) ? uniqueId(loadIds, `${baseId}:${key}`) : baseId;
        loadIds.add(id);
        model.loads.push({
          id,
          type: 'AreaLoad',
          source: { tool: 'ifc' },
          name: elementName(action, baseId),
          attributes,
          elementId: areaId,
          patternId,
          direction: direction(axisName),
          value,
        });
      }
      continue;
    }
    report.dropped(
      subject,
      `its load type ${ifcClassName(loadType) || 'is unreadable'} is not read (temperature and displacement loads are not carried)`,
      where,
    );
  }
}

function uniqueId(used: Set<string>, id: string): string {
  let candidate = id;
  for (let suffix = 2; used.has(candidate); suffix++) candidate = `${id}#${suffix}`;
  return candidate;
}

function pushLinear(
  context: ReadContext,
  loadIds: Set<string>,
  baseId: string,
  component: string,
  fields: Omit<LinearLoad, 'id' | 'type' | 'source'>,
): void {
  // The action's GlobalId names its first component; further components of the same action get a suffix.
  const id = loadIds.has(baseId) ? uniqueId(loadIds, `${baseId}:${component}`) : baseId;
  loadIds.add(id);
  context.model.loads.push({ id, type: 'LinearLoad', source: { tool: 'ifc' }, ...memberAxes23(fields) });
}

/**
 * A member action in local coordinates is in IFC's member axes: x along the member, z = Axis = CSI axis 2,
 * y = −CSI axis 3 (as the writer and the end releases have it). Read as local Y → '2', Z → '3', it is turned to
 * CSI's: Y is −3 and Z is 2.
 */
function memberAxes23<T extends Omit<LinearLoad, 'id' | 'type' | 'source'>>(fields: T): T {
  if (fields.direction === '3') return { ...fields, direction: '2' };
  if (fields.direction !== '2') return fields;
  const distribution = fields.distribution;
  const negated =
    distribution.kind === 'point'
      ? { ...distribution, value: -distribution.value }
      : { ...distribution, startValue: -distribution.startValue, endValue: -distribution.endValue };
  return { ...fields, direction: '3', distribution: negated };
}

/** Where a point action sits: its own vertex representation under its placement, in mm. */
function actionPoint(context: ReadContext, action: IfcLine): Vec3 | undefined {
  const world = context.placements.world(ref(action['ObjectPlacement']));
  const vertex = topologyItems(context, action).find(
    (item) => context.file.typeOf(item) === 'IFCVERTEXPOINT',
  );
  const point = vertexPoint(context, vertex?.expressID);
  if (!world || !point) return undefined;
  const placed = applyPoint(world, point);
  const factor = context.units.length;
  return { x: placed.x * factor, y: placed.y * factor, z: placed.z * factor };
}
