import { existsSync, readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { hashModel } from '../../engine/canonical';
import { readE2k } from '../../engine/formats/etabs';
import { groupReport, reportTotalsText } from '../../engine/formats/reportOverview';
import { writeSap2000 } from '../../engine/formats/sap2000';
import {
  FIXTURES_SKIP_NOTE,
  fixturePath,
  fixturesPresent,
  listFixtures,
  readFixture,
} from '../../engine/testing/fixtures';
import { readModelJson } from '../../engine/formats/json';
import { runGusset, temporaryFolder } from '../testing/runGusset';

/** Several real-size files through child processes at once on a 2-core machine: slow, not stuck. */
const SPAWN_HEAVY = { timeout: 120_000 };

const folder = temporaryFolder();
afterAll(() => folder.remove());

function bytesOf(path: string): Uint8Array {
  return new Uint8Array(readFileSync(path));
}

describe
  .skipIf(!fixturesPresent)
  .concurrent(`gusset translate e2k → json → e2k${FIXTURES_SKIP_NOTE}`, SPAWN_HEAVY, () => {
    it.each(listFixtures('e2k'))('%s keeps the model (hash-equal) both steps', async (name) => {
      const original = readE2k(readFixture('e2k', name)).model;
      const jsonPath = folder.file(`${name}.json`);
      const e2kPath = folder.file(`${name}.again.e2k`);

      const toJson = await runGusset(['translate', fixturePath('e2k', name), jsonPath]);
      expect(toJson.stderr).toBe('');
      expect(toJson.code).toBe(0);
      expect(hashModel(readModelJson(bytesOf(jsonPath)).model)).toBe(hashModel(original));

      const back = await runGusset(['translate', jsonPath, e2kPath]);
      expect(back.stderr).toBe('');
      expect(back.code).toBe(0);
      expect(hashModel(readE2k(bytesOf(e2kPath)).model)).toBe(hashModel(original));
      expect(back.stdout).toContain(`Read ${jsonPath} (Gusset canonical model (.json)`);
      expect(back.stdout).toContain(`Wrote ${e2kPath} (ETABS text model (.e2k, .$et))`);
      expect(back.stdout).toContain(`${original.nodes.length.toLocaleString('en-US')} nodes`);
    });
  });

describe.skipIf(!fixturesPresent)(`gusset translate across tools${FIXTURES_SKIP_NOTE}`, SPAWN_HEAVY, () => {
  it('prints the counts and every dropped or approximated reason of an ETABS → SAP2000 translation', async () => {
    const name = 'eng_utilities__Test_kNm_97_03.E2K';
    const output = folder.file('test97.s2k');
    const result = await runGusset(['translate', fixturePath('e2k', name), output]);
    expect(result.code).toBe(0);
    expect(existsSync(output)).toBe(true);

    const { report } = writeSap2000(readE2k(readFixture('e2k', name)).model);
    expect(report.items.length).toBeGreaterThan(0);
    expect(result.stdout).toContain(`Wrote ${output} (SAP2000`);
    // Grouped as the web groups it: each kind once, each reason under it, and the header from the same counts.
    const grouped = groupReport(report.items);
    for (const kind of grouped.kinds) {
      expect(result.stdout).toContain(`${kind.label.charAt(0).toUpperCase()}${kind.label.slice(1)} (`);
      for (const group of kind.groups)
        expect(result.stdout).toContain(`${group.severity}: ${group.reason.slice(0, 60)}`);
    }
    expect(result.stdout).toContain(reportTotalsText(grouped.totals, grouped.groupCount));
  });

  it('lists every item, one per line, with --verbose', async () => {
    const name = 'eng_utilities__Test_kNm_97_03.E2K';
    const result = await runGusset([
      'translate',
      fixturePath('e2k', name),
      folder.file('verbose.s2k'),
      '--verbose',
    ]);
    expect(result.code).toBe(0);
    const { report } = writeSap2000(readE2k(readFixture('e2k', name)).model);
    for (const item of report.items) {
      expect(result.stdout).toContain(`${item.subject}${item.id !== undefined ? ` "${item.id}"` : ''}`);
      expect(result.stdout).toContain(item.reason);
    }
  });

  it('writes the format --to names whatever the output extension', async () => {
    const output = folder.file('model.txt');
    const result = await runGusset([
      'translate',
      fixturePath('e2k', 'RDC_PERFORM__chimba.e2k'),
      output,
      '--to',
      'json',
    ]);
    expect(result.code).toBe(0);
    const original = readE2k(readFixture('e2k', 'RDC_PERFORM__chimba.e2k')).model;
    expect(hashModel(readModelJson(bytesOf(output)).model)).toBe(hashModel(original));
  });
});

describe.concurrent('gusset translate on bad input', () => {
  it('exits 1 naming an output extension it does not know', async () => {
    const input = folder.file('tiny.json', '{');
    const result = await runGusset(['translate', input, folder.file('out.dwg')]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/out\.dwg: unknown format/);
  });

  it('exits 1 with the input file and line when the input is malformed, writing nothing', async () => {
    const input = folder.file('broken.json', '{\n  "schemaVersion": 1,\n  "units": mm\n}\n');
    const output = folder.file('broken.e2k');
    const result = await runGusset(['translate', input, output]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`${input}:3: `);
    expect(existsSync(output)).toBe(false);
  });

  it.skipIf(!fixturesPresent)('exits 1 when the output cannot be written', async () => {
    const output = folder.file('no-such-folder/model.s2k');
    const result = await runGusset(['translate', fixturePath('e2k', 'RDC_PERFORM__chimba.e2k'), output]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`${output}: cannot write the file`);
  });
});
