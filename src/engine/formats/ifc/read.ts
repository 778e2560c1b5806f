/**
 * IFC (IFC2X3, IFC4, IFC4X3; STEP physical files) → canonical model, through web-ifc's parser (`ifcApi()`).
 *
 * What is read (IFC_CAPABILITIES_READ, for the integrator's capability list):
 * - Level: IfcBuildingStorey (elevation from its placement, else its Elevation attribute);
 * - Grid: IfcGrid / IfcGridAxis (straight axes; X/Y-parallel ones as axis grids, others as general lines);
 * - Beam, Column, Brace: IfcBeam, IfcColumn, IfcMember (Brace when inclined or typed BRACE/STRUT/TIE_ROD), and
 *   IfcStructuralCurveMember (by orientation; its edge, edge curve, oriented edge or path topology); the line from
 *   an 'Axis' representation, else the extruded body;
 * - Floor: IfcSlab, flat IfcPlate, horizontal IfcStructuralSurfaceMember; Wall: IfcWall*, vertical surface
 *   members; Area: other plates and surface members; Opening: IfcOpeningElement; Foundation: IfcFooting;
 * - Profile: I, asymmetric I, rectangle, circle, rectangular and circular hollow; L, C, T, Z and others by name
 *   (dimensions kept as attributes); shell properties by use and thickness;
 * - Material: IfcRelAssociatesMaterial (material, profile set, layer set, list, constituents), IFC4 material
 *   property sets and IFC2X3 mechanical property entities; Cardinal point from IfcMaterialProfileSetUsage;
 *   IFC2X3 sections from IfcRelAssociatesProfileProperties, stated section properties in both schemas;
 * - Restraint and Springs: IfcBoundaryNodeCondition (IFC4 booleans and stiffnesses, IFC2X3 numbers with −1 rigid);
 *   Releases: IfcRelConnectsStructuralMember conditions, PIN_JOINED_MEMBER; Orientation: its Axis;
 * - LoadPattern / LoadCase / LoadCombination: IfcStructuralLoadGroup / IfcStructuralLoadCase / LOAD_COMBINATION;
 * - PointLoad, LinearLoad, AreaLoad: single, linear and planar force actions (configurations as trapezoids).
 * Not read: tessellated geometry (mesh extraction to glTF is a separate capability), curved members, results,
 * temperature and displacement loads, IfcElementAssembly as an object (its parts are read).
 *
 * When a file holds both an analysis model and physical elements, the analysis model gives the frames and nodes;
 * a physical element linked to a structural member by IfcRelAssignsToProduct is not read again, and every other
 * physical element is kept (its end points merge with analytical nodes within 1 mm).
 */
import type { Grid, Level, SourceTool } from '../../schema';
import { emptyModel, ModelSchema, setAttribute } from '../../schema';
import { ParseError } from '../parseError';
import { ReportBuilder } from '../report';
import type { ReadResult } from '../types';
import { ifcApi } from './ifcApi';
import { readAnalysis } from './readAnalysis';
import type { ReadContext } from './readContext';
import { elementId } from './readContext';
import { applyPoint, curveEnds, PlacementResolver } from './readGeometry';
import { NodeIndex } from './readNodes';
import { readPhysical } from './readPhysical';
import { ProfileTable } from './readProfiles';
import {
  checkStepSyntax,
  IFC_FORMAT,
  IfcFile,
  num,
  readStepHeader,
  ref,
  refs,
  schemaFamily,
  str,
} from './readStep';
import { readUnits } from './readUnits';

/** A STEP file whose FILE_SCHEMA names an IFC schema. */
export function detectIfc(head: Uint8Array): boolean {
  const header = readStepHeader(head);
  return header !== undefined && /^IFC/i.test(header.schema);
}

/** Which tool wrote the file, from FILE_NAME's originating system and preprocessor, for `model.source.tool`. */
function sourceToolOf(text: string): SourceTool {
  if (/revit/i.test(text)) return 'revit';
  if (/tekla/i.test(text)) return 'tekla';
  return 'ifc';
}

function fail(message: string): never {
  throw new ParseError(IFC_FORMAT, 0, message);
}

export async function readIfc(bytes: Uint8Array): Promise<ReadResult> {
  if (bytes.length === 0)
    fail('the file is empty. Export the model from your modelling tool as IFC and upload that file.');
  const header = readStepHeader(bytes);
  if (!header) {
    fail(
      'this is not an IFC file: it does not start with "ISO-10303-21;". Export the model from your modelling tool as IFC (a .ifc STEP file; IFC-XML and IFC-ZIP are not read).',
    );
  }
  const family = schemaFamily(header.schema);
  if (!family) {
    fail(
      header.schema
        ? `the file's schema is ${header.schema}; Gusset reads IFC2X3, IFC4 and IFC4X3. Export again with one of those schemas.`
        : 'the file header has no FILE_SCHEMA, so its IFC version is unknown. Export the model again from your modelling tool.',
    );
  }

  const syntax = checkStepSyntax(bytes);
  if (syntax) {
    throw new ParseError(IFC_FORMAT, syntax.line, `${syntax.message}. The file is damaged; export it again.`);
  }
  const api = await ifcApi();
  try {
    // web-ifc logs every line it cannot decode to the console; the reader reports them instead.
    api.SetLogLevel(6);
  } catch {
    // Older builds have no log level: nothing to silence.
  }
  let modelId: number;
  try {
    modelId = api.OpenModel(bytes, { COORDINATE_TO_ORIGIN: false });
  } catch (error) {
    fail(
      `the file could not be parsed (${error instanceof Error ? error.message : 'unknown error'}). Export it again; if it still fails, the file is damaged.`,
    );
  }
  if (typeof modelId !== 'number' || modelId < 0) {
    fail('the file could not be parsed. Export it again; if it still fails, the file is damaged.');
  }
  try {
    return interpret(
      new IfcFile(api, modelId, family, bytes),
      header.originatingSystem,
      header.preprocessorVersion,
    );
  } finally {
    try {
      api.CloseModel(modelId);
    } catch {
      // A model web-ifc failed to open fully may fail to close; nothing is left to release.
    }
  }
}

function interpret(file: IfcFile, originatingSystem: string, preprocessorVersion: string): ReadResult {
  const report = new ReportBuilder();
  const application = file.linesOf('IFCAPPLICATION')[0];
  const applicationText = `${originatingSystem} ${preprocessorVersion} ${str(application?.['ApplicationFullName']) ?? ''}`;
  const version = str(application?.['Version'])?.trim() || preprocessorVersion.trim();
  const model = emptyModel({ tool: sourceToolOf(applicationText), ...(version ? { version } : {}) });
  setAttribute(model.attributes, 'ifcSchema', file.schema);
  if (originatingSystem) setAttribute(model.attributes, 'ifcOriginatingSystem', originatingSystem);
  if (file.linesOf('IFCPROJECT').length === 0) {
    report.warning('IfcProject', 'the file has no IfcProject; it may be a fragment of a model');
  }

  const units = readUnits(file, report);
  model.sourceUnits = { length: units.lengthName, force: units.forceName };
  const context: ReadContext = {
    file,
    units,
    report,
    nodes: new NodeIndex(),
    placements: new PlacementResolver(file),
    table: new ProfileTable(file, units),
    model,
    levelOf: new Map(),
    sourceCounts: new Map(),
    elementIds: new Set(),
  };
  readLevels(context);
  readGrids(context);
  const { carried } = readAnalysis(context);
  readPhysical(context, { carried });

  model.nodes = context.nodes.nodes;
  for (const node of model.nodes) node.source = { tool: model.source.tool };
  for (const element of model.elements) element.source = { tool: model.source.tool };
  model.materials = context.table.materials;
  model.profiles = context.table.profiles;
  const renamed = context.table.finish(model.elements);
  // Profiles whose shape has no canonical equivalent are kept by name, with any properties the file states.
  const unmapped = [...context.table.unmapped].filter((profile) => model.profiles.includes(profile));
  if (unmapped.length > 0) {
    report.approximated(
      'Profile',
      `${unmapped.length} sections (${unmapped
        .slice(0, 3)
        .map((profile) => `"${profile.name}" ${String(profile.attributes['ifcProfileType'] ?? '')}`.trim())
        .join(', ')}${unmapped.length > 3 ? ', …' : ''}) have a shape the canonical model has no ` +
        'parametric form for; they are kept by name (IFC dimensions as attributes) with the properties stated',
      { concept: 'section', ids: unmapped.map((profile) => profile.id) },
    );
  }
  const fromType = model.profiles.filter((profile) => profile.attributes['ifcProfileFrom'] === 'ObjectType');
  if (fromType.length > 0) {
    report.approximated(
      'Profile',
      `${fromType.length} sections (${fromType
        .slice(0, 3)
        .map((profile) => `"${profile.name}"`)
        .join(
          ', ',
        )}${fromType.length > 3 ? ', …' : ''}) are known only by name: their members have a faceted ` +
        "body and no profile definition, so the section is the member's type name, with no dimensions",
      { concept: 'section', ids: fromType.map((profile) => profile.id) },
    );
  }
  for (const [name, given] of renamed) {
    report.approximated(
      'Profile',
      `${given.length} different profiles (shape, dimensions or material) are all named "${name}"; ` +
        `they are named ${given.map((id) => `"${id}"`).join(', ')} so each keeps its own section`,
      { concept: 'section', ids: given },
    );
  }

  const checked = ModelSchema.safeParse(model);
  if (!checked.success) {
    const issue = checked.error.issues[0];
    fail(
      `the file's content does not make a valid model (${issue?.path.join('.') ?? ''}: ${issue?.message ?? 'invalid'}). The file may be damaged; export it again.`,
    );
  }
  return { model, report: report.build(IFC_FORMAT, 'read', model, context.sourceCounts) };
}

/** IfcBuildingStorey → levels, sorted by elevation; containment (and assembly parts) gives elements their level. */
function readLevels(context: ReadContext): void {
  const { file, model } = context;
  const storeyIds = new Map<number, string>();
  const levels: Level[] = [];
  for (const storey of file.linesOf('IFCBUILDINGSTOREY')) {
    const world = context.placements.world(ref(storey['ObjectPlacement']));
    const placed = storey['ObjectPlacement'] !== null && world ? world.t.z : undefined;
    const elevation = (placed ?? num(storey['Elevation']) ?? 0) * context.units.length;
    const id = elementId(context, storey, new Set(levels.map((level) => level.id)));
    const attributes = {};
    setAttribute(attributes, 'ifcClass', 'IfcBuildingStorey');
    levels.push({
      id,
      type: 'Level',
      source: { tool: 'ifc' },
      name: str(storey['Name'])?.trim() || id,
      attributes,
      elevation,
      height: 0,
    });
    storeyIds.set(storey.expressID, id);
  }
  levels.sort((a, b) => a.elevation - b.elevation);
  levels.forEach((level, index) => {
    level.height = index === 0 ? 0 : level.elevation - (levels[index - 1] as Level).elevation;
  });
  model.levels = levels;
  for (const relation of file.linesOf('IFCRELCONTAINEDINSPATIALSTRUCTURE')) {
    const levelId = storeyIds.get(ref(relation['RelatingStructure']) ?? -1);
    if (!levelId) continue;
    for (const elementIdNumber of refs(relation['RelatedElements']))
      context.levelOf.set(elementIdNumber, levelId);
  }
  // Tekla puts parts in IfcElementAssembly, and the assembly in the storey: parts take the assembly's level.
  for (const relation of file.linesOf('IFCRELAGGREGATES')) {
    const levelId = context.levelOf.get(ref(relation['RelatingObject']) ?? -1);
    if (!levelId) continue;
    for (const part of refs(relation['RelatedObjects']))
      if (!context.levelOf.has(part)) context.levelOf.set(part, levelId);
  }
}

/** IfcGrid axes → grid lines in plan (mm). */
function readGrids(context: ReadContext): void {
  const { file, model, report } = context;
  const used = new Set<string>();
  for (const grid of file.linesOf('IFCGRID')) {
    const world = context.placements.world(ref(grid['ObjectPlacement']));
    if (!world) continue;
    const system = str(grid['Name'])?.trim() || 'Grid';
    const gridId = str(grid['GlobalId']) ?? `IfcGrid#${grid.expressID}`;
    for (const [family, key] of [
      ['U', 'UAxes'],
      ['V', 'VAxes'],
      ['W', 'WAxes'],
    ] as const) {
      for (const axisId of refs(grid[key])) {
        const axis = file.line(axisId);
        const curve = file.line(ref(axis?.['AxisCurve']));
        const ends = curve ? curveEnds(file, curve) : undefined;
        const label = str(axis?.['AxisTag'])?.trim() || `${family}${axisId}`;
        if (!axis || !ends) {
          report.dropped('IfcGridAxis', 'its curve is not a straight line', {
            id: label,
            line: file.sourceLine(axisId),
          });
          continue;
        }
        const factor = context.units.length;
        const a = applyPoint(world, ends[0]);
        const b = applyPoint(world, ends[1]);
        const [x1, y1, x2, y2] = [a.x * factor, a.y * factor, b.x * factor, b.y * factor];
        const span = Math.hypot(x2 - x1, y2 - y1);
        let geometry: Grid['geometry'];
        if (span > 0 && Math.abs(x2 - x1) <= 1e-6 * span)
          geometry = { kind: 'axis', direction: 'X', coordinate: x1 };
        else if (span > 0 && Math.abs(y2 - y1) <= 1e-6 * span)
          geometry = { kind: 'axis', direction: 'Y', coordinate: y1 };
        else geometry = { kind: 'general', start: { x: x1, y: y1 }, end: { x: x2, y: y2 } };
        let id = `${gridId}/${family}/${label}`;
        for (let suffix = 2; used.has(id); suffix++) id = `${gridId}/${family}/${label}#${suffix}`;
        used.add(id);
        const attributes = {};
        setAttribute(attributes, 'ifcGridFamily', family);
        model.grids.push({
          id,
          type: 'Grid',
          source: { tool: 'ifc' },
          name: label,
          attributes,
          system,
          label,
          geometry,
        });
      }
    }
  }
}
