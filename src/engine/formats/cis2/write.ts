import { reportStepNames } from '../names';
import { formatReal, formatString } from '../step/part21';
/**
 * Canonical model → a CIS/2 (LPM/6) analysis model as an ISO 10303-21 file: one ANALYSIS_MODEL_3D, NODEs with
 * CARTESIAN_POINTs and BOUNDARY_CONDITION_LOGICAL supports, ELEMENT_CURVE_SIMPLEs joined to their nodes by
 * ELEMENT_NODE_CONNECTIVITY (with RELEASE_LOGICAL end releases), SECTION_PROFILE_* with dimensions as measures with
 * unit, MATERIAL_ISOTROPIC with elasticity/strength/density items, LOAD_CASEs, combinations and node/element loads.
 * Units: millimetre, newton, pascal, degree, declared once in a GLOBAL_UNIT_ASSIGNED_CONTEXT. Attribute orders the
 * notes could not confirm are listed in docs/formats.md (## CIS/2).
 */
import type {
  Element,
  FrameElement,
  FrameProfile,
  LinearLoad,
  Material,
  Model,
  PointLoad,
  Profile,
  Releases,
} from '../../schema';
import { DOF_NAMES, END_RELEASE_NAMES, hasReleases, isFrameElement, isRestrained } from '../../schema';
import type { FidelityConcept } from '../report';
import { ReportBuilder } from '../report';
import { reportAnalysisLoss } from '../analysisLoss';
import { hasUnequalFlanges } from '../sections';
import type { WriteResult } from '../types';
import {
  ANALYSIS_CASE_PREFIX,
  ATTR_PROFILE_DIMENSIONS,
  ATTR_PROFILE_ENTITY,
  CIS2_FORMAT,
  CIS2_SCHEMA,
  E,
  NO_ANALYSIS_CASES,
  PATTERN_WITHOUT_CASE,
  SECTION,
  SECTION_PROPERTY_ORDER,
  STANDARD_GRAVITY,
} from './names';

export interface Cis2WriteOptions {
  /** FILE_NAME's time stamp; defaults to now. */
  timeStamp?: string;
  /** FILE_NAME's name. */
  fileName?: string;
}

/** Element types in the plural, for report reasons. */
const PLURAL: Readonly<Record<string, string>> = {
  Wall: 'walls',
  Floor: 'floors',
  Area: 'areas',
  Opening: 'openings',
  Link: 'links',
  Cable: 'cables',
  Component: 'components',
  Foundation: 'foundations',
  GeoElement: 'reference geometry objects',
};

const optionalString = (text: string | undefined): string =>
  text === undefined || text === '' ? '$' : formatString(text);
const logical = (value: boolean): string => (value ? '.T.' : '.F.');

class StepWriter {
  private next = 1;
  readonly lines: string[] = [];

  add(entity: string): number {
    const id = this.next++;
    this.lines.push(`#${id}=${entity};`);
    return id;
  }
}

interface WrittenUnits {
  length: number;
  context: number;
  degree: number;
}

function writeUnits(out: StepWriter): WrittenUnits {
  const length = out.add('(LENGTH_UNIT()NAMED_UNIT(*)SI_UNIT(.MILLI.,.METRE.))');
  const force = out.add('(FORCE_UNIT()NAMED_UNIT(*)SI_UNIT($,.NEWTON.))');
  const pressure = out.add('(NAMED_UNIT(*)PRESSURE_UNIT()SI_UNIT($,.PASCAL.))');
  const radian = out.add('(NAMED_UNIT(*)PLANE_ANGLE_UNIT()SI_UNIT($,.RADIAN.))');
  const factor = out.add(
    `PLANE_ANGLE_MEASURE_WITH_UNIT(PLANE_ANGLE_MEASURE(${formatReal(Math.PI / 180)}),#${radian})`,
  );
  const degree = out.add(`(CONVERSION_BASED_UNIT('DEGREE',#${factor})NAMED_UNIT(*)PLANE_ANGLE_UNIT())`);
  const context = out.add(
    `(GEOMETRIC_REPRESENTATION_CONTEXT(3)GLOBAL_UNIT_ASSIGNED_CONTEXT((#${length},#${force},#${pressure},#${degree}))REPRESENTATION_CONTEXT('model','3D'))`,
  );
  return { length, context, degree };
}

/** Dimensions of a canonical frame shape in the order the SECTION_PROFILE_* subtype lists them. */
function sectionOf(
  profile: FrameProfile,
  report: ReportBuilder,
): { entity: string; dimensions: (number | undefined)[]; description?: string; classification?: string } {
  const section = profile.section;
  const kept = profile.attributes[ATTR_PROFILE_ENTITY];
  const keptDimensions = profile.attributes[ATTR_PROFILE_DIMENSIONS];
  if (
    section.shape === 'library' &&
    typeof kept === 'string' &&
    kept.startsWith('SECTION_PROFILE_') &&
    Array.isArray(keptDimensions)
  ) {
    return {
      entity: kept,
      dimensions: keptDimensions.map((value) => (typeof value === 'number' ? value : undefined)),
      description: section.designation,
    };
  }
  switch (section.shape) {
    case 'i': {
      if (hasUnequalFlanges(section)) {
        report.approximated(
          'Profile',
          'an I section with unequal flanges is written with the top flange only',
          {
            id: profile.id,
            concept: 'section',
          },
        );
      }
      // overall_depth, overall_width, web_thickness, flange_thickness, internal_fillet_radius, flange_edge_radius,
      // flange_slope.
      return {
        entity: SECTION.i,
        dimensions: [section.depth, section.flangeWidth, section.webThickness, section.flangeThickness],
      };
    }
    case 'rectangle':
      return { entity: SECTION.rectangle, dimensions: [section.depth, section.width] };
    case 'tube': {
      if (section.flangeThickness !== section.webThickness) {
        report.approximated(
          'Profile',
          `CIS/2 hollow rectangles have one wall thickness: written as the web's (${section.webThickness} mm), the flanges were ${section.flangeThickness} mm`,
          { id: profile.id, concept: 'section' },
        );
      }
      // depth, breadth, (corner radius), wall_thickness
      return {
        entity: SECTION.tube,
        dimensions: [section.depth, section.width, undefined, section.webThickness],
      };
    }
    case 'circle':
      return { entity: SECTION.circle, dimensions: [section.diameter / 2] };
    case 'pipe':
      return { entity: SECTION.pipe, dimensions: [section.diameter / 2, section.wallThickness] };
    case 'library': {
      report.approximated(
        'Profile',
        `written by name only ("${section.designation}"): the receiving program must find it in its catalogue`,
        { id: profile.id, concept: 'section' },
      );
      const result: { entity: string; dimensions: number[]; description: string; classification?: string } = {
        entity: SECTION.plain,
        dimensions: [],
        description: section.designation,
      };
      if (section.library !== undefined) result.classification = section.library;
      return result;
    }
    case 'general':
      // No shape to draw: the section is its name and its stated properties (SECTION_PROPERTIES).
      if (profile.properties === undefined) {
        report.approximated(
          'Profile',
          'a general section with no stated properties has no CIS/2 shape: written by name only',
          { id: profile.id, concept: 'section' },
        );
      }
      return { entity: SECTION.plain, dimensions: [] };
  }
}

function writeMaterial(out: StepWriter, material: Material, index: number, context: number): number {
  const items: number[] = [];
  if (material.elasticModulus !== undefined) {
    const poisson = material.poissonRatio === undefined ? '$' : formatReal(material.poissonRatio);
    const shear = material.shearModulus === undefined ? '$' : formatReal(material.shearModulus);
    items.push(
      out.add(`${E.elasticity}('elasticity',${poisson},${formatReal(material.elasticModulus)},${shear},$)`),
    );
  }
  const strength = (name: string, value: number | undefined) => {
    if (value !== undefined) items.push(out.add(`${E.strength}(${formatString(name)},${formatReal(value)})`));
  };
  strength('yield strength', material.fy);
  strength('ultimate strength', material.fu);
  strength('compressive strength', material.fc);
  if (material.massDensity !== undefined) {
    items.push(out.add(`${E.massDensity}('mass density',${formatReal(material.massDensity)})`));
  }
  if (material.unitWeight !== undefined) {
    // CIS/2 carries a density; the weight per volume is written as the density that gives it under standard gravity.
    items.push(
      out.add(
        `${E.massDensity}('mass density from unit weight',${formatReal(material.unitWeight / STANDARD_GRAVITY)})`,
      ),
    );
  }
  if (material.thermalCoefficient !== undefined) {
    items.push(
      out.add(`${E.thermalExpansion}('thermal expansion',${formatReal(material.thermalCoefficient)})`),
    );
  }
  const representation = out.add(
    `${E.materialRepresentation}(${formatString(material.kind)},(${items.map((item) => `#${item}`).join(',')}),#${context})`,
  );
  return out.add(
    `${E.material}(${index},${formatString(material.id)},${optionalString(material.grade)},#${representation})`,
  );
}

function releaseFlags(releases: Releases, end: 'i' | 'j'): string {
  return END_RELEASE_NAMES.map((name) => logical(releases[end][name])).join(',');
}

function lengthMeasure(out: StepWriter, value: number, unit: number): number {
  return out.add(`POSITIVE_LENGTH_MEASURE_WITH_UNIT(POSITIVE_LENGTH_MEASURE(${formatReal(value)}),#${unit})`);
}

/** Force and moment components of a load in the written units (N and N·mm; per mm for line loads). */
function appliedForce(out: StepWriter, name: string, components: readonly number[]): number {
  return out.add(`${E.appliedForce}(${formatString(name)},${components.map(formatReal).join(',')})`);
}

/** Components [fx, fy, fz, mx, my, mz] of one line-load value, or undefined when the direction has no axis. */
function lineLoadComponents(load: LinearLoad, value: number, perLength: boolean): number[] | undefined {
  const components = [0, 0, 0, 0, 0, 0];
  const direction = load.direction;
  if (direction === undefined) return undefined;
  const base = direction.replace('-projected', '');
  const axis = base === 'X' || base === '1' ? 0 : base === 'Y' || base === '2' ? 1 : 2;
  const sign = base === 'Gravity' ? -1 : 1;
  // Forces: N/m → N/mm (line) or N (point). Moments: N·m/m = N → N·mm/mm (line), N·m → N·mm (point).
  const scale = load.quantity === 'force' ? (perLength ? 0.001 : 1) : perLength ? 1 : 1000;
  components[(load.quantity === 'moment' ? 3 : 0) + axis] = sign * value * scale;
  return components;
}

export function writeCis2(model: Model, options: Cis2WriteOptions = {}): WriteResult {
  const report = new ReportBuilder();
  reportStepNames(model, (subject, concept, id, reason) =>
    report.approximated(subject, reason, { id, concept }),
  );
  const out = new StepWriter();
  const units = writeUnits(out);
  const patternsOnly = model.loadCases.length === 0 && model.loadPatterns.length > 0;
  const analysisModel = out.add(
    `${E.analysisModel3d}(${formatString(model.attributes['cis2:model'] === undefined ? 'Gusset model' : String(model.attributes['cis2:model']))},${patternsOnly ? formatString(NO_ANALYSIS_CASES) : '$'},.SPACE_FRAME.,.STATIC_LINEAR.,3)`,
  );

  // Materials.
  const materialIds = new Map<string, number>();
  model.materials.forEach((material, index) =>
    materialIds.set(material.id, writeMaterial(out, material, index + 1, units.context)),
  );

  // Sections: one SECTION_PROFILE per profile and cardinal point (CIS/2 keeps the cardinal point on the section).
  const frames = model.elements.filter(isFrameElement);
  const profiles = new Map(model.profiles.map((profile) => [profile.id, profile]));
  const sectionIds = new Map<string, number>();
  let sectionRef = 0;
  const reportedProfiles = new Set<string>();
  const sectionFor = (profile: FrameProfile, cardinal: number): number => {
    const key = `${cardinal}\u0000${profile.id}`;
    const existing = sectionIds.get(key);
    if (existing !== undefined) return existing;
    // One report item per profile, however many cardinal points it is written with.
    const shape = sectionOf(profile, reportedProfiles.has(profile.id) ? new ReportBuilder() : report);
    reportedProfiles.add(profile.id);
    const dimensions = shape.dimensions.map((value) =>
      value === undefined ? '$' : `#${lengthMeasure(out, value, units.length)}`,
    );
    sectionRef++;
    const id = out.add(
      `${shape.entity}(${sectionRef},${formatString(profile.id)},${optionalString(shape.description)},${optionalString(shape.classification)},${cardinal},.F.${dimensions.map((value) => `,${value}`).join('')})`,
    );
    sectionIds.set(key, id);
    const properties = profile.properties;
    if (properties && SECTION_PROPERTY_ORDER.some((name) => properties[name] !== undefined)) {
      const values = SECTION_PROPERTY_ORDER.map((name) => {
        const value = properties[name];
        return value === undefined ? '$' : formatReal(value);
      });
      out.add(`${E.sectionProperties}(#${id},${values.join(',')})`);
    }
    if (profile.materialId !== undefined) {
      const material = materialIds.get(profile.materialId);
      if (material !== undefined) out.add(`${E.materialAssigned}(#${material},#${id})`);
    }
    return id;
  };
  const cardinalsByProfile = new Map<string, Set<number>>();
  for (const element of frames) {
    if (element.profileId === undefined) continue;
    const set = cardinalsByProfile.get(element.profileId) ?? new Set<number>();
    set.add(element.cardinalPoint ?? 10);
    cardinalsByProfile.set(element.profileId, set);
  }
  const shellProfiles = model.profiles.filter((profile) => profile.kind !== 'frame').map((p) => p.id);
  if (shellProfiles.length > 0) {
    report.dropped(
      'Profile',
      `${shellProfiles.length} slab, deck and wall sections have no place in a CIS/2 analysis model of curve elements`,
      { ids: shellProfiles, concept: 'section' },
    );
  }
  for (const profile of model.profiles) {
    if (profile.kind !== 'frame') continue;
    for (const cardinal of [...(cardinalsByProfile.get(profile.id) ?? [10])].sort((a, b) => a - b)) {
      sectionFor(profile, cardinal);
    }
  }

  // Nodes.
  const nodeIds = new Map<string, number>();
  // A node only dropped elements use would be an orphan in the file: left out unless it carries a support or load.
  const usedByFrames = new Set(frames.flatMap((element) => [element.startNodeId, element.endNodeId]));
  const usedByOthers = new Set(
    model.elements.filter((element) => !isFrameElement(element)).flatMap(elementNodeIds),
  );
  const loadedNodes = new Set(
    model.loads.flatMap((load) => (load.type === 'PointLoad' ? [load.nodeId] : [])),
  );
  const writtenNodes = model.nodes.filter(
    (node) =>
      !usedByOthers.has(node.id) ||
      usedByFrames.has(node.id) ||
      isRestrained(node.restraint) ||
      loadedNodes.has(node.id),
  );
  const written = new Set(writtenNodes.map((node) => node.id));
  const skippedNodes = model.nodes.filter((node) => !written.has(node.id)).map((node) => node.id);
  if (skippedNodes.length > 0) {
    report.dropped(
      'Node',
      `${skippedNodes.length} nodes used only by walls, floors, areas, links and other objects Gusset does not write to CIS/2 are not written`,
      { ids: skippedNodes, concept: 'node' },
    );
  }
  // Springs: one BOUNDARY_CONDITION_SPRING_LINEAR per spring property, as the support of the nodes that use it. A
  // node has one support in CIS/2, so a node with both a restraint and a spring keeps its restraint only.
  const springs = new Map(model.springProperties.map((spring) => [spring.id, spring]));
  const springSupports = new Map<string, number>();
  const springLabel = labels(model.springProperties);
  const lostSprings = writtenNodes.filter(
    (node) =>
      node.springPropertyId !== undefined &&
      (isRestrained(node.restraint) || !springs.has(node.springPropertyId)),
  );
  if (lostSprings.length > 0) {
    report.dropped(
      'Spring',
      `${lostSprings.length} nodes with both a restraint and a spring support keep the restraint only: a CIS/2 node has one support`,
      {
        ids: [
          ...lostSprings.map((node) => node.id),
          ...new Set(lostSprings.map((node) => node.springPropertyId as string)),
        ],
        concept: 'spring',
      },
    );
  }
  const springSupport = (springId: string): number | undefined => {
    const spring = springs.get(springId);
    if (!spring) return undefined;
    let id = springSupports.get(springId);
    if (id === undefined) {
      // N/m → N/mm and N·m/rad → N·mm/rad, the file's units.
      const values = [spring.ux, spring.uy, spring.uz].map((k) => k / 1000);
      values.push(...[spring.rx, spring.ry, spring.rz].map((k) => k * 1000));
      id = out.add(
        `${E.supportSpring}(${formatString(springLabel.get(springId) as string)},$,${values.map(formatReal).join(',')})`,
      );
      springSupports.set(springId, id);
    }
    return id;
  };
  // Every spring property is written, used or not, so the model's list comes back whole.
  for (const spring of model.springProperties) springSupport(spring.id);
  for (const node of writtenNodes) {
    const point = out.add(
      `CARTESIAN_POINT('',(${formatReal(node.x)},${formatReal(node.y)},${formatReal(node.z)}))`,
    );
    let support = '$';
    if (isRestrained(node.restraint) && node.restraint) {
      const restraint = node.restraint;
      const free = DOF_NAMES.map((dof) => logical(!restraint[dof])).join(',');
      support = `#${out.add(`${E.supportLogical}(${formatString(`support ${node.id}`)},$,${free})`)}`;
    } else if (node.springPropertyId !== undefined) {
      const spring = springSupport(node.springPropertyId);
      if (spring !== undefined) support = `#${spring}`;
    }
    nodeIds.set(
      node.id,
      out.add(`${E.node}(${formatString(node.id)},#${point},${support},#${analysisModel})`),
    );
  }

  // Elements.
  const elementIds = new Map<string, number>();
  const lengthOffsets: string[] = [];
  const insertionOffsets: string[] = [];
  const rigidZones: string[] = [];
  const elementFor = (element: FrameElement): void => {
    const start = nodeIds.get(element.startNodeId);
    const end = nodeIds.get(element.endNodeId);
    if (start === undefined || end === undefined) {
      report.dropped(element.type, 'an end node is missing from the model', { id: element.id });
      return;
    }
    const profile = element.profileId === undefined ? undefined : profiles.get(element.profileId);
    let section = '$';
    if (profile?.kind === 'frame') section = `#${sectionFor(profile, element.cardinalPoint ?? 10)}`;
    else
      report.approximated(element.type, 'written without a cross-section: it has no frame profile', {
        id: element.id,
      });
    let orientation = '$';
    if (element.orientationAngle !== undefined && element.orientationAngle !== 0) {
      orientation = `#${out.add(`PLANE_ANGLE_MEASURE_WITH_UNIT(PLANE_ANGLE_MEASURE(${formatReal(element.orientationAngle)}),#${units.degree})`)}`;
    }
    const offsets = element.endOffsets;
    if (offsets && (offsets.i !== 0 || offsets.j !== 0)) lengthOffsets.push(element.id);
    const insertion = element.insertionOffsets;
    if (insertion && [insertion.i, insertion.j].some((p) => p.x !== 0 || p.y !== 0 || p.z !== 0))
      insertionOffsets.push(element.id);
    if (element.rigidZoneFactor !== undefined && element.rigidZoneFactor !== 0) rigidZones.push(element.id);
    const id = out.add(
      `${E.elementSimple}(${formatString(element.id)},${formatString(element.type)},#${analysisModel},1,${section},${orientation})`,
    );
    elementIds.set(element.id, id);
    if (element.materialId !== undefined) {
      const material = materialIds.get(element.materialId);
      if (material !== undefined) out.add(`${E.materialAssigned}(#${material},#${id})`);
    }
    const releases = element.releases;
    for (const [number, side, node] of [
      [1, 'i', start],
      [2, 'j', end],
    ] as const) {
      let fixity = '$';
      if (releases && hasReleases(releases) && END_RELEASE_NAMES.some((name) => releases[side][name])) {
        fixity = `#${out.add(`${E.releaseLogical}(${formatString(`${element.id} ${side}`)},${releaseFlags(releases, side)})`)}`;
      }
      out.add(
        `${E.connectivity}(${number},${formatString(number === 1 ? 'start' : 'end')},#${node},#${id},${fixity})`,
      );
    }
  };
  const notWritten = new Map<string, string[]>();
  for (const element of model.elements) {
    if (isFrameElement(element)) elementFor(element);
    else notWritten.set(element.type, [...(notWritten.get(element.type) ?? []), element.id]);
  }
  for (const [type, ids] of notWritten) {
    report.dropped(
      type,
      `${ids.length} ${PLURAL[type] ?? type} are not written: CIS/2 analysis models written by Gusset carry beams, columns and braces only`,
      { ids, concept: 'element' },
    );
  }
  if (model.linkProperties.length > 0) {
    report.dropped('LinkProperty', `${model.linkProperties.length} link properties are not written`, {
      ids: model.linkProperties.map((link) => link.id),
      concept: 'link',
    });
  }
  if (lengthOffsets.length > 0) {
    report.dropped(
      'EndOffset',
      `CIS/2 has no end length offsets: those of ${lengthOffsets.length} members are not written (members span node to node)`,
      { ids: lengthOffsets, concept: 'offset' },
    );
  }
  if (insertionOffsets.length > 0) {
    report.dropped(
      'InsertionOffset',
      `the insertion offsets of ${insertionOffsets.length} members are not written: they are drawn between their nodes`,
      { ids: insertionOffsets, concept: 'offset' },
    );
  }
  if (rigidZones.length > 0) {
    report.dropped(
      'RigidZone',
      `CIS/2 has no rigid end zones: the rigid zone factors of ${rigidZones.length} members are not written`,
      { ids: rigidZones, concept: 'rigidZone' },
    );
  }

  // Loads: patterns are CIS/2 load cases; analysis cases and combinations are load combinations. CIS/2 names them
  // only: each goes out under its name (the engineer's), or its id when the name is empty or taken.
  const patternLabel = labels(model.loadPatterns);
  const caseLabel = labels(model.loadCases);
  const combinationLabel = labels(model.loadCombinations);
  const patternsById = new Map(model.loadPatterns.map((pattern) => [pattern.id, pattern]));
  const implied = (loadCase: (typeof model.loadCases)[number]): boolean => {
    const [only] = loadCase.loads;
    return (
      loadCase.loads.length === 1 &&
      only !== undefined &&
      patternsById.has(only.patternId) &&
      patternLabel.get(only.patternId) === caseLabel.get(loadCase.id) &&
      only.scale === 1 &&
      loadCase.caseType === 'Linear Static'
    );
  };
  const caseLabels = new Set(caseLabel.values());
  const caseIds = new Map<string, number>();
  for (const pattern of model.loadPatterns) {
    const label = patternLabel.get(pattern.id) as string;
    // A pattern no analysis case of its name applies says so, or reading it back would add that case.
    const alone = !patternsOnly && !caseLabels.has(label) ? PATTERN_WITHOUT_CASE : '';
    const description = `${pattern.patternType} (self weight ${pattern.selfWeightMultiplier})${alone}`;
    caseIds.set(pattern.id, out.add(`${E.loadCase}(${formatString(label)},${formatString(description)})`));
  }
  const combinationIds = new Map<string, number>();
  const analysisCaseIds = new Map<string, number>();
  for (const loadCase of model.loadCases) {
    if (implied(loadCase)) continue;
    const id = out.add(
      `${E.loadCombination}(${formatString(caseLabel.get(loadCase.id) as string)},${formatString(`${ANALYSIS_CASE_PREFIX}${loadCase.caseType}`)})`,
    );
    analysisCaseIds.set(loadCase.id, id);
    for (const item of loadCase.loads) {
      const component = caseIds.get(item.patternId);
      if (component === undefined) continue;
      out.add(`${E.loadCombinationOccurrence}(${formatReal(item.scale)},#${id},#${component})`);
    }
  }
  // Combinations may name each other in any order: number them all first.
  const pending: [number, (typeof model.loadCombinations)[number]][] = [];
  for (const combination of model.loadCombinations) {
    const id = out.add(
      `${E.loadCombination}(${formatString(combinationLabel.get(combination.id) as string)},${formatString(combination.combinationType)})`,
    );
    combinationIds.set(combination.id, id);
    pending.push([id, combination]);
  }
  // An implied case is not written: its pattern's LOAD_CASE stands for it.
  const impliedCaseOf = (caseId: string): number | undefined => {
    const loadCase = model.loadCases.find((candidate) => candidate.id === caseId);
    const only = loadCase?.loads[0];
    return only === undefined ? caseIds.get(caseId) : caseIds.get(only.patternId);
  };
  for (const [id, combination] of pending) {
    for (const item of combination.items) {
      const component =
        item.kind === 'pattern'
          ? caseIds.get(item.id)
          : item.kind === 'case'
            ? (analysisCaseIds.get(item.id) ?? impliedCaseOf(item.id))
            : combinationIds.get(item.id);
      if (component === undefined) {
        report.dropped('LoadCombination', `its item ${item.id} is not in the model`, { id: combination.id });
        continue;
      }
      out.add(`${E.loadCombinationOccurrence}(${formatReal(item.scale)},#${id},#${component})`);
    }
  }

  const writtenLoads = new Set<string>();
  const areaLoads: string[] = [];
  for (const load of model.loads) {
    const loadCase = caseIds.get(load.patternId);
    if (loadCase === undefined) {
      report.dropped(load.type, `its load pattern ${load.patternId} is not in the model`, { id: load.id });
      continue;
    }
    if (load.type === 'PointLoad') {
      if (writePointLoad(out, load, loadCase, nodeIds, report)) writtenLoads.add(load.id);
    } else if (load.type === 'LinearLoad') {
      if (writeLinearLoad(out, load, loadCase, elementIds, report)) writtenLoads.add(load.id);
    } else areaLoads.push(load.id);
  }
  if (areaLoads.length > 0) {
    report.dropped(
      'AreaLoad',
      `${areaLoads.length} area loads are not written: Gusset writes no floors, walls or areas to CIS/2`,
      { ids: areaLoads, concept: 'load' },
    );
  }

  const dropAll = (subject: string, concept: FidelityConcept, ids: string[], reason: string) => {
    if (ids.length > 0) report.dropped(subject, reason, { ids, concept });
  };
  dropAll(
    'Level',
    'level',
    model.levels.map((level) => level.id),
    `CIS/2 analysis models have no storeys: ${model.levels.length} levels are not written (nodes keep their elevations)`,
  );
  dropAll(
    'Grid',
    'grid',
    model.grids.map((grid) => grid.id),
    `${model.grids.length} grid lines are not written to the CIS/2 analysis model`,
  );
  dropAll(
    'Group',
    'group',
    model.groups.map((group) => group.id),
    `${model.groups.length} groups are not written to the CIS/2 analysis model`,
  );
  dropAll(
    'Diaphragm',
    'diaphragm',
    model.diaphragms.map((diaphragm) => diaphragm.id),
    `CIS/2 analysis models have no diaphragm constraints: ${model.diaphragms.length} diaphragms are not written`,
  );
  reportAnalysisLoss(report, model, 'CIS/2');

  const timeStamp = options.timeStamp ?? new Date().toISOString().slice(0, 19);
  const header = [
    'ISO-10303-21;',
    'HEADER;',
    "FILE_DESCRIPTION(('CIS/2 analysis model (LPM/6)','written by Gusset'),'2;1');",
    `FILE_NAME(${formatString(options.fileName ?? 'model.stp')},${formatString(timeStamp)},(''),(''),'Gusset CIS/2 writer','Gusset','');`,
    `FILE_SCHEMA(('${CIS2_SCHEMA}'));`,
    'ENDSEC;',
    'DATA;',
  ];
  const text = [...header, ...out.lines, 'ENDSEC;', 'END-ISO-10303-21;', ''].join('\n');
  const bytes = new Uint8Array(text.length);
  for (let index = 0; index < text.length; index++) bytes[index] = text.charCodeAt(index);
  return {
    bytes,
    report: report.build(CIS2_FORMAT, 'write', writtenModel(model, elementIds, nodeIds, writtenLoads)),
  };
}

function writePointLoad(
  out: StepWriter,
  load: PointLoad,
  loadCase: number,
  nodeIds: ReadonlyMap<string, number>,
  report: ReportBuilder,
): boolean {
  const node = nodeIds.get(load.nodeId);
  if (node === undefined) {
    report.dropped('PointLoad', `its node ${load.nodeId} is not in the model`, { id: load.id });
    return false;
  }
  if (load.coordinateSystem.toLowerCase() !== 'global') {
    report.approximated(
      'PointLoad',
      `its components are written as global, not in "${load.coordinateSystem}"`,
      {
        id: load.id,
      },
    );
  }
  const value = appliedForce(out, load.id, [
    load.fx,
    load.fy,
    load.fz,
    load.mx * 1000,
    load.my * 1000,
    load.mz * 1000,
  ]);
  out.add(`${E.loadNode}(${formatString(load.id)},#${loadCase},#${node},#${value})`);
  return true;
}

function writeLinearLoad(
  out: StepWriter,
  load: LinearLoad,
  loadCase: number,
  elementIds: ReadonlyMap<string, number>,
  report: ReportBuilder,
): boolean {
  const element = elementIds.get(load.elementId);
  if (element === undefined) {
    report.dropped('LinearLoad', `its member ${load.elementId} was not written`, { id: load.id });
    return false;
  }
  const distribution = load.distribution;
  const local = load.direction === '1' || load.direction === '2' || load.direction === '3';
  const axes = local ? '.LOCAL_AXES.' : '.GLOBAL_AXES.';
  const projected = load.direction?.endsWith('-projected') === true;
  const position = (value: number) =>
    distribution.relative
      ? `POSITIVE_RATIO_MEASURE(${formatReal(value)})`
      : `LENGTH_MEASURE(${formatReal(value)})`;
  if (distribution.kind === 'point') {
    const components = lineLoadComponents(load, distribution.value, false);
    if (!components) {
      report.dropped('LinearLoad', 'its direction has no axis', { id: load.id });
      return false;
    }
    const value = appliedForce(out, load.id, components);
    out.add(
      `${E.loadElementConcentrated}(${formatString(load.id)},#${loadCase},#${element},${axes},${logical(projected)},${position(distribution.start)},#${value})`,
    );
    return true;
  }
  const start = lineLoadComponents(load, distribution.startValue, true);
  const end = lineLoadComponents(load, distribution.endValue, true);
  if (!start || !end) {
    report.dropped('LinearLoad', 'its direction has no axis', { id: load.id });
    return false;
  }
  const startValue = appliedForce(out, `${load.id} start`, start);
  const endValue = appliedForce(out, `${load.id} end`, end);
  out.add(
    `${E.loadElementDistributed}(${formatString(load.id)},#${loadCase},#${element},${axes},${logical(projected)},${position(distribution.start)},${position(distribution.end)},#${startValue},#${endValue})`,
  );
  return true;
}

/** Each object's name, or its id when the name is empty or another object of the kind has it already. */
function labels(objects: readonly { id: string; name: string }[]): Map<string, string> {
  const taken = new Set<string>();
  const result = new Map<string, string>();
  for (const object of objects) {
    const label = object.name !== '' && !taken.has(object.name) ? object.name : object.id;
    taken.add(label);
    result.set(object.id, label);
  }
  return result;
}

function elementNodeIds(element: Element): string[] {
  if ('nodeIds' in element) return element.nodeIds;
  if ('startNodeId' in element) {
    const end = 'endNodeId' in element ? element.endNodeId : undefined;
    return end === undefined ? [element.startNodeId] : [element.startNodeId, end];
  }
  return [];
}

/** What the file holds, for the report's counts: what reading it back gives. */
function writtenModel(
  model: Model,
  elementIds: ReadonlyMap<string, number>,
  nodeIds: ReadonlyMap<string, number>,
  loads: ReadonlySet<string>,
): Model {
  return {
    ...model,
    levels: [],
    grids: [],
    groups: [],
    diaphragms: [],
    linkProperties: [],
    profiles: model.profiles.filter((profile: Profile) => profile.kind === 'frame'),
    elements: model.elements.filter((element) => elementIds.has(element.id)),
    loads: model.loads.filter((load) => loads.has(load.id)),
    nodes: model.nodes
      .filter((node) => nodeIds.has(node.id))
      .map((node) => {
        const { springPropertyId: spring, diaphragmId: _diaphragm, levelId: _level, ...rest } = node;
        return spring !== undefined && !isRestrained(node.restraint)
          ? { ...rest, springPropertyId: spring }
          : rest;
      }),
  };
}
