import { afterAll, describe, expect, it } from 'vitest';
import { translatorForFile } from '../../engine/formats/registry';
import { mmToDisplay } from '../../engine/units';
import {
  FIXTURES_SKIP_NOTE,
  fixturePath,
  fixturesPresent,
  listFixtures,
  readFixture,
} from '../../engine/testing/fixtures';
import { boundingBox } from '../reportText';
import { runGusset, temporaryFolder } from '../testing/runGusset';
import type { InspectResult } from './inspect';

/** The keys issue #3 promises in `counts`; scripts depend on them. */
/** Several real-size files through child processes at once on a 2-core machine: slow, not stuck. */
const SPAWN_HEAVY = { timeout: 120_000 };

const REQUIRED_COUNT_KEYS = [
  'nodes',
  'beams',
  'columns',
  'braces',
  'cables',
  'walls',
  'floors',
  'areas',
  'openings',
  'links',
  'sections',
  'materials',
  'restraints',
  'releases',
  'loadPatterns',
  'loadCases',
  'loadCombinations',
  'pointLoads',
  'linearLoads',
  'areaLoads',
  'groups',
];

const FIXTURES = [
  ...listFixtures('e2k').map((name) => ({ kind: 'e2k', name })),
  ...listFixtures('s2k').map((name) => ({ kind: 's2k', name })),
];

/** Parses stdout that must be one JSON object and nothing else. */
function singleJsonObject(stdout: string): InspectResult {
  expect(stdout.endsWith('\n')).toBe(true);
  expect(stdout.trimEnd().split('\n')).toHaveLength(1);
  const value: unknown = JSON.parse(stdout);
  expect(value).toBeTypeOf('object');
  expect(Array.isArray(value)).toBe(false);
  return value as InspectResult;
}

describe
  .skipIf(!fixturesPresent)
  .concurrent(`gusset inspect --json on every e2k and s2k fixture${FIXTURES_SKIP_NOTE}`, SPAWN_HEAVY, () => {
    it.each(FIXTURES)('$name', async ({ kind, name }) => {
      const path = fixturePath(kind, name);
      const result = await runGusset(['inspect', path, '--json']);
      expect(result.stderr).toBe('');
      expect(result.code).toBe(0);
      const inspected = singleJsonObject(result.stdout);

      // The same file read in this process by the engine is the reference for every figure printed.
      const translator = translatorForFile(name);
      if (!translator) throw new Error(`no translator for ${name}`);
      const { model, report } = await translator.read(readFixture(kind, name));

      expect(inspected.file).toBe(path);
      expect(inspected.format.id).toBe(translator.id);
      expect(inspected.source).toEqual({ tool: model.source.tool, version: model.source.version ?? null });
      expect(inspected.units.display).toBe(model.units);
      expect(inspected.units.source?.force).toBe(model.sourceUnits?.force);
      for (const key of REQUIRED_COUNT_KEYS) expect(inspected.counts).toHaveProperty(key, expect.any(Number));
      expect(inspected.counts).toEqual(report.counts);
      expect(inspected.report.items).toEqual(report.items);

      const bounds = boundingBox(model);
      if (!bounds) {
        expect(inspected.boundingBox).toBeNull();
        return;
      }
      expect(inspected.boundingBox?.mm).toEqual(bounds);
      expect(inspected.boundingBox?.display.unit).toBe(model.units);
      for (const axis of ['x', 'y', 'z'] as const) {
        expect(inspected.boundingBox?.display.max[axis]).toBeCloseTo(
          mmToDisplay(bounds.max[axis], model.units),
          9,
        );
        expect(inspected.boundingBox?.display.min[axis]).toBeCloseTo(
          mmToDisplay(bounds.min[axis], model.units),
          9,
        );
      }
    });
  });

describe.skipIf(!fixturesPresent)(`gusset inspect as text${FIXTURES_SKIP_NOTE}`, SPAWN_HEAVY, () => {
  it('shows format, tool and version, units, the bounding box in mm and display units, counts and the report', async () => {
    const result = await runGusset(['inspect', fixturePath('e2k', 'eng_utilities__Test_kNm_97_03.E2K')]);
    expect(result.code).toBe(0);
    const { stdout } = result;
    expect(stdout).toMatch(/^Format +ETABS text model \(\.e2k, \.\$et\) \[e2k\]$/m);
    expect(stdout).toMatch(/^Source +ETABS 9\.7\.1$/m);
    expect(stdout).toMatch(/^Units +display m; source KN, M$/m);
    expect(stdout).toMatch(/^Bounding box +x -?[\d.]+ … [\d.]+, y .* mm$/m);
    expect(stdout).toMatch(/^ +x -?[\d.]+ … [\d.]+, y .* m$/m);
    expect(stdout).toMatch(/^ {2}nodes +1132$/m);
    expect(stdout).toMatch(
      /^Report +(?:\d[\d,]* (?:dropped|approximated|warnings?)\b.* in \d+ groups?|Nothing dropped, approximated or warned about)$/m,
    );
  });
});

describe.concurrent('gusset inspect on bad input', () => {
  const folder = temporaryFolder();
  afterAll(() => folder.remove());

  const SMALL_E2K = [
    '$ File C:\\x.e2k saved 1/1/2025',
    '',
    '$ PROGRAM INFORMATION',
    '  PROGRAM  "ETABS"  VERSION "20.2.0"  ',
    '',
    '$ CONTROLS',
    '  UNITS  "KN"  "M"  "C"  ',
    '',
    '$ STORIES - IN SEQUENCE FROM TOP',
    '  STORY "L1"  HEIGHT 3',
    '  STORY "Base"  ELEV 0',
    '',
    '$ POINT COORDINATES',
    '  POINT "1"  0 0',
    '  POINT "2"  5 0',
    '',
    '$ LINE CONNECTIVITIES',
    '  LINE  "C1"  COLUMN  "1"  "1"  1',
    '  LINE  "B1"  BEAM  "1"  "2"  0',
    '',
    '$ LINE ASSIGNS',
    '  LINEASSIGN  "C1"  "L1"  ANG 90',
    '  LINEASSIGN  "B1"  "L1"  ANG 0',
    '',
    '$ END OF MODEL FILE',
    '',
  ];

  async function expectBadInput(path: string, ...fragments: (string | RegExp)[]): Promise<string> {
    const result = await runGusset(['inspect', path, '--json']);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain(path);
    for (const fragment of fragments) expect(result.stderr).toMatch(fragment);
    return result.stderr;
  }

  it('reads the small ETABS model the bad files are made from', async () => {
    const result = await runGusset(['inspect', folder.file('small.e2k', SMALL_E2K.join('\n')), '--json']);
    expect(result.code).toBe(0);
    expect(singleJsonObject(result.stdout).counts).toMatchObject({ nodes: 3, beams: 1, columns: 1 });
  });

  it('names the file and line of a malformed ETABS number', async () => {
    const lines = SMALL_E2K.map((line) => (line === '  POINT "2"  5 0' ? '  POINT "2"  5,5 0' : line));
    const path = folder.file('comma.e2k', lines.join('\n'));
    await expectBadInput(path, `${path}:15: `, /not a number/);
  });

  it('names the file and line of an unclosed quote in an ETABS file with CRLF line ends', async () => {
    const lines = SMALL_E2K.map((line) => (line === '  POINT "1"  0 0' ? '  POINT "1  0 0' : line));
    const path = folder.file('quote.e2k', lines.join('\r\n'));
    await expectBadInput(path, `${path}:14: `);
  });

  it('names the file and line of a SAP2000 table header without its closing quote', async () => {
    const text = [
      'File C:\\x.s2k was saved on 1/1/25 at 10:00:00',
      '',
      'TABLE:  "PROGRAM CONTROL"',
      '   ProgramName=SAP2000   Version=25.3.1   CurrUnits="KN, m, C"',
      '',
      'TABLE:  "JOINT COORDINATES',
      '   Joint=1   CoordSys=GLOBAL   CoordType=Cartesian   XorR=0   Y=0   Z=0',
      '',
      'END TABLE DATA',
      '',
    ].join('\r\n');
    const path = folder.file('header.s2k', text);
    await expectBadInput(path, `${path}:6: `, /closing quote/);
  });

  it('refuses an empty file, naming it', async () => {
    await expectBadInput(folder.file('empty.e2k', ''), /empty/);
  });

  it('refuses a binary file given an ETABS name', async () => {
    const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48]);
    await expectBadInput(folder.file('picture.$et', png), /binary/);
  });

  it('refuses a file that does not exist, and a folder', async () => {
    await expectBadInput(folder.file('missing.s2k'), /no such file/);
    await expectBadInput(folder.path + '/', /directory/);
    const directory = folder.file('looks-like-a-model.e2k');
    const { mkdirSync } = await import('node:fs');
    mkdirSync(directory);
    await expectBadInput(directory, /directory/);
  });

  it('refuses an extension it does not know, listing the ones it does', async () => {
    await expectBadInput(folder.file('model.dwg', 'AC1032'), /unknown format/, /e2k \(\.e2k \.\$et\)/);
  });

  it('names the line of a JSON syntax error', async () => {
    const path = folder.file(
      'syntax.json',
      '{\n  "schemaVersion": 1,\n  "units": "mm",\n  "nodes": [1, 2,, 3]\n}\n',
    );
    await expectBadInput(path, `${path}:4: `);
  });

  it('names the path and line of a value the canonical schema refuses', async () => {
    const model = {
      schemaVersion: 1,
      units: 'furlong',
      source: { tool: 'gusset' },
    };
    const path = folder.file('schema.json', JSON.stringify(model, null, 2));
    await expectBadInput(path, `${path}:3: `, /units/);
  });

  it('names the path and line of an element that points at a node the model lacks', async () => {
    const base = { source: { tool: 'gusset' }, attributes: {} };
    const model = {
      schemaVersion: 1,
      units: 'm',
      source: { tool: 'gusset' },
      nodes: [{ ...base, id: 'n1', name: 'n1', type: 'Node', x: 0, y: 0, z: 0 }],
      levels: [],
      grids: [],
      materials: [],
      profiles: [],
      elements: [{ ...base, id: 'b1', name: 'b1', type: 'Beam', startNodeId: 'n1', endNodeId: 'n9' }],
      groups: [],
      loadPatterns: [],
      loadCases: [],
      loadCombinations: [],
      loads: [],
      linkProperties: [],
      springProperties: [],
      diaphragms: [],
      attributes: {},
    };
    const text = JSON.stringify(model, null, 2);
    const line = text.split('\n').findIndex((row) => row.includes('"endNodeId": "n9"')) + 1;
    const path = folder.file('dangling.json', text);
    await expectBadInput(path, `${path}:${line}: `, /elements\[0\]\.endNodeId: no node has id "n9"/);
  });
});
