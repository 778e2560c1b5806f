import type {
  Diaphragm,
  Element,
  EndReleases,
  FrameElement,
  Group,
  Level,
  LinkProperty,
  Load,
  LoadCase,
  LoadCombination,
  LoadPattern,
  Material,
  Model,
  Node,
  Profile,
  Releases,
  SpringProperty,
} from '../schema';
import { DOF_NAMES, END_RELEASE_NAMES, isAreaElement, isFrameElement, noEndReleases } from '../schema';
import type { MemberForce } from '../schema';
import type { FieldChange, Tolerances } from './fields';
import {
  close,
  closeLength,
  closeOptional,
  deepChanges,
  materialChanges,
  profileChanges,
  sameCaseType,
  sameWord,
} from './fields';
import type { LoadContext, LoadGeometry } from './loads';
import {
  describeResultant,
  emptyResultant,
  negated,
  loadChanges,
  loadGeometry,
  resultantsByPattern,
  sameResultant,
} from './loads';
import { elementNodeIds, matchElements, matchNodes, Pairing, pairByName } from './match';
import type {
  CompareOptions,
  FidelityComparison,
  FidelityConcept,
  FidelityDifference,
  FidelityKind,
  KindSummary,
  PatternResultant,
} from './types';
import { FIDELITY_KINDS } from './types';
import { describeValue, formatValue, RELEASE_WORDS } from './words';

const MEMBER_FORCE_COMPONENTS = ['p', 'v2', 'v3', 't', 'm2', 'm3'] as const;
const JOINT_REACTION_COMPONENTS = ['fx', 'fy', 'fz', 'mx', 'my', 'mz'] as const;
const JOINT_DISPLACEMENT_COMPONENTS = ['ux', 'uy', 'uz', 'rx', 'ry', 'rz'] as const;

export const DEFAULT_POSITION_TOLERANCE = 1;
export const DEFAULT_RELATIVE_TOLERANCE = 1e-6;

/** The aspects compared on each kind of object, in the order a certificate names them. */
const FRAME_ASPECTS: FidelityConcept[] = [
  'element',
  'endOrder',
  'section',
  'material',
  'release',
  'offset',
  'rigidZone',
  'cardinalPoint',
  'localAxis',
  'modifier',
];
const AREA_ASPECTS: FidelityConcept[] = [
  'element',
  'section',
  'material',
  'localAxis',
  'modifier',
  'diaphragm',
];
const KIND_ASPECTS: Readonly<Record<FidelityKind, FidelityConcept[]>> = {
  nodes: ['node', 'restraint', 'spring', 'diaphragm'],
  beams: FRAME_ASPECTS,
  columns: FRAME_ASPECTS,
  braces: FRAME_ASPECTS,
  cables: ['element', 'endOrder', 'section', 'material'],
  walls: AREA_ASPECTS,
  floors: AREA_ASPECTS,
  areas: AREA_ASPECTS,
  openings: ['element'],
  links: ['element', 'link'],
  components: ['element', 'section', 'material'],
  foundations: ['element', 'section', 'material'],
  geometry: ['element'],
  sections: ['section'],
  materials: ['material'],
  linkProperties: ['link'],
  springProperties: ['spring'],
  loadPatterns: ['pattern'],
  loadCases: ['case'],
  functions: ['function'],
  loadCombinations: ['combination'],
  pointLoads: ['load'],
  lineLoads: ['load'],
  areaLoads: ['load'],
  groups: ['group'],
  levels: ['level'],
  grids: ['grid'],
  diaphragms: ['diaphragm'],
};

const ELEMENT_KIND: Readonly<Record<Element['type'], FidelityKind>> = {
  Beam: 'beams',
  Column: 'columns',
  Brace: 'braces',
  Cable: 'cables',
  Wall: 'walls',
  Floor: 'floors',
  Area: 'areas',
  Opening: 'openings',
  Link: 'links',
  Component: 'components',
  Foundation: 'foundations',
  GeoElement: 'geometry',
};

const LOAD_KIND: Readonly<Record<Load['type'], FidelityKind>> = {
  PointLoad: 'pointLoads',
  LinearLoad: 'lineLoads',
  AreaLoad: 'areaLoads',
};

/** Canonical types as a message names them. */
const SUBJECT_WORDS: Readonly<Record<string, string>> = {
  Profile: 'Section',
  LoadPattern: 'Load pattern',
  LoadCase: 'Load case',
  LoadCombination: 'Load combination',
  PointLoad: 'Point load',
  LinearLoad: 'Line load',
  AreaLoad: 'Area load',
  SpringProperty: 'Spring property',
  LinkProperty: 'Link property',
  GeoElement: 'Reference geometry',
  Grid: 'Grid line',
};

/** A message's subject, built only when there is a difference to name (most objects have none). */
type Label = string | (() => string);

function resolve(label: Label): string {
  return typeof label === 'string' ? label : label();
}

/** A cache of comparisons per pair of definitions (before id, after id), without a string key per lookup. */
class PairCache<T> {
  private readonly entries = new Map<string | undefined, Map<string | undefined, T>>();

  get(before: string | undefined, after: string | undefined, compute: () => T): T {
    let inner = this.entries.get(before);
    if (!inner) this.entries.set(before, (inner = new Map()));
    let value = inner.get(after);
    if (value === undefined) {
      value = compute();
      inner.set(after, value);
    }
    return value;
  }
}

/** An optional collection another part of the schema may add (`functions`): read it if it is there. */
interface NamedObject {
  id: string;
  name: string;
  type?: string;
}

function optionalCollection(model: Model, key: string): NamedObject[] {
  const value = (model as unknown as Record<string, unknown>)[key];
  return Array.isArray(value) ? (value as NamedObject[]) : [];
}

function byId<T extends { id: string }>(items: readonly T[]): Map<string, T> {
  return new Map(items.map((item) => [item.id, item] as const));
}

/** The lookups of one model the comparison follows references through. */
interface ModelIndex {
  model: Model;
  nodes: Map<string, Node>;
  elements: Map<string, Element>;
  profiles: Map<string, Profile>;
  materials: Map<string, Material>;
  patterns: Map<string, LoadPattern>;
  cases: Map<string, LoadCase>;
  combinations: Map<string, LoadCombination>;
  springProperties: Map<string, SpringProperty>;
  linkProperties: Map<string, LinkProperty>;
  diaphragms: Map<string, Diaphragm>;
  geometry: LoadGeometry;
}

function indexModel(model: Model): ModelIndex {
  const geometry = loadGeometry(model);
  return {
    model,
    nodes: geometry.nodes as Map<string, Node>,
    elements: geometry.elements as Map<string, Element>,
    profiles: byId(model.profiles),
    materials: byId(model.materials),
    patterns: byId(model.loadPatterns),
    cases: byId(model.loadCases),
    combinations: byId(model.loadCombinations),
    springProperties: byId(model.springProperties),
    linkProperties: byId(model.linkProperties),
    diaphragms: byId(model.diaphragms),
    geometry,
  };
}

/**
 * The fidelity oracle: what an engineer would find different between `before` and `after`, matching objects by
 * what they are (nodes by position, members by their nodes, definitions by name) rather than by id, so a
 * translator that renames everything but keeps the structure is faithful. Linear in the size of the models.
 */
export function compareModels(before: Model, after: Model, options: CompareOptions = {}): FidelityComparison {
  return new Comparison(before, after, options).run();
}

class Comparison {
  private readonly tolerances: Tolerances;
  private readonly b: ModelIndex;
  private readonly a: ModelIndex;
  private readonly differences: FidelityDifference[] = [];
  private readonly kinds = new Map<FidelityKind, KindSummary>();
  private nodes = new Pairing();
  private elements = new Pairing();
  private swapped = new Set<string>();
  private profiles = new Pairing();
  private materials = new Pairing();
  private patterns = new Pairing();
  private diaphragms = new Pairing();
  private loads = new Pairing();
  private readonly profileCache = new PairCache<FieldChange[]>();
  private readonly materialCache = new PairCache<FieldChange[]>();
  private readonly linkCache = new PairCache<FieldChange[]>();
  /** Per diaphragm (before id, else after id): the nodes and areas whose assignment to it changed. */
  private readonly diaphragmAssignments = new Map<string, { ids: string[]; example: string }>();

  constructor(before: Model, after: Model, options: CompareOptions) {
    this.tolerances = {
      position: options.positionTolerance ?? DEFAULT_POSITION_TOLERANCE,
      relative: options.relativeTolerance ?? DEFAULT_RELATIVE_TOLERANCE,
    };
    this.b = indexModel(before);
    this.a = indexModel(after);
    for (const kind of FIDELITY_KINDS) {
      this.kinds.set(kind, {
        kind,
        before: 0,
        after: 0,
        matched: 0,
        missing: 0,
        added: 0,
        aspects: Object.fromEntries(KIND_ASPECTS[kind].map((aspect) => [aspect, 0])),
      });
    }
  }

  run(): FidelityComparison {
    const before = this.b.model;
    const after = this.a.model;
    this.nodes = matchNodes(before.nodes, after.nodes, this.a.nodes, this.tolerances.position);
    const elementMatch = matchElements(before.elements, after.elements, this.a.elements, this.nodes);
    this.elements = elementMatch.pairing;

    this.compareDefinitions();
    this.compareNodes();
    this.compareElements(elementMatch.byId);
    const resultants = this.computeResultants();
    const loadIdsByPattern = this.compareLoads(resultants);
    this.reportResultants(resultants, loadIdsByPattern);
    this.compareGroups();
    this.reportDiaphragmAssignments();
    if (before.results !== undefined && after.results !== undefined) {
      this.compareMemberForces(before.results.memberForces, after.results.memberForces);
      this.compareJointResults(
        'Joint reactions',
        'JointReaction',
        JOINT_REACTION_COMPONENTS,
        before.results.jointReactions ?? [],
        after.results.jointReactions ?? [],
      );
      this.compareJointResults(
        'Joint displacements',
        'JointDisplacement',
        JOINT_DISPLACEMENT_COMPONENTS,
        before.results.jointDisplacements ?? [],
        after.results.jointDisplacements ?? [],
      );
    }
    if (before.results !== undefined && after.results === undefined) {
      this.push({
        concept: 'results',
        change: 'missing',
        subject: 'Results',
        id: 'results',
        ids: ['results'],
        message: 'Analysis results: present before, absent after',
      });
    }
    return {
      differences: this.differences,
      summary: {
        positionTolerance: this.tolerances.position,
        relativeTolerance: this.tolerances.relative,
        kinds: FIDELITY_KINDS.map((kind) => this.kinds.get(kind) as KindSummary).filter(
          (summary) => summary.before > 0 || summary.after > 0,
        ),
        resultants: [...resultants.values()],
      },
    };
  }

  /**
   * Member forces (issue #25), row by row: a row is its member (paired as elements are), case, station and step;
   * its six components must agree within the relative tolerance. What one side lacks, or holds differently, is a
   * difference of the member it belongs to (one per member, the first row's words).
   */
  private compareMemberForces(before: readonly MemberForce[], after: readonly MemberForce[]): void {
    const relative = this.tolerances.relative;
    const keyOf = (force: MemberForce, elementId: string) =>
      `${elementId}\u0000${force.caseId}\u0000${force.station}\u0000${force.step ?? ''}`;
    const afterByKey = new Map<string, MemberForce>();
    for (const force of after) afterByKey.set(keyOf(force, force.elementId), force);
    const reported = new Set<string>();
    const report = (force: MemberForce, change: FidelityDifference['change'], message: string) => {
      if (reported.has(force.elementId)) return;
      reported.add(force.elementId);
      this.push({
        concept: 'results',
        change,
        subject: 'MemberForce',
        id: force.elementId,
        ids: [force.elementId],
        message,
      });
    };
    const where = (force: MemberForce) =>
      `${force.elementId} under ${force.caseId}${force.step ? ` ${force.step}` : ''} at ${force.station} mm`;
    for (const force of before) {
      const afterId = this.elements.afterOf.get(force.elementId) ?? force.elementId;
      const key = keyOf(force, afterId);
      const other = afterByKey.get(key);
      if (!other) {
        report(force, 'missing', `Member forces of ${where(force)}: present before, absent after`);
        continue;
      }
      afterByKey.delete(key);
      const differing = MEMBER_FORCE_COMPONENTS.filter(
        (component) => !close(force[component], other[component], relative),
      );
      if (differing.length > 0) {
        const component = differing[0] as (typeof MEMBER_FORCE_COMPONENTS)[number];
        report(
          force,
          'changed',
          `Member forces of ${where(force)}: ${component.toUpperCase()} ${force[component]} before, ${other[component]} after`,
        );
      }
    }
    for (const force of afterByKey.values()) {
      report(force, 'added', `Member forces of ${where(force)}: absent before, present after`);
    }
  }

  /**
   * Joint reactions or displacements, row by row as member forces are: a row is its joint (paired as nodes are),
   * case and step; its six components must agree within the relative tolerance; one difference per joint.
   */
  private compareJointResults<
    C extends string,
    R extends { nodeId: string; caseId: string; step?: string | undefined } & Record<C, number>,
  >(
    label: string,
    subject: string,
    components: readonly C[],
    before: readonly R[],
    after: readonly R[],
  ): void {
    const relative = this.tolerances.relative;
    const keyOf = (row: R, nodeId: string) => `${nodeId}\u0000${row.caseId}\u0000${row.step ?? ''}`;
    const afterByKey = new Map<string, R>();
    for (const row of after) afterByKey.set(keyOf(row, row.nodeId), row);
    const reported = new Set<string>();
    const report = (row: R, change: FidelityDifference['change'], message: string) => {
      if (reported.has(row.nodeId)) return;
      reported.add(row.nodeId);
      this.push({ concept: 'results', change, subject, id: row.nodeId, ids: [row.nodeId], message });
    };
    const where = (row: R) => `${row.nodeId} under ${row.caseId}${row.step ? ` ${row.step}` : ''}`;
    for (const row of before) {
      const key = keyOf(row, this.nodes.afterOf.get(row.nodeId) ?? row.nodeId);
      const other = afterByKey.get(key);
      if (!other) {
        report(row, 'missing', `${label} of ${where(row)}: present before, absent after`);
        continue;
      }
      afterByKey.delete(key);
      const component = components.find((name) => !close(row[name], other[name], relative));
      if (component !== undefined) {
        report(
          row,
          'changed',
          `${label} of ${where(row)}: ${component.toUpperCase()} ${row[component]} before, ${other[component]} after`,
        );
      }
    }
    for (const row of afterByKey.values())
      report(row, 'added', `${label} of ${where(row)}: absent before, present after`);
  }

  private push(difference: FidelityDifference): void {
    difference.ids = [...new Set(difference.ids)];
    this.differences.push(difference);
  }

  private kind(kind: FidelityKind): KindSummary {
    return this.kinds.get(kind) as KindSummary;
  }

  private bump(kind: FidelityKind, concept: FidelityConcept): void {
    const aspects = this.kind(kind).aspects;
    aspects[concept] = (aspects[concept] ?? 0) + 1;
  }

  /** Counts a kind and reports what only one side has. */
  private countPairs<T extends { id: string }>(
    kind: FidelityKind,
    concept: FidelityConcept,
    before: readonly T[],
    after: readonly T[],
    pairing: Pairing,
    subjectOf: (item: T) => string,
    labelOf: (item: T) => string,
    idsOf: (item: T) => string[] = (item) => [item.id],
  ): void {
    const summary = this.kind(kind);
    summary.before += before.length;
    summary.after += after.length;
    for (const item of before) {
      if (pairing.afterOf.has(item.id)) {
        summary.matched++;
        continue;
      }
      summary.missing++;
      this.push({
        concept,
        change: 'missing',
        subject: subjectOf(item),
        id: item.id,
        ids: idsOf(item),
        message: `${labelOf(item)}: in the model before, not after`,
      });
    }
    for (const item of after) {
      if (pairing.beforeOf.has(item.id)) continue;
      summary.added++;
      this.push({
        concept,
        change: 'added',
        subject: subjectOf(item),
        id: item.id,
        ids: idsOf(item),
        message: `${labelOf(item)}: not in the model before, in it after`,
      });
    }
  }

  /** One difference for the object and concept, naming every field that differs. */
  private pushChanges(
    kind: FidelityKind,
    concept: FidelityConcept,
    subject: string,
    beforeId: string,
    afterId: string,
    label: Label,
    changes: readonly FieldChange[],
    field: string,
    references: readonly (string | undefined)[] = [],
  ): void {
    if (changes.length === 0) return;
    this.bump(kind, concept);
    const only = changes.length === 1 ? changes[0] : undefined;
    const difference: FidelityDifference = {
      concept,
      change: 'changed',
      subject,
      id: beforeId,
      ids: [beforeId, afterId, ...references.filter((id): id is string => id !== undefined)],
      field: only ? only.field : field,
      before: only ? only.before : Object.fromEntries(changes.map((change) => [change.field, change.before])),
      after: only ? only.after : Object.fromEntries(changes.map((change) => [change.field, change.after])),
      message: `${resolve(label)}: ${changes.map((change) => change.words).join('; ')}`,
    };
    if (afterId !== beforeId) difference.afterId = afterId;
    this.push(difference);
  }

  // Definitions ---------------------------------------------------------------------------------------------

  private compareDefinitions(): void {
    const before = this.b.model;
    const after = this.a.model;
    const relative = this.tolerances.relative;
    const isClose = (x: number, y: number) => close(x, y, relative);
    const definitionLabel = (type: string, item: NamedObject) =>
      `${SUBJECT_WORDS[type] ?? type} ${item.name || item.id}`;

    // Sections and materials: by name, then a renamed one by its content, then by the members that use it.
    const profiles = pairByName(before.profiles, after.profiles, (left, right, pairing) => {
      this.pairByContent(left, right, pairing, (x, y) => profileChanges(x, y, relative).length === 0);
      this.pairByUsage(left, pairing, (element) => ('profileId' in element ? element.profileId : undefined));
    });
    this.profiles = profiles.pairing;
    this.countPairs(
      'sections',
      'section',
      before.profiles,
      after.profiles,
      this.profiles,
      () => 'Profile',
      (item) => definitionLabel('Profile', item),
    );
    for (const [beforeId, afterId] of this.profiles.afterOf) {
      const x = this.b.profiles.get(beforeId) as Profile;
      const y = this.a.profiles.get(afterId) as Profile;
      this.pushChanges(
        'sections',
        'section',
        'Profile',
        beforeId,
        afterId,
        definitionLabel('Profile', x),
        [...nameChanges(x, y), ...profileChanges(x, y, relative)],
        'section',
      );
    }

    const materials = pairByName(before.materials, after.materials, (left, right, pairing) => {
      this.pairByContent(left, right, pairing, (x, y) => materialChanges(x, y, relative).length === 0);
      this.pairByUsage(left, pairing, (element, index) => this.effectiveMaterialId(element, index));
    });
    this.materials = materials.pairing;
    this.countPairs(
      'materials',
      'material',
      before.materials,
      after.materials,
      this.materials,
      () => 'Material',
      (item) => definitionLabel('Material', item),
    );
    for (const [beforeId, afterId] of this.materials.afterOf) {
      const x = this.b.materials.get(beforeId) as Material;
      const y = this.a.materials.get(afterId) as Material;
      this.pushChanges(
        'materials',
        'material',
        'Material',
        beforeId,
        afterId,
        definitionLabel('Material', x),
        [...nameChanges(x, y), ...materialChanges(x, y, relative)],
        'material',
      );
    }

    const springs = pairByName(before.springProperties, after.springProperties).pairing;
    this.countPairs(
      'springProperties',
      'spring',
      before.springProperties,
      after.springProperties,
      springs,
      () => 'SpringProperty',
      (item) => definitionLabel('SpringProperty', item),
    );
    for (const [beforeId, afterId] of springs.afterOf) {
      const x = this.b.springProperties.get(beforeId) as SpringProperty;
      const y = this.a.springProperties.get(afterId) as SpringProperty;
      this.pushChanges(
        'springProperties',
        'spring',
        'SpringProperty',
        beforeId,
        afterId,
        definitionLabel('SpringProperty', x),
        this.springChanges(x, y),
        'stiffness',
      );
    }

    const links = pairByName(before.linkProperties, after.linkProperties).pairing;
    this.countPairs(
      'linkProperties',
      'link',
      before.linkProperties,
      after.linkProperties,
      links,
      () => 'LinkProperty',
      (item) => definitionLabel('LinkProperty', item),
    );
    for (const [beforeId, afterId] of links.afterOf) {
      const x = this.b.linkProperties.get(beforeId) as LinkProperty;
      const y = this.a.linkProperties.get(afterId) as LinkProperty;
      this.pushChanges(
        'linkProperties',
        'link',
        'LinkProperty',
        beforeId,
        afterId,
        definitionLabel('LinkProperty', x),
        this.linkPropertyChanges(x, y),
        'stiffness',
      );
    }

    this.patterns = pairByName(before.loadPatterns, after.loadPatterns).pairing;
    this.countPairs(
      'loadPatterns',
      'pattern',
      before.loadPatterns,
      after.loadPatterns,
      this.patterns,
      () => 'LoadPattern',
      (item) => definitionLabel('LoadPattern', item),
    );
    for (const [beforeId, afterId] of this.patterns.afterOf) {
      const x = this.b.patterns.get(beforeId) as LoadPattern;
      const y = this.a.patterns.get(afterId) as LoadPattern;
      const changes: FieldChange[] = [];
      if (!sameWord(x.patternType, y.patternType))
        changes.push({
          field: 'patternType',
          before: x.patternType,
          after: y.patternType,
          words: `type ${x.patternType} before, ${y.patternType} after`,
        });
      if (!close(x.selfWeightMultiplier, y.selfWeightMultiplier, relative))
        changes.push({
          field: 'selfWeightMultiplier',
          before: x.selfWeightMultiplier,
          after: y.selfWeightMultiplier,
          words: `self-weight multiplier ${formatValue(x.selfWeightMultiplier)} before, ${formatValue(y.selfWeightMultiplier)} after`,
        });
      this.pushChanges(
        'loadPatterns',
        'pattern',
        'LoadPattern',
        beforeId,
        afterId,
        definitionLabel('LoadPattern', x),
        changes,
        'pattern',
      );
    }

    const cases = pairByName(before.loadCases, after.loadCases).pairing;
    this.countPairs(
      'loadCases',
      'case',
      before.loadCases,
      after.loadCases,
      cases,
      () => 'LoadCase',
      (item) => definitionLabel('LoadCase', item),
    );
    for (const [beforeId, afterId] of cases.afterOf) {
      const x = this.b.cases.get(beforeId) as LoadCase;
      const y = this.a.cases.get(afterId) as LoadCase;
      const changes: FieldChange[] = [];
      if (!sameCaseType(x.caseType, y.caseType))
        changes.push({
          field: 'caseType',
          before: x.caseType,
          after: y.caseType,
          words: `type ${x.caseType} before, ${y.caseType} after`,
        });
      changes.push(
        ...this.scaledItemChanges(
          'loads',
          x.loads.map((item) => ({
            name: this.b.patterns.get(item.patternId)?.name ?? item.patternId,
            scale: item.scale,
          })),
          y.loads.map((item) => ({
            name: this.a.patterns.get(item.patternId)?.name ?? item.patternId,
            scale: item.scale,
          })),
          'pattern',
        ),
      );
      changes.push(
        ...deepChanges(definitionFields(x, CASE_FIELDS), definitionFields(y, CASE_FIELDS), '', isClose),
      );
      this.pushChanges(
        'loadCases',
        'case',
        'LoadCase',
        beforeId,
        afterId,
        definitionLabel('LoadCase', x),
        changes,
        'case',
        this.patternIdsOf(x, y),
      );
    }

    const functions = pairByName(
      optionalCollection(before, 'functions'),
      optionalCollection(after, 'functions'),
    ).pairing;
    this.countPairs(
      'functions',
      'function',
      optionalCollection(before, 'functions'),
      optionalCollection(after, 'functions'),
      functions,
      (item) => item.type ?? 'Function',
      (item) => definitionLabel(item.type ?? 'Function', item),
    );
    const beforeFunctions = byId(optionalCollection(before, 'functions'));
    const afterFunctions = byId(optionalCollection(after, 'functions'));
    for (const [beforeId, afterId] of functions.afterOf) {
      const x = beforeFunctions.get(beforeId) as NamedObject;
      const y = afterFunctions.get(afterId) as NamedObject;
      this.pushChanges(
        'functions',
        'function',
        x.type ?? 'Function',
        beforeId,
        afterId,
        definitionLabel(x.type ?? 'Function', x),
        deepChanges(definitionFields(x, BASE_FIELDS), definitionFields(y, BASE_FIELDS), '', isClose),
        'definition',
      );
    }

    const combinations = pairByName(before.loadCombinations, after.loadCombinations).pairing;
    this.countPairs(
      'loadCombinations',
      'combination',
      before.loadCombinations,
      after.loadCombinations,
      combinations,
      () => 'LoadCombination',
      (item) => definitionLabel('LoadCombination', item),
    );
    for (const [beforeId, afterId] of combinations.afterOf) {
      const x = this.b.combinations.get(beforeId) as LoadCombination;
      const y = this.a.combinations.get(afterId) as LoadCombination;
      const changes: FieldChange[] = [];
      if (!sameWord(x.combinationType, y.combinationType))
        changes.push({
          field: 'combinationType',
          before: x.combinationType,
          after: y.combinationType,
          words: `type ${x.combinationType} before, ${y.combinationType} after`,
        });
      changes.push(
        ...this.scaledItemChanges(
          'items',
          x.items.map((item) => ({ name: this.nameOfCombinationItem(this.b, item), scale: item.scale })),
          y.items.map((item) => ({ name: this.nameOfCombinationItem(this.a, item), scale: item.scale })),
          'factor of',
        ),
      );
      this.pushChanges(
        'loadCombinations',
        'combination',
        'LoadCombination',
        beforeId,
        afterId,
        definitionLabel('LoadCombination', x),
        changes,
        'items',
      );
    }

    const levels = pairByName(before.levels, after.levels).pairing;
    this.countPairs(
      'levels',
      'level',
      before.levels,
      after.levels,
      levels,
      () => 'Level',
      (item) => definitionLabel('Level', item),
    );
    const afterLevels = byId(after.levels);
    const beforeLevels = byId(before.levels);
    for (const [beforeId, afterId] of levels.afterOf) {
      const x = beforeLevels.get(beforeId) as Level;
      const y = afterLevels.get(afterId) as Level;
      const changes: FieldChange[] = [];
      if (Math.abs(x.elevation - y.elevation) > this.tolerances.position)
        changes.push({
          field: 'elevation',
          before: x.elevation,
          after: y.elevation,
          words: `elevation ${formatValue(x.elevation)} mm before, ${formatValue(y.elevation)} mm after`,
        });
      this.pushChanges(
        'levels',
        'level',
        'Level',
        beforeId,
        afterId,
        definitionLabel('Level', x),
        changes,
        'elevation',
      );
    }

    const isCloseLength = (x: number, y: number) => Math.abs(x - y) <= this.tolerances.position;
    // A line that had no label (SAP2000 grid lines without a GridID) may be given one by the next reader: it is
    // found by where it runs.
    const grids = pairByName(before.grids, after.grids, (left, right, pairing) =>
      this.pairByContent(
        left.filter((grid) => grid.label === ''),
        right,
        pairing,
        (x, y) => deepChanges(x.geometry, y.geometry, 'geometry', isCloseLength).length === 0,
      ),
    ).pairing;
    this.countPairs(
      'grids',
      'grid',
      before.grids,
      after.grids,
      grids,
      () => 'Grid',
      (item) => definitionLabel('Grid', item),
    );
    const beforeGrids = byId(before.grids);
    const afterGrids = byId(after.grids);
    for (const [beforeId, afterId] of grids.afterOf) {
      const x = beforeGrids.get(beforeId);
      const y = afterGrids.get(afterId);
      if (!x || !y) continue;
      this.pushChanges(
        'grids',
        'grid',
        'Grid',
        beforeId,
        afterId,
        definitionLabel('Grid', x),
        deepChanges(x.geometry, y.geometry, 'geometry', isCloseLength),
        'geometry',
      );
    }

    this.diaphragms = pairByName(before.diaphragms, after.diaphragms).pairing;
    this.countPairs(
      'diaphragms',
      'diaphragm',
      before.diaphragms,
      after.diaphragms,
      this.diaphragms,
      () => 'Diaphragm',
      (item) => definitionLabel('Diaphragm', item),
    );
    for (const [beforeId, afterId] of this.diaphragms.afterOf) {
      const x = this.b.diaphragms.get(beforeId) as Diaphragm;
      const y = this.a.diaphragms.get(afterId) as Diaphragm;
      if (x.rigidity !== y.rigidity)
        this.pushChanges(
          'diaphragms',
          'diaphragm',
          'Diaphragm',
          beforeId,
          afterId,
          definitionLabel('Diaphragm', x),
          [
            {
              field: 'rigidity',
              before: x.rigidity,
              after: y.rigidity,
              words: `${x.rigidity} before, ${y.rigidity} after`,
            },
          ],
          'rigidity',
        );
    }
  }

  /** Pairs leftover definitions whose content is the same (a renamed section is the same section). */
  private pairByContent<T extends { id: string }>(
    left: readonly T[],
    right: readonly T[],
    pairing: Pairing,
    same: (x: T, y: T) => boolean,
  ): void {
    for (const item of left) {
      const match = right.find((candidate) => !pairing.beforeOf.has(candidate.id) && same(item, candidate));
      if (match) pairing.add(item.id, match.id);
    }
  }

  /** Pairs leftover definitions with the one most of their members use after (a section renamed and changed). */
  private pairByUsage<T extends { id: string }>(
    left: readonly T[],
    pairing: Pairing,
    reference: (element: Element, index: ModelIndex) => string | undefined,
  ): void {
    const wanted = new Set(left.filter((item) => !pairing.afterOf.has(item.id)).map((item) => item.id));
    if (wanted.size === 0) return;
    const votes = new Map<string, Map<string, number>>();
    for (const [beforeId, afterId] of this.elements.afterOf) {
      const beforeReference = reference(this.b.elements.get(beforeId) as Element, this.b);
      if (beforeReference === undefined || !wanted.has(beforeReference)) continue;
      const afterReference = reference(this.a.elements.get(afterId) as Element, this.a);
      if (afterReference === undefined || pairing.beforeOf.has(afterReference)) continue;
      let tally = votes.get(beforeReference);
      if (!tally) votes.set(beforeReference, (tally = new Map()));
      tally.set(afterReference, (tally.get(afterReference) ?? 0) + 1);
    }
    for (const item of left) {
      const tally = votes.get(item.id);
      if (!tally) continue;
      const ranked = [...tally].sort((x, y) => y[1] - x[1] || (x[0] < y[0] ? -1 : 1));
      const choice = ranked.find(([id]) => !pairing.beforeOf.has(id));
      if (choice) pairing.add(item.id, choice[0]);
    }
  }

  private effectiveMaterialId(element: Element, index: ModelIndex): string | undefined {
    if (!('materialId' in element) && !('profileId' in element)) return undefined;
    const own = 'materialId' in element ? element.materialId : undefined;
    if (own !== undefined) return own;
    const profileId = 'profileId' in element ? element.profileId : undefined;
    return profileId === undefined ? undefined : index.profiles.get(profileId)?.materialId;
  }

  private springChanges(x: SpringProperty | undefined, y: SpringProperty | undefined): FieldChange[] {
    const changes: FieldChange[] = [];
    for (const dof of DOF_NAMES) {
      const before = x?.[dof] ?? 0;
      const after = y?.[dof] ?? 0;
      if (!close(before, after, this.tolerances.relative)) {
        const unit = dof.startsWith('u') ? 'kN/m' : 'kN·m/rad';
        changes.push({
          field: `stiffness.${dof}`,
          before,
          after,
          words: `${dof.toUpperCase()} stiffness ${formatValue(before / 1e3)} ${unit} before, ${formatValue(after / 1e3)} ${unit} after`,
        });
      }
    }
    return changes;
  }

  private linkPropertyChanges(x: LinkProperty | undefined, y: LinkProperty | undefined): FieldChange[] {
    if (!x || !y) {
      return x === y
        ? []
        : [
            {
              field: 'linkPropertyId',
              before: x?.name,
              after: y?.name,
              words: `property ${describeValue(x?.name)} before, ${describeValue(y?.name)} after`,
            },
          ];
    }
    const changes: FieldChange[] = [];
    if (!sameWord(x.linkType, y.linkType))
      changes.push({
        field: 'linkType',
        before: x.linkType,
        after: y.linkType,
        words: `type ${x.linkType} before, ${y.linkType} after`,
      });
    for (const dof of ['u1', 'u2', 'u3', 'r1', 'r2', 'r3'] as const) {
      if (!closeOptional(x.stiffness[dof], y.stiffness[dof], this.tolerances.relative))
        changes.push({
          field: `stiffness.${dof}`,
          before: x.stiffness[dof],
          after: y.stiffness[dof],
          words: `${dof.toUpperCase()} stiffness ${describeValue(x.stiffness[dof])} before, ${describeValue(y.stiffness[dof])} after`,
        });
    }
    return changes;
  }

  /** Items scaled by name (a case's patterns, a combination's cases): lost, gained, or with another factor. */
  private scaledItemChanges(
    field: string,
    before: readonly { name: string; scale: number }[],
    after: readonly { name: string; scale: number }[],
    label: string,
  ): FieldChange[] {
    const sum = (items: readonly { name: string; scale: number }[]) => {
      const totals = new Map<string, { name: string; scale: number }>();
      for (const item of items) {
        const key = item.name.trim().toLowerCase();
        const total = totals.get(key);
        if (total) total.scale += item.scale;
        else totals.set(key, { name: item.name, scale: item.scale });
      }
      return totals;
    };
    const x = sum(before);
    const y = sum(after);
    const changes: FieldChange[] = [];
    for (const key of new Set([...x.keys(), ...y.keys()])) {
      const bItem = x.get(key);
      const aItem = y.get(key);
      const name = (bItem ?? aItem)?.name ?? key;
      if (bItem && aItem && close(bItem.scale, aItem.scale, this.tolerances.relative)) continue;
      changes.push({
        field: `${field}.${name}`,
        before: bItem?.scale,
        after: aItem?.scale,
        words: `${label} ${name} ${bItem ? formatValue(bItem.scale) : 'absent'} before, ${aItem ? formatValue(aItem.scale) : 'absent'} after`,
      });
    }
    return changes;
  }

  private nameOfCombinationItem(index: ModelIndex, item: LoadCombination['items'][number]): string {
    const named =
      item.kind === 'case'
        ? index.cases.get(item.id)
        : item.kind === 'combination'
          ? index.combinations.get(item.id)
          : index.patterns.get(item.id);
    return named?.name ?? item.id;
  }

  private patternIdsOf(x: LoadCase, y: LoadCase): string[] {
    return [...x.loads.map((item) => item.patternId), ...y.loads.map((item) => item.patternId)];
  }

  // Nodes ---------------------------------------------------------------------------------------------------

  private nodeLabel(node: Node): string {
    return `Node ${node.id} at (${formatValue(node.x)}, ${formatValue(node.y)}, ${formatValue(node.z)}) mm`;
  }

  private compareNodes(): void {
    const before = this.b.model.nodes;
    const after = this.a.model.nodes;
    this.countPairs(
      'nodes',
      'node',
      before,
      after,
      this.nodes,
      () => 'Node',
      (node) => this.nodeLabel(node),
    );
    for (const node of before) {
      const afterId = this.nodes.afterOf.get(node.id);
      if (afterId === undefined) continue;
      const other = this.a.nodes.get(afterId) as Node;
      const label = () => this.nodeLabel(node);

      const restraintChanges: FieldChange[] = [];
      for (const dof of DOF_NAMES) {
        const x = node.restraint?.[dof] ?? false;
        const y = other.restraint?.[dof] ?? false;
        if (x !== y)
          restraintChanges.push({
            field: `restraint.${dof}`,
            before: x,
            after: y,
            words: `${dof.toUpperCase()} ${x ? 'fixed' : 'free'} before, ${y ? 'fixed' : 'free'} after`,
          });
      }
      this.pushChanges('nodes', 'restraint', 'Node', node.id, afterId, label, restraintChanges, 'restraint');

      if (node.springPropertyId !== undefined || other.springPropertyId !== undefined) {
        const x =
          node.springPropertyId === undefined
            ? undefined
            : this.b.springProperties.get(node.springPropertyId);
        const y =
          other.springPropertyId === undefined
            ? undefined
            : this.a.springProperties.get(other.springPropertyId);
        this.pushChanges(
          'nodes',
          'spring',
          'Node',
          node.id,
          afterId,
          label,
          this.springChanges(x, y),
          'spring',
          [node.springPropertyId, other.springPropertyId],
        );
      }
      this.checkDiaphragm('nodes', node.id, afterId, node.diaphragmId, other.diaphragmId, label);
    }
  }

  /** Notes a node or area whose diaphragm is not the one its before diaphragm became; reported per diaphragm. */
  private checkDiaphragm(
    kind: FidelityKind,
    beforeId: string,
    afterId: string,
    beforeDiaphragm: string | undefined,
    afterDiaphragm: string | undefined,
    label: Label,
  ): void {
    const expected = beforeDiaphragm === undefined ? undefined : this.diaphragms.afterOf.get(beforeDiaphragm);
    if (beforeDiaphragm === undefined && afterDiaphragm === undefined) return;
    if (beforeDiaphragm !== undefined && expected !== undefined && expected === afterDiaphragm) return;
    this.bump(kind, 'diaphragm');
    const beforeName =
      beforeDiaphragm === undefined
        ? 'none'
        : (this.b.diaphragms.get(beforeDiaphragm)?.name ?? beforeDiaphragm);
    const afterName =
      afterDiaphragm === undefined ? 'none' : (this.a.diaphragms.get(afterDiaphragm)?.name ?? afterDiaphragm);
    for (const key of [
      beforeDiaphragm,
      afterDiaphragm === undefined
        ? undefined
        : (this.diaphragms.beforeOf.get(afterDiaphragm) ?? afterDiaphragm),
    ]) {
      if (key === undefined) continue;
      let entry = this.diaphragmAssignments.get(key);
      if (!entry)
        this.diaphragmAssignments.set(
          key,
          (entry = { ids: [], example: `${resolve(label)}: ${beforeName} before, ${afterName} after` }),
        );
      entry.ids.push(beforeId, afterId);
    }
  }

  private reportDiaphragmAssignments(): void {
    for (const [key, entry] of this.diaphragmAssignments) {
      const diaphragm = this.b.diaphragms.get(key) ?? this.a.diaphragms.get(key);
      const afterId = this.diaphragms.afterOf.get(key);
      const count = new Set(entry.ids).size;
      this.push({
        concept: 'diaphragm',
        change: 'changed',
        subject: 'Diaphragm',
        id: key,
        ...(afterId !== undefined && afterId !== key ? { afterId } : {}),
        ids: [key, ...(afterId !== undefined ? [afterId] : []), ...entry.ids],
        field: 'assignments',
        message: `Diaphragm ${diaphragm?.name ?? key}: the assignment of ${count === 2 ? 'one object' : `${Math.ceil(count / 2)} objects`} changed (e.g. ${entry.example})`,
      });
    }
  }

  // Elements ------------------------------------------------------------------------------------------------

  private elementLabel(element: Element, afterId?: string): string {
    const subject = SUBJECT_WORDS[element.type] ?? element.type;
    return afterId !== undefined && afterId !== element.id
      ? `${subject} ${element.id} (${afterId} after)`
      : `${subject} ${element.id}`;
  }

  private compareElements(matchedById: ReadonlySet<string>): void {
    const before = this.b.model.elements;
    const after = this.a.model.elements;
    for (const element of before) this.kind(ELEMENT_KIND[element.type]).before++;
    for (const element of after) this.kind(ELEMENT_KIND[element.type]).after++;
    for (const element of before) {
      const kind = ELEMENT_KIND[element.type];
      const afterId = this.elements.afterOf.get(element.id);
      if (afterId === undefined) {
        this.kind(kind).missing++;
        this.push({
          concept: 'element',
          change: 'missing',
          subject: element.type,
          id: element.id,
          ids: [element.id],
          message: `${this.elementLabel(element)}: in the model before, not after`,
        });
        continue;
      }
      this.kind(kind).matched++;
      this.compareElement(
        kind,
        element,
        this.a.elements.get(afterId) as Element,
        matchedById.has(element.id),
      );
    }
    for (const element of after) {
      if (this.elements.beforeOf.has(element.id)) continue;
      this.kind(ELEMENT_KIND[element.type]).added++;
      this.push({
        concept: 'element',
        change: 'added',
        subject: element.type,
        id: element.id,
        ids: [element.id],
        message: `${this.elementLabel(element)}: not in the model before, in it after`,
      });
    }
  }

  private compareElement(kind: FidelityKind, x: Element, y: Element, matchedById: boolean): void {
    const label = () => this.elementLabel(x, y.id);
    const elementChanges: FieldChange[] = [];
    if (x.type !== y.type)
      elementChanges.push({
        field: 'type',
        before: x.type,
        after: y.type,
        words: `a ${x.type.toLowerCase()} before, a ${y.type.toLowerCase()} after`,
      });
    if (matchedById) {
      const mapped = elementNodeIds(x).map((id) => this.nodes.afterOf.get(id) ?? `?${id}`);
      const actual = elementNodeIds(y);
      if ([...mapped].sort().join('\u0000') !== [...actual].sort().join('\u0000'))
        elementChanges.push({
          field: 'nodes',
          before: elementNodeIds(x),
          after: actual,
          words: `on nodes ${elementNodeIds(x).join(', ')} before, ${actual.join(', ')} after (not the same places)`,
        });
    }
    this.pushChanges(kind, 'element', x.type, x.id, y.id, label, elementChanges, 'element');

    this.compareSection(kind, x, y, label);
    this.compareMaterial(kind, x, y, label);
    if ((isFrameElement(x) || x.type === 'Cable') && (isFrameElement(y) || y.type === 'Cable')) {
      const swapped =
        this.nodes.afterOf.get(x.startNodeId) === y.endNodeId &&
        this.nodes.afterOf.get(x.endNodeId) === y.startNodeId &&
        y.startNodeId !== y.endNodeId;
      if (swapped) {
        this.swapped.add(x.id);
        this.pushChanges(
          kind,
          'endOrder',
          x.type,
          x.id,
          y.id,
          label,
          [
            {
              field: 'endOrder',
              before: [x.startNodeId, x.endNodeId],
              after: [y.startNodeId, y.endNodeId],
              words: 'ends i and j swapped (the member runs the other way)',
            },
          ],
          'endOrder',
        );
      }
      if (isFrameElement(x) && isFrameElement(y)) this.compareFrame(kind, x, y, label, swapped);
    }
    if (isAreaElement(x) && isAreaElement(y)) {
      this.compareAngle(kind, x.type, x.id, y.id, label, x.orientationAngle, y.orientationAngle);
      this.compareModifiers(kind, x, y, label);
      if (x.type !== 'Opening') this.checkDiaphragm(kind, x.id, y.id, x.diaphragmId, y.diaphragmId, label);
    }
    if (x.type === 'Link' && y.type === 'Link') {
      const changes = this.linkCache.get(x.linkPropertyId, y.linkPropertyId, () =>
        this.linkPropertyChanges(
          x.linkPropertyId === undefined ? undefined : this.b.linkProperties.get(x.linkPropertyId),
          y.linkPropertyId === undefined ? undefined : this.a.linkProperties.get(y.linkPropertyId),
        ),
      );
      this.pushChanges(kind, 'link', x.type, x.id, y.id, label, changes, 'linkProperty', [
        x.linkPropertyId,
        y.linkPropertyId,
      ]);
    }
  }

  private compareSection(kind: FidelityKind, x: Element, y: Element, label: Label): void {
    if (!KIND_ASPECTS[kind].includes('section')) return;
    const beforeId = 'profileId' in x ? x.profileId : undefined;
    const afterId = 'profileId' in y ? y.profileId : undefined;
    if (beforeId === undefined && afterId === undefined) return;
    const changes = this.profileCache.get(beforeId, afterId, () => {
      const beforeProfile = beforeId === undefined ? undefined : this.b.profiles.get(beforeId);
      const afterProfile = afterId === undefined ? undefined : this.a.profiles.get(afterId);
      return beforeProfile && afterProfile
        ? profileChanges(beforeProfile, afterProfile, this.tolerances.relative).map((change) => ({
            ...change,
            words: `section ${beforeProfile.name} ${change.words}`,
          }))
        : [
            {
              field: 'profileId',
              before: beforeProfile?.name ?? beforeId,
              after: afterProfile?.name ?? afterId,
              words: `section ${describeValue(beforeProfile?.name ?? beforeId)} before, ${describeValue(afterProfile?.name ?? afterId)} after`,
            },
          ];
    });
    this.pushChanges(kind, 'section', x.type, x.id, y.id, label, changes, 'section', [beforeId, afterId]);
  }

  private compareMaterial(kind: FidelityKind, x: Element, y: Element, label: Label): void {
    if (!KIND_ASPECTS[kind].includes('material')) return;
    const beforeId = this.effectiveMaterialId(x, this.b);
    const afterId = this.effectiveMaterialId(y, this.a);
    if (beforeId === undefined && afterId === undefined) return;
    const changes = this.materialCache.get(beforeId, afterId, () => {
      const beforeMaterial = beforeId === undefined ? undefined : this.b.materials.get(beforeId);
      const afterMaterial = afterId === undefined ? undefined : this.a.materials.get(afterId);
      return beforeMaterial && afterMaterial
        ? materialChanges(beforeMaterial, afterMaterial, this.tolerances.relative).map((change) => ({
            ...change,
            words: `material ${beforeMaterial.name} ${change.words}`,
          }))
        : [
            {
              field: 'materialId',
              before: beforeMaterial?.name ?? beforeId,
              after: afterMaterial?.name ?? afterId,
              words: `material ${describeValue(beforeMaterial?.name ?? beforeId)} before, ${describeValue(afterMaterial?.name ?? afterId)} after`,
            },
          ];
    });
    // The profiles too: a material that comes through a section is explained by an item naming that section.
    const profiles = ['profileId' in x ? x.profileId : undefined, 'profileId' in y ? y.profileId : undefined];
    this.pushChanges(kind, 'material', x.type, x.id, y.id, label, changes, 'material', [
      beforeId,
      afterId,
      ...profiles,
    ]);
  }

  private compareFrame(
    kind: FidelityKind,
    x: FrameElement,
    y: FrameElement,
    label: Label,
    swapped: boolean,
  ): void {
    // With the ends swapped, the after member's end j is the before member's end i.
    const [yi, yj] = swapped ? (['j', 'i'] as const) : (['i', 'j'] as const);
    const none: Releases = { type: 'Releases', i: noEndReleases(), j: noEndReleases() };
    const xr = x.releases ?? none;
    const yr = y.releases ?? none;
    const releaseChanges: FieldChange[] = [];
    for (const [end, otherEnd] of [
      ['i', yi],
      ['j', yj],
    ] as const) {
      const xe: EndReleases = xr[end];
      const ye: EndReleases = yr[otherEnd];
      for (const dof of END_RELEASE_NAMES) {
        if (xe[dof] !== ye[dof])
          releaseChanges.push({
            field: `releases.${end}.${dof}`,
            before: xe[dof],
            after: ye[dof],
            words: `end ${end} ${RELEASE_WORDS[dof]} ${xe[dof] ? 'released' : 'fixed'} before, ${ye[dof] ? 'released' : 'fixed'} after`,
          });
      }
    }
    this.pushChanges(kind, 'release', x.type, x.id, y.id, label, releaseChanges, 'releases');

    const offsetChanges: FieldChange[] = [];
    const xo = x.endOffsets ?? { i: 0, j: 0 };
    const yo = y.endOffsets ?? { i: 0, j: 0 };
    for (const [end, otherEnd] of [
      ['i', yi],
      ['j', yj],
    ] as const) {
      if (!closeLength(xo[end], yo[otherEnd], this.tolerances))
        offsetChanges.push({
          field: `endOffsets.${end}`,
          before: xo[end],
          after: yo[otherEnd],
          words: `end ${end} length offset ${formatValue(xo[end])} mm before, ${formatValue(yo[otherEnd])} mm after`,
        });
    }
    const origin = { x: 0, y: 0, z: 0 };
    const xs = x.insertionOffsets ?? { i: origin, j: origin };
    const ys = y.insertionOffsets ?? { i: origin, j: origin };
    for (const [end, otherEnd] of [
      ['i', yi],
      ['j', yj],
    ] as const) {
      for (const axis of ['x', 'y', 'z'] as const) {
        if (!closeLength(xs[end][axis], ys[otherEnd][axis], this.tolerances))
          offsetChanges.push({
            field: `insertionOffsets.${end}.${axis}`,
            before: xs[end][axis],
            after: ys[otherEnd][axis],
            words: `end ${end} insertion offset ${axis.toUpperCase()} ${formatValue(xs[end][axis])} mm before, ${formatValue(ys[otherEnd][axis])} mm after`,
          });
      }
    }
    this.pushChanges(kind, 'offset', x.type, x.id, y.id, label, offsetChanges, 'offsets');

    const xz = x.rigidZoneFactor ?? 0;
    const yz = y.rigidZoneFactor ?? 0;
    if (!close(xz, yz, this.tolerances.relative))
      this.pushChanges(
        kind,
        'rigidZone',
        x.type,
        x.id,
        y.id,
        label,
        [
          {
            field: 'rigidZoneFactor',
            before: xz,
            after: yz,
            words: `rigid zone factor ${formatValue(xz)} before, ${formatValue(yz)} after`,
          },
        ],
        'rigidZoneFactor',
      );

    const xc = x.cardinalPoint ?? 10;
    const yc = y.cardinalPoint ?? 10;
    if (xc !== yc)
      this.pushChanges(
        kind,
        'cardinalPoint',
        x.type,
        x.id,
        y.id,
        label,
        [
          {
            field: 'cardinalPoint',
            before: xc,
            after: yc,
            words: `cardinal point ${xc} before, ${yc} after`,
          },
        ],
        'cardinalPoint',
      );

    this.compareAngle(kind, x.type, x.id, y.id, label, x.orientationAngle, y.orientationAngle);
    this.compareModifiers(kind, x, y, label);
  }

  private compareAngle(
    kind: FidelityKind,
    subject: string,
    beforeId: string,
    afterId: string,
    label: Label,
    before: number | undefined,
    after: number | undefined,
  ): void {
    const x = before ?? 0;
    const y = after ?? 0;
    const turn = ((((x - y) % 360) + 540) % 360) - 180;
    if (Math.abs(turn) <= 1e-6) return;
    this.pushChanges(
      kind,
      'localAxis',
      'Element',
      beforeId,
      afterId,
      label,
      [
        {
          field: 'orientationAngle',
          before: x,
          after: y,
          words: `local axis angle ${formatValue(x)}° before, ${formatValue(y)}° after`,
        },
      ],
      'orientationAngle',
    );
  }

  /** Stiffness modifiers, whatever their fields: a factor not stated is 1. */
  private compareModifiers(kind: FidelityKind, x: Element, y: Element, label: Label): void {
    const xm = (x as { modifiers?: Record<string, unknown> }).modifiers;
    const ym = (y as { modifiers?: Record<string, unknown> }).modifiers;
    if (xm === undefined && ym === undefined) return;
    const changes: FieldChange[] = [];
    for (const key of new Set([...Object.keys(xm ?? {}), ...Object.keys(ym ?? {})])) {
      const before = xm?.[key] ?? 1;
      const after = ym?.[key] ?? 1;
      if (typeof before === 'number' && typeof after === 'number') {
        if (!close(before, after, this.tolerances.relative))
          changes.push({
            field: `modifiers.${key}`,
            before,
            after,
            words: `${key} modifier ${formatValue(before)} before, ${formatValue(after)} after`,
          });
      } else {
        changes.push(
          ...deepChanges(before, after, `modifiers.${key}`, (a, b) => close(a, b, this.tolerances.relative)),
        );
      }
    }
    this.pushChanges(kind, 'modifier', x.type, x.id, y.id, label, changes, 'modifiers');
  }

  // Loads ---------------------------------------------------------------------------------------------------

  /** Pattern names, the after model's in the before model's words, so resultants line up. */
  private beforePatternName(patternId: string): string {
    return this.b.patterns.get(patternId)?.name ?? patternId;
  }

  private afterPatternName(patternId: string): string {
    const beforeId = this.patterns.beforeOf.get(patternId);
    return beforeId !== undefined
      ? this.beforePatternName(beforeId)
      : (this.a.patterns.get(patternId)?.name ?? patternId);
  }

  private computeResultants(): Map<string, PatternResultant> {
    const relative = this.tolerances.relative;
    const before = resultantsByPattern(this.b.model, this.b.geometry, (id) => this.beforePatternName(id));
    // A load on a matched object is measured on the before object, mirrored when the member was turned round.
    const after = resultantsByPattern(
      this.a.model,
      this.a.geometry,
      (id) => this.afterPatternName(id),
      (load) => {
        const beforeElementId = this.elements.beforeOf.get(load.elementId);
        if (beforeElementId === undefined) return undefined;
        const turned =
          load.type === 'LinearLoad' && load.direction === '1' && this.swapped.has(beforeElementId);
        const measured =
          load.type === 'LinearLoad' && turned
            ? { ...load, elementId: beforeElementId, distribution: negated(load.distribution) }
            : { ...load, elementId: beforeElementId };
        return { geometry: this.b.geometry, load: measured };
      },
    );
    const resultants = new Map<string, PatternResultant>();
    for (const pattern of new Set([...before.keys(), ...after.keys()])) {
      const x = before.get(pattern) ?? emptyResultant();
      const y = after.get(pattern) ?? emptyResultant();
      resultants.set(pattern, { pattern, before: x, after: y, identical: sameResultant(x, y, relative) });
    }
    return resultants;
  }

  /** One difference per pattern whose total changed, naming the loads of that pattern that differ. */
  private reportResultants(
    resultants: ReadonlyMap<string, PatternResultant>,
    loadIdsByPattern: ReadonlyMap<string, string[]>,
  ): void {
    for (const { pattern, before: x, after: y, identical } of resultants.values()) {
      if (identical) continue;
      const beforePattern = this.b.model.loadPatterns.find((item) => item.name === pattern);
      const afterPatternId = beforePattern
        ? this.patterns.afterOf.get(beforePattern.id)
        : this.a.model.loadPatterns.find((item) => item.name === pattern)?.id;
      const id = beforePattern?.id ?? afterPatternId ?? pattern;
      this.push({
        concept: 'load',
        change: 'changed',
        subject: 'LoadPattern',
        id,
        ...(afterPatternId !== undefined && afterPatternId !== id ? { afterId: afterPatternId } : {}),
        ids: [
          id,
          ...(afterPatternId !== undefined ? [afterPatternId] : []),
          ...(loadIdsByPattern.get(pattern) ?? []),
        ],
        field: 'resultant',
        before: x,
        after: y,
        message: `Load pattern ${pattern}: total load ${describeResultant(x)} before, ${describeResultant(y)} after`,
      });
    }
  }

  private loadTarget(load: Load): string {
    return load.type === 'PointLoad' ? load.nodeId : load.elementId;
  }

  private loadLabel(load: Load, index: ModelIndex, patternName: string): string {
    const targetId = this.loadTarget(load);
    const target =
      load.type === 'PointLoad'
        ? `Node ${targetId}`
        : `${SUBJECT_WORDS[index.elements.get(targetId)?.type ?? ''] ?? index.elements.get(targetId)?.type ?? 'element'} ${targetId}`;
    return `${SUBJECT_WORDS[load.type]} ${load.id} on ${target} (pattern ${patternName})`;
  }

  /** Pairs and compares loads; returns, per pattern name, the ids of the loads that differ. */
  private compareLoads(resultants: ReadonlyMap<string, PatternResultant>): Map<string, string[]> {
    const context: LoadContext = {
      relative: this.tolerances.relative,
      position: this.tolerances.position,
      before: this.b.geometry,
      after: this.a.geometry,
      isSwapped: (id) => this.swapped.has(id),
      afterElementOf: (id) => this.elements.afterOf.get(id),
    };
    const afterTarget = (load: Load) =>
      load.type === 'PointLoad'
        ? this.nodes.afterOf.get(load.nodeId)
        : this.elements.afterOf.get(load.elementId);
    const groupKey = (target: string, patternId: string, type: string) =>
      `${type}\u0000${target}\u0000${patternId}`;
    const afterLoads = this.a.model.loads;
    const afterGroups = new Map<string, number[]>();
    afterLoads.forEach((load, index) => {
      const key = groupKey(this.loadTarget(load), load.patternId, load.type);
      const list = afterGroups.get(key);
      if (list) list.push(index);
      else afterGroups.set(key, [index]);
    });
    const taken = new Uint8Array(afterLoads.length);
    const pairing = new Pairing();
    const unpaired: { load: Load; key: string | undefined }[] = [];
    for (const load of this.b.model.loads) {
      this.kind(LOAD_KIND[load.type]).before++;
      const target = afterTarget(load);
      const pattern = this.patterns.afterOf.get(load.patternId);
      const key =
        target === undefined || pattern === undefined ? undefined : groupKey(target, pattern, load.type);
      const candidates = key === undefined ? undefined : afterGroups.get(key);
      const equal = candidates?.find(
        (index) => taken[index] === 0 && loadChanges(load, afterLoads[index] as Load, context).length === 0,
      );
      if (equal !== undefined) {
        taken[equal] = 1;
        pairing.add(load.id, (afterLoads[equal] as Load).id);
      } else {
        unpaired.push({ load, key });
      }
    }
    for (const load of afterLoads) this.kind(LOAD_KIND[load.type]).after++;

    const differing = new Map<string, string[]>();
    const noteDiffering = (patternName: string, ids: readonly (string | undefined)[]) => {
      let list = differing.get(patternName);
      if (!list) differing.set(patternName, (list = []));
      for (const id of ids) if (id !== undefined) list.push(id);
    };
    const resultantNote = (patternName: string) =>
      resultants.get(patternName)?.identical === true
        ? ` (the pattern's total load is unchanged: redistributed, not lost)`
        : '';
    const missing: Load[] = [];
    // The same object and pattern with other values: one load changed.
    for (const { load, key } of unpaired) {
      const index =
        key === undefined ? undefined : afterGroups.get(key)?.find((candidate) => taken[candidate] === 0);
      if (index === undefined) {
        missing.push(load);
        continue;
      }
      taken[index] = 1;
      const other = afterLoads[index] as Load;
      pairing.add(load.id, other.id);
      const kind = LOAD_KIND[load.type];
      const patternName = this.beforePatternName(load.patternId);
      const changes = loadChanges(load, other, context);
      const targetAfter = afterTarget(load);
      noteDiffering(patternName, [load.id, other.id, this.loadTarget(load), targetAfter]);
      this.pushChanges(
        kind,
        'load',
        load.type,
        load.id,
        other.id,
        this.loadLabel(load, this.b, patternName),
        changes.map((change, position) =>
          position === changes.length - 1
            ? { ...change, words: `${change.words}${resultantNote(patternName)}` }
            : change,
        ),
        'values',
        [this.loadTarget(load), targetAfter, load.patternId, other.patternId],
      );
    }
    // The same object and values in another pattern: a load moved between patterns.
    let afterByTarget: Map<string, number[]> | undefined;
    const stillMissing: Load[] = [];
    for (const load of missing) {
      const target = afterTarget(load);
      if (target === undefined) {
        stillMissing.push(load);
        continue;
      }
      if (!afterByTarget) {
        afterByTarget = new Map();
        afterLoads.forEach((candidate, index) => {
          if (taken[index] === 1) return;
          const key = `${candidate.type}\u0000${this.loadTarget(candidate)}`;
          const list = afterByTarget?.get(key);
          if (list) list.push(index);
          else afterByTarget?.set(key, [index]);
        });
      }
      const index = afterByTarget
        .get(`${load.type}\u0000${target}`)
        ?.find(
          (candidate) =>
            taken[candidate] === 0 && loadChanges(load, afterLoads[candidate] as Load, context).length === 0,
        );
      if (index === undefined) {
        stillMissing.push(load);
        continue;
      }
      taken[index] = 1;
      const other = afterLoads[index] as Load;
      pairing.add(load.id, other.id);
      const beforePattern = this.beforePatternName(load.patternId);
      const afterPattern = this.afterPatternName(other.patternId);
      noteDiffering(beforePattern, [load.id, other.id, this.loadTarget(load), target]);
      noteDiffering(afterPattern, [load.id, other.id, this.loadTarget(load), target]);
      this.pushChanges(
        LOAD_KIND[load.type],
        'load',
        load.type,
        load.id,
        other.id,
        this.loadLabel(load, this.b, beforePattern),
        [
          {
            field: 'patternId',
            before: beforePattern,
            after: afterPattern,
            words: `in pattern ${beforePattern} before, ${afterPattern} after`,
          },
        ],
        'patternId',
        [this.loadTarget(load), target, load.patternId, other.patternId],
      );
    }
    for (const load of stillMissing) {
      const kind = LOAD_KIND[load.type];
      this.kind(kind).missing++;
      const patternName = this.beforePatternName(load.patternId);
      const reason =
        afterTarget(load) === undefined
          ? ' (the object it is on is not in the model after)'
          : this.patterns.afterOf.has(load.patternId)
            ? ''
            : ' (its pattern is not in the model after)';
      noteDiffering(patternName, [load.id, this.loadTarget(load)]);
      this.push({
        concept: 'load',
        change: 'missing',
        subject: load.type,
        id: load.id,
        ids: [load.id, this.loadTarget(load), load.patternId],
        message: `${this.loadLabel(load, this.b, patternName)}: in the model before, not after${reason}${resultantNote(patternName)}`,
      });
    }
    afterLoads.forEach((load, index) => {
      if (taken[index] === 1) return;
      const kind = LOAD_KIND[load.type];
      this.kind(kind).added++;
      const patternName = this.afterPatternName(load.patternId);
      noteDiffering(patternName, [load.id, this.loadTarget(load)]);
      this.push({
        concept: 'load',
        change: 'added',
        subject: load.type,
        id: load.id,
        ids: [load.id, this.loadTarget(load), load.patternId],
        message: `${this.loadLabel(load, this.a, patternName)}: not in the model before, in it after${resultantNote(patternName)}`,
      });
    });
    for (const kind of ['pointLoads', 'lineLoads', 'areaLoads'] as const) {
      const summary = this.kind(kind);
      summary.matched = summary.before - summary.missing;
    }
    this.loads = pairing;
    return differing;
  }

  // Groups --------------------------------------------------------------------------------------------------

  private compareGroups(): void {
    const before = this.b.model.groups;
    const after = this.a.model.groups;
    const pairing = pairByName(before, after).pairing;
    this.countPairs(
      'groups',
      'group',
      before,
      after,
      pairing,
      () => 'Group',
      (group) => `Group ${group.name || group.id}`,
    );
    const afterGroups = byId(after);
    const pairingOf = { node: this.nodes, element: this.elements, load: this.loads } as const;
    for (const group of before) {
      const afterId = pairing.afterOf.get(group.id);
      if (afterId === undefined) continue;
      const other = afterGroups.get(afterId) as Group;
      const expected = new Map<string, string>();
      for (const member of group.members) {
        const mapped = pairingOf[member.kind].afterOf.get(member.id);
        expected.set(
          mapped === undefined ? `lost\u0000${member.id}` : `${member.kind}\u0000${mapped}`,
          member.id,
        );
      }
      const actual = new Set(other.members.map((member) => `${member.kind}\u0000${member.id}`));
      const lost = [...expected].filter(([key]) => !actual.has(key)).map(([, id]) => id);
      const gained = other.members
        .filter((member) => !expected.has(`${member.kind}\u0000${member.id}`))
        .map((member) => member.id);
      if (lost.length === 0 && gained.length === 0) continue;
      const words: string[] = [];
      if (lost.length > 0)
        words.push(`${lost.length} member${lost.length === 1 ? '' : 's'} lost (${examples(lost)})`);
      if (gained.length > 0)
        words.push(`${gained.length} member${gained.length === 1 ? '' : 's'} gained (${examples(gained)})`);
      this.bump('groups', 'group');
      this.push({
        concept: 'group',
        change: 'changed',
        subject: 'Group',
        id: group.id,
        ...(afterId !== group.id ? { afterId } : {}),
        ids: [group.id, afterId, ...lost, ...gained],
        field: 'members',
        before: lost,
        after: gained,
        message: `Group ${group.name || group.id}: ${words.join('; ')}`,
      });
    }
  }
}

function examples(ids: readonly string[]): string {
  return ids.length <= 5 ? ids.join(', ') : `${ids.slice(0, 5).join(', ')}, …`;
}

const BASE_FIELDS = new Set(['id', 'name', 'source', 'attributes', 'type']);
const CASE_FIELDS = new Set([...BASE_FIELDS, 'caseType', 'loads']);

/** The fields of a definition the oracle compares generically: everything but identity and source data. */
function definitionFields(item: object, skip: ReadonlySet<string>): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(item)) if (!skip.has(key)) fields[key] = value;
  return fields;
}

/**
 * A section or material paired by its content under another name: engineers find sections by name (schedules,
 * drawings, design groups), so a renamed one is a difference the writer must report.
 */
function nameChanges(before: NamedObject, after: NamedObject): FieldChange[] {
  if (before.name === after.name) return [];
  return [
    {
      field: 'name',
      before: before.name,
      after: after.name,
      words: `named "${before.name}" before, "${after.name}" after`,
    },
  ];
}
