import type { Element, Load, Model, Node, Releases } from '../../schema';
import { emptyModel, noEndReleases } from '../../schema';

const source = { tool: 'gusset' } as const;

function node(id: string, x: number, y: number, z: number, extra: Partial<Node> = {}): Node {
  return { id, name: id, source, attributes: {}, type: 'Node', x, y, z, ...extra };
}

/** Moments M2 and M3 released at both ends: a simply supported beam. */
export function pinnedEnds(): Releases {
  return {
    type: 'Releases',
    i: { ...noEndReleases(), m2: true, m3: true },
    j: { ...noEndReleases(), m2: true, m3: true },
  };
}

function frame(
  type: 'Beam' | 'Column',
  id: string,
  startNodeId: string,
  endNodeId: string,
  profileId: string,
  extra: Partial<Extract<Element, { type: 'Beam' }>> = {},
): Element {
  return { id, name: id, source, attributes: {}, type, startNodeId, endNodeId, profileId, ...extra };
}

/**
 * A one-storey, one-bay steel frame small enough to read in a test: four fixed-base columns, four pinned beams
 * (B1 N5→N6, B2 N7→N8, B3 N5→N7, B4 N6→N8), a 6 × 6 m slab on a rigid diaphragm, a point, a line and an area
 * load, two patterns with their cases, one combination, one group and two levels. Every call builds a fresh copy.
 */
export function portalFrame(): Model {
  const model = emptyModel(source);
  const fixed = { type: 'Restraint', ux: true, uy: true, uz: true, rx: true, ry: true, rz: true } as const;
  model.levels.push(
    { id: 'BASE', name: 'BASE', source, attributes: {}, type: 'Level', elevation: 0, height: 0 },
    { id: 'L1', name: 'L1', source, attributes: {}, type: 'Level', elevation: 3000, height: 3000 },
  );
  model.diaphragms.push({
    id: 'D1',
    name: 'D1',
    source,
    attributes: {},
    type: 'Diaphragm',
    rigidity: 'rigid',
  });
  model.nodes.push(
    node('N1', 0, 0, 0, { restraint: fixed }),
    node('N2', 6000, 0, 0, { restraint: fixed }),
    node('N3', 0, 6000, 0, { restraint: fixed }),
    node('N4', 6000, 6000, 0, { restraint: fixed }),
    node('N5', 0, 0, 3000, { diaphragmId: 'D1' }),
    node('N6', 6000, 0, 3000, { diaphragmId: 'D1' }),
    node('N7', 0, 6000, 3000, { diaphragmId: 'D1' }),
    node('N8', 6000, 6000, 3000, { diaphragmId: 'D1' }),
  );
  model.materials.push(
    {
      id: 'S355',
      name: 'S355',
      source,
      attributes: {},
      type: 'Material',
      kind: 'steel',
      elasticModulus: 210e9,
      poissonRatio: 0.3,
      unitWeight: 76_980,
      fy: 355e6,
      fu: 510e6,
    },
    {
      id: 'C30',
      name: 'C30',
      source,
      attributes: {},
      type: 'Material',
      kind: 'concrete',
      elasticModulus: 33e9,
      poissonRatio: 0.2,
      unitWeight: 24_000,
      fc: 30e6,
    },
  );
  model.profiles.push(
    {
      id: 'W310',
      name: 'W310',
      source,
      attributes: {},
      type: 'Profile',
      kind: 'frame',
      materialId: 'S355',
      section: { shape: 'i', depth: 310, flangeWidth: 165, flangeThickness: 9.7, webThickness: 5.8 },
    },
    {
      id: 'SHS200',
      name: 'SHS200',
      source,
      attributes: {},
      type: 'Profile',
      kind: 'frame',
      materialId: 'S355',
      section: { shape: 'tube', depth: 200, width: 200, flangeThickness: 10, webThickness: 10 },
    },
    {
      id: 'SLAB200',
      name: 'SLAB200',
      source,
      attributes: {},
      type: 'Profile',
      kind: 'shell',
      materialId: 'C30',
      use: 'slab',
      thickness: 200,
    },
  );
  model.elements.push(
    frame('Column', 'C1', 'N1', 'N5', 'SHS200'),
    frame('Column', 'C2', 'N2', 'N6', 'SHS200'),
    frame('Column', 'C3', 'N3', 'N7', 'SHS200'),
    frame('Column', 'C4', 'N4', 'N8', 'SHS200'),
    frame('Beam', 'B1', 'N5', 'N6', 'W310', { releases: pinnedEnds() }),
    frame('Beam', 'B2', 'N7', 'N8', 'W310', { releases: pinnedEnds() }),
    frame('Beam', 'B3', 'N5', 'N7', 'W310', { releases: pinnedEnds() }),
    frame('Beam', 'B4', 'N6', 'N8', 'W310', { releases: pinnedEnds() }),
    {
      id: 'F1',
      name: 'F1',
      source,
      attributes: {},
      type: 'Floor',
      nodeIds: ['N5', 'N6', 'N8', 'N7'],
      profileId: 'SLAB200',
      diaphragmId: 'D1',
    },
  );
  model.loadPatterns.push(
    {
      id: 'DEAD',
      name: 'DEAD',
      source,
      attributes: {},
      type: 'LoadPattern',
      patternType: 'Dead',
      selfWeightMultiplier: 1,
    },
    {
      id: 'LIVE',
      name: 'LIVE',
      source,
      attributes: {},
      type: 'LoadPattern',
      patternType: 'Live',
      selfWeightMultiplier: 0,
    },
  );
  model.loadCases.push(
    {
      id: 'DEAD',
      name: 'DEAD',
      source,
      attributes: {},
      type: 'LoadCase',
      caseType: 'Linear Static',
      loads: [{ patternId: 'DEAD', scale: 1 }],
    },
    {
      id: 'LIVE',
      name: 'LIVE',
      source,
      attributes: {},
      type: 'LoadCase',
      caseType: 'Linear Static',
      loads: [{ patternId: 'LIVE', scale: 1 }],
    },
  );
  model.loadCombinations.push({
    id: 'ULS',
    name: 'ULS',
    source,
    attributes: {},
    type: 'LoadCombination',
    combinationType: 'Linear Add',
    items: [
      { kind: 'case', id: 'DEAD', scale: 1.2 },
      { kind: 'case', id: 'LIVE', scale: 1.6 },
    ],
  });
  const loads: Load[] = [
    {
      id: 'P1',
      name: 'P1',
      source,
      attributes: {},
      type: 'PointLoad',
      nodeId: 'N5',
      patternId: 'DEAD',
      coordinateSystem: 'Global',
      fx: 0,
      fy: 0,
      fz: -10_000,
      mx: 0,
      my: 0,
      mz: 0,
    },
    {
      id: 'W1',
      name: 'W1',
      source,
      attributes: {},
      type: 'LinearLoad',
      elementId: 'B1',
      patternId: 'DEAD',
      quantity: 'force',
      direction: 'Gravity',
      distribution: {
        kind: 'distributed',
        relative: true,
        start: 0,
        end: 1,
        startValue: 5000,
        endValue: 5000,
      },
    },
    {
      id: 'A1',
      name: 'A1',
      source,
      attributes: {},
      type: 'AreaLoad',
      elementId: 'F1',
      patternId: 'LIVE',
      direction: 'Gravity',
      value: 2000,
    },
  ];
  model.loads.push(...loads);
  model.groups.push({
    id: 'EDGE',
    name: 'EDGE',
    source,
    attributes: {},
    type: 'Group',
    members: [
      { kind: 'element', id: 'B1' },
      { kind: 'element', id: 'B2' },
      { kind: 'node', id: 'N5' },
    ],
  });
  return model;
}

/** The element of `model` with `id`, typed as the test expects it. */
export function elementOf<T extends Element['type']>(
  model: Model,
  id: string,
  type: T,
): Extract<Element, { type: T }> {
  const element = model.elements.find((candidate) => candidate.id === id);
  if (!element || element.type !== type) throw new Error(`no ${type} ${id} in the model`);
  return element as Extract<Element, { type: T }>;
}

export function nodeOf(model: Model, id: string): Node {
  const found = model.nodes.find((candidate) => candidate.id === id);
  if (!found) throw new Error(`no node ${id} in the model`);
  return found;
}
