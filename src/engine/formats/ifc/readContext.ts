import type { Attributes, Model, Node } from '../../schema';
import { setAttribute } from '../../schema';
import type { ReportBuilder } from '../report';
import type { PlacementResolver, Transform, Vec3 } from './readGeometry';
import { applyPoint, length, sub } from './readGeometry';
import type { NodeIndex } from './readNodes';
import type { ProfileTable } from './readProfiles';
import { ifcClassName } from './readProfiles';
import type { IfcFile, IfcLine } from './readStep';
import { str } from './readStep';
import type { IfcUnits } from './readUnits';

/** Everything the IFC reader's parts share while one file is read. */
export interface ReadContext {
  file: IfcFile;
  units: IfcUnits;
  report: ReportBuilder;
  nodes: NodeIndex;
  placements: PlacementResolver;
  table: ProfileTable;
  model: Model;
  /** Storey (level id) of each product, by express id. */
  levelOf: Map<number, string>;
  /** Products seen per IFC class, for the report's sourceCounts. */
  sourceCounts: Map<string, number>;
  /** Element ids given so far (GlobalIds are meant to be unique; damaged or hand-made files repeat them). */
  elementIds: Set<string>;
}

/** An element's id: its GlobalId, or `<IfcClass>#<express id>` when it has none or repeats one. */
export function elementId(context: ReadContext, line: IfcLine, used = context.elementIds): string {
  const globalId = str(line['GlobalId'])?.trim();
  let id = globalId || `${ifcClassName(context.file.typeOf(line))}#${line.expressID}`;
  if (used.has(id)) {
    context.report.warning(
      ifcClassName(context.file.typeOf(line)),
      'its GlobalId repeats another object; a derived id is used',
      {
        id,
        line: context.file.sourceLine(line.expressID),
      },
    );
    id = `${id}#${line.expressID}`;
  }
  used.add(id);
  return id;
}

/** Name for people: Name, else Tag, else the id. */
export function elementName(line: IfcLine, id: string): string {
  return str(line['Name'])?.trim() || str(line['Tag'])?.trim() || id;
}

/** Attributes every element keeps: the IFC class and the words the canonical model has no field for. */
export function baseAttributes(context: ReadContext, line: IfcLine): Attributes {
  const attributes: Attributes = {};
  setAttribute(attributes, 'ifcClass', ifcClassName(context.file.typeOf(line)));
  setAttribute(attributes, 'ifcExpressId', line.expressID);
  for (const key of ['ObjectType', 'Tag', 'Description']) {
    const value = str(line[key])?.trim();
    if (value) setAttribute(attributes, `ifc${key}`, value);
  }
  const predefined = line['PredefinedType'];
  const word = (predefined as { value?: unknown } | null)?.value;
  if (typeof word === 'string') setAttribute(attributes, 'ifcPredefinedType', word);
  return attributes;
}

/** The node at a point in file units under `transform` (mm in the model). */
export function nodeAt(context: ReadContext, transform: Transform, point: Vec3): Node {
  const world = applyPoint(transform, point);
  const factor = context.units.length;
  return context.nodes.at(world.x * factor, world.y * factor, world.z * factor);
}

/** The distinct nodes of a polygon (consecutive repeats and a closing repeat removed). */
export function polygonNodes(nodes: Node[]): Node[] {
  const distinct: Node[] = [];
  for (const node of nodes) {
    if (distinct[distinct.length - 1] !== node) distinct.push(node);
  }
  while (distinct.length > 1 && distinct[0] === distinct[distinct.length - 1]) distinct.pop();
  return new Set(distinct).size === distinct.length ? distinct : [...new Set(distinct)];
}

/** Angle classification tolerance: within ~5° of horizontal is a beam, of vertical a column. */
const ORIENTATION_TOLERANCE = 0.0875;

/** What a line member is from its geometry: vertical → Column, horizontal → Beam, else Brace. */
export function frameTypeOf(start: Vec3, end: Vec3): 'Beam' | 'Column' | 'Brace' {
  const delta = sub(end, start);
  const size = length(delta);
  if (size === 0) return 'Beam';
  if (Math.hypot(delta.x, delta.y) <= ORIENTATION_TOLERANCE * size) return 'Column';
  if (Math.abs(delta.z) <= ORIENTATION_TOLERANCE * size) return 'Beam';
  return 'Brace';
}

export function count(context: ReadContext, line: IfcLine): void {
  const name = context.file.typeOf(line);
  context.sourceCounts.set(name, (context.sourceCounts.get(name) ?? 0) + 1);
}
