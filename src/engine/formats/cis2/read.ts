import { SI_PREFIXES } from '../step/part21';
/**
 * CIS/2 (LPM/6, STRUCTURAL_FRAME_SCHEMA) analysis model → canonical model. Reads NODEs (with their
 * BOUNDARY_CONDITION_LOGICAL supports), ELEMENT_CURVE_SIMPLE/COMPLEX members through ELEMENT_NODE_CONNECTIVITY
 * (ends sorted by connectivity number, releases from the connectivity's fixity), SECTION_PROFILE_* sections,
 * isotropic materials with their representation items, load cases, combinations and node/element/member loads.
 * Every dimension and coordinate is converted through its unit (a measure's own unit, else the file's global
 * unit). Attributes are found by the type of what they reference where the notes could not confirm an order.
 * Design-only and manufacturing data (assemblies, parts, features, bolts) is counted and reported, not read.
 */
import type {
  FrameElement,
  LinearLoad,
  LoadCase,
  LoadCombination,
  LoadDirection,
  LoadPattern,
  Material,
  MaterialKind,
  Model,
  Node,
  PointLoad,
  Profile,
  Releases,
  Restraint,
  SectionShape,
  Source,
} from '../../schema';
import { emptyModel, MATERIAL_KINDS, noEndReleases, setAttribute } from '../../schema';
import { ParseError } from '../parseError';
import { ReportBuilder } from '../report';
import type { ReadResult } from '../types';
import {
  ANALYSIS_CASE_PREFIX,
  ATTR_PROFILE_DIMENSIONS,
  ATTR_PROFILE_ENTITY,
  CIS1_SCHEMA,
  CIS2_FORMAT,
  CIS2_SCHEMA,
  E,
  NO_ANALYSIS_CASES,
  PATTERN_WITHOUT_CASE,
  ROLES,
  SECTION,
  SECTION_PROPERTY_ORDER,
  SELF_WEIGHT_PATTERN,
  STANDARD_GRAVITY,
} from './names';
import type { StepFile, StepInstance, StepPart, StepValue } from './step';
import { isEnum, isRef, isStr, isTyped, numberOf, parseStep } from './step';

/** Vertical or horizontal within this angle's sine: the same rule as SAP2000 frames (about 1°). */
const ORIENTATION_SINE = 0.0175;

/** Entity families the reader does not map, reported as counts (Navisworks' list of what real files carry). */
const SKIPPED_PREFIXES = [
  'ASSEMBLY_',
  'PART_',
  'LOCATED_',
  'FEATURE_',
  'FASTENER',
  'JOINT_SYSTEM',
  'DESIGN_JOINT_SYSTEM',
  'ELEMENT_ECCENTRICITY',
  'ELEMENT_SURFACE',
  'ELEMENT_VOLUME',
  'ELEMENT_POINT',
  'REACTION',
  'DISPLACEMENT',
  'ANALYSIS_RESULT',
] as const;

/** SI base/derived unit names → the quantity they measure (SI factor 1). */
const SI_NAMES: Readonly<Record<string, Quantity>> = {
  METRE: 'length',
  NEWTON: 'force',
  PASCAL: 'pressure',
  RADIAN: 'angle',
  GRAM: 'mass',
};

/** Units files name without a conversion (CONTEXT_DEPENDENT_UNIT), by lower-case name. */
const NAMED_UNITS: Readonly<Record<string, [Quantity, number]>> = {
  inch: ['length', 0.0254],
  in: ['length', 0.0254],
  foot: ['length', 0.3048],
  feet: ['length', 0.3048],
  ft: ['length', 0.3048],
  millimetre: ['length', 0.001],
  millimeter: ['length', 0.001],
  mm: ['length', 0.001],
  metre: ['length', 1],
  meter: ['length', 1],
  m: ['length', 1],
  pound: ['force', 4.4482216152605],
  lbf: ['force', 4.4482216152605],
  kip: ['force', 4448.2216152605],
  kips: ['force', 4448.2216152605],
  kilonewton: ['force', 1000],
  kn: ['force', 1000],
  degree: ['angle', Math.PI / 180],
  degrees: ['angle', Math.PI / 180],
  psi: ['pressure', 6894.757293168],
  ksi: ['pressure', 6894757.293168],
};

type Quantity = 'length' | 'force' | 'pressure' | 'angle' | 'mass' | 'other';

interface Unit {
  quantity: Quantity;
  /** Multiply a value in this unit by `toSi` to get SI (m, N, Pa, rad, kg). */
  toSi: number;
}

/** Everything the mapping needs: the instances, what points to what, and the report. */
class Cis2File {
  readonly byType = new Map<string, StepInstance[]>();
  readonly report = new ReportBuilder();
  readonly sourceCounts = new Map<string, number>();
  private readonly units = new Map<number, Unit>();
  global: Record<'length' | 'force' | 'pressure' | 'angle', Unit>;

  constructor(readonly step: StepFile) {
    for (const instance of step.instances.values()) {
      for (const part of instance.parts) {
        const list = this.byType.get(part.type);
        if (list) list.push(instance);
        else this.byType.set(part.type, [instance]);
      }
      const key = instance.parts.map((part) => part.type).join('+');
      this.sourceCounts.set(key, (this.sourceCounts.get(key) ?? 0) + 1);
    }
    this.global = this.globalUnits();
  }

  fail(line: number, message: string): never {
    throw new ParseError(CIS2_FORMAT, line, message);
  }

  all(type: string): StepInstance[] {
    return this.byType.get(type) ?? [];
  }

  /** The instance a reference names; a reference to nothing is a broken file. */
  deref(value: StepValue | undefined, from: StepInstance): StepInstance | undefined {
    if (!isRef(value)) return undefined;
    const target = this.step.instances.get(value.ref);
    if (!target) {
      this.fail(
        from.line,
        `#${from.id} refers to #${value.ref}, which the file does not define: the file is incomplete or damaged; export it again`,
      );
    }
    return target;
  }

  part(instance: StepInstance, type: string): StepPart | undefined {
    return instance.parts.find((part) => part.type === type);
  }

  /** The first part whose type passes `test` (subtypes written as simple instances, or one part of a complex one). */
  partWhere(instance: StepInstance, test: (type: string) => boolean): StepPart | undefined {
    return instance.parts.find((part) => test(part.type));
  }

  /** All arguments of every part, in order: lenient look-ups search them by what they are. */
  args(instance: StepInstance): StepValue[] {
    return instance.parts.length === 1
      ? (instance.parts[0] as StepPart).args
      : instance.parts.flatMap((part) => part.args);
  }

  /** The first referenced instance (in any argument, or one list deep) that has a part passing `test`. */
  findRef(instance: StepInstance, test: (type: string) => boolean): StepInstance | undefined {
    for (const value of this.args(instance)) {
      for (const candidate of Array.isArray(value) ? value : [value]) {
        const target = this.deref(candidate, instance);
        if (target && target.parts.some((part) => test(part.type))) return target;
      }
    }
    return undefined;
  }

  strings(instance: StepInstance): string[] {
    return this.args(instance).flatMap((value) => (isStr(value) ? [value.str] : []));
  }

  /** A unit instance → its quantity and factor to SI; cycles and chains deeper than 8 are refused. */
  unit(instance: StepInstance, depth = 0): Unit {
    const cached = this.units.get(instance.id);
    if (cached) return cached;
    if (depth > 8)
      this.fail(instance.line, `the unit #${instance.id} is defined in a loop or a chain too long to follow`);
    const types = new Set(instance.parts.map((part) => part.type));
    let quantity: Quantity = types.has('LENGTH_UNIT')
      ? 'length'
      : types.has('FORCE_UNIT')
        ? 'force'
        : types.has('PRESSURE_UNIT')
          ? 'pressure'
          : types.has('PLANE_ANGLE_UNIT')
            ? 'angle'
            : types.has('MASS_UNIT')
              ? 'mass'
              : 'other';
    let toSi = 1;
    const si = this.part(instance, 'SI_UNIT');
    const conversion = this.part(instance, 'CONVERSION_BASED_UNIT');
    const contextDependent = this.part(instance, 'CONTEXT_DEPENDENT_UNIT');
    if (si) {
      const [prefix, name] = si.args;
      const prefixName = isEnum(prefix) ? prefix.enum : undefined;
      if (prefixName !== undefined && SI_PREFIXES[prefixName] === undefined) {
        this.fail(instance.line, `#${instance.id} has the unknown SI prefix .${prefixName}.`);
      }
      toSi = prefixName === undefined ? 1 : (SI_PREFIXES[prefixName] as number);
      const named = isEnum(name) ? SI_NAMES[name.enum] : undefined;
      if (named === 'mass') toSi /= 1000; // the SI unit is the gram in STEP; we count in kilograms
      if (quantity === 'other' && named) quantity = named;
    } else if (conversion) {
      const factor = this.deref(conversion.args.find(isRef), instance);
      if (!factor) this.fail(instance.line, `the converted unit #${instance.id} has no conversion factor`);
      const { value, unit } = this.measure(factor, depth + 1);
      toSi = value * unit.toSi;
      if (quantity === 'other') quantity = unit.quantity;
    } else if (contextDependent) {
      const name = contextDependent.args.find(isStr)?.str.trim().toLowerCase() ?? '';
      const known = NAMED_UNITS[name];
      if (!known) {
        this.fail(
          instance.line,
          `the unit "${name}" (#${instance.id}) is not one Gusset knows; export in SI or US units`,
        );
      }
      quantity = known[0];
      toSi = known[1];
    } else if (this.part(instance, 'DERIVED_UNIT')) {
      return { quantity: 'other', toSi: 1 };
    } else {
      this.fail(
        instance.line,
        `#${instance.id} is used as a unit but is not one (SI_UNIT, CONVERSION_BASED_UNIT…)`,
      );
    }
    if (!(toSi > 0) || !Number.isFinite(toSi))
      this.fail(instance.line, `the unit #${instance.id} has a factor of ${toSi}`);
    const unit = { quantity, toSi };
    this.units.set(instance.id, unit);
    return unit;
  }

  /** A *_MEASURE_WITH_UNIT instance → its value and unit. */
  measure(instance: StepInstance, depth = 0): { value: number; unit: Unit } {
    const part = this.partWhere(instance, (type) => type.endsWith('MEASURE_WITH_UNIT')) ?? instance.parts[0];
    const value = numberOf(part?.args[0]);
    const unitInstance = this.deref(part?.args[1], instance);
    if (value === undefined || !unitInstance) {
      this.fail(
        instance.line,
        `#${instance.id} should be a value with a unit (value_component, unit_component)`,
      );
    }
    return { value, unit: this.unit(unitInstance, depth) };
  }

  private globalUnits(): Cis2File['global'] {
    const found: Partial<Cis2File['global']> = {};
    const consider = (instance: StepInstance) => {
      const unit = this.unit(instance);
      if (unit.quantity !== 'mass' && unit.quantity !== 'other' && !found[unit.quantity])
        found[unit.quantity] = unit;
    };
    for (const context of this.all('GLOBAL_UNIT_ASSIGNED_CONTEXT')) {
      const list = this.part(context, 'GLOBAL_UNIT_ASSIGNED_CONTEXT')?.args[0];
      for (const value of Array.isArray(list) ? list : []) {
        const target = this.deref(value, context);
        if (target) consider(target);
      }
    }
    if (!found.length) {
      const lengths = this.all('LENGTH_UNIT');
      if (lengths.length > 0) consider(lengths[0] as StepInstance);
    }
    if (!found.force) {
      const forces = this.all('FORCE_UNIT');
      if (forces.length > 0) consider(forces[0] as StepInstance);
    }
    if (!found.length) {
      this.report.warning(
        'Units',
        'the file declares no length unit: coordinates and sizes were read as metres (SI)',
      );
    }
    const length = found.length ?? { quantity: 'length', toSi: 1 };
    const force = found.force ?? { quantity: 'force', toSi: 1 };
    return {
      length,
      force,
      pressure: found.pressure ?? { quantity: 'pressure', toSi: force.toSi / (length.toSi * length.toSi) },
      angle: found.angle ?? { quantity: 'angle', toSi: 1 },
    };
  }

  /**
   * A value of `quantity` in SI: a plain or typed number is in the file's global unit; a reference to a measure
   * with unit is in its own unit.
   */
  si(
    value: StepValue | undefined,
    quantity: 'length' | 'force' | 'pressure' | 'angle',
    from: StepInstance,
  ): number | undefined {
    const plain = numberOf(value);
    if (plain !== undefined) return plain * this.global[quantity].toSi;
    const target = this.deref(value, from);
    if (!target) return undefined;
    const { value: number, unit } = this.measure(target);
    return number * unit.toSi;
  }
}

function uniqueId(base: string, stepId: number, taken: Set<string>): string {
  const id = base.trim() === '' ? `#${stepId}` : taken.has(base) ? `${base}#${stepId}` : base;
  taken.add(id);
  return id;
}

function logicalOf(value: StepValue | undefined): boolean | undefined {
  if (!isEnum(value)) return undefined;
  if (value.enum === 'T' || value.enum === 'TRUE') return true;
  if (value.enum === 'F' || value.enum === 'FALSE') return false;
  return undefined;
}

/** The last six logical values of an instance: the six degrees of freedom of a support or release (`.T.` = free). */
function sixFreedoms(values: readonly StepValue[]): (boolean | undefined)[] | undefined {
  const logicals = values.filter(
    (value) => isEnum(value) && ['T', 'F', 'U', 'TRUE', 'FALSE', 'UNKNOWN'].includes(value.enum),
  );
  if (logicals.length < 6) return undefined;
  return logicals.slice(-6).map(logicalOf);
}

function checkSchema(step: StepFile): void {
  const schemaLine = step.header.find((entity) => entity.type === 'FILE_SCHEMA')?.line ?? 0;
  if (step.schemas.length === 0) {
    throw new ParseError(
      CIS2_FORMAT,
      schemaLine,
      'the STEP header has no FILE_SCHEMA, so the file does not say it is CIS/2',
    );
  }
  if (step.schemas.some((schema) => schema.startsWith(CIS2_SCHEMA))) return;
  const named = step.schemas.join(', ');
  if (step.schemas.some((schema) => schema.startsWith(CIS1_SCHEMA))) {
    throw new ParseError(
      CIS2_FORMAT,
      schemaLine,
      `this is a CIS/1 file (${named}); Gusset reads CIS/2 only: export again choosing CIS/2 (LPM/6)`,
    );
  }
  if (step.schemas.some((schema) => schema.startsWith('IFC'))) {
    throw new ParseError(
      CIS2_FORMAT,
      schemaLine,
      `this is an IFC file (${named}), not CIS/2: upload it as IFC (.ifc)`,
    );
  }
  throw new ParseError(
    CIS2_FORMAT,
    schemaLine,
    `the file's schema is ${named}, not CIS/2 (${CIS2_SCHEMA}): export the model from your steel program as CIS/2`,
  );
}

function sourceOf(step: StepFile): Source {
  const fileName = step.header.find((entity) => entity.type === 'FILE_NAME');
  const preprocessor = fileName?.args[4];
  const originating = fileName?.args[5];
  const system = [preprocessor, originating].flatMap((value) => (isStr(value) ? [value.str.trim()] : []));
  const source: Source = { tool: system.some((text) => /tekla/i.test(text)) ? 'tekla' : 'cis2' };
  const version = isStr(originating) && originating.str.trim() !== '' ? originating.str.trim() : undefined;
  if (version !== undefined) source.version = version;
  return source;
}

export function readCis2(bytes: Uint8Array): ReadResult {
  const step = parseStep(bytes);
  checkSchema(step);
  const file = new Cis2File(step);
  const report = file.report;
  const source = sourceOf(step);
  const model = emptyModel(source, 'mm');
  const lengthMm = file.global.length.toSi * 1000;
  model.units =
    Math.abs(lengthMm - 25.4) < 1e-9
      ? 'in'
      : Math.abs(lengthMm - 304.8) < 1e-9
        ? 'ft'
        : lengthMm === 1000
          ? 'm'
          : 'mm';

  if (
    file.all(E.analysisModel3d).length +
      file.all('ANALYSIS_MODEL_2D').length +
      file.all('ANALYSIS_MODEL').length ===
    0
  ) {
    if (file.all('NODE').length === 0) {
      const design =
        file.all('ASSEMBLY_DESIGN_STRUCTURAL_MEMBER_LINEAR').length + file.all('LOCATED_PART').length;
      report.warning(
        'ANALYSIS_MODEL_3D',
        design > 0
          ? 'the file holds a design or manufacturing model but no analysis model: Gusset reads CIS/2 analysis models only'
          : 'the file holds no analysis model',
      );
    }
  }

  // Materials.
  const materialIds = new Map<number, string>();
  const takenMaterials = new Set<string>();
  for (const instance of step.instances.values()) {
    const part = file.partWhere(instance, (type) =>
      /^MATERIAL(_ISOTROPIC|_ANISOTROPIC|_ORTHOTROPIC)?$/.test(type),
    );
    if (!part) continue;
    const [name, grade] = file.strings(instance);
    const id = uniqueId(name ?? '', instance.id, takenMaterials);
    const material: Material = {
      id,
      source,
      name: name ?? id,
      type: 'Material',
      kind: 'steel',
      attributes: {},
    };
    if (grade !== undefined && grade !== '') material.grade = grade;
    readMaterialItems(file, instance, material);
    if (part.type !== 'MATERIAL_ISOTROPIC' && part.type !== 'MATERIAL') {
      report.approximated('Material', `${part.type} is read with its isotropic properties only`, {
        id,
        line: instance.line,
      });
    }
    materialIds.set(instance.id, id);
    model.materials.push(material);
  }
  // Assignments: any instance that links a material to a section or an element (the link's name is unverified).
  const assignedMaterial = new Map<number, string>();
  for (const instance of step.instances.values()) {
    if (
      materialIds.has(instance.id) ||
      instance.parts.some((part) => part.type.startsWith('MATERIAL_REPRESENTATION'))
    )
      continue;
    const args = file.args(instance);
    const refs = args.filter(isRef);
    if (refs.length !== 2) continue;
    const material = refs.find((ref) => materialIds.has(ref.ref));
    const other = refs.find((ref) => !materialIds.has(ref.ref));
    if (!material || !other) continue;
    const target = file.deref(other, instance);
    if (
      target &&
      target.parts.some((part) => part.type.startsWith('SECTION_PROFILE') || part.type.startsWith('ELEMENT_'))
    ) {
      assignedMaterial.set(target.id, materialIds.get(material.ref) as string);
    }
  }

  // Sections: one canonical profile per section name; the same name with other cardinal points is the same profile.
  const profileOfSection = new Map<number, { profileId: string; cardinal: number | undefined }>();
  const profilesByName = new Map<string, { profile: Profile; signature: string }>();
  const takenProfiles = new Set<string>();
  for (const instance of step.instances.values()) {
    const part = file.partWhere(instance, (type) => type.startsWith('SECTION_PROFILE'));
    if (!part) continue;
    const read = readSection(file, instance, part);
    const existing = profilesByName.get(read.name);
    if (existing && existing.signature === read.signature) {
      profileOfSection.set(instance.id, { profileId: existing.profile.id, cardinal: read.cardinal });
      continue;
    }
    const id = uniqueId(read.name, instance.id, takenProfiles);
    if (existing) {
      report.warning('Profile', `two different sections are named "${read.name}": the second is ${id}`, {
        id,
        line: instance.line,
      });
    }
    const profile: Profile = {
      id,
      source,
      name: read.name || id,
      type: 'Profile',
      kind: 'frame',
      section: read.shape,
      attributes: read.attributes,
    };
    const material = assignedMaterial.get(instance.id);
    if (material !== undefined) profile.materialId = material;
    model.profiles.push(profile);
    if (!existing) profilesByName.set(read.name, { profile, signature: read.signature });
    profileOfSection.set(instance.id, { profileId: id, cardinal: read.cardinal });
  }

  // Stated section properties, on the profile their section belongs to.
  const profilesById = new Map(model.profiles.map((profile) => [profile.id, profile]));
  for (const instance of file.all(E.sectionProperties)) {
    const section = file.findRef(instance, (type) => type.startsWith('SECTION_PROFILE'));
    const profile = section && profilesById.get(profileOfSection.get(section.id)?.profileId ?? '');
    if (!profile || profile.kind !== 'frame') {
      report.dropped(E.sectionProperties, 'it names no section profile', { line: instance.line });
      continue;
    }
    const values = file.args(instance).slice(1);
    const properties: NonNullable<typeof profile.properties> = {};
    SECTION_PROPERTY_ORDER.forEach((name, index) => {
      const value = numberOf(values[index]);
      // Areas in length², inertias and the torsion constant in length⁴ of the global unit.
      if (value !== undefined)
        properties[name] = value * lengthMm ** (name.startsWith('i') || name === 'j' ? 4 : 2);
    });
    // A profile written once per cardinal point carries the same properties on each: the first is kept.
    profile.properties ??= properties;
  }

  // Nodes.
  const springIds = new Map<number, string>();
  for (const instance of file.all(E.supportSpring)) readSpring(file, instance, model, springIds);
  const nodeIds = new Map<number, string>();
  const takenNodes = new Set<string>();
  const nodesById = new Map<string, Node>();
  for (const instance of file.all(E.node)) {
    const point = file.findRef(instance, (type) => type === 'CARTESIAN_POINT');
    const coordinates = point ? file.args(point).find(Array.isArray) : undefined;
    const xyz = Array.isArray(coordinates) ? coordinates.map(numberOf) : [];
    if (!point || xyz.length < 2 || xyz.length > 3 || xyz.some((value) => value === undefined)) {
      file.fail(
        instance.line,
        `the node #${instance.id} has no coordinates (a CARTESIAN_POINT with two or three numbers)`,
      );
    }
    const [x = 0, y = 0, z = 0] = xyz as number[];
    const name = file.strings(instance)[0] ?? '';
    const id = uniqueId(name, instance.id, takenNodes);
    const node: Node = {
      id,
      source,
      name: name || id,
      type: 'Node',
      x: x * lengthMm,
      y: y * lengthMm,
      z: z * lengthMm,
      attributes: {},
    };
    const support = file.findRef(instance, (type) => type.startsWith('BOUNDARY_CONDITION'));
    const spring = support && readSpring(file, support, model, springIds);
    if (spring !== undefined) node.springPropertyId = spring;
    else if (support) {
      const restraint = readSupport(file, support, id);
      if (restraint) node.restraint = restraint;
    }
    nodeIds.set(instance.id, id);
    nodesById.set(id, node);
    model.nodes.push(node);
  }

  // Elements, through their connectivities.
  const ends = new Map<
    number,
    { number: number; node: string; fixity: StepInstance | undefined; line: number }[]
  >();
  for (const instance of file.all(E.connectivity)) {
    const args = file.args(instance);
    const number = args.find((value): value is number => typeof value === 'number');
    const node = file.findRef(instance, (type) => type === E.node);
    const element = file.findRef(instance, (type) => type.startsWith('ELEMENT_CURVE') || type === 'ELEMENT');
    if (number === undefined || !node || !element) {
      report.dropped(E.connectivity, 'it does not name a number, a node and an element', {
        line: instance.line,
      });
      continue;
    }
    const fixity = file.findRef(instance, (type) => type.startsWith('RELEASE'));
    const list = ends.get(element.id) ?? [];
    list.push({ number, node: nodeIds.get(node.id) as string, fixity, line: instance.line });
    ends.set(element.id, list);
  }
  const elementIds = new Map<number, string>();
  const takenElements = new Set<string>();
  const curveTypes = [E.elementSimple, E.elementComplex, 'ELEMENT_CURVE'];
  const seen = new Set<number>();
  for (const type of curveTypes) {
    for (const instance of file.all(type)) {
      if (seen.has(instance.id)) continue;
      seen.add(instance.id);
      const element = readElement(
        file,
        instance,
        ends.get(instance.id) ?? [],
        nodesById,
        profileOfSection,
        assignedMaterial,
        source,
        takenElements,
      );
      if (!element) continue;
      elementIds.set(instance.id, element.id);
      model.elements.push(element);
    }
  }

  readLoads(file, model, nodeIds, elementIds, source);

  // What was not read, by family.
  for (const [key, count] of file.sourceCounts) {
    const family = SKIPPED_PREFIXES.find((prefix) => key.startsWith(prefix));
    if (family)
      report.dropped(
        key,
        `${count} × not read: Gusset reads the analysis model (nodes, elements, sections, materials, supports, loads)`,
      );
  }
  return { model, report: report.build(CIS2_FORMAT, 'read', model, file.sourceCounts) };
}

function readMaterialItems(file: Cis2File, instance: StepInstance, material: Material): void {
  const representation =
    file.findRef(instance, (type) => type === E.materialRepresentation) ??
    file
      .all(E.materialRepresentation)
      .find((candidate) => file.args(candidate).some((value) => isRef(value) && value.ref === instance.id));
  if (!representation) return;
  const repArgs = file.args(representation);
  const kindName = repArgs.find(isStr)?.str.trim().toLowerCase();
  const items = repArgs.find(Array.isArray);
  let kind: MaterialKind | undefined = (MATERIAL_KINDS as readonly string[]).includes(kindName ?? '')
    ? (kindName as MaterialKind)
    : undefined;
  const pressure = (value: StepValue | undefined) => file.si(value, 'pressure', representation);
  for (const value of Array.isArray(items) ? items : []) {
    const item = file.deref(value, representation);
    if (!item) continue;
    const part = item.parts[0] as StepPart;
    const args = part.args;
    const name = args.find(isStr)?.str.toLowerCase() ?? '';
    // The first attribute is the item's name (a label, or $).
    const numbers = isStr(args[0]) || args[0] === null ? args.slice(1) : args;
    if (part.type === E.elasticity) {
      // (name, poisson_ratio, young_modulus, shear_modulus, …): order unverified.
      const [poisson, young, shear] = numbers;
      const modulus = pressure(young);
      if (modulus !== undefined) material.elasticModulus = modulus;
      const ratio = numberOf(poisson);
      if (ratio !== undefined) material.poissonRatio = ratio;
      const g = pressure(shear);
      if (g !== undefined) material.shearModulus = g;
    } else if (part.type === E.strength) {
      const strength = pressure(numbers[0]);
      if (strength === undefined) continue;
      if (name.includes('yield')) material.fy = strength;
      else if (name.includes('ultimate') || name.includes('tensile')) material.fu = strength;
      else if (name.includes('compress')) {
        material.fc = strength;
        kind ??= 'concrete';
      } else setAttribute(material.attributes, `cis2:${name || 'strength'}`, strength);
    } else if (part.type === E.massDensity || part.type === 'MATERIAL_DENSITY') {
      const density = numberOf(numbers[0]);
      if (density === undefined) continue;
      if (name.includes('unit weight')) material.unitWeight = density * STANDARD_GRAVITY;
      else material.massDensity = density;
    } else if (part.type === E.thermalExpansion) {
      const alpha = numberOf(numbers[0]);
      if (alpha !== undefined) material.thermalCoefficient = alpha;
    } else {
      file.report.dropped(part.type, 'material property not read', { id: material.id, line: item.line });
    }
  }
  material.kind = kind ?? 'steel';
}

interface ReadSection {
  name: string;
  cardinal: number | undefined;
  shape: SectionShape;
  attributes: Model['attributes'];
  /** Everything but the cardinal point, to tell a section written once per cardinal point from a different one. */
  signature: string;
}

function readSection(file: Cis2File, instance: StepInstance, part: StepPart): ReadSection {
  const args = part.args;
  const name = args.find(isStr)?.str ?? '';
  // (section_ref, section_name, section_description, section_classification, cardinal_point, mirrored, dims…)
  const description = isStr(args[2]) ? args[2].str : undefined;
  const classification = isStr(args[3]) ? args[3].str : undefined;
  const cardinal =
    typeof args[4] === 'number' && Number.isInteger(args[4]) && args[4] >= 1 && args[4] <= 11
      ? args[4]
      : undefined;
  const mirroredAt = args.findIndex((value, index) => index >= 4 && logicalOf(value) !== undefined);
  const dimensionArgs = args.slice(mirroredAt >= 0 ? mirroredAt + 1 : 6);
  const dims = dimensionArgs.map((value) => {
    if (value === null) return undefined;
    const si = file.si(value, 'length', instance);
    return si === undefined ? undefined : si * 1000;
  });
  const need = (count: number): number[] | undefined => {
    const wanted = dims.slice(0, count);
    return wanted.length === count && wanted.every((value) => value !== undefined && value > 0)
      ? (wanted as number[])
      : undefined;
  };
  let shape: SectionShape | undefined;
  const attributes: Model['attributes'] = {};
  switch (part.type) {
    case SECTION.i: {
      const d = need(4);
      if (d)
        shape = {
          shape: 'i',
          depth: d[0] as number,
          flangeWidth: d[1] as number,
          webThickness: d[2] as number,
          flangeThickness: d[3] as number,
        };
      break;
    }
    case SECTION.rectangle: {
      const d = need(2);
      if (d) shape = { shape: 'rectangle', depth: d[0] as number, width: d[1] as number };
      break;
    }
    case SECTION.tube: {
      const [depth, width, , wall] = dims;
      if (depth && width && wall)
        shape = { shape: 'tube', depth, width, flangeThickness: wall, webThickness: wall };
      break;
    }
    case SECTION.circle: {
      const d = need(1);
      if (d) shape = { shape: 'circle', diameter: 2 * (d[0] as number) };
      break;
    }
    case SECTION.pipe: {
      const d = need(2);
      if (d) shape = { shape: 'pipe', diameter: 2 * (d[0] as number), wallThickness: d[1] as number };
      break;
    }
    case SECTION.plain:
      shape =
        description !== undefined ? { shape: 'library', designation: description } : { shape: 'general' };
      if (shape.shape === 'library' && classification !== undefined) shape.library = classification;
      break;
    default:
      break;
  }
  if (!shape) {
    // Channels, angles, tees and the rest: by name, with the dimensions kept so a CIS/2 writer can give them back.
    shape = { shape: 'library', designation: description ?? name };
    setAttribute(attributes, ATTR_PROFILE_ENTITY, part.type);
    setAttribute(
      attributes,
      ATTR_PROFILE_DIMENSIONS,
      dims.map((value) => (value === undefined ? null : value)),
    );
    if (part.type !== SECTION.channel && part.type !== SECTION.angle) {
      file.report.approximated(
        'Profile',
        `${part.type} is read by name, with its dimensions kept as attributes`,
        {
          id: name,
          line: instance.line,
        },
      );
    }
  }
  return { name, cardinal, shape, attributes, signature: JSON.stringify([part.type, shape, attributes]) };
}

/** A linear spring support as a spring property (one per support instance), its id; undefined for other supports. */
function readSpring(
  file: Cis2File,
  support: StepInstance,
  model: Model,
  springIds: Map<number, string>,
): string | undefined {
  const part = file.part(support, E.supportSpring);
  if (!part) return undefined;
  const known = springIds.get(support.id);
  if (known !== undefined) return known;
  const stiffness = part.args.filter((value) => !isStr(value) && value !== null).map(numberOf);
  if (stiffness.length !== 6 || stiffness.some((value) => value === undefined)) {
    file.fail(support.line, `the spring support #${support.id} should list six stiffnesses`);
  }
  const force = file.global.force.toSi;
  const length = file.global.length.toSi;
  const [ux, uy, uz, rx, ry, rz] = stiffness as number[];
  const name = file.strings(support)[0] ?? '';
  const id = uniqueId(name, support.id, new Set(model.springProperties.map((spring) => spring.id)));
  model.springProperties.push({
    id,
    source: model.source,
    name: name || id,
    type: 'SpringProperty',
    // Force per length → N/m; force·length per radian → N·m/rad.
    ux: ((ux as number) * force) / length,
    uy: ((uy as number) * force) / length,
    uz: ((uz as number) * force) / length,
    rx: (rx as number) * force * length,
    ry: (ry as number) * force * length,
    rz: (rz as number) * force * length,
    attributes: {},
  });
  springIds.set(support.id, id);
  return id;
}

function readSupport(file: Cis2File, support: StepInstance, nodeId: string): Restraint | undefined {
  const logical = file.part(support, E.supportLogical);
  if (!logical) {
    file.report.dropped(
      support.parts[0]?.type ?? 'BOUNDARY_CONDITION',
      'spring and skewed supports are not read; the node is left free',
      {
        id: nodeId,
        line: support.line,
      },
    );
    return undefined;
  }
  const free = sixFreedoms(logical.args);
  if (!free) {
    file.fail(
      support.line,
      `the support #${support.id} should list six logicals (.T. = free) for x, y, z displacement and rotation`,
    );
  }
  if (free.some((value) => value === undefined)) {
    file.report.warning('Support', 'an unknown (.U.) degree of freedom was read as free', {
      id: nodeId,
      line: support.line,
    });
  }
  const [ux, uy, uz, rx, ry, rz] = free.map((value) => value === false);
  return { type: 'Restraint', ux: !!ux, uy: !!uy, uz: !!uz, rx: !!rx, ry: !!ry, rz: !!rz };
}

function readElement(
  file: Cis2File,
  instance: StepInstance,
  connections: { number: number; node: string; fixity: StepInstance | undefined; line: number }[],
  nodes: ReadonlyMap<string, Node>,
  profileOfSection: ReadonlyMap<number, { profileId: string; cardinal: number | undefined }>,
  assignedMaterial: ReadonlyMap<number, string>,
  source: Source,
  taken: Set<string>,
): FrameElement | undefined {
  const strings = file.strings(instance);
  const name = strings[0] ?? '';
  const id = uniqueId(name, instance.id, taken);
  const sorted = [...connections].sort((a, b) => a.number - b.number);
  const first = sorted[0];
  const last = sorted[sorted.length - 1];
  if (!first || !last || first.node === last.node) {
    file.report.dropped('ELEMENT_CURVE', 'it is not connected to two nodes by ELEMENT_NODE_CONNECTIVITY', {
      id,
      line: instance.line,
    });
    return undefined;
  }
  if (sorted.length > 2) {
    file.report.approximated(
      'ELEMENT_CURVE',
      `${sorted.length} connected nodes: read as a straight member between the first and the last`,
      {
        id,
        line: instance.line,
      },
    );
  }
  const start = nodes.get(first.node) as Node;
  const end = nodes.get(last.node) as Node;
  const role = strings
    .slice(1)
    .map((text) => text.trim().toLowerCase())
    .find((text) => ROLES.some((candidate) => candidate.toLowerCase() === text));
  const type = (ROLES.find((candidate) => candidate.toLowerCase() === role) ??
    classify(start, end)) as FrameElement['type'];
  const element: FrameElement = {
    id,
    source,
    name: name || id,
    type,
    startNodeId: first.node,
    endNodeId: last.node,
    attributes: {},
  };
  const sections = file
    .args(instance)
    .flatMap((value) => (Array.isArray(value) ? value : [value]))
    .filter(isRef);
  const sectionIds = sections
    .map((ref) => file.deref(ref, instance))
    .filter((target): target is StepInstance => !!target && profileOfSection.has(target.id));
  const section = sectionIds[0];
  if (section) {
    const { profileId, cardinal } = profileOfSection.get(section.id) as {
      profileId: string;
      cardinal: number | undefined;
    };
    element.profileId = profileId;
    if (cardinal !== undefined && cardinal !== 10) element.cardinalPoint = cardinal;
    const lastSection = sectionIds[sectionIds.length - 1];
    if (lastSection && profileOfSection.get(lastSection.id)?.profileId !== profileId) {
      file.report.approximated(
        'ELEMENT_CURVE_COMPLEX',
        'a tapered member is read with its first cross-section',
        { id, line: instance.line },
      );
    }
  }
  const material = assignedMaterial.get(instance.id);
  if (material !== undefined) element.materialId = material;
  const angle = file.findRef(instance, (type) => type === 'PLANE_ANGLE_MEASURE_WITH_UNIT');
  if (angle) {
    const { value, unit } = file.measure(angle);
    const degrees = (value * unit.toSi * 180) / Math.PI;
    if (Math.abs(degrees) > 1e-9) element.orientationAngle = Number(degrees.toPrecision(12));
  } else if (file.findRef(instance, (type) => type === 'DIRECTION')) {
    file.report.approximated(
      'ELEMENT_CURVE',
      'its orientation is a direction vector, which is not read yet: the default orientation is used',
      {
        id,
        line: instance.line,
      },
    );
  }
  const releases: Releases = { type: 'Releases', i: noEndReleases(), j: noEndReleases() };
  let released = false;
  for (const [end, connection] of [
    ['i', first],
    ['j', last],
  ] as const) {
    if (!connection.fixity) continue;
    const free = sixFreedoms(file.args(connection.fixity));
    if (!free) {
      file.report.dropped('RELEASE', 'only logical (free/fixed) end releases are read', {
        id,
        line: connection.fixity.line,
      });
      continue;
    }
    const [p, v2, v3, t, m2, m3] = free.map((value) => value === true);
    releases[end] = { p: !!p, v2: !!v2, v3: !!v3, t: !!t, m2: !!m2, m3: !!m3 };
    released ||= free.some((value) => value === true);
  }
  if (released) element.releases = releases;
  return element;
}

/** Beam, column or brace from geometry, as GT STRUDL asks its users to decide (cis2-ram.md §4.6). */
function classify(start: Node, end: Node): FrameElement['type'] {
  const dx = end.x - start.x;
  const dy = end.y - start.y;
  const dz = end.z - start.z;
  const length = Math.hypot(dx, dy, dz);
  if (length === 0) return 'Beam';
  if (Math.hypot(dx, dy) <= ORIENTATION_SINE * length) return 'Column';
  if (Math.abs(dz) <= ORIENTATION_SINE * length) return 'Beam';
  return 'Brace';
}

function readLoads(
  file: Cis2File,
  model: Model,
  nodeIds: ReadonlyMap<number, string>,
  elementIds: ReadonlyMap<number, string>,
  source: Source,
): void {
  const report = file.report;
  const patternIds = new Map<number, string>();
  const taken = new Set<string>();
  const withoutCase = new Set<string>();
  for (const instance of file.all(E.loadCase)) {
    const [name = '', stated = ''] = file.strings(instance);
    const id = uniqueId(name, instance.id, taken);
    const alone = stated.endsWith(PATTERN_WITHOUT_CASE);
    const description = alone ? stated.slice(0, -PATTERN_WITHOUT_CASE.length) : stated;
    if (alone) withoutCase.add(id);
    const match = SELF_WEIGHT_PATTERN.exec(description);
    const pattern: LoadPattern = {
      id,
      source,
      name: name || id,
      type: 'LoadPattern',
      patternType: (match ? match[1] : description) || 'Other',
      selfWeightMultiplier: match ? Number(match[2]) : 0,
      attributes: {},
    };
    model.loadPatterns.push(pattern);
    patternIds.set(instance.id, id);
  }
  const combinationIds = new Map<number, { id: string; kind: 'case' | 'combination' }>();
  const takenCases = new Set<string>();
  const takenCombinations = new Set<string>();
  const combinations = file.all(E.loadCombination);
  for (const instance of combinations) {
    const [name = '', description = ''] = file.strings(instance);
    if (description.startsWith(ANALYSIS_CASE_PREFIX)) {
      combinationIds.set(instance.id, { id: uniqueId(name, instance.id, takenCases), kind: 'case' });
    } else {
      combinationIds.set(instance.id, {
        id: uniqueId(name, instance.id, takenCombinations),
        kind: 'combination',
      });
    }
  }
  const occurrences = new Map<number, { scale: number; component: StepInstance }[]>();
  for (const instance of file.all(E.loadCombinationOccurrence)) {
    const args = file.args(instance);
    const scale = args.map(numberOf).find((value) => value !== undefined);
    const refs = args.filter(isRef).map((ref) => file.deref(ref, instance) as StepInstance);
    const parent = refs.find((target) => file.part(target, E.loadCombination));
    const component = refs.find((target) => target !== parent);
    if (scale === undefined || !parent || !component) {
      report.dropped(
        E.loadCombinationOccurrence,
        'it does not name a factor, a combination and a component',
        { line: instance.line },
      );
      continue;
    }
    const list = occurrences.get(parent.id) ?? [];
    list.push({ scale, component });
    occurrences.set(parent.id, list);
  }
  const patternsOnly = [E.analysisModel3d, 'ANALYSIS_MODEL_2D'].some((type) =>
    file.all(type).some((instance) => file.strings(instance).includes(NO_ANALYSIS_CASES)),
  );
  // Every CIS/2 load case is also an analysis case applying it, as the analysis programs that read CIS/2 do.
  for (const pattern of patternsOnly ? [] : model.loadPatterns) {
    if (takenCases.has(pattern.id) || withoutCase.has(pattern.id)) continue;
    model.loadCases.push({
      id: pattern.id,
      source,
      name: pattern.name,
      type: 'LoadCase',
      caseType: 'Linear Static',
      loads: [{ patternId: pattern.id, scale: 1 }],
      attributes: {},
    });
  }
  for (const instance of combinations) {
    const { id, kind } = combinationIds.get(instance.id) as { id: string; kind: 'case' | 'combination' };
    const [name = '', description = ''] = file.strings(instance);
    const items = occurrences.get(instance.id) ?? [];
    if (kind === 'case') {
      const loadCase: LoadCase = {
        id,
        source,
        name: name || id,
        type: 'LoadCase',
        caseType: description.slice(ANALYSIS_CASE_PREFIX.length),
        loads: items.flatMap(({ scale, component }) => {
          const patternId = patternIds.get(component.id);
          return patternId === undefined ? [] : [{ patternId, scale }];
        }),
        attributes: {},
      };
      model.loadCases.push(loadCase);
      continue;
    }
    const combination: LoadCombination = {
      id,
      source,
      name: name || id,
      type: 'LoadCombination',
      combinationType: description || 'Linear Add',
      items: items.flatMap(({ scale, component }): LoadCombination['items'] => {
        const pattern = patternIds.get(component.id);
        if (pattern !== undefined) return [{ kind: patternsOnly ? 'pattern' : 'case', id: pattern, scale }];
        const other = combinationIds.get(component.id);
        return other ? [{ kind: other.kind, id: other.id, scale }] : [];
      }),
      attributes: {},
    };
    model.loadCombinations.push(combination);
  }

  const force = file.global.force.toSi;
  const length = file.global.length.toSi;
  const components = (value: StepInstance | undefined, from: StepInstance): number[] | undefined => {
    if (!value) return undefined;
    const numbers = file.args(value).filter((arg) => !isStr(arg));
    if (numbers.length < 3) return undefined;
    return [0, 1, 2, 3, 4, 5].map((index) => {
      const quantity = index < 3 ? 'force' : 'other';
      const arg = numbers[index];
      if (arg === undefined || arg === null) return 0;
      if (quantity === 'force') return file.si(arg, 'force', from) ?? 0;
      const plain = numberOf(arg);
      if (plain !== undefined) return plain * force * length; // N·m
      return file.si(arg, 'force', from) ?? 0;
    });
  };
  const loadTaken = new Set<string>();
  for (const instance of file.all(E.loadNode)) {
    const [name = ''] = file.strings(instance);
    const loadCase = file.findRef(instance, (type) => type === E.loadCase);
    const node = file.findRef(instance, (type) => type === E.node);
    const value = components(
      file.findRef(instance, (type) => type.startsWith('APPLIED_LOAD')),
      instance,
    );
    if (!loadCase || !node || !value) {
      report.dropped(E.loadNode, 'it does not name a load case, a node and an applied load', {
        line: instance.line,
      });
      continue;
    }
    const [fx = 0, fy = 0, fz = 0, mx = 0, my = 0, mz = 0] = value;
    const load: PointLoad = {
      id: uniqueId(name, instance.id, loadTaken),
      source,
      name,
      type: 'PointLoad',
      nodeId: nodeIds.get(node.id) as string,
      patternId: patternIds.get(loadCase.id) as string,
      coordinateSystem: 'Global',
      fx,
      fy,
      fz,
      mx,
      my,
      mz,
      attributes: {},
    };
    model.loads.push(load);
  }
  for (const instance of file.step.instances.values()) {
    const part = file.partWhere(
      instance,
      (type) => type.startsWith('LOAD_ELEMENT') || type.startsWith('LOAD_MEMBER'),
    );
    if (!part) continue;
    const [name = ''] = file.strings(instance);
    const loadCase = file.findRef(instance, (type) => type === E.loadCase);
    const element = file.findRef(instance, (type) => type.startsWith('ELEMENT_CURVE'));
    const values = part.args
      .filter(isRef)
      .map((ref) => file.deref(ref, instance) as StepInstance)
      .filter((target) => target.parts.some((candidate) => candidate.type.startsWith('APPLIED_LOAD')));
    const elementId = element ? elementIds.get(element.id) : undefined;
    if (!loadCase || elementId === undefined || values.length === 0) {
      report.dropped(
        part.type,
        'it does not name a load case, a member Gusset read and an applied load (loads on design members are not read)',
        {
          line: instance.line,
        },
      );
      continue;
    }
    const local = part.args.some((value) => isEnum(value) && value.enum.startsWith('LOCAL'));
    const projected = part.args.some((value) => logicalOf(value) === true);
    const positions = part.args.filter(isTyped).map((value) => ({
      relative: value.typed.includes('RATIO'),
      at: (numberOf(value) ?? 0) * (value.typed.includes('RATIO') ? 1 : length * 1000),
    }));
    const distributed = values.length >= 2;
    const start = components(values[0], instance);
    const end = components(values[values.length - 1], instance);
    const direction = start && end ? directionOf(start, end, local, projected) : undefined;
    if (!direction) {
      report.dropped(part.type, 'a load with several components is not read (one axis per load)', {
        line: instance.line,
      });
      continue;
    }
    const [first, second] = positions;
    const relative = first?.relative ?? true;
    // Components are N and N·m; line values are per global length unit, so per metre divide by its length.
    const perLength = 1 / length;
    const load: LinearLoad = {
      id: uniqueId(name, instance.id, loadTaken),
      source,
      name,
      type: 'LinearLoad',
      elementId,
      patternId: patternIds.get(loadCase.id) as string,
      quantity: direction.quantity,
      direction: direction.direction,
      distribution: distributed
        ? {
            kind: 'distributed',
            relative,
            start: first?.at ?? 0,
            end: second?.at ?? (relative ? 1 : 0),
            startValue: direction.start * perLength,
            endValue: direction.end * perLength,
          }
        : { kind: 'point', relative, start: first?.at ?? 0, value: direction.start },
      attributes: {},
    };
    model.loads.push(load);
  }
}

/**
 * The one axis a load acts along. A global load straight down (−Z only) reads as 'Gravity' with positive values,
 * as engineers state it.
 */
function directionOf(
  start: readonly number[],
  end: readonly number[],
  local: boolean,
  projected: boolean,
): { direction: LoadDirection; quantity: 'force' | 'moment'; start: number; end: number } | undefined {
  const used = [0, 1, 2, 3, 4, 5].filter((index) => (start[index] ?? 0) !== 0 || (end[index] ?? 0) !== 0);
  if (used.length !== 1) return undefined;
  const index = used[0] as number;
  const quantity = index < 3 ? 'force' : 'moment';
  const axis = index % 3;
  const a = start[index] ?? 0;
  const b = end[index] ?? 0;
  if (local)
    return { direction: (['1', '2', '3'] as const)[axis] as LoadDirection, quantity, start: a, end: b };
  const gravity = quantity === 'force' && axis === 2 && a <= 0 && b <= 0;
  const base = gravity ? 'Gravity' : (['X', 'Y', 'Z'] as const)[axis];
  const direction = (projected ? `${base}-projected` : base) as LoadDirection;
  return gravity ? { direction, quantity, start: -a, end: -b } : { direction, quantity, start: a, end: b };
}
