import { describe, expect, it } from 'vitest';
import { certify } from '../fidelity';
import { readE2k } from '../formats/etabs';
import { translatorById } from '../formats/registry';
import { parseCsiUnits } from '../units';
import { memberForcesOf } from './canonical';
import { matchResults } from './match';
import { readResultsText } from './read';
import { frameBuildingE2k, frameForcesText } from './testing/frameBuilding';
import { withTargets } from './targets';

const model = readE2k(new TextEncoder().encode(frameBuildingE2k(10))).model;

function withResults(text: string) {
  const set = readResultsText(text, { units: parseCsiUnits('KN, m, C') });
  const stored = withTargets(set, matchResults(set, model), model);
  const { memberForces, items } = memberForcesOf(stored);
  return { model: { ...model, results: { memberForces } }, items };
}

describe('results in the canonical model', () => {
  it('holds each matched member-force row with its case, step, station in mm and components in N and N·m', () => {
    const { model: withForces, items } = withResults(frameForcesText(12));
    const forces = withForces.results.memberForces;
    // 10 rows matched B1 and B2; B9@L9 is not in the model.
    expect(forces).toHaveLength(10);
    expect(forces[1]).toEqual({
      elementId: 'B1@L1',
      caseId: 'DEAD',
      station: 3000,
      p: 0,
      v2: 0,
      v3: 0,
      t: 0,
      m2: 0,
      m3: 25_000,
    });
    expect(forces.find((force) => force.step === 'Min')).toMatchObject({ caseId: '1.2D+1.6L', m3: -80_000 });
    // The file has P, V2 and M3 only: the rest are written as 0, and the report says so.
    expect(items.map((item) => item.reason)).toEqual(['the results file has no V3, T, M2: written as 0']);
  });

  it.each(['json', 'xlsx'])('travel through the %s round trip with nothing unexplained', async (format) => {
    const translator = translatorById(format);
    if (!translator) throw new Error(`no ${format} translator`);
    const { model: withForces } = withResults(frameForcesText(12));
    const written = await translator.write(withForces);
    const read = await translator.read(written.bytes);
    expect(read.model.results?.memberForces).toHaveLength(10);
    const certificate = certify(withForces, read.model, [written.report, read.report]);
    expect(certificate.unexplained).toEqual([]);
  });

  it('tells a changed or missing member force from the same ones', async () => {
    const { model: before } = withResults(frameForcesText(12));
    const { model: after } = withResults(frameForcesText(20));
    const changed = certify(before, after, []);
    const messages = changed.unexplained.flatMap((group) => group.messages);
    expect(messages.join('\n')).toMatch(/B2@L1 under DEAD at 2000 mm: M3 12000 before, 20000 after/);
    const dropped = certify(
      before,
      { ...after, results: { memberForces: after.results.memberForces.slice(1) } },
      [],
    );
    expect(dropped.unexplained.flatMap((group) => group.messages).join('\n')).toMatch(
      /B1@L1 .*present before, absent after/,
    );
  });
});
