import { afterAll, describe, expect, it } from 'vitest';
import { run } from '../run';
import { runGusset, temporaryFolder } from '../testing/runGusset';
import type { ResultsCommandResult } from './results';

/** A one-storey ETABS model: column C1 and beam B1 on story L1 (kN, m). */
const MODEL = [
  '$ PROGRAM INFORMATION',
  '  PROGRAM  "ETABS"  VERSION "20.2.0"  ',
  '$ CONTROLS',
  '  UNITS  "KN"  "M"  "C"  ',
  '$ STORIES - IN SEQUENCE FROM TOP',
  '  STORY "L1"  HEIGHT 3',
  '  STORY "Base"  ELEV 0',
  '$ POINT COORDINATES',
  '  POINT "1"  0 0',
  '  POINT "2"  5 0',
  '$ LINE CONNECTIVITIES',
  '  LINE  "C1"  COLUMN  "1"  "1"  1',
  '  LINE  "B1"  BEAM  "1"  "2"  0',
  '$ LINE ASSIGNS',
  '  LINEASSIGN  "C1"  "L1"  ANG 90',
  '  LINEASSIGN  "B1"  "L1"  ANG 0',
  '$ END OF MODEL FILE',
  '',
].join('\n');

const BEAM_FORCES = `TABLE:  "ELEMENT FORCES - BEAMS"
   Story=L1   Beam=B1   OutputCase="1.2D+1.6L"   CaseType=Combination   Station=0   P=0   V2=-40   V3=0   T=0   M2=0   M3=-52.5
   Story=L1   Beam=B1   OutputCase="1.2D+1.6L"   CaseType=Combination   Station=2.5   P=0   V2=0   V3=0   T=0   M2=0   M3=31.25
   Story=L1   Beam=B9   OutputCase="1.2D+1.6L"   CaseType=Combination   Station=0   P=0   V2=-1   V3=0   T=0   M2=0   M3=-1`;

const RESULTS = `TABLE:  "PROGRAM CONTROL"
   ProgramName=ETABS   Version=21.0.0   CurrUnits="KN, m, C"

${BEAM_FORCES}

END TABLE DATA
`;

const folder = temporaryFolder();
afterAll(() => folder.remove());
const model = folder.file('frame.e2k', MODEL);
const results = folder.file('results.txt', RESULTS);

async function gusset(...args: string[]) {
  return gussetCommand('results', ...args);
}

async function gussetCommand(...args: string[]) {
  let stdout = '';
  let stderr = '';
  const code = await run(args, {
    stdout: (text) => (stdout += text),
    stderr: (text) => (stderr += text),
  });
  return { code, stdout, stderr };
}

describe('gusset results', () => {
  it('summarises each table with its extremes in kN and kN·m, and says what the model does not have', async () => {
    const { code, stdout } = await gusset(model, results);
    expect(code).toBe(0);
    expect(stdout).toContain('Program  ETABS 21.0.0');
    expect(stdout).toContain('Member forces: 3 rows from ELEMENT FORCES - BEAMS');
    expect(stdout).toContain('cases (1): 1.2D+1.6L');
    expect(stdout).toContain('matched to the model: 1; not in the model: 1 (e.g. B9@L1)');
    expect(stdout).toMatch(
      /M3 +max 31\.25 kN·m \(B1@L1, 1\.2D\+1\.6L, at 2500 mm\); min -52\.5 kN·m \(B1@L1, 1\.2D\+1\.6L, at 0 mm\)/,
    );
    expect(stdout).toContain(
      'dropped ELEMENT FORCES - BEAMS: 1 member(s) in the results are not in the model',
    );
    expect(stdout).toContain(
      'warning ELEMENT FORCES - BEAMS: 1 beam(s), column(s) or brace(s) of the model have no forces',
    );
  });

  it('prints one JSON object in canonical units', async () => {
    const { code, stdout } = await gusset(model, results, '--json');
    expect(code).toBe(0);
    const parsed = JSON.parse(stdout) as ResultsCommandResult;
    const forces = parsed.tables[0];
    expect(forces?.kind).toBe('frameForces');
    expect(forces?.unmatched).toEqual({ labels: 1, rows: 1, examples: ['B9@L1'] });
    const m3 = forces?.extremes.find((extreme) => extreme.component === 'm3');
    expect(m3?.min).toEqual({ value: -52_500, label: 'B1@L1', case: '1.2D+1.6L', station: 0 });
  });

  it('asks for the units of a file that does not say them, and takes them from --units', async () => {
    const bare = folder.file('bare.txt', `${BEAM_FORCES}\nEND TABLE DATA\n`);
    const refused = await gusset(bare);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/bare\.txt: .*does not say its units/);
    const given = await gusset(bare, '--units', 'kip, ft, F');
    expect(given.code).toBe(0);
    expect(given.stdout).toMatch(/M3 +max 42\.3693 kN·m/);
    const wrong = await gusset(bare, '--units', 'furlongs');
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain('--units "furlongs"');
  });

  it('refuses results that match nothing in the model, and a file that is not there', async () => {
    const other = folder.file(
      'other.txt',
      RESULTS.replace(/Beam=B1/g, 'Beam=X1').replace(/Beam=B9/g, 'Beam=X9'),
    );
    const unmatched = await gusset(model, other);
    expect(unmatched.code).toBe(1);
    expect(unmatched.stderr).toContain('no member, joint or story of the results is in');
    const missing = await gusset(folder.file('absent.txt'));
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('no such file or directory');
  });

  it('is a command of the real gusset binary', { timeout: 120_000 }, async () => {
    const { code, stdout } = await runGusset(['results', results]);
    expect(code).toBe(0);
    expect(stdout).toContain('Member forces: 3 rows');
  });
});

describe('gusset diff --results', () => {
  const revised = folder.file(
    'revised.txt',
    RESULTS.replace('M3=-52.5', 'M3=-63').replace('M3=31.25', 'M3=32'),
  );

  it('lists the members whose M3 changed past the threshold, after the model diff', async () => {
    const { code, stdout } = await gussetCommand('diff', model, model, '--results', results, revised);
    expect(code).toBe(0);
    expect(stdout).toContain('No changes');
    expect(stdout).toContain(
      "Results   M3: 1 member-case change(s) of 10 % or more (2 compared; 0 only in <a>'s results, 0 only in <b>'s",
    );
    expect(stdout).toContain('  max M3 in B1@L1 rose 20 % under 1.2D+1.6L (-52.5 kN·m → -63 kN·m)');
    const json = await gussetCommand(
      'diff',
      model,
      model,
      '--results',
      results,
      revised,
      '--threshold',
      '1',
      '--json',
    );
    const parsed = JSON.parse(json.stdout) as {
      results: { changes: Array<{ member: string; percent: number }> };
    };
    expect(parsed.results.changes.map((change) => change.member)).toEqual(['B1@L1']);
    // One change per member and case: B1's extreme is its end moment; B9 did not change.
  });

  it('asks for both files and a known component', async () => {
    const one = await gussetCommand('diff', model, model, '--results', results);
    expect(one.code).toBe(2);
    expect(one.stderr).toContain('--results needs two files');
    const component = await gussetCommand(
      'diff',
      model,
      model,
      '--results',
      results,
      revised,
      '--component',
      'm4',
    );
    expect(component.code).toBe(2);
    expect(component.stderr).toContain('--component must be one of p, v2, v3, t, m2, m3');
  });
});
