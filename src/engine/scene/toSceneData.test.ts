import { describe, expect, it } from 'vitest';
import { translatorForFile } from '../formats/registry';
import type { Element, Load, Model, Profile, SectionShape } from '../schema';
import { DOF_NAMES, emptyModel, END_RELEASE_NAMES, isAreaElement } from '../schema';
import { FIXTURES_SKIP_NOTE, listFixtures, readFixture } from '../testing/fixtures';
import type { ProfileFamily, SceneData } from './sceneData';
import {
  RELEASE_BITS_PER_END,
  RESTRAINT_BITS,
  SCENE_ELEMENT_TYPES,
  SCENE_LOAD_KINDS,
  sceneTypeIndex,
} from './sceneData';
import { toSceneData } from './toSceneData';

/** Every ETABS and SAP2000 fixture (the SAFE .F2K is a SAP2000 table file). */
const FIXTURES = [
  ...listFixtures('e2k').map((name) => ({ kind: 'e2k', name })),
  ...listFixtures('s2k').map((name) => ({ kind: 's2k', name })),
  ...listFixtures('other')
    .filter((name) => name.toLowerCase().endsWith('.f2k'))
    .map((name) => ({ kind: 'other', name })),
];

async function readModel(kind: string, name: string): Promise<Model> {
  const translator = translatorForFile(name);
  if (!translator) throw new Error(`no translator reads ${name}`);
  return (await translator.read(readFixture(kind, name))).model;
}

const MEMBER_TYPES: ReadonlySet<Element['type']> = new Set(['Beam', 'Column', 'Brace', 'Cable']);

/**
 * The family a section must be drawn with, decided from the canonical section independently of toSceneData's
 * table: parametric shapes by their shape, library sections by their AISC / European name.
 */
function expectedFamily(profile: Profile): ProfileFamily {
  if (profile.kind === 'shell') return 'generic';
  const section: SectionShape = profile.section;
  switch (section.shape) {
    case 'rectangle':
    case 'circle':
    case 'i':
    case 'pipe':
    case 'tube':
      return section.shape;
    case 'general':
      return 'generic';
    case 'library': {
      const name = section.designation.toUpperCase().replace(/\s+/g, '');
      if (/^(W|HP|M|S|IPE|HE[ABM]?|UB|UC)\d/.test(name)) return 'i';
      if (/^PIPE/.test(name) || /^HSS[\d.]+X[\d./]+$/.test(name)) return 'pipe';
      if (/^HSS/.test(name)) return 'tube';
      if (/^M?C\d/.test(name)) return 'channel';
      if (/^L\d/.test(name)) return 'angle';
      if (name === 'RECTANGULAR') return 'rectangle';
      return 'generic';
    }
  }
}

/** What a parametric section says its drawn depth and width are (mm). */
function sectionSize(section: SectionShape): [number, number] | null {
  switch (section.shape) {
    case 'rectangle':
      return [section.depth, section.width];
    case 'circle':
    case 'pipe':
      return [section.diameter, section.diameter];
    case 'i':
      return [section.depth, section.flangeWidth];
    case 'tube':
      return [section.depth, section.width];
    default:
      return null;
  }
}

function loadTargetId(load: Load): string {
  return load.type === 'PointLoad' ? load.nodeId : load.elementId;
}

/** Checks every invariant the viewer relies on. */
function expectConsistent(model: Model, scene: SceneData): void {
  const { nodes, elements, loads } = scene;
  const nodeCount = nodes.ids.length;
  const elementCount = model.elements.length;

  // Columns line up.
  expect(nodes.xyz).toHaveLength(3 * nodeCount);
  expect(nodes.restraints).toHaveLength(nodeCount);
  for (const column of [
    elements.ids,
    elements.names,
    elements.types,
    elements.profiles,
    elements.materials,
    elements.levels,
    elements.angles,
    elements.cardinalPoints,
    elements.releases,
  ]) {
    expect(column).toHaveLength(elementCount);
  }
  expect(elements.nodeOffsets).toHaveLength(elementCount + 1);
  expect(elements.nodeOffsets[0]).toBe(0);
  expect(elements.nodeOffsets[elementCount]).toBe(elements.nodeIndices.length);
  const loadCount = loads.kinds.length;
  for (const column of [loads.targets, loads.patternIndices, loads.magnitudes, loads.local]) {
    expect(column).toHaveLength(loadCount);
  }
  expect(loads.directions).toHaveLength(3 * loadCount);

  // Coordinates are numbers; node indices name nodes.
  expect(nodes.xyz.every(Number.isFinite)).toBe(true);
  expect(
    elements.nodeIndices.every((index) => Number.isInteger(index) && index >= 0 && index < nodeCount),
  ).toBe(true);
  expect(nodes.ids.slice(0, model.nodes.length)).toEqual(model.nodes.map((node) => node.id));

  // Each element in model order, with its type, its nodes and its references.
  const profileIds = scene.profiles.map((profile) => profile.id);
  const materialIds = scene.materials.map((material) => material.id);
  const levelIds = scene.levels.map((level) => level.id);
  const problems: string[] = [];
  model.elements.forEach((element, i) => {
    const say = (what: string) => problems.push(`${element.type} ${element.id}: ${what}`);
    if (elements.ids[i] !== element.id) say('out of order');
    if (SCENE_ELEMENT_TYPES[elements.types[i] ?? -1] !== element.type) say('wrong type');
    const count = (elements.nodeOffsets[i + 1] ?? 0) - (elements.nodeOffsets[i] ?? 0);
    if (elements.nodeOffsets[i + 1]! < elements.nodeOffsets[i]!) say('offsets go backwards');
    if (MEMBER_TYPES.has(element.type) && count !== 2) say(`${count} nodes, not 2`);
    if (isAreaElement(element) && count < 3) say(`${count} nodes in its outline`);
    if (element.type === 'Link' && count !== 1 && count !== 2) say(`${count} nodes`);
    const profileId = 'profileId' in element ? element.profileId : undefined;
    const profile = elements.profiles[i] ?? -1;
    if ((profile < 0 ? undefined : profileIds[profile]) !== profileId) say('wrong profile');
    const materialId =
      ('materialId' in element ? element.materialId : undefined) ??
      model.profiles.find((candidate) => candidate.id === profileId)?.materialId;
    const material = elements.materials[i] ?? -1;
    if ((material < 0 ? undefined : materialIds[material]) !== materialId) say('wrong material');
    const levelId = 'levelId' in element ? element.levelId : undefined;
    const level = elements.levels[i] ?? -1;
    if ((level < 0 ? undefined : levelIds[level]) !== levelId) say('wrong level');
    const cardinal = elements.cardinalPoints[i] ?? 0;
    if (!(cardinal >= 1 && cardinal <= 11)) say(`cardinal point ${cardinal}`);
    if (!Number.isFinite(elements.angles[i])) say('angle is not a number');
  });
  expect(problems).toEqual([]);

  // Restraints as bits.
  model.nodes.forEach((node, i) => {
    const expected = DOF_NAMES.reduce(
      (bits, dof) => (node.restraint?.[dof] ? bits | RESTRAINT_BITS[dof] : bits),
      0,
    );
    if (nodes.restraints[i] !== expected)
      problems.push(`node ${node.id}: restraint bits ${nodes.restraints[i]}`);
  });
  expect(problems).toEqual([]);

  // Profiles: the family the section names, drawable sizes, exact ones as the section says.
  for (const [i, profile] of model.profiles.entries()) {
    const drawn = scene.profiles[i];
    expect({ id: drawn?.id, family: drawn?.family }).toEqual({
      id: profile.id,
      family: expectedFamily(profile),
    });
    if (profile.kind === 'shell') {
      expect(drawn?.thickness).toBeGreaterThan(0);
      continue;
    }
    expect([drawn?.depth, drawn?.width].every((size) => Number.isFinite(size) && (size ?? 0) > 0)).toBe(true);
    const size = sectionSize(profile.section);
    if (size && size[0] > 0 && size[1] > 0) {
      expect([drawn?.depth, drawn?.width, drawn?.approximate]).toEqual([...size, false]);
    }
  }

  // Loads: each on the node or element it names, with a unit direction and its pattern.
  const patternNames = model.loadPatterns.map((pattern) => pattern.name);
  const patternIndexById = new Map(model.loadPatterns.map((pattern, i) => [pattern.id, i]));
  const kept = model.loads.filter((load) =>
    load.type === 'PointLoad'
      ? model.nodes.some((node) => node.id === load.nodeId)
      : model.elements.some((element) => element.id === load.elementId),
  );
  expect(loadCount).toBe(kept.length);
  expect(loads.patterns).toEqual(patternNames);
  kept.forEach((load, i) => {
    const kind = SCENE_LOAD_KINDS[loads.kinds[i] ?? -1];
    const target = loads.targets[i] ?? -1;
    const targetId = kind === 'point' ? nodes.ids[target] : elements.ids[target];
    const direction = loads.directions.slice(3 * i, 3 * i + 3);
    const say = (what: string) => problems.push(`${load.type} ${load.id}: ${what}`);
    if (kind !== { PointLoad: 'point', LinearLoad: 'linear', AreaLoad: 'area' }[load.type])
      say(`kind ${kind}`);
    if (targetId !== loadTargetId(load)) say(`acts on ${targetId}`);
    if (Math.abs(Math.hypot(...direction) - 1) > 1e-9) say(`direction ${direction.join(',')}`);
    if (!(Number.isFinite(loads.magnitudes[i]) && (loads.magnitudes[i] ?? -1) >= 0)) say('magnitude');
    if (loads.patternIndices[i] !== (patternIndexById.get(load.patternId) ?? -1)) say('pattern');
  });
  expect(problems).toEqual([]);

  // Grids: one segment each, in plan, axis lines along their coordinate.
  expect(scene.grids.map((grid) => grid.id)).toEqual(model.grids.map((grid) => grid.id));
  model.grids.forEach((grid, i) => {
    const { start, end } = scene.grids[i]!;
    expect([...start, ...end].every(Number.isFinite)).toBe(true);
    if (grid.geometry.kind === 'axis') {
      const along = grid.geometry.direction === 'X' ? 0 : 1;
      expect([start[along], end[along]]).toEqual([grid.geometry.coordinate, grid.geometry.coordinate]);
      expect(start[1 - along]).toBeLessThan(end[1 - along]!);
    }
  });
}

function countTypes(scene: SceneData): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const type of scene.elements.types) {
    const name = SCENE_ELEMENT_TYPES[type] ?? '?';
    counts[name] = (counts[name] ?? 0) + 1;
  }
  return counts;
}

function countLoads(scene: SceneData): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const kind of scene.loads.kinds) {
    const name = SCENE_LOAD_KINDS[kind] ?? '?';
    counts[name] = (counts[name] ?? 0) + 1;
  }
  return counts;
}

describe(`toSceneData on every ETABS and SAP2000 fixture${FIXTURES_SKIP_NOTE}`, () => {
  for (const { kind, name } of FIXTURES) {
    it(`${name}: columns line up, every reference is in range, profiles and loads as the model says`, async () => {
      const model = await readModel(kind, name);
      const scene = toSceneData(model);
      expect(scene.units).toBe(model.units);
      expectConsistent(model, scene);
    });
  }
});

/**
 * Counts read off the files themselves. ETABS: a line or area object is one element per story it is assigned
 * to, so members are the distinct (label, story) pairs of $ LINE ASSIGNS, typed by their LINE record in
 * $ LINE CONNECTIVITIES (BEAM, COLUMN, BRACE), and areas the AREAASSIGNs typed by their AREA record (FLOOR;
 * PANEL is a wall; AREA objects assigned OPENING are openings); loads are the LINELOAD, AREALOAD and POINTLOAD
 * records. SAP2000: one element per row of the CONNECTIVITY tables (FRAME rows are beams, columns or braces by
 * their direction; LINK, CABLE, AREA, SOLID and TENDON rows), one load per row of JOINT LOADS - FORCE (point),
 * FRAME LOADS - DISTRIBUTED and - POINT (linear).
 */
const PINNED: Array<{
  kind: string;
  name: string;
  types: Record<string, number>;
  loads: Record<string, number>;
  why: string;
}> = [
  {
    kind: 'e2k',
    name: 'RDC_PERFORM__Ejemplo.e2k',
    types: { Beam: 529, Column: 85, Floor: 46 },
    loads: { linear: 40, area: 92 },
    why: '614 (line, story) pairs in LINE ASSIGNS: 529 of BEAM lines, 85 of COLUMN lines; 46 AREAASSIGNs of FLOOR areas; 40 LINELOADs, 92 AREALOADs',
  },
  {
    kind: 'e2k',
    name: 'RDC_PERFORM__KOSMOS_Plat.e2k',
    types: { Beam: 3539, Column: 1068, Floor: 314 },
    loads: { linear: 203, area: 628 },
    why: '4607 (line, story) pairs: 3539 BEAM, 1068 COLUMN; 314 FLOOR AREAASSIGNs; 203 LINELOADs, 628 AREALOADs',
  },
  {
    kind: 'e2k',
    name: 'eng_utilities__Test_kNm_97_03.E2K',
    types: { Column: 192, Beam: 884, Floor: 13, Wall: 264, Opening: 78 },
    loads: { area: 26 },
    why: '1076 (line, story) pairs; 264 PANEL, 13 FLOOR and 78 AREA-with-OPENING area assigns; 26 AREALOADs',
  },
  {
    kind: 'e2k',
    name: 'parametric-etabs-tower__St_Regis_with_a_Twist.$et',
    types: { Column: 2500, Brace: 2000, Beam: 404, Floor: 101 },
    loads: {},
    why: '4904 (line, story) pairs: 2500 COLUMN, 2000 BRACE, 404 BEAM; 101 FLOOR assigns; no load records',
  },
  {
    kind: 'e2k',
    name: 'ETABS_to_RAM_bridge__example.$et',
    types: { Column: 1, Brace: 1, Beam: 1 },
    loads: { point: 2, linear: 7 },
    why: 'one COLUMN, one BRACE, one BEAM line on one story; 2 POINTLOADs, 7 LINELOADs',
  },
  {
    kind: 's2k',
    name: 'xbim__Example_1-001.s2k',
    types: { Column: 1, Brace: 1, Beam: 1 },
    loads: { point: 2, linear: 7 },
    why: '3 CONNECTIVITY - FRAME rows (vertical, sloped, level); 2 JOINT LOADS - FORCE rows; 6 distributed + 1 point FRAME LOADS rows',
  },
  {
    kind: 's2k',
    name: 'xbim__Example_7-003.s2k',
    types: { Cable: 12 },
    loads: { point: 4 },
    why: '12 CONNECTIVITY - CABLE rows; 4 JOINT LOADS - FORCE rows (the reader leaves CABLE LOADS out)',
  },
  {
    kind: 's2k',
    name: 'opensees-gallery__box_model.$2k',
    types: { Area: 46 },
    loads: {},
    why: '46 CONNECTIVITY - AREA rows, no load tables',
  },
  {
    kind: 's2k',
    name: 'xbim__Painter_Street_v1.2.s2k',
    types: { Beam: 27, Column: 4, Link: 48 },
    loads: {},
    why: '31 CONNECTIVITY - FRAME rows (4 vertical), 48 CONNECTIVITY - LINK rows',
  },
  {
    kind: 'other',
    name: 'etabs_api__shayesteh.F2K',
    types: {},
    loads: { point: 297 },
    why: 'a SAFE file of 11 points and no objects; 297 LOAD ASSIGNMENTS - POINT LOADS rows',
  },
];

describe(`toSceneData counts on fixtures${FIXTURES_SKIP_NOTE}`, () => {
  const present = new Set(FIXTURES.map((fixture) => fixture.name));
  for (const pinned of PINNED.filter((entry) => present.has(entry.name))) {
    it(`${pinned.name}: ${pinned.why}`, async () => {
      const scene = toSceneData(await readModel(pinned.kind, pinned.name));
      expect(countTypes(scene)).toEqual(pinned.types);
      expect(countLoads(scene)).toEqual(pinned.loads);
    });
  }

  it.skipIf(!present.has('eng_utilities__Test_kNm_97_03.E2K'))(
    'eng_utilities: openings are outlines of 4 nodes in the plane of a floor or wall of their story',
    async () => {
      const model = await readModel('e2k', 'eng_utilities__Test_kNm_97_03.E2K');
      const scene = toSceneData(model);
      const xyzOf = (element: number) => {
        const points: number[][] = [];
        for (
          let k = scene.elements.nodeOffsets[element]!;
          k < scene.elements.nodeOffsets[element + 1]!;
          k++
        ) {
          const node = scene.elements.nodeIndices[k]!;
          points.push(scene.nodes.xyz.slice(3 * node, 3 * node + 3));
        }
        return points;
      };
      const opening = sceneTypeIndex('Opening');
      const openings = scene.elements.types.flatMap((type, i) => (type === opening ? [i] : []));
      expect(openings).toHaveLength(78);
      for (const i of openings) {
        const points = xyzOf(i);
        expect(points).toHaveLength(4);
        // Planar: every corner lies in the plane of the first three.
        const [a, b, c, d] = points as [number[], number[], number[], number[]];
        const u = [b[0]! - a[0]!, b[1]! - a[1]!, b[2]! - a[2]!];
        const v = [c[0]! - a[0]!, c[1]! - a[1]!, c[2]! - a[2]!];
        const normal = [
          u[1]! * v[2]! - u[2]! * v[1]!,
          u[2]! * v[0]! - u[0]! * v[2]!,
          u[0]! * v[1]! - u[1]! * v[0]!,
        ];
        const w = [d[0]! - a[0]!, d[1]! - a[1]!, d[2]! - a[2]!];
        const off =
          Math.abs(normal[0]! * w[0]! + normal[1]! * w[1]! + normal[2]! * w[2]!) / Math.hypot(...normal);
        expect(off).toBeLessThan(1);
      }
    },
  );
});

describe('toSceneData on a hand-made model', () => {
  const source = { tool: 'gusset' as const };
  const base = { source, attributes: {} };
  const frame = (id: string, designationOrSection: string | SectionShape): Profile => ({
    ...base,
    id,
    name: id,
    type: 'Profile',
    kind: 'frame',
    materialId: 'S355',
    section:
      typeof designationOrSection === 'string'
        ? { shape: 'library', designation: designationOrSection }
        : designationOrSection,
  });

  function handMade(): Model {
    const model = emptyModel(source, 'm');
    model.nodes = [
      {
        ...base,
        id: 'n1',
        name: 'n1',
        type: 'Node',
        x: 0,
        y: 0,
        z: 0,
        restraint: { type: 'Restraint', ux: true, uy: true, uz: true, rx: false, ry: false, rz: true },
      },
      { ...base, id: 'n2', name: 'n2', type: 'Node', x: 0, y: 0, z: 3000 },
      { ...base, id: 'n3', name: 'n3', type: 'Node', x: 6000, y: 0, z: 3000 },
      { ...base, id: 'n4', name: 'n4', type: 'Node', x: 6000, y: 4000, z: 3000 },
      { ...base, id: 'n5', name: 'n5', type: 'Node', x: 0, y: 4000, z: 3000 },
    ];
    model.levels = [{ ...base, id: 'L1', name: 'Level 1', type: 'Level', elevation: 3000, height: 3000 }];
    model.materials = [
      { ...base, id: 'S355', name: 'S355', type: 'Material', kind: 'steel' },
      { ...base, id: 'C30', name: 'C30', type: 'Material', kind: 'concrete' },
    ] as Model['materials'];
    model.profiles = [
      frame('W14X90', 'W14X90'),
      frame('IPE300', 'IPE300'),
      frame('HSS6X4X1/4', 'HSS6X4X1/4'),
      frame('HSS6.625X.280', 'HSS6.625X.280'),
      frame('CHS168', 'CHS168.3X5'),
      frame('PIPE6STD', 'PIPE6STD'),
      frame('C10X15.3', 'C10X15.3'),
      frame('MC8X20', 'MC8X20'),
      frame('L4X4X1/2', 'L4X4X1/2'),
      frame('Rectangular', 'Rectangular'),
      frame('Nameless', 'XYZ'),
      frame('R400', { shape: 'rectangle', depth: 400, width: 250 }),
      frame('G', { shape: 'general' }),
      frame('Zero', { shape: 'rectangle', depth: 0, width: 0 }),
      {
        ...base,
        id: 'SLAB',
        name: 'SLAB',
        type: 'Profile',
        kind: 'shell',
        use: 'slab',
        thickness: 180,
        materialId: 'C30',
      },
      { ...base, id: 'DECK', name: 'DECK', type: 'Profile', kind: 'shell', use: 'deck' },
    ];
    model.loadPatterns = [
      {
        ...base,
        id: 'DEAD',
        name: 'Dead',
        type: 'LoadPattern',
        patternType: 'dead',
        selfWeightMultiplier: 1,
      },
    ] as Model['loadPatterns'];
    const releases = {
      type: 'Releases' as const,
      i: { p: false, v2: false, v3: false, t: false, m2: true, m3: true },
      j: { p: false, v2: false, v3: false, t: true, m2: false, m3: true },
    };
    model.elements = [
      {
        ...base,
        id: 'C1',
        name: 'C1',
        type: 'Column',
        startNodeId: 'n1',
        endNodeId: 'n2',
        profileId: 'W14X90',
        orientationAngle: 90,
      },
      {
        ...base,
        id: 'B1',
        name: 'B1',
        type: 'Beam',
        startNodeId: 'n2',
        endNodeId: 'n3',
        profileId: 'R400',
        materialId: 'C30',
        levelId: 'L1',
        cardinalPoint: 8,
        releases,
      },
      {
        ...base,
        id: 'B2',
        name: 'B2',
        type: 'Beam',
        startNodeId: 'n3',
        endNodeId: 'missing',
        profileId: 'nope',
        levelId: 'nowhere',
      },
      {
        ...base,
        id: 'F1',
        name: 'F1',
        type: 'Floor',
        nodeIds: ['n2', 'n3', 'n4', 'n5'],
        profileId: 'SLAB',
        levelId: 'L1',
      },
      { ...base, id: 'O1', name: 'O1', type: 'Opening', nodeIds: ['n2', 'n3', 'n4'], levelId: 'L1' },
      {
        ...base,
        id: 'G1',
        name: 'G1',
        type: 'GeoElement',
        points: [
          { x: 1, y: 2, z: 3 },
          { x: 4, y: 5, z: 6 },
        ],
        closed: false,
      },
    ] as Model['elements'];
    model.loads = [
      {
        ...base,
        id: 'P1',
        name: 'P1',
        type: 'PointLoad',
        nodeId: 'n3',
        patternId: 'DEAD',
        coordinateSystem: 'global',
        fx: 0,
        fy: 3000,
        fz: -4000,
        mx: 0,
        my: 0,
        mz: 0,
      },
      {
        ...base,
        id: 'P2',
        name: 'P2',
        type: 'PointLoad',
        nodeId: 'n4',
        patternId: 'DEAD',
        coordinateSystem: 'global',
        fx: 0,
        fy: 0,
        fz: 0,
        mx: 10,
        my: 0,
        mz: 0,
      },
      {
        ...base,
        id: 'W1',
        name: 'W1',
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
          startValue: 2000,
          endValue: 4000,
        },
      },
      {
        ...base,
        id: 'W2',
        name: 'W2',
        type: 'LinearLoad',
        elementId: 'B1',
        patternId: 'LIVE',
        quantity: 'force',
        direction: '3',
        distribution: { kind: 'point', relative: true, start: 0.5, value: -500 },
      },
      {
        ...base,
        id: 'A1',
        name: 'A1',
        type: 'AreaLoad',
        elementId: 'F1',
        patternId: 'DEAD',
        direction: 'X',
        value: -1500,
      },
      {
        ...base,
        id: 'A2',
        name: 'A2',
        type: 'AreaLoad',
        elementId: 'gone',
        patternId: 'DEAD',
        direction: 'Gravity',
        value: 1500,
      },
    ] as Model['loads'];
    model.grids = [
      {
        ...base,
        id: 'GA',
        name: 'A',
        type: 'Grid',
        system: 'G1',
        label: 'A',
        geometry: { kind: 'axis', direction: 'X', coordinate: 0 },
      },
      {
        ...base,
        id: 'G2',
        name: '2',
        type: 'Grid',
        system: 'G1',
        label: '2',
        geometry: { kind: 'axis', direction: 'Y', coordinate: 4000 },
      },
      {
        ...base,
        id: 'GD',
        name: 'D',
        type: 'Grid',
        system: 'G1',
        label: 'D',
        geometry: { kind: 'general', start: { x: 0, y: 0 }, end: { x: 6000, y: 4000 } },
      },
    ];
    return model;
  }

  const scene = toSceneData(handMade());
  const profile = (id: string) => scene.profiles.find((candidate) => candidate.id === id);

  it('draws library sections with the family their name gives, sized from the name', () => {
    expect(Object.fromEntries(scene.profiles.map((drawn) => [drawn.id, drawn.family]))).toEqual({
      W14X90: 'i',
      IPE300: 'i',
      'HSS6X4X1/4': 'tube',
      'HSS6.625X.280': 'pipe',
      CHS168: 'pipe',
      PIPE6STD: 'pipe',
      'C10X15.3': 'channel',
      MC8X20: 'channel',
      'L4X4X1/2': 'angle',
      Rectangular: 'rectangle',
      Nameless: 'generic',
      R400: 'rectangle',
      G: 'generic',
      Zero: 'rectangle',
      SLAB: 'generic',
      DECK: 'generic',
    });
    // AISC names are nominal inches, European ones millimetres; either way only approximately the section.
    expect(profile('W14X90')).toMatchObject({ depth: 14 * 25.4, approximate: true });
    expect(profile('IPE300')).toMatchObject({ depth: 300, approximate: true });
    expect(profile('CHS168')?.width).toBe(profile('CHS168')?.depth);
    expect(profile('R400')).toMatchObject({ depth: 400, width: 250, approximate: false });
    // Nothing to draw from: a default size, marked approximate.
    expect(profile('G')).toMatchObject({ depth: 300, width: 300, approximate: true });
    expect(profile('Zero')).toMatchObject({ depth: 300, width: 300, approximate: true });
    expect(profile('SLAB')).toMatchObject({ kind: 'shell', thickness: 180, approximate: false });
    expect(profile('DECK')).toMatchObject({ kind: 'shell', thickness: 200, approximate: true });
  });

  it('gives each element its type, nodes and references, -1 for what is not there', () => {
    const at = (id: string) => scene.elements.ids.indexOf(id);
    const nodesOf = (id: string) =>
      scene.elements.nodeIndices
        .slice(scene.elements.nodeOffsets[at(id)], scene.elements.nodeOffsets[at(id) + 1])
        .map((index) => scene.nodes.ids[index]);
    expect(nodesOf('C1')).toEqual(['n1', 'n2']);
    expect(nodesOf('F1')).toEqual(['n2', 'n3', 'n4', 'n5']);
    expect(nodesOf('O1')).toEqual(['n2', 'n3', 'n4']);
    // A member naming a node that does not exist keeps the one it has: the repair issue reports the rest.
    expect(nodesOf('B2')).toEqual(['n3']);
    expect(scene.elements.profiles[at('B2')]).toBe(-1);
    expect(scene.elements.levels[at('B2')]).toBe(-1);
    expect(scene.elements.materials[at('B2')]).toBe(-1);
    // The element's own material wins over its profile's.
    expect(scene.materials[scene.elements.materials[at('B1')]!]?.id).toBe('C30');
    expect(scene.materials[scene.elements.materials[at('C1')]!]?.id).toBe('S355');
    expect(scene.levels[scene.elements.levels[at('F1')]!]?.id).toBe('L1');
    expect(scene.elements.types[at('O1')]).toBe(sceneTypeIndex('Opening'));
    expect([scene.elements.angles[at('C1')], scene.elements.cardinalPoints[at('C1')]]).toEqual([90, 10]);
    expect(scene.elements.cardinalPoints[at('B1')]).toBe(8);
  });

  it('adds a GeoElement’s points as nodes of its own', () => {
    const at = scene.elements.ids.indexOf('G1');
    const points = scene.elements.nodeIndices.slice(
      scene.elements.nodeOffsets[at],
      scene.elements.nodeOffsets[at + 1],
    );
    expect(points.map((index) => scene.nodes.ids[index])).toEqual(['G1#0', 'G1#1']);
    expect(points.map((index) => scene.nodes.xyz.slice(3 * index, 3 * index + 3))).toEqual([
      [1, 2, 3],
      [4, 5, 6],
    ]);
    expect(scene.nodes.restraints.slice(-2)).toEqual([0, 0]);
  });

  it('packs restraints and end releases as bits', () => {
    const { ux, uy, uz, rz } = RESTRAINT_BITS;
    expect(scene.nodes.restraints.slice(0, 2)).toEqual([ux | uy | uz | rz, 0]);
    const bit = (end: 'i' | 'j', name: (typeof END_RELEASE_NAMES)[number]) =>
      1 << (END_RELEASE_NAMES.indexOf(name) + (end === 'j' ? RELEASE_BITS_PER_END : 0));
    expect(scene.elements.releases[scene.elements.ids.indexOf('B1')]).toBe(
      bit('i', 'm2') | bit('i', 'm3') | bit('j', 't') | bit('j', 'm3'),
    );
    expect(scene.elements.releases[scene.elements.ids.indexOf('C1')]).toBe(0);
  });

  it('draws loads as glyphs on what they act on, leaving out loads on missing elements', () => {
    const { loads } = scene;
    expect(loads.kinds.map((kind) => SCENE_LOAD_KINDS[kind])).toEqual([
      'point',
      'point',
      'linear',
      'linear',
      'area',
    ]);
    expect(loads.targets).toEqual([2, 3, 1, 1, 3]);
    // P1: the force's own direction and size (3-4-5).
    expect(loads.directions.slice(0, 3)).toEqual([0, 0.6, -0.8]);
    expect(loads.magnitudes[0]).toBe(5000);
    // P2, a pure moment: drawn downward with the moment's size.
    expect(loads.directions.slice(3, 6)).toEqual([0, 0, -1]);
    expect(loads.magnitudes[1]).toBe(10);
    // W1: gravity, the mean of a trapezoid; W2: a member-local direction, drawn along −Z and marked local.
    expect([...loads.directions.slice(6, 9), loads.magnitudes[2], loads.local[2]]).toEqual([
      0,
      0,
      -1,
      3000,
      false,
    ]);
    expect([...loads.directions.slice(9, 12), loads.magnitudes[3], loads.local[3]]).toEqual([
      0,
      0,
      -1,
      500,
      true,
    ]);
    // A1: along −X (a negative value along X).
    expect([...loads.directions.slice(12, 15), loads.magnitudes[4]]).toEqual([-1, 0, 0, 1500]);
    // W2's pattern LIVE is not defined.
    expect(loads.patternIndices).toEqual([0, 0, 0, -1, 0]);
  });

  it('draws axis grids across the model’s plan with a margin, general grids as given', () => {
    expect(scene.grids).toEqual([
      { id: 'GA', label: 'A', system: 'G1', start: [0, -2000], end: [0, 6000] },
      { id: 'G2', label: '2', system: 'G1', start: [-2000, 4000], end: [8000, 4000] },
      { id: 'GD', label: 'D', system: 'G1', start: [0, 0], end: [6000, 4000] },
    ]);
  });
});
