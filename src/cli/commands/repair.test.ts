import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import type { ConnectivityReport } from '../../engine/repair';
import { writeModelJson } from '../../engine/formats/json';
import { FIXED, handModel, member, node } from '../../engine/repair/handModel';
import type { Model } from '../../engine/schema';
import { runGusset, temporaryFolder } from '../testing/runGusset';

/** Child processes on a shared 2-core machine: slow, not stuck. */
const SPAWN_HEAVY = { timeout: 120_000 };

/** A portal frame whose beam starts on node 2b, 0.4 mm from the column top 2 (a coincident pair, C01). */
function portal(): Model {
  return handModel(
    [
      node('1', 0, 0, 0, { restraint: FIXED }),
      node('2', 0, 0, 3000),
      node('2b', 0.4, 0, 3000),
      node('3', 6000, 0, 3000),
      node('4', 6000, 0, 0, { restraint: FIXED }),
    ],
    [member('C1', 'Column', '1', '2'), member('C2', 'Column', '4', '3'), member('B1', 'Beam', '2b', '3')],
  );
}

const folder = temporaryFolder();
afterAll(() => folder.remove());
const brokenPath = folder.file('portal.json', writeModelJson(portal()).bytes);

/** The portal plus a beam held by nothing (C09, an error). */
function withFloatingBeam(): Model {
  const model = portal();
  model.nodes.push(node('5', 0, 3000, 3000), node('6', 6000, 3000, 3000));
  model.elements.push(member('B2', 'Beam', '5', '6'));
  return model;
}
const floatingPath = folder.file('floating.json', writeModelJson(withFloatingBeam()).bytes);

describe.concurrent('gusset check and gusset repair', SPAWN_HEAVY, () => {
  it('check --json prints the ConnectivityReport; exit 3 with error-severity findings, 0 with warnings only', async () => {
    const [warnings, errors] = await Promise.all([
      runGusset(['check', brokenPath, '--json']),
      runGusset(['check', floatingPath, '--json']),
    ]);
    expect(warnings.stderr).toBe('');
    expect(warnings.code).toBe(0);
    const report = JSON.parse(warnings.stdout) as ConnectivityReport;
    expect(report.counts.C01).toBe(1);
    expect(report.issues.find((issue) => issue.check === 'C01')?.nodeIds).toEqual(['2', '2b']);
    expect(errors.code).toBe(3);
    const floating = JSON.parse(errors.stdout) as ConnectivityReport;
    expect(floating.issues.filter((issue) => issue.severity === 'error').map((issue) => issue.check)).toEqual(
      ['C09'],
    );
  });

  it('check prints counts per check and one sentence per finding', async () => {
    const result = await runGusset(['check', brokenPath]);
    expect(result.stdout).toMatch(/^ {2}C01 Coincident nodes +1 {2}\(1 warning\)$/m);
    expect(result.stdout).toMatch(/^ {2}C08 Free member ends +0$/m);
    expect(result.stdout).toContain('2 nodes within 0.4 mm of each other around node');
  });

  it('repair writes the repaired model in the output format and lists the operations; the result checks clean', async () => {
    const out = folder.file('repaired.json');
    const result = await runGusset(['repair', brokenPath, out]);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Applied 1 operation');
    expect(result.stdout).toMatch(
      /R01 Merge coincident nodes: merge node 2b into node 2 \(kept; 2b moves 0\.4 mm\)/,
    );
    expect(result.stdout).toMatch(/^ {2}C01 Coincident nodes +1 → 0$/m);
    const repaired = JSON.parse(readFileSync(out, 'utf8')) as Model;
    expect(repaired.nodes.map((item) => item.id)).not.toContain('2b');
    const check = await runGusset(['check', out]);
    expect(check.code).toBe(0);
  });

  it('--tolerance is in display units: at 0.1 mm the pair is no longer coincident but a near miss, merged only on confirmation', async () => {
    const out = folder.file('tight.json');
    const result = await runGusset(['repair', brokenPath, out, '--tolerance', '0.1']);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('merge tolerance 0.1 mm');
    expect(result.stdout).toContain('Applied 0 operations');
    // Issue #21: a near miss is merged (R01, confirmed) before R07 would snap the free end to it; it used to be R07's.
    expect(result.stdout).toMatch(
      /R01 Merge near-miss nodes: merge node 2b into node 2 \(kept; 2b moves 0\.4 mm\) — needs confirmation/,
    );
    expect(result.stdout).not.toContain('R07 ');
    const bad = await runGusset(['repair', brokenPath, out, '--tolerance', 'x']);
    expect(bad.code).toBe(2);
  });
});
