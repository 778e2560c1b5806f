import { describe, expect, it } from 'vitest';
import { hashModel } from '../../canonical';
import type { Element, Model } from '../../schema';
import { ModelSchema } from '../../schema';
import { FIXTURES_SKIP_NOTE, fixturesPresent, readFixture } from '../../testing/fixtures';
import { translatorForFile } from '../registry';
import { CABLE_SECTION_FLAG, RAW_TABLES_KEY } from './names';
import { readSap2000 } from './read';
import { parseCsiTables } from './tables';
import { decodeCsiText } from './text';
import { writeSap2000 } from './write';

/**
 * The file-level counts PROVENANCE.md lists (logical rows per table, continuation lines joined). Each maps to
 * canonical objects as `canonicalCounts` below says: a JOINT COORDINATES row is a Node, a CONNECTIVITY - FRAME row a
 * Beam/Column/Brace, an AREA row an Area, a SOLID row a Component of kind "solid", a LINK row a Link, a material
 * row a Material, a frame or area section a Profile (frame/shell), a restraint row a Node.restraint, a release row
 * a frame's releases, combos are distinct ComboName values, and so on.
 */
interface Expected {
  tool: string;
  version: string;
  units: Model['units'];
  tables: number;
  joints?: number;
  frames?: number;
  areas?: number;
  solids?: number;
  cables?: number;
  links?: number;
  materials: number;
  frameSections?: number;
  areaSections?: number;
  frameSecAssign?: number;
  areaSecAssign?: number;
  restraints?: number;
  releases?: number;
  loadPatterns: number;
  loadCases: number;
  combos?: number;
  groups: number;
  jointLoads?: number;
  frameDistLoads?: number;
  framePointLoads?: number;
  gridLines?: number;
}

const S2K: Record<string, Expected> = {
  'xbim__Example_1-001.s2k': {
    tool: 'sap2000',
    version: '25.2.0',
    units: 'in',
    tables: 63,
    joints: 4,
    frames: 3,
    materials: 6,
    frameSections: 1,
    areaSections: 1,
    frameSecAssign: 3,
    restraints: 2,
    loadPatterns: 7,
    loadCases: 7,
    groups: 2,
    jointLoads: 2,
    frameDistLoads: 6,
    framePointLoads: 1,
    gridLines: 7,
  },
  'xbim__Example_1-021.s2k': {
    tool: 'sap2000',
    version: '25.2.0',
    units: 'ft',
    tables: 58,
    joints: 110,
    frames: 189,
    materials: 5,
    frameSections: 1,
    areaSections: 1,
    frameSecAssign: 189,
    restraints: 11,
    loadPatterns: 1,
    loadCases: 1,
    groups: 1,
    gridLines: 22,
  },
  'xbim__Example_1-025.s2k': {
    tool: 'sap2000',
    version: '25.2.0',
    units: 'in',
    tables: 66,
    joints: 51,
    frames: 84,
    materials: 5,
    frameSections: 1,
    areaSections: 1,
    frameSecAssign: 84,
    restraints: 12,
    releases: 84,
    loadPatterns: 1,
    loadCases: 4,
    groups: 2,
    gridLines: 14,
  },
  'xbim__Example_3-005.s2k': {
    tool: 'sap2000',
    version: '25.2.0',
    units: 'ft',
    tables: 57,
    joints: 81,
    areas: 64,
    materials: 8,
    frameSections: 69,
    areaSections: 2,
    areaSecAssign: 64,
    restraints: 25,
    loadPatterns: 1,
    loadCases: 1,
    groups: 1,
    gridLines: 5,
  },
  'xbim__Example_5-004.s2k': {
    tool: 'sap2000',
    version: '25.2.0',
    units: 'in',
    tables: 54,
    joints: 117,
    solids: 48,
    materials: 5,
    frameSections: 267,
    areaSections: 1,
    restraints: 9,
    loadPatterns: 2,
    loadCases: 2,
    groups: 2,
    jointLoads: 18,
    gridLines: 8,
  },
  'xbim__Example_6-011a.s2k': {
    tool: 'sap2000',
    version: '25.2.0',
    units: 'in',
    tables: 83,
    joints: 36,
    frames: 49,
    links: 4,
    materials: 4,
    frameSections: 3,
    areaSections: 1,
    frameSecAssign: 49,
    restraints: 4,
    loadPatterns: 1,
    loadCases: 7,
    groups: 2,
    jointLoads: 4,
    gridLines: 6,
  },
  'xbim__Example_7-003.s2k': {
    tool: 'sap2000',
    version: '25.2.0',
    units: 'ft',
    tables: 57,
    joints: 12,
    cables: 12,
    materials: 5,
    frameSections: 1,
    restraints: 8,
    loadPatterns: 2,
    loadCases: 2,
    groups: 2,
    jointLoads: 4,
    gridLines: 13,
  },
  'xbim__Tower.s2k': {
    tool: 'sap2000',
    version: '25.3.1',
    units: 'in',
    tables: 48,
    joints: 20,
    frames: 72,
    materials: 2,
    frameSections: 1,
    frameSecAssign: 72,
    restraints: 4,
    releases: 40,
    loadPatterns: 1,
    loadCases: 2,
    groups: 1,
    gridLines: 25,
  },
  'xbim__Painter_Street_v1.2.s2k': {
    tool: 'sap2000',
    version: '25.3.1',
    units: 'ft',
    tables: 85,
    joints: 82,
    frames: 31,
    links: 48,
    materials: 4,
    frameSections: 8,
    frameSecAssign: 31,
    restraints: 2,
    loadPatterns: 1,
    loadCases: 2,
    groups: 5,
    gridLines: 3,
  },
  'xbim__CaltransCircle.s2k': {
    tool: 'sap2000',
    version: '25.3.1',
    units: 'in',
    tables: 43,
    materials: 4,
    frameSections: 1,
    loadPatterns: 1,
    loadCases: 2,
    groups: 1,
    gridLines: 3,
  },
  'xbim__Bridge01.b2k': {
    tool: 'csibridge',
    version: '25.3.1',
    units: 'in',
    tables: 160,
    joints: 64,
    frames: 15,
    links: 39,
    materials: 4,
    frameSections: 8,
    frameSecAssign: 15,
    restraints: 2,
    loadPatterns: 9,
    loadCases: 11,
    combos: 219,
    groups: 5,
  },
  'opensees-gallery__box_model.$2k': {
    // Its 46 AREA SECTION ASSIGNMENTS rows carry only MatProp=Default (no Section): no area gets a profile.
    tool: 'sap2000',
    version: '16.1.1',
    units: 'mm',
    tables: 38,
    joints: 148,
    areas: 46,
    materials: 2,
    areaSecAssign: 0,
    loadPatterns: 1,
    loadCases: 2,
    groups: 2,
    gridLines: 6,
  },
  'sap2000-tbdy2018__Init.$2k': {
    tool: 'sap2000',
    version: '26.2.0',
    units: 'mm',
    tables: 39,
    materials: 3,
    loadPatterns: 1,
    loadCases: 2,
    groups: 1,
    gridLines: 3,
  },
};

const isFrame = (element: Element): boolean =>
  element.type === 'Beam' || element.type === 'Column' || element.type === 'Brace';
const isAreaLike = (element: Element): boolean =>
  element.type === 'Area' ||
  element.type === 'Floor' ||
  element.type === 'Wall' ||
  element.type === 'Opening';

function rawRows(model: Model, table: string): number {
  const raw = model.attributes[RAW_TABLES_KEY];
  if (!Array.isArray(raw)) return 0;
  const entry = raw.find(
    (item) => typeof item === 'object' && item !== null && !Array.isArray(item) && item['name'] === table,
  );
  return entry && typeof entry === 'object' && !Array.isArray(entry) && Array.isArray(entry['rows'])
    ? entry['rows'].length
    : 0;
}

function canonicalCounts(model: Model): Partial<Expected> {
  const frames = model.elements.filter(isFrame);
  const areas = model.elements.filter(isAreaLike);
  const frameProfiles = model.profiles.filter(
    (profile) => profile.kind === 'frame' && profile.attributes[CABLE_SECTION_FLAG] !== true,
  );
  const linear = model.loads.filter((load) => load.type === 'LinearLoad');
  return {
    joints: model.nodes.length,
    frames: frames.length,
    areas: areas.length,
    solids: model.elements.filter((element) => element.type === 'Component' && element.kind === 'solid')
      .length,
    cables: model.elements.filter((element) => element.type === 'Cable').length,
    links: model.elements.filter((element) => element.type === 'Link').length,
    materials: model.materials.length,
    frameSections: frameProfiles.length,
    areaSections: model.profiles.filter((profile) => profile.kind === 'shell').length,
    frameSecAssign: frames.filter((frame) => 'profileId' in frame && frame.profileId !== undefined).length,
    areaSecAssign: areas.filter((area) => 'profileId' in area && area.profileId !== undefined).length,
    restraints: model.nodes.filter((node) => node.restraint !== undefined).length,
    releases: frames.filter((frame) => 'releases' in frame && frame.releases !== undefined).length,
    loadPatterns: model.loadPatterns.length,
    loadCases: model.loadCases.length,
    combos: model.loadCombinations.length,
    groups: model.groups.length,
    jointLoads: model.loads.filter((load) => load.type === 'PointLoad').length,
    frameDistLoads: linear.filter((load) => load.distribution.kind === 'distributed').length,
    framePointLoads: linear.filter((load) => load.distribution.kind === 'point').length,
    // X/Y lines are Grid objects; Z (elevation) lines are kept as GRID LINES rows.
    gridLines: model.grids.length + rawRows(model, 'GRID LINES'),
  };
}

describe(`SAP2000 fixtures${FIXTURES_SKIP_NOTE}`, () => {
  it.skipIf(!fixturesPresent).each(Object.entries(S2K))(
    '%s: reads with the counts PROVENANCE.md lists',
    (file, expected) => {
      const bytes = readFixture('s2k', file);
      const { model, report } = readSap2000(bytes);
      expect(ModelSchema.safeParse(model).success).toBe(true);
      expect(model.source).toEqual({ tool: expected.tool, version: expected.version });
      expect(model.units).toBe(expected.units);
      const doc = parseCsiTables(decodeCsiText(bytes).text);
      expect(doc.tables).toHaveLength(expected.tables);
      if (file.startsWith('opensees')) expect(doc.table('AREA SECTION ASSIGNMENTS')?.rowCount).toBe(46);
      const counts = canonicalCounts(model);
      const { tool: _tool, version: _version, units: _units, tables: _tables, ...listed } = expected;
      for (const [key, value] of Object.entries(listed))
        expect([key, counts[key as keyof Expected]]).toEqual([key, value]);
      // Anything PROVENANCE does not list is absent from the file.
      for (const key of [
        'joints',
        'frames',
        'areas',
        'solids',
        'cables',
        'links',
        'combos',
        'jointLoads',
      ] as const) {
        if (!(key in listed)) expect([key, counts[key]]).toEqual([key, 0]);
      }
      expect(report.counts.nodes).toBe(expected.joints ?? 0);
      expect(report.direction).toBe('read');
    },
  );

  it.skipIf(!fixturesPresent)(
    'reads the SAFE 2016 .F2K through the same tables, with SAFE table names',
    () => {
      const { model } = readSap2000(readFixture('other', 'etabs_api__shayesteh.F2K'));
      expect(model.source).toEqual({ tool: 'safe', version: '16.0.2' });
      expect(model.sourceUnits).toEqual({ force: 'Kgf', length: 'm', temperature: 'C' });
      expect(model.materials).toHaveLength(3);
      expect(model.grids).toHaveLength(19);
      expect(model.nodes).toHaveLength(11); // OBJECT GEOMETRY - POINT COORDINATES
      expect(model.loads.filter((load) => load.type === 'PointLoad')).toHaveLength(297);
      expect(model.loadPatterns).toHaveLength(51);
      // 379 LOAD COMBINATIONS rows hold 58 combinations.
      expect(model.loadCombinations).toHaveLength(58);
      expect(model.loadCombinations.reduce((sum, combo) => sum + combo.items.length, 0)).toBe(379);
      // SAFE gives gravity loads positive down (Fgrav=26156.55 kgf on point 115 under DEAD_ABOVE).
      const load = model.loads.find((item) => item.id === 'JointLoad:115:DEAD_ABOVE:1');
      expect(load?.type === 'PointLoad' ? load.fz : NaN).toBeCloseTo(-26156.55 * 9.80665, 3);
    },
  );

  it.skipIf(!fixturesPresent)(
    'converts to canonical units and maps frames, sections, loads and releases',
    () => {
      const { model } = readSap2000(readFixture('s2k', 'xbim__Example_1-001.s2k'));
      const joint3 = model.nodes.find((node) => node.id === '3');
      expect(joint3).toMatchObject({ x: 96 * 25.4, y: 0, z: 192 * 25.4 });
      // Frame 1 runs 1 → 2 straight up, frame 2 from 2 to 3 is inclined, frame 3 from 4 to 2 is level.
      expect(model.elements.map((element) => [element.id, element.type])).toEqual([
        ['1', 'Column'],
        ['2', 'Brace'],
        ['3', 'Beam'],
      ]);
      const distributed = model.loads.find((load) => load.id === 'FrameLoad:3:2:1');
      expect(distributed).toMatchObject({ direction: 'Gravity', quantity: 'force' });
      // 0.15 kip/in in N/m.
      expect(
        distributed?.type === 'LinearLoad' &&
          distributed.distribution.kind === 'distributed' &&
          distributed.distribution.startValue,
      ).toBeCloseTo((0.15 * 4448.2216152605) / 0.0254, 6);
      const tower = readSap2000(readFixture('s2k', 'xbim__Tower.s2k')).model;
      const released = tower.elements.filter(
        (element) => isFrame(element) && 'releases' in element && element.releases,
      );
      expect(released).toHaveLength(40);
      const section = tower.profiles[0];
      expect(section?.kind === 'frame' && section.section).toEqual({
        shape: 'i',
        depth: 12 * 25.4,
        flangeWidth: 5 * 25.4,
        flangeThickness: 0.38 * 25.4,
        webThickness: 0.25 * 25.4,
        bottomFlangeWidth: 5 * 25.4,
        bottomFlangeThickness: 0.38 * 25.4,
      });
    },
  );

  const roundTripFiles = [
    ...Object.keys(S2K).map((file) => ['s2k', file] as const),
    ['other', 'etabs_api__shayesteh.F2K'] as const,
  ];
  it.skipIf(!fixturesPresent).each(roundTripFiles)(
    '%s/%s: read → write → read gives a hash-equal model',
    (kind, file) => {
      const first = readSap2000(readFixture(kind, file)).model;
      const written = writeSap2000(first);
      const second = readSap2000(written.bytes).model;
      expect(hashModel(second)).toBe(hashModel(first));
      expect(written.report.direction).toBe('write');
    },
  );

  it('is the registered translator for .s2k, .$2k, .b2k and .F2K files', () => {
    for (const name of ['a.s2k', 'a.$2k', 'a.b2k', 'a.F2K']) expect(translatorForFile(name)?.id).toBe('s2k');
  });
});
