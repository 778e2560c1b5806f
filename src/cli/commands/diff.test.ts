import { afterAll, describe, expect, it } from 'vitest';
import type { DiffView } from '../../engine/diff';
import { FIXTURES_SKIP_NOTE, fixturePath, fixturesPresent } from '../../engine/testing/fixtures';
import { runGusset, temporaryFolder } from '../testing/runGusset';

/** Child processes on a shared 2-core machine: slow, not stuck. */
const SPAWN_HEAVY = { timeout: 120_000 };

/** A one-storey ETABS model: column C1 on point 1, beam B1 from point 1 to point 2 (metres). */
function e2k(points: string[], lines: string[], assigns: string[]): string {
  return [
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
    ...points,
    '',
    '$ LINE CONNECTIVITIES',
    ...lines,
    '',
    '$ LINE ASSIGNS',
    ...assigns,
    '',
    '$ END OF MODEL FILE',
    '',
  ].join('\n');
}

const OLD = e2k(
  ['  POINT "1"  0 0', '  POINT "2"  5 0'],
  ['  LINE  "C1"  COLUMN  "1"  "1"  1', '  LINE  "B1"  BEAM  "1"  "2"  0'],
  ['  LINEASSIGN  "C1"  "L1"  ANG 90', '  LINEASSIGN  "B1"  "L1"  ANG 0'],
);
/** Point 2 moved 12 mm along Y, B1 turned to 30°, a new beam B2 from point 2 to a new point 3. */
const NEW = e2k(
  ['  POINT "1"  0 0', '  POINT "2"  5 0.012', '  POINT "3"  5 4'],
  ['  LINE  "C1"  COLUMN  "1"  "1"  1', '  LINE  "B1"  BEAM  "1"  "2"  0', '  LINE  "B2"  BEAM  "2"  "3"  0'],
  ['  LINEASSIGN  "C1"  "L1"  ANG 90', '  LINEASSIGN  "B1"  "L1"  ANG 30', '  LINEASSIGN  "B2"  "L1"  ANG 0'],
);

/** OLD with story L1 renamed Roof: every id on it changes. */
const RENAMED = OLD.replaceAll('"L1"', '"Roof"');

const folder = temporaryFolder();
afterAll(() => folder.remove());
const oldPath = folder.file('old.e2k', OLD);
const newPath = folder.file('new.e2k', NEW);
const renamedPath = folder.file('renamed.e2k', RENAMED);

describe.concurrent('gusset diff', SPAWN_HEAVY, () => {
  it('prints the diff as one JSON DiffView with --json', async () => {
    const result = await runGusset(['diff', oldPath, newPath, '--json']);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout.trimEnd().split('\n')).toHaveLength(1);
    const view = JSON.parse(result.stdout) as DiffView;
    expect(view.units).toBe('m');
    expect(view.elementCounts['Beam']).toEqual({ added: 1, removed: 0, modified: 1, unchanged: 0 });
    expect(view.elementCounts['Column']).toEqual({ added: 0, removed: 0, modified: 0, unchanged: 1 });
    expect(view.counts.nodes).toMatchObject({ added: 1, modified: 1 });
    const beam = view.changes.find((change) => change.key === 'elements:B1@L1');
    expect(beam?.label).toBe('B1 at L1');
    expect(beam?.groups).toEqual(['Geometry', 'Attributes']);
    expect(beam?.details.map((detail) => detail.text)).toEqual([
      'End j moved 0.012 m in Y',
      'orientationAngle: 0 → 30',
    ]);
    const node = view.changes.find((change) => change.key === 'nodes:2@L1');
    expect(node?.details.map((detail) => detail.text)).toEqual(['Moved 0.012 m in Y']);
  });

  it('prints a summary by type and one line per change as text, in the units asked for', async () => {
    const result = await runGusset(['diff', oldPath, newPath, '--units', 'mm']);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^ {2}Beam +1 +0 +1 +0$/m);
    expect(result.stdout).toMatch(/^ {2}Column +0 +0 +0 +1$/m);
    expect(result.stdout).toContain('  + Beam B2 at L1\n');
    expect(result.stdout).toMatch(/^In short {2}1 beam added, .+$/m);
    expect(result.stdout).toContain('  ~ Beam B1 at L1: End j moved 12 mm in Y; orientationAngle: 0 → 30\n');
    expect(result.stdout).toContain('  ~ Node 2 at L1: Moved 12 mm in Y\n');
  });

  it('prints root causes first: a renamed story is one level renamed, its members unchanged', async () => {
    const result = await runGusset(['diff', oldPath, renamedPath]);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^ {2}Beam +0 +0 +0 +1$/m);
    const causes = result.stdout.slice(result.stdout.indexOf('Root causes'));
    expect(causes).toBe(
      [
        'Root causes (1)',
        '  * Story L1 renamed Roof (4 nodes and elements on it relabelled, otherwise unchanged)',
        '      ~ Level Roof (matched by place, was L1): Name: L1 → Roof',
        '',
      ].join('\n'),
    );
  });

  it('finds no change between a file and itself, and a move under --tolerance is none either', async () => {
    const same = await runGusset(['diff', oldPath, oldPath]);
    expect(same.code).toBe(0);
    expect(same.stdout).toContain('No changes');
    expect(same.stdout).toContain('In short  no changes\n');
    const loose = await runGusset(['diff', oldPath, newPath, '--tolerance', '20', '--json']);
    const view = JSON.parse(loose.stdout) as DiffView;
    expect(view.counts.nodes.modified).toBe(0);
    expect(view.changes.find((change) => change.key === 'elements:B1@L1')?.groups).toEqual(['Attributes']);
  });

  it('exits 2 on a usage error and 1 on a file it cannot read', async () => {
    const [one, units, missing] = await Promise.all([
      runGusset(['diff', oldPath]),
      runGusset(['diff', oldPath, newPath, '--units', 'yards']),
      runGusset(['diff', oldPath, folder.file('absent.e2k')]),
    ]);
    expect(one.code).toBe(2);
    expect(one.stderr).toContain('Usage: gusset diff <a> <b> [--json]');
    expect(units.code).toBe(2);
    expect(units.stderr).toContain('--units');
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('absent.e2k');
  });
});

describe.skipIf(!fixturesPresent)(`gusset diff on the fixture pair${FIXTURES_SKIP_NOTE}`, SPAWN_HEAVY, () => {
  it('counts the beams the new file added and removed (see src/engine/diff/fixturePair.test.ts)', async () => {
    const result = await runGusset([
      'diff',
      fixturePath('e2k', 'RDC_PERFORM__Ejemplo.e2k'),
      fixturePath('e2k', 'RDC_PERFORM__EjemploNew.e2k'),
      '--json',
    ]);
    expect(result.code).toBe(0);
    const view = JSON.parse(result.stdout) as DiffView;
    expect(view.elementCounts['Beam']).toEqual({ added: 2650, removed: 460, modified: 0, unchanged: 69 });
  });
});
