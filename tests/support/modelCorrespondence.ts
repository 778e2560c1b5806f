import type {
  Element,
  LinearLoad,
  Load,
  Model,
  Node,
  Profile,
  Releases,
  Restraint,
  SectionShape,
} from '../../src/engine/schema';
import { DOF_NAMES, END_RELEASE_NAMES, isFrameElement } from '../../src/engine/schema';

/**
 * Compares a model with the model it became after a trip through other formats, by what an engineer would check:
 * where the nodes are, what connects to what, and the sections, materials, supports, releases and loads. Ids may
 * change on the way (ETABS `label@story` becomes a SAP joint name, and back), so nodes are matched by position and
 * elements by the nodes they join; named definitions (sections, materials, patterns) keep their names.
 */

export const ASPECTS = [
  'nodes',
  'connectivity',
  'elementTypes',
  'sections',
  'materials',
  'restraints',
  'springs',
  'releases',
  'frameAssignments',
  'loads',
] as const;
export type Aspect = (typeof ASPECTS)[number];

/** One thing that did not survive: which object (its id in the original model), which field, before and after. */
export interface Difference {
  aspect: Aspect;
  object: string;
  field: string;
  before: unknown;
  after: unknown;
}

/** 1e-6 relative, as issue #3 asks; `scale` gives a size to values that are zero on one side. */
export const RELATIVE_TOLERANCE = 1e-6;

export function sameNumber(before: number | undefined, after: number | undefined, scale = 0): boolean {
  if (before === undefined || after === undefined) return before === after;
  return Math.abs(before - after) <= RELATIVE_TOLERANCE * Math.max(Math.abs(before), Math.abs(after), scale);
}

type Family = 'frame' | 'area' | 'cable' | 'link' | 'component' | 'foundation' | 'geo';

function familyOf(element: Element): Family {
  switch (element.type) {
    case 'Beam':
    case 'Column':
    case 'Brace':
      return 'frame';
    case 'Floor':
    case 'Wall':
    case 'Area':
    case 'Opening':
      return 'area';
    case 'Cable':
      return 'cable';
    case 'Link':
      return 'link';
    case 'Component':
      return 'component';
    case 'Foundation':
      return 'foundation';
    case 'GeoElement':
      return 'geo';
  }
}

export function elementNodeIds(element: Element): string[] {
  if ('nodeIds' in element) return element.nodeIds;
  if (element.type === 'Link')
    return element.endNodeId ? [element.startNodeId, element.endNodeId] : [element.startNodeId];
  if ('startNodeId' in element) return [element.startNodeId, element.endNodeId];
  return [];
}

/** The model's size: the largest absolute coordinate, at least 1 mm. Positions are compared relative to it. */
export function modelScale(model: Model): number {
  let scale = 1;
  for (const node of model.nodes)
    scale = Math.max(scale, Math.abs(node.x), Math.abs(node.y), Math.abs(node.z));
  return scale;
}

/** Nodes by position, in cells a few tolerances wide, so matching 5,000 nodes is not 25 million comparisons. */
class NodeIndex {
  private readonly cells = new Map<string, Node[]>();
  private readonly cell: number;

  constructor(
    nodes: readonly Node[],
    private readonly tolerance: number,
  ) {
    this.cell = tolerance * 4;
    for (const node of nodes) {
      const key = this.key(node.x, node.y, node.z);
      const list = this.cells.get(key);
      if (list) list.push(node);
      else this.cells.set(key, [node]);
    }
  }

  near(node: Node): Node[] {
    const found: Node[] = [];
    const [cx, cy, cz] = [node.x, node.y, node.z].map((value) => Math.floor(value / this.cell)) as [
      number,
      number,
      number,
    ];
    for (let dx = -1; dx <= 1; dx++) {
      for (let dy = -1; dy <= 1; dy++) {
        for (let dz = -1; dz <= 1; dz++) {
          for (const candidate of this.cells.get(`${cx + dx},${cy + dy},${cz + dz}`) ?? []) {
            if (
              Math.abs(candidate.x - node.x) <= this.tolerance &&
              Math.abs(candidate.y - node.y) <= this.tolerance &&
              Math.abs(candidate.z - node.z) <= this.tolerance
            ) {
              found.push(candidate);
            }
          }
        }
      }
    }
    return found;
  }

  private key(x: number, y: number, z: number): string {
    return `${Math.floor(x / this.cell)},${Math.floor(y / this.cell)},${Math.floor(z / this.cell)}`;
  }
}

/** Whether `after` is plausibly `before` renamed by a trip: same id, or the old id kept as its name. */
function sameIdentity(before: { id: string; name: string }, after: { id: string; name: string }): boolean {
  return after.id === before.id || after.name === before.id || after.name === before.name;
}

export interface Correspondence {
  /** Original node id → node after the trip. */
  nodes: Map<string, Node>;
  /** Original element id → element after the trip. */
  elements: Map<string, Element>;
  differences: Difference[];
}

export interface CompareOptions {
  /** Elements the intermediate format cannot carry; they, and nodes and loads only they use, are not compared. */
  excluded?: (element: Element) => boolean;
}

/** Every difference between `before` and `after` in the aspects above. */
export function compareModels(before: Model, after: Model, options: CompareOptions = {}): Correspondence {
  const differences: Difference[] = [];
  const differ = (aspect: Aspect, object: string, field: string, was: unknown, now: unknown) =>
    differences.push({ aspect, object, field, before: was, after: now });

  const excludedElements = new Set(
    before.elements.filter((element) => options.excluded?.(element) ?? false).map((element) => element.id),
  );
  const keptElements = before.elements.filter((element) => !excludedElements.has(element.id));
  const usedByKept = new Set(keptElements.flatMap(elementNodeIds));
  const usedByExcluded = new Set(
    before.elements.filter((element) => excludedElements.has(element.id)).flatMap(elementNodeIds),
  );
  const loadedNodes = new Set(
    before.loads.flatMap((load) => (load.type === 'PointLoad' ? [load.nodeId] : [])),
  );
  const keptNodes = before.nodes.filter(
    (node) =>
      !usedByExcluded.has(node.id) ||
      usedByKept.has(node.id) ||
      node.restraint !== undefined ||
      node.springPropertyId !== undefined ||
      loadedNodes.has(node.id),
  );

  // Nodes: by position; among coincident candidates, the one that kept the original's identity.
  const scale = Math.max(modelScale(before), modelScale(after));
  const index = new NodeIndex(after.nodes, RELATIVE_TOLERANCE * scale);
  const nodeMap = new Map<string, Node>();
  const usedAfter = new Set<string>();
  for (const node of keptNodes) {
    const candidates = index.near(node).filter((candidate) => !usedAfter.has(candidate.id));
    const match = candidates.find((candidate) => sameIdentity(node, candidate)) ?? candidates[0];
    if (!match) {
      differ('nodes', node.id, 'position', [node.x, node.y, node.z], 'no node there');
      continue;
    }
    nodeMap.set(node.id, match);
    usedAfter.add(match.id);
  }
  for (const node of after.nodes) {
    if (!usedAfter.has(node.id)) differ('nodes', node.id, 'extra node', undefined, [node.x, node.y, node.z]);
  }

  const nodesBefore = new Map(before.nodes.map((node) => [node.id, node]));
  const springsBefore = new Map(before.springProperties.map((spring) => [spring.id, spring]));
  const springsAfter = new Map(after.springProperties.map((spring) => [spring.id, spring]));
  for (const [id, match] of nodeMap) {
    const node = nodesBefore.get(id);
    if (!node) continue;
    if (!sameRestraint(node.restraint, match.restraint)) {
      differ('restraints', id, 'restraint', node.restraint, match.restraint);
    }
    // Springs by stiffness, not by property name: a tool may share one property or write one per joint.
    const springBefore =
      node.springPropertyId === undefined ? undefined : springsBefore.get(node.springPropertyId);
    const springAfter =
      match.springPropertyId === undefined ? undefined : springsAfter.get(match.springPropertyId);
    const stiffness = (spring: typeof springBefore) => DOF_NAMES.map((dof) => spring?.[dof] ?? 0);
    const was = stiffness(springBefore);
    const now = stiffness(springAfter);
    const scale = Math.max(...was.map(Math.abs));
    if (was.some((value, dof) => !sameNumber(value, now[dof], scale))) {
      differ('springs', id, 'spring stiffness', was, now);
    }
  }

  // Elements: by family and the (matched) nodes they join, in order.
  const byConnection = new Map<string, Element[]>();
  for (const element of after.elements) {
    const key = `${familyOf(element)}:${elementNodeIds(element).join('\u0000')}`;
    const list = byConnection.get(key);
    if (list) list.push(element);
    else byConnection.set(key, [element]);
  }
  const elementMap = new Map<string, Element>();
  const matchedAfter = new Set<Element>();
  for (const element of keptElements) {
    const mapped = elementNodeIds(element).map((nodeId) => nodeMap.get(nodeId)?.id);
    const candidates = mapped.every((id) => id !== undefined)
      ? (byConnection.get(`${familyOf(element)}:${mapped.join('\u0000')}`) ?? []).filter(
          (candidate) => !matchedAfter.has(candidate),
        )
      : [];
    const match = candidates.find((candidate) => sameIdentity(element, candidate)) ?? candidates[0];
    if (!match) {
      differ('connectivity', element.id, `${element.type} nodes`, elementNodeIds(element), 'no such element');
      continue;
    }
    elementMap.set(element.id, match);
    matchedAfter.add(match);
  }
  for (const element of after.elements) {
    if (!matchedAfter.has(element))
      differ('connectivity', element.id, 'extra element', undefined, element.type);
  }

  const profilesBefore = new Map(before.profiles.map((profile) => [profile.id, profile]));
  const profilesAfter = new Map(after.profiles.map((profile) => [profile.id, profile]));
  for (const [id, match] of elementMap) {
    const element = before.elements.find((candidate) => candidate.id === id);
    if (!element) continue;
    if (element.type !== match.type) differ('elementTypes', id, 'type', element.type, match.type);
    const profileBefore = 'profileId' in element ? element.profileId : undefined;
    const profileAfter = 'profileId' in match ? match.profileId : undefined;
    if (profileBefore !== profileAfter) differ('sections', id, 'profileId', profileBefore, profileAfter);
    const materialBefore = 'materialId' in element ? element.materialId : undefined;
    const materialAfter = 'materialId' in match ? match.materialId : undefined;
    if (materialBefore !== materialAfter)
      differ('materials', id, 'element materialId', materialBefore, materialAfter);
    for (const [field, was, now] of frameAssignmentDifferences(element, match)) {
      differ('frameAssignments', id, field, was, now);
    }
    if ('releases' in element || 'releases' in match) {
      const releasesBefore = 'releases' in element ? element.releases : undefined;
      const releasesAfter = 'releases' in match ? match.releases : undefined;
      if (!sameReleases(releasesBefore, releasesAfter))
        differ('releases', id, 'releases', releasesBefore, releasesAfter);
    }
  }

  for (const profile of before.profiles) {
    const match = profilesAfter.get(profile.id);
    if (!match) {
      differ('sections', profile.id, 'profile', profile.kind, 'missing');
      continue;
    }
    for (const [field, was, now] of profileFieldDifferences(profile, match))
      differ('sections', profile.id, field, was, now);
  }
  for (const profile of after.profiles) {
    if (!profilesBefore.has(profile.id))
      differ('sections', profile.id, 'extra profile', undefined, profile.kind);
  }

  const materialsAfter = new Map(after.materials.map((material) => [material.id, material]));
  for (const material of before.materials) {
    const match = materialsAfter.get(material.id);
    if (!match) {
      differ('materials', material.id, 'material', material.kind, 'missing');
      continue;
    }
    for (const field of ['kind', 'grade'] as const) {
      if (material[field] !== match[field])
        differ('materials', material.id, field, material[field], match[field]);
    }
    for (const field of [
      'elasticModulus',
      'poissonRatio',
      'shearModulus',
      'thermalCoefficient',
      'unitWeight',
      'massDensity',
      'fy',
      'fu',
      'fc',
    ] as const) {
      if (!sameNumber(material[field], match[field]))
        differ('materials', material.id, field, material[field], match[field]);
    }
  }
  for (const material of after.materials) {
    if (!before.materials.some((candidate) => candidate.id === material.id)) {
      differ('materials', material.id, 'extra material', undefined, material.kind);
    }
  }

  compareLoads(before, after, nodeMap, elementMap, excludedElements, differ);
  return { nodes: nodeMap, elements: elementMap, differences };
}

function sameRestraint(before: Restraint | undefined, after: Restraint | undefined): boolean {
  return DOF_NAMES.every((dof) => (before?.[dof] ?? false) === (after?.[dof] ?? false));
}

function sameReleases(before: Releases | undefined, after: Releases | undefined): boolean {
  return (['i', 'j'] as const).every((end) =>
    END_RELEASE_NAMES.every((name) => (before?.[end][name] ?? false) === (after?.[end][name] ?? false)),
  );
}

function profileFieldDifferences(before: Profile, after: Profile): [string, unknown, unknown][] {
  const out: [string, unknown, unknown][] = [];
  if (before.kind !== after.kind) return [['kind', before.kind, after.kind]];
  if (before.materialId !== after.materialId) out.push(['materialId', before.materialId, after.materialId]);
  if (before.kind === 'shell' && after.kind === 'shell') {
    if (!sameNumber(before.thickness, after.thickness))
      out.push(['thickness', before.thickness, after.thickness]);
    if (before.use !== after.use) out.push(['use', before.use, after.use]);
    return out;
  }
  if (before.kind === 'frame' && after.kind === 'frame') {
    if (before.section.shape !== after.section.shape) {
      out.push(['section.shape', before.section.shape, after.section.shape]);
    } else {
      const was = withBothFlanges(before.section);
      const now = withBothFlanges(after.section);
      for (const key of new Set([...Object.keys(was), ...Object.keys(now)])) {
        const a = was[key];
        const b = now[key];
        const same = typeof a === 'number' && typeof b === 'number' ? sameNumber(a, b) : a === b;
        if (!same) out.push([`section.${key}`, a, b]);
      }
    }
    for (const key of ['area', 'i22', 'i33', 'j', 'as2', 'as3'] as const) {
      const a = before.properties?.[key];
      const b = after.properties?.[key];
      if (!sameNumber(a, b)) out.push([`properties.${key}`, a, b]);
    }
  }
  return out;
}

/** An I section's bottom flange is optional and means "as the top"; spelled out so both forms compare equal. */
function withBothFlanges(section: SectionShape): Record<string, unknown> {
  if (section.shape !== 'i') return section;
  return {
    ...section,
    bottomFlangeWidth: section.bottomFlangeWidth ?? section.flangeWidth,
    bottomFlangeThickness: section.bottomFlangeThickness ?? section.flangeThickness,
  };
}

/** Orientation, cardinal point, end offsets, rigid zone and insertion offsets of a frame member. */
function frameAssignmentDifferences(before: Element, after: Element): [string, unknown, unknown][] {
  if (!isFrameElement(before) || !isFrameElement(after)) return [];
  const out: [string, unknown, unknown][] = [];
  const angle = (value: number | undefined) => (((value ?? 0) % 360) + 360) % 360;
  if (!sameNumber(angle(before.orientationAngle), angle(after.orientationAngle), 1)) {
    out.push(['orientationAngle', before.orientationAngle, after.orientationAngle]);
  }
  if ((before.cardinalPoint ?? 10) !== (after.cardinalPoint ?? 10)) {
    out.push(['cardinalPoint', before.cardinalPoint, after.cardinalPoint]);
  }
  for (const end of ['i', 'j'] as const) {
    if (!sameNumber(before.endOffsets?.[end] ?? 0, after.endOffsets?.[end] ?? 0, 1)) {
      out.push([`endOffsets.${end}`, before.endOffsets?.[end], after.endOffsets?.[end]]);
    }
    for (const axis of ['x', 'y', 'z'] as const) {
      const was = before.insertionOffsets?.[end][axis] ?? 0;
      const now = after.insertionOffsets?.[end][axis] ?? 0;
      if (!sameNumber(was, now, 1)) out.push([`insertionOffsets.${end}.${axis}`, was, now]);
    }
  }
  if (!sameNumber(before.rigidZoneFactor ?? 0, after.rigidZoneFactor ?? 0, 1)) {
    out.push(['rigidZoneFactor', before.rigidZoneFactor, after.rigidZoneFactor]);
  }
  return out;
}

type Differ = (aspect: Aspect, object: string, field: string, was: unknown, now: unknown) => void;

function compareLoads(
  before: Model,
  after: Model,
  nodeMap: Map<string, Node>,
  elementMap: Map<string, Element>,
  excludedElements: Set<string>,
  differ: Differ,
): void {
  const patternsAfter = new Map(after.loadPatterns.map((pattern) => [pattern.id, pattern]));
  for (const pattern of before.loadPatterns) {
    const match = patternsAfter.get(pattern.id);
    if (!match) {
      differ('loads', pattern.id, 'load pattern', pattern.patternType, 'missing');
      continue;
    }
    if (pattern.patternType.toLowerCase() !== match.patternType.toLowerCase()) {
      differ('loads', pattern.id, 'patternType', pattern.patternType, match.patternType);
    }
    if (!sameNumber(pattern.selfWeightMultiplier, match.selfWeightMultiplier)) {
      differ(
        'loads',
        pattern.id,
        'selfWeightMultiplier',
        pattern.selfWeightMultiplier,
        match.selfWeightMultiplier,
      );
    }
  }

  const combinationsAfter = new Map(
    after.loadCombinations.map((combination) => [combination.id, combination]),
  );
  for (const combination of before.loadCombinations) {
    const match = combinationsAfter.get(combination.id);
    if (!match) {
      differ('loads', combination.id, 'load combination', combination.combinationType, 'missing');
      continue;
    }
    const items = (list: typeof combination.items) =>
      list.map((item) => `${item.kind}:${item.id}×${Number(item.scale.toPrecision(9))}`).sort();
    if (items(combination.items).join('|') !== items(match.items).join('|')) {
      differ('loads', combination.id, 'combination items', items(combination.items), items(match.items));
    }
  }

  const targetOf = (load: Load, map: 'before' | 'after'): string | undefined => {
    if (load.type === 'PointLoad') return map === 'before' ? nodeMap.get(load.nodeId)?.id : load.nodeId;
    return map === 'before' ? elementMap.get(load.elementId)?.id : load.elementId;
  };
  const loadsAfter = new Map<string, Load[]>();
  for (const load of after.loads) {
    const key = `${load.type}:${targetOf(load, 'after')}:${load.patternId}`;
    const list = loadsAfter.get(key);
    if (list) list.push(load);
    else loadsAfter.set(key, [load]);
  }
  for (const load of before.loads) {
    if (load.type !== 'PointLoad' && excludedElements.has(load.elementId)) continue;
    const candidates = loadsAfter.get(`${load.type}:${targetOf(load, 'before')}:${load.patternId}`) ?? [];
    const index = candidates.findIndex((candidate) => loadValueDifferences(load, candidate).length === 0);
    if (index >= 0) {
      candidates.splice(index, 1);
      continue;
    }
    const [nearest] = candidates;
    if (!nearest) {
      differ('loads', load.id, 'load', describeLoad(load), 'missing');
      continue;
    }
    candidates.shift();
    for (const [field, was, now] of loadValueDifferences(load, nearest))
      differ('loads', load.id, field, was, now);
  }
  for (const list of loadsAfter.values()) {
    for (const load of list) differ('loads', load.id, 'extra load', undefined, describeLoad(load));
  }
}

function describeLoad(load: Load): unknown {
  if (load.type === 'PointLoad') return [load.fx, load.fy, load.fz, load.mx, load.my, load.mz];
  if (load.type === 'AreaLoad') return [load.direction, load.value];
  return [load.quantity, load.direction, load.distribution];
}

function loadValueDifferences(before: Load, after: Load): [string, unknown, unknown][] {
  const out: [string, unknown, unknown][] = [];
  if (before.type === 'PointLoad' && after.type === 'PointLoad') {
    const forces = [before.fx, before.fy, before.fz, before.mx, before.my, before.mz];
    const scale = Math.max(...forces.map(Math.abs));
    for (const key of ['fx', 'fy', 'fz', 'mx', 'my', 'mz'] as const) {
      if (!sameNumber(before[key], after[key], scale)) out.push([key, before[key], after[key]]);
    }
    if (before.coordinateSystem.toUpperCase() !== after.coordinateSystem.toUpperCase()) {
      out.push(['coordinateSystem', before.coordinateSystem, after.coordinateSystem]);
    }
  } else if (before.type === 'AreaLoad' && after.type === 'AreaLoad') {
    if (before.direction !== after.direction) out.push(['direction', before.direction, after.direction]);
    if (!sameNumber(before.value, after.value)) out.push(['value', before.value, after.value]);
  } else if (before.type === 'LinearLoad' && after.type === 'LinearLoad') {
    out.push(...linearLoadDifferences(before, after));
  }
  return out;
}

function linearLoadDifferences(before: LinearLoad, after: LinearLoad): [string, unknown, unknown][] {
  const out: [string, unknown, unknown][] = [];
  if (before.quantity !== after.quantity) out.push(['quantity', before.quantity, after.quantity]);
  if (before.direction !== after.direction) out.push(['direction', before.direction, after.direction]);
  const was = before.distribution as Record<string, unknown>;
  const now = after.distribution as Record<string, unknown>;
  const magnitudes = Object.values(was).filter((value): value is number => typeof value === 'number');
  const scale = Math.max(0, ...magnitudes.map(Math.abs));
  for (const key of new Set([...Object.keys(was), ...Object.keys(now)])) {
    const a = was[key];
    const b = now[key];
    const same =
      typeof a === 'number' && typeof b === 'number'
        ? sameNumber(a, b, key.endsWith('alue') ? scale : 1)
        : a === b;
    if (!same) out.push([`distribution.${key}`, a, b]);
  }
  return out;
}
