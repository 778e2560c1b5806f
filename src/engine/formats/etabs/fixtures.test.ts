import { describe, expect, it } from 'vitest';
import { hashModel } from '../../canonical';
import type { Element, Model } from '../../schema';
import { isRestrained, ModelSchema } from '../../schema';
import { FIXTURES_SKIP_NOTE, fixturesPresent, readFixture } from '../../testing/fixtures';
import { readE2k } from './read';
import { writeE2k } from './write';

/**
 * File-level counts from ../shared/fixtures/PROVENANCE.md, and how each maps to canonical objects:
 * - STORY lines → levels; GRID/GENGRID → grids; materials → materials; FRAMESECTION + SHELLPROP → profiles;
 * - POINT → plan points (sourceCounts.POINT); a node is a plan point × a story that uses it;
 * - LINE (by type) → distinct frame labels per canonical type (Column/Beam/Brace); each LINEASSIGN (label, story)
 *   is one element — `frameInstances` is that number, lower than the LINEASSIGN line count when ETABS continues an
 *   assignment on a second line (Ejemplo 85, EjemploNew 85, KOSMOS 887 continuation lines);
 * - AREA (FLOOR/PANEL/AREA) → distinct Floor/Wall/Area labels (areas assigned OPENING count under their type);
 *   each AREAASSIGN is one area element;
 * - RESTRAINT → nodes with a restraint; RELEASE → frames with releases (named presets such as "PINNED" stay an
 *   attribute and are counted too);
 * - load patterns/cases/combos → loadPatterns/loadCases/loadCombinations; POINTLOAD/LINELOAD/AREALOAD →
 *   PointLoad/LinearLoad/AreaLoad; groups → groups; diaphragms → diaphragms.
 */
interface Expected {
  version: string;
  units: [string, string];
  stories: number;
  grids: number;
  materials: number;
  frameSections: number;
  shellProps: number;
  points: number;
  lines: { COLUMN: number; BEAM: number; BRACE: number };
  areas: { FLOOR: number; PANEL: number; AREA: number };
  pointAssigns: number;
  restraints: number;
  lineAssigns: number;
  frameInstances: number;
  releases: number;
  areaAssigns: number;
  patterns: number;
  cases: number;
  combos: number;
  pointLoads: number;
  lineLoads: number;
  areaLoads: number;
  groups: number;
  diaphragms: number;
}

const EXPECTED: Record<string, Expected> = {
  'eng_utilities__Test_kNm_97_03.E2K': {
    version: '9.7.1',
    units: ['KN', 'M'],
    stories: 13,
    grids: 16,
    materials: 3,
    frameSections: 301,
    shellProps: 4,
    points: 100,
    lines: { COLUMN: 16, BEAM: 68, BRACE: 0 },
    areas: { FLOOR: 1, PANEL: 28, AREA: 6 },
    pointAssigns: 76,
    restraints: 76,
    lineAssigns: 1076,
    frameInstances: 1076,
    releases: 0,
    areaAssigns: 355,
    patterns: 4,
    cases: 0,
    combos: 14,
    pointLoads: 0,
    lineLoads: 0,
    areaLoads: 26,
    groups: 0,
    diaphragms: 1,
  },
  'RDC_PERFORM__chimba.e2k': {
    version: '20.2.0',
    units: ['KGF', 'M'],
    stories: 2,
    grids: 19,
    materials: 14,
    frameSections: 23,
    shellProps: 23,
    points: 185,
    lines: { COLUMN: 10, BEAM: 340, BRACE: 0 },
    areas: { FLOOR: 8, PANEL: 0, AREA: 0 },
    pointAssigns: 90,
    restraints: 10,
    lineAssigns: 358,
    frameInstances: 350,
    releases: 48,
    areaAssigns: 8,
    patterns: 6,
    cases: 15,
    combos: 34,
    pointLoads: 0,
    lineLoads: 0,
    areaLoads: 16,
    groups: 0,
    diaphragms: 2,
  },
  'RDC_PERFORM__Ejemplo.e2k': {
    version: '20.2.0',
    units: ['KGF', 'M'],
    stories: 10,
    grids: 20,
    materials: 14,
    frameSections: 23,
    shellProps: 23,
    points: 150,
    lines: { COLUMN: 35, BEAM: 124, BRACE: 0 },
    areas: { FLOOR: 13, PANEL: 0, AREA: 0 },
    pointAssigns: 709,
    restraints: 18,
    lineAssigns: 699,
    frameInstances: 614,
    releases: 220,
    areaAssigns: 46,
    patterns: 6,
    cases: 15,
    combos: 35,
    pointLoads: 0,
    lineLoads: 40,
    areaLoads: 92,
    groups: 0,
    diaphragms: 2,
  },
  'RDC_PERFORM__EjemploNew.e2k': {
    version: '20.2.0',
    units: ['KGF', 'M'],
    stories: 10,
    grids: 20,
    materials: 14,
    frameSections: 23,
    shellProps: 23,
    points: 323,
    lines: { COLUMN: 35, BEAM: 596, BRACE: 0 },
    areas: { FLOOR: 13, PANEL: 0, AREA: 0 },
    pointAssigns: 709,
    restraints: 18,
    lineAssigns: 2889,
    frameInstances: 2804,
    releases: 225,
    areaAssigns: 46,
    patterns: 6,
    cases: 15,
    combos: 35,
    pointLoads: 0,
    lineLoads: 198,
    areaLoads: 92,
    groups: 0,
    diaphragms: 2,
  },
  'RDC_PERFORM__KOSMOS_Plat.e2k': {
    version: '20.2.0',
    units: ['KGF', 'M'],
    stories: 16,
    grids: 19,
    materials: 14,
    frameSections: 23,
    shellProps: 23,
    points: 1344,
    lines: { COLUMN: 718, BEAM: 804, BRACE: 0 },
    areas: { FLOOR: 80, PANEL: 0, AREA: 0 },
    pointAssigns: 4717,
    restraints: 63,
    lineAssigns: 5494,
    frameInstances: 4607,
    releases: 1762,
    areaAssigns: 314,
    patterns: 6,
    cases: 15,
    combos: 34,
    pointLoads: 0,
    lineLoads: 203,
    areaLoads: 628,
    groups: 0,
    diaphragms: 2,
  },
  'parametric-etabs-tower__St_Regis_with_a_Twist.$et': {
    version: '23.1.1',
    units: ['LB', 'IN'],
    stories: 2,
    grids: 2,
    materials: 6,
    frameSections: 129,
    shellProps: 5,
    points: 4545,
    lines: { COLUMN: 2500, BEAM: 404, BRACE: 2000 },
    areas: { FLOOR: 101, PANEL: 0, AREA: 0 },
    pointAssigns: 45,
    restraints: 45,
    lineAssigns: 4904,
    frameInstances: 4904,
    releases: 0,
    areaAssigns: 101,
    patterns: 2,
    cases: 3,
    combos: 0,
    pointLoads: 0,
    lineLoads: 0,
    areaLoads: 0,
    groups: 0,
    diaphragms: 1,
  },
  'ETABS_to_RAM_bridge__example.$et': {
    version: '20.3.0',
    units: ['LB', 'IN'],
    stories: 2,
    grids: 2,
    materials: 5,
    frameSections: 127,
    shellProps: 4,
    points: 4,
    lines: { COLUMN: 1, BEAM: 1, BRACE: 1 },
    areas: { FLOOR: 0, PANEL: 0, AREA: 0 },
    pointAssigns: 2,
    restraints: 2,
    lineAssigns: 3,
    frameInstances: 3,
    releases: 0,
    areaAssigns: 0,
    patterns: 9,
    cases: 10,
    combos: 0,
    pointLoads: 2,
    lineLoads: 7,
    areaLoads: 0,
    groups: 0,
    diaphragms: 1,
  },
};

function distinctNames(model: Model, predicate: (element: Element) => boolean): number {
  return new Set(model.elements.filter(predicate).map((element) => element.name)).size;
}

function areaKind(element: Element): string | undefined {
  if (element.type === 'Floor') return 'FLOOR';
  if (element.type === 'Wall') return 'PANEL';
  if (element.type === 'Area') return 'AREA';
  if (element.type === 'Opening') return element.attributes['$areaType'] as string;
  return undefined;
}

describe.skipIf(!fixturesPresent)(`ETABS fixtures${FIXTURES_SKIP_NOTE}`, () => {
  describe.each(Object.entries(EXPECTED))('%s', (fileName, expected) => {
    const bytes = fixturesPresent ? readFixture('e2k', fileName) : new Uint8Array();
    const { model, report } = fixturesPresent ? readE2k(bytes) : ({} as ReturnType<typeof readE2k>);

    it('reads into a valid canonical model with the source version and units', () => {
      expect(() => ModelSchema.parse(model)).not.toThrow();
      expect(model.source).toEqual({ tool: 'etabs', version: expected.version });
      expect([model.sourceUnits?.force, model.sourceUnits?.length]).toEqual(expected.units);
    });

    it('has the PROVENANCE.md counts', () => {
      const counts = report.counts;
      const source = report.sourceCounts ?? {};
      expect(model.levels).toHaveLength(expected.stories);
      expect(counts.grids).toBe(expected.grids);
      expect(counts.materials).toBe(expected.materials);
      expect(model.profiles.filter((profile) => profile.kind === 'frame')).toHaveLength(
        expected.frameSections,
      );
      expect(model.profiles.filter((profile) => profile.kind === 'shell')).toHaveLength(expected.shellProps);
      expect(source['POINT'] ?? 0).toBe(expected.points);
      expect(distinctNames(model, (element) => element.type === 'Column')).toBe(expected.lines.COLUMN);
      expect(distinctNames(model, (element) => element.type === 'Beam')).toBe(expected.lines.BEAM);
      expect(distinctNames(model, (element) => element.type === 'Brace')).toBe(expected.lines.BRACE);
      for (const kind of ['FLOOR', 'PANEL', 'AREA'] as const) {
        expect(distinctNames(model, (element) => areaKind(element) === kind)).toBe(expected.areas[kind]);
      }
      expect(source['POINTASSIGN'] ?? 0).toBe(expected.pointAssigns);
      expect(
        model.nodes.filter((node) => isRestrained(node.restraint) || node.restraint !== undefined),
      ).toHaveLength(expected.restraints);
      expect(source['LINEASSIGN'] ?? 0).toBe(expected.lineAssigns);
      expect(counts.beams + counts.columns + counts.braces).toBe(expected.frameInstances);
      const presetReleases = model.elements.filter((element) =>
        Object.hasOwn(element.attributes, 'RELEASE'),
      ).length;
      expect(counts.releases + presetReleases).toBe(expected.releases);
      expect(counts.floors + counts.walls + counts.areas + counts.openings).toBe(expected.areaAssigns);
      expect(counts.loadPatterns).toBe(expected.patterns);
      expect(counts.loadCases).toBe(expected.cases);
      expect(counts.loadCombinations).toBe(expected.combos);
      expect(counts.pointLoads).toBe(expected.pointLoads);
      expect(counts.linearLoads).toBe(expected.lineLoads);
      expect(counts.areaLoads).toBe(expected.areaLoads);
      expect(counts.groups).toBe(expected.groups);
      expect(counts.diaphragms).toBe(expected.diaphragms);
    });

    it('reads back what it writes: read → write → read is hash-equal', () => {
      const written = writeE2k(model);
      const again = readE2k(written.bytes);
      expect(hashModel(again.model)).toBe(hashModel(model));
      // The same things are reported again (lines differ: the written file is laid out anew).
      const withoutLine = (items: typeof report.items): unknown[] =>
        items.map(({ line: _line, ...item }) => item);
      expect(withoutLine(again.report.items)).toEqual(withoutLine(report.items));
      expect(written.report.items).toEqual([]);
    });
  });
});

describe.skipIf(!fixturesPresent)(`ETABS geometry${FIXTURES_SKIP_NOTE}`, () => {
  it('places plan points on stories: elevation from heights, minus the point dz (St Regis, lb/in)', () => {
    const { model } = readE2k(readFixture('e2k', 'parametric-etabs-tower__St_Regis_with_a_Twist.$et'));
    const story1 = model.levels.find((level) => level.id === 'Story1');
    expect(story1?.elevation).toBeCloseTo(12 * 25.4 * 0 + (story1?.height ?? 0), 6);
    // Nodes above Story1 come from negative dz: every node's z is elevation − dz, so some lie far above the story.
    const highest = Math.max(...model.nodes.map((node) => node.z));
    expect(highest).toBeGreaterThan((story1?.elevation ?? 0) + 1000);
  });

  it('reads the ETABS 9.x shape word "Rectangular" as a rectangle with its D and B (Test_kNm_97_03, kN/m)', () => {
    const { model } = readE2k(readFixture('e2k', 'eng_utilities__Test_kNm_97_03.E2K'));
    const spandrel = model.profiles.find((profile) => profile.id === 'SPANDREL');
    // FRAMESECTION "SPANDREL" … SHAPE "Rectangular" D 1.8 B 0.35 (metres).
    expect(spandrel).toMatchObject({
      kind: 'frame',
      section: { shape: 'rectangle', depth: 1800, width: 350 },
    });
  });

  it('spans multi-storey columns through the LINE story drop (KOSMOS)', () => {
    const { model } = readE2k(readFixture('e2k', 'RDC_PERFORM__KOSMOS_Plat.e2k'));
    const nodes = new Map(model.nodes.map((node) => [node.id, node]));
    const levelIndex = new Map(model.levels.map((level, index) => [level.id, index]));
    const spans = new Set(
      model.elements
        .filter((element) => element.type === 'Column')
        .map((column) => {
          const start = nodes.get(column.startNodeId);
          const end = nodes.get(column.endNodeId);
          return (levelIndex.get(start?.levelId ?? '') ?? 0) - (levelIndex.get(end?.levelId ?? '') ?? 0);
        }),
    );
    expect(spans).toContain(1);
    expect(spans).toContain(2);
    expect(spans).toContain(3);
  });

  it('converts kgf/m to canonical mm, N and N·m (example.$et point load in lb/in)', () => {
    const { model } = readE2k(readFixture('e2k', 'ETABS_to_RAM_bridge__example.$et'));
    const load = model.loads.find(
      (candidate) => candidate.type === 'PointLoad' && candidate.patternId === '3',
    );
    expect(load?.type).toBe('PointLoad');
    if (load?.type !== 'PointLoad') return;
    expect(load.fz).toBeCloseTo(-17200 * 4.4482216152605, 6);
    expect(load.my).toBeCloseTo(-652800 * 4.4482216152605 * 0.0254, 6);
    const point2 = model.nodes.find((node) => node.id === '2@Story1');
    // POINT "2" 0 0 -108 on Story1 (HEIGHT 12 in): z = (12 + 108) in.
    expect(point2?.z).toBeCloseTo(120 * 25.4, 9);
  });
});
