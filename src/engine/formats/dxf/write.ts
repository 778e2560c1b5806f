import {
  DxfWriter,
  LWPolylineFlags,
  PolylineFlags,
  TextHorizontalAlignment,
  TextVerticalAlignment,
  Units,
  type vec3_t,
} from '@tarikjabiri/dxf';
import type { DisplayUnit, Element, Level, Model, Node, Profile } from '../../schema';
import { encodeUtf8 } from '../../text/encoding';
import { FROM_MM } from '../../units/length';
import type { ReportItem } from '../report';
import { ELEMENT_LAYERS, GRID_LAYER, SECTION_LAYER, TITLE_LAYER, type DxfLayerStyle } from './layers';

/** $INSUNITS per display unit: AutoCAD scales inserted drawings and shows lengths by it. */
const INSUNITS: Readonly<Record<DisplayUnit, Units>> = {
  mm: Units.Millimeters,
  cm: Units.Centimeters,
  m: Units.Meters,
  ft: Units.Feet,
  in: Units.Inches,
};

/** Decimals shown in titles per display unit (1 mm, 0.1 cm, 1 mm in m, 0.01 ft, 0.1 in). */
const TITLE_DECIMALS: Readonly<Record<DisplayUnit, number>> = { mm: 0, cm: 1, m: 3, ft: 2, in: 1 };

/** An element belongs to a level's plan when it reaches the level's elevation within this, mm. */
const LEVEL_TOLERANCE_MM = 1;
/** A member shorter than this in plan is vertical: drawn in plan as its section outline, mm. */
const VERTICAL_TOLERANCE_MM = 1;

export interface DxfOptions {
  /** Height of section names in the model's display units; by default 1/200 of the model's plan extent. */
  textHeight?: number;
}

/** One level's plan: where it was drawn and how many elements it shows. */
export interface DxfPlanReport {
  levelId: string;
  title: string;
  /** How far the plan is moved along X from the model's own coordinates, in display units. */
  offsetX: number;
  elements: number;
}

/** What the drawing holds. */
export interface DxfReport {
  units: DisplayUnit;
  /** Entities per layer and DXF entity type (LINE, POLYLINE, LWPOLYLINE, POINT, CIRCLE, TEXT). */
  layers: Record<string, Record<string, number>>;
  /** Elements drawn in the 3-D wireframe. */
  wireframeElements: number;
  plans: DxfPlanReport[];
  /** Elements that could not be drawn (a node they name is missing). */
  items: ReportItem[];
}

export interface DxfExport {
  bytes: Uint8Array;
  report: DxfReport;
}

interface Point3 {
  x: number;
  y: number;
  z: number;
}

/** An element reduced to what is drawn, in mm. */
type Shape =
  | { kind: 'segment'; a: Point3; b: Point3 }
  | { kind: 'polygon'; points: Point3[]; closed: boolean }
  | { kind: 'point'; p: Point3 };

interface Drawable {
  element: Element;
  layer: DxfLayerStyle;
  shape: Shape;
  zMin: number;
  zMax: number;
}

const MAX_REPORT_ITEMS = 100;

interface Encoder {
  encode(text: string): Uint8Array;
}

/** The platform's UTF-8 encoder (every runtime the engine targets has one; its type comes with DOM or Node). */
function utf8(text: string): Uint8Array {
  const constructor = (globalThis as { TextEncoder?: new () => Encoder }).TextEncoder;
  return constructor ? new constructor().encode(text) : encodeUtf8(text);
}

/** Numbers written with at most 6 decimals: no exponent notation, no float noise in the file. */
function round(value: number): number {
  const rounded = Math.round(value * 1e6) / 1e6;
  return rounded === 0 ? 0 : rounded;
}

/**
 * The one place a name becomes DXF text (issue #22): a group value is one line, so a line break would start group
 * codes of its own; every control character becomes a space, and a run of `%` one `%` (`%%` starts AutoCAD's
 * control codes, and `%%%` would still hold one).
 */
function textValue(text: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is replaced
  return text.replace(/[\u0000-\u001f\u007f]+/g, ' ').replace(/%{2,}/g, '%');
}

function nodeIdsOf(element: Element): string[] {
  switch (element.type) {
    case 'Beam':
    case 'Column':
    case 'Brace':
    case 'Cable':
      return [element.startNodeId, element.endNodeId];
    case 'Link':
      return element.endNodeId === undefined
        ? [element.startNodeId]
        : [element.startNodeId, element.endNodeId];
    case 'Floor':
    case 'Wall':
    case 'Area':
    case 'Opening':
    case 'Foundation':
    case 'Component':
      return element.nodeIds;
    case 'GeoElement':
      return [];
  }
}

function shapeOf(points: Point3[], closed: boolean): Shape | undefined {
  const [first, second] = points;
  if (!first) return undefined;
  if (!second) return { kind: 'point', p: first };
  if (points.length === 2) return { kind: 'segment', a: first, b: second };
  return { kind: 'polygon', points, closed };
}

/** Plan width (X) and depth (Y) of a section, mm, when its shape says; columns are drawn with it. */
function sectionPlanSize(profile: Profile | undefined): [number, number] | undefined {
  if (profile?.kind !== 'frame') return undefined;
  const section = profile.section;
  switch (section.shape) {
    case 'rectangle':
      return [section.width, section.depth];
    case 'i':
      return [section.flangeWidth, section.depth];
    case 'tube':
      return [section.width, section.depth];
    case 'circle':
    case 'pipe':
      return [section.diameter, section.diameter];
    default:
      return undefined;
  }
}

function profileIdOf(element: Element): string | undefined {
  return 'profileId' in element ? element.profileId : undefined;
}

/**
 * Whether an element shows in the plan at `elevation` (mm): it lies in the level's plane, or reaches the plane
 * from below (a column or brace of the storey under it, as ETABS draws plans). An element starting at the level
 * and rising belongs to the plan above.
 */
function onLevel(item: Drawable, elevation: number): boolean {
  const reaches = item.zMax >= elevation - LEVEL_TOLERANCE_MM && item.zMin <= elevation + LEVEL_TOLERANCE_MM;
  return (
    reaches && (item.zMax <= elevation + LEVEL_TOLERANCE_MM || item.zMin < elevation - LEVEL_TOLERANCE_MM)
  );
}

/**
 * Draws the model as one DXF (AutoCAD 2007 format, AC1021): the 3-D wireframe at the model's own coordinates,
 * and beside it, moved along +X, one plan per level (lowest first) with grids, section names and a title. One
 * layer per element type; coordinates in the model's display unit, which $INSUNITS declares.
 */
export function writeDxf(model: Model, options: DxfOptions = {}): DxfExport {
  const unit = model.units;
  const scale = FROM_MM[unit];
  const counts: Record<string, Record<string, number>> = {};
  const items: ReportItem[] = [];
  let dropped = 0;

  const dxf = new DxfWriter();
  dxf.setUnits(INSUNITS[unit]);
  // 0 imperial, 1 metric: AutoCAD picks its default hatch and line type files by it.
  dxf.setVariable('$MEASUREMENT', { 70: unit === 'ft' || unit === 'in' ? 0 : 1 });

  const made = new Set<string>();
  const layerName = (layer: DxfLayerStyle): string => {
    if (!made.has(layer.name)) {
      dxf.addLayer(layer.name, layer.color, 'Continuous');
      made.add(layer.name);
    }
    return layer.name;
  };
  const count = (layer: DxfLayerStyle, entity: string) => {
    const perLayer = (counts[layer.name] ??= {});
    perLayer[entity] = (perLayer[entity] ?? 0) + 1;
  };
  /** mm → display units, rounded, moved by `dx` (display units) along X. */
  const at = (p: Point3, dx = 0, flat = false): vec3_t => ({
    x: round(p.x * scale + dx),
    y: round(p.y * scale),
    z: flat ? 0 : round(p.z * scale),
  });

  // --- What is drawn, in mm -------------------------------------------------------------------------------
  const nodes = new Map<string, Node>(model.nodes.map((node) => [node.id, node]));
  const profiles = new Map<string, Profile>(model.profiles.map((profile) => [profile.id, profile]));
  const drawables: Drawable[] = [];
  for (const element of model.elements) {
    let points: Point3[];
    if (element.type === 'GeoElement') {
      points = element.points;
    } else {
      const ids = nodeIdsOf(element);
      const missing = ids.find((id) => !nodes.has(id));
      if (missing !== undefined) {
        dropped++;
        if (items.length < MAX_REPORT_ITEMS) {
          items.push({
            severity: 'dropped',
            subject: element.type,
            id: element.id,
            reason: `Not drawn: its node ${missing} is not in the model.`,
          });
        }
        continue;
      }
      points = ids.map((id) => nodes.get(id) as Node);
    }
    const closed = element.type === 'GeoElement' ? element.closed : true;
    const shape = shapeOf(points, closed);
    if (!shape) continue;
    let zMin = Infinity;
    let zMax = -Infinity;
    for (const point of points) {
      zMin = Math.min(zMin, point.z);
      zMax = Math.max(zMax, point.z);
    }
    drawables.push({ element, layer: ELEMENT_LAYERS[element.type], shape, zMin, zMax });
  }
  if (dropped > items.length) {
    items.push({
      severity: 'dropped',
      subject: 'Element',
      reason: `${dropped - items.length} more elements were not drawn because a node they name is missing.`,
    });
  }

  // --- Extent of a plan (nodes and grids), mm --------------------------------------------------------------
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  let minZ = Infinity;
  const include = (x: number, y: number) => {
    minX = Math.min(minX, x);
    maxX = Math.max(maxX, x);
    minY = Math.min(minY, y);
    maxY = Math.max(maxY, y);
  };
  for (const item of drawables) {
    const points =
      item.shape.kind === 'segment'
        ? [item.shape.a, item.shape.b]
        : item.shape.kind === 'point'
          ? [item.shape.p]
          : item.shape.points;
    for (const point of points) include(point.x, point.y);
    minZ = Math.min(minZ, item.zMin);
  }
  for (const grid of model.grids) {
    const geometry = grid.geometry;
    if (geometry.kind === 'general') {
      include(geometry.start.x, geometry.start.y);
      include(geometry.end.x, geometry.end.y);
    } else if (geometry.direction === 'X') {
      include(geometry.coordinate, minY === Infinity ? 0 : minY);
    } else {
      include(minX === Infinity ? 0 : minX, geometry.coordinate);
    }
  }
  if (minX === Infinity) [minX, maxX, minY, maxY] = [0, 0, 0, 0];
  if (minZ === Infinity) minZ = 0;
  const span = Math.max(maxX - minX, maxY - minY);
  const textHeight =
    options.textHeight !== undefined && options.textHeight > 0
      ? options.textHeight
      : Math.min(Math.max(span / 200, 50), 1000) * scale;
  const titleHeight = textHeight * 2;
  const bubble = textHeight * 1.2;
  const margin = Math.max(span * 0.05, 1000) * scale;
  // Display units from here on, for the layout.
  const [x0, x1, y0, y1] = [minX * scale, maxX * scale, minY * scale, maxY * scale];
  const stride = x1 - x0 + 2 * margin + 2 * bubble + Math.max((x1 - x0) * 0.25, 20 * textHeight);

  const text = (layer: DxfLayerStyle, position: vec3_t, height: number, value: string, rotation = 0) => {
    dxf.addText(position, height, textValue(value), {
      layerName: layerName(layer),
      horizontalAlignment: TextHorizontalAlignment.Center,
      verticalAlignment: TextVerticalAlignment.Middle,
      // Aligned text is placed by its second alignment point; AutoCAD ignores the first one then.
      secondAlignmentPoint: position,
      ...(rotation === 0 ? {} : { rotation: round(rotation) }),
    });
    count(layer, 'TEXT');
  };
  const title = (value: string, dx: number, z: number) =>
    text(
      TITLE_LAYER,
      { x: round(x0 + dx), y: round(y0 - margin - 2 * bubble - 2 * titleHeight), z },
      titleHeight,
      value,
    );

  // --- The 3-D wireframe -----------------------------------------------------------------------------------
  for (const item of drawables) {
    const name = layerName(item.layer);
    const shape = item.shape;
    if (shape.kind === 'segment') {
      dxf.addLine(at(shape.a), at(shape.b), { layerName: name });
      count(item.layer, 'LINE');
    } else if (shape.kind === 'point') {
      const p = at(shape.p);
      dxf.addPoint(p.x, p.y, p.z, { layerName: name });
      count(item.layer, 'POINT');
    } else {
      const polyline = dxf.addPolyline3D(
        shape.points.map((point) => ({ point: at(point) })),
        { layerName: name, flags: PolylineFlags.Polyline3D | (shape.closed ? PolylineFlags.Closed : 0) },
      );
      // The library puts VERTEX records on layer 0; AutoCAD expects them on their polyline's layer.
      for (const vertex of polyline.vertices) vertex.layerName = name;
      count(item.layer, 'POLYLINE');
    }
  }
  title('3-D wireframe', 0, round(minZ * scale));

  // --- One plan per level ----------------------------------------------------------------------------------
  const levels = [...model.levels].sort((a, b) => a.elevation - b.elevation);
  const plans: DxfPlanReport[] = [];
  levels.forEach((level, index) => {
    const dx = (index + 1) * stride;
    let shown = 0;
    for (const item of drawables) {
      if (!onLevel(item, level.elevation)) continue;
      shown++;
      drawInPlan(item, dx);
    }
    drawGrids(dx);
    const label = planTitle(level, unit);
    title(label, dx, 0);
    plans.push({ levelId: level.id, title: label, offsetX: round(dx), elements: shown });
  });

  function drawInPlan(item: Drawable, dx: number) {
    const name = layerName(item.layer);
    const shape = item.shape;
    if (shape.kind === 'point') {
      const p = at(shape.p, dx, true);
      dxf.addPoint(p.x, p.y, 0, { layerName: name });
      count(item.layer, 'POINT');
      return;
    }
    if (shape.kind === 'polygon') {
      dxf.addLWPolyline(
        shape.points.map((point) => ({ point: at(point, dx, true) })),
        { layerName: name, flags: shape.closed ? LWPolylineFlags.Closed : LWPolylineFlags.None },
      );
      count(item.layer, 'LWPOLYLINE');
      return;
    }
    const a = at(shape.a, dx, true);
    const b = at(shape.b, dx, true);
    const profileId = profileIdOf(item.element);
    const profile = profileId === undefined ? undefined : profiles.get(profileId);
    const section = profile?.name || profileId;
    const planLength = Math.hypot(shape.b.x - shape.a.x, shape.b.y - shape.a.y);
    if (planLength < VERTICAL_TOLERANCE_MM) {
      // A vertical member seen from above: its section's outline (a square of two text heights when the
      // section gives no size), its name beside it.
      const size = sectionPlanSize(profile);
      const halfX = size ? (size[0] * scale) / 2 : textHeight;
      const halfY = size ? (size[1] * scale) / 2 : textHeight;
      const corners: [number, number][] = [
        [-halfX, -halfY],
        [halfX, -halfY],
        [halfX, halfY],
        [-halfX, halfY],
      ];
      dxf.addLWPolyline(
        corners.map(([cx, cy]) => ({ point: { x: round(a.x + cx), y: round(a.y + cy), z: 0 } })),
        { layerName: name, flags: LWPolylineFlags.Closed },
      );
      count(item.layer, 'LWPOLYLINE');
      if (section) {
        const offset = Math.max(halfX, halfY) + textHeight;
        text(SECTION_LAYER, { x: round(a.x + offset), y: round(a.y + offset), z: 0 }, textHeight, section);
      }
      return;
    }
    dxf.addLine(a, b, { layerName: name });
    count(item.layer, 'LINE');
    if (section) {
      // Along the member, read from below or from the right (angle within (-90°, 90°]), just off its axis.
      let angle = (Math.atan2(b.y - a.y, b.x - a.x) * 180) / Math.PI;
      if (angle > 90) angle -= 180;
      if (angle <= -90) angle += 180;
      const radians = (angle * Math.PI) / 180;
      const along = 0.75 * textHeight;
      const middle = {
        x: round((a.x + b.x) / 2 - Math.sin(radians) * along),
        y: round((a.y + b.y) / 2 + Math.cos(radians) * along),
        z: 0,
      };
      text(SECTION_LAYER, middle, textHeight, section, angle);
    }
  }

  function drawGrids(dx: number) {
    const lowX = x0 - margin + dx;
    const highX = x1 + margin + dx;
    const lowY = y0 - margin;
    const highY = y1 + margin;
    for (const grid of model.grids) {
      const geometry = grid.geometry;
      let start: vec3_t;
      let end: vec3_t;
      if (geometry.kind === 'general') {
        start = at({ ...geometry.start, z: 0 }, dx, true);
        end = at({ ...geometry.end, z: 0 }, dx, true);
      } else if (geometry.direction === 'X') {
        const x = round(geometry.coordinate * scale + dx);
        start = { x, y: round(lowY), z: 0 };
        end = { x, y: round(highY), z: 0 };
      } else {
        const y = round(geometry.coordinate * scale);
        start = { x: round(lowX), y, z: 0 };
        end = { x: round(highX), y, z: 0 };
      }
      dxf.addLine(start, end, { layerName: layerName(GRID_LAYER) });
      count(GRID_LAYER, 'LINE');
      // The bubble sits beyond the start, on the line's extension.
      const length = Math.hypot(end.x - start.x, end.y - start.y);
      if (length === 0) continue;
      const ux = (end.x - start.x) / length;
      const uy = (end.y - start.y) / length;
      const centre = { x: round(start.x - ux * bubble), y: round(start.y - uy * bubble), z: 0 };
      dxf.addCircle(centre, round(bubble), { layerName: layerName(GRID_LAYER) });
      count(GRID_LAYER, 'CIRCLE');
      text(GRID_LAYER, centre, textHeight, grid.label || grid.name || grid.id);
    }
  }

  return {
    bytes: utf8(dxf.stringify()),
    report: {
      units: unit,
      layers: counts,
      wireframeElements: drawables.length,
      plans,
      items,
    },
  };
}

/** 'Level Story 3 (elev 12.000 m)'. */
export function planTitle(level: Level, unit: DisplayUnit): string {
  const elevation = (level.elevation * FROM_MM[unit]).toFixed(TITLE_DECIMALS[unit]);
  return `Level ${level.name || level.id} (elev ${elevation} ${unit})`;
}
