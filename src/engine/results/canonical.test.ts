import { describe, expect, it } from 'vitest';
import { certify } from '../fidelity';
import { readE2k } from '../formats/etabs';
import { translatorById } from '../formats/registry';
import { parseCsiUnits } from '../units';
import { memberForcesOf, resultsOf } from './canonical';
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

describe('joint results in the canonical model', () => {
  const units = { units: parseCsiUnits('KN, m, C') };
  const text = `${frameForcesText(12).replace(
    'END TABLE DATA',
    `TABLE:  "JOINT REACTIONS"
   Story=Base   Label=1   OutputCase=DEAD   CaseType=LinStatic   FX=1.5   FY=0   FZ=120   MX=0   MY=-2.5   MZ=0
   Story=Base   Label=1   OutputCase=ENV   CaseType=Combination   StepType=Max   FX=2   FY=0   FZ=150   MX=0   MY=0   MZ=0
   Story=Base   Label=9   OutputCase=DEAD   CaseType=LinStatic   FX=1   FY=1   FZ=1   MX=1   MY=1   MZ=1

TABLE:  "JOINT DISPLACEMENTS"
   Story=L1   Label=2   OutputCase=DEAD   CaseType=LinStatic   Ux=0.001   Uy=0   Uz=-0.012

TABLE:  "STORY DRIFTS"
   Story=L1   OutputCase=EQX   CaseType=LinStatic   Direction=X   Drift=0.0042

END TABLE DATA`,
  )}`;

  function stored() {
    const set = readResultsText(text, units);
    return withTargets(set, matchResults(set, model), model);
  }

  it('holds each matched joint row: reactions in N and N·m, displacements in mm and rad, by node', () => {
    const { results, items } = resultsOf(stored());
    expect(results.memberForces).toHaveLength(10);
    // Label 9 is no joint of the model.
    expect(results.jointReactions).toEqual([
      { nodeId: expect.any(String), caseId: 'DEAD', fx: 1500, fy: 0, fz: 120_000, mx: 0, my: -2500, mz: 0 },
      {
        nodeId: expect.any(String),
        caseId: 'ENV',
        step: 'Max',
        fx: 2000,
        fy: 0,
        fz: 150_000,
        mx: 0,
        my: 0,
        mz: 0,
      },
    ]);
    expect(results.jointDisplacements).toEqual([
      { nodeId: expect.any(String), caseId: 'DEAD', ux: 1, uy: 0, uz: -12, rx: 0, ry: 0, rz: 0 },
    ]);
    expect(resultsOf(stored()).leftBehind).toEqual(['story drifts']);
    expect(items.map((item) => item.reason)).toEqual([
      'the results file has no V3, T, M2: written as 0',
      'the results file has no RX, RY, RZ: written as 0',
      'story drifts stay with the version in Gusset: translations carry member forces, joint reactions and joint displacements',
    ]);
  });

  it.each(['json', 'xlsx'])('travel through the %s round trip with nothing unexplained', async (format) => {
    const translator = translatorById(format);
    if (!translator) throw new Error(`no ${format} translator`);
    const withJoints = { ...model, results: resultsOf(stored()).results };
    const written = await translator.write(withJoints);
    const read = await translator.read(written.bytes);
    expect(read.model.results?.jointReactions).toEqual(withJoints.results.jointReactions);
    expect(read.model.results?.jointDisplacements).toEqual(withJoints.results.jointDisplacements);
    const certificate = certify(withJoints, read.model, [written.report, read.report]);
    expect(certificate.unexplained).toEqual([]);
  });

  it('tells a changed or missing joint result', () => {
    const before = { ...model, results: resultsOf(stored()).results };
    const reactions = before.results.jointReactions ?? [];
    const after = {
      ...before,
      results: {
        ...before.results,
        jointReactions: [{ ...(reactions[0] as (typeof reactions)[number]), fz: 130_000 }],
        jointDisplacements: [],
      },
    };
    const messages = certify(before, after, [])
      .unexplained.flatMap((group) => group.messages)
      .join('\n');
    expect(messages).toMatch(/Joint reactions of .+ under DEAD: FZ 120000 before, 130000 after/);
    expect(messages).toMatch(/Joint displacements of .+ under DEAD: present before, absent after/);
  });
});

describe('results through a format that cannot hold them', () => {
  it.each(['e2k', 's2k', 'ifc', 'cis2'])(
    'are reported dropped by the %s writer, never lost silently',
    async (format) => {
      const translator = translatorById(format);
      if (!translator) throw new Error(`no ${format} translator`);
      const set = readResultsText(frameForcesText(12), { units: parseCsiUnits('KN, m, C') });
      const withForces = {
        ...model,
        results: resultsOf(withTargets(set, matchResults(set, model), model)).results,
      };
      const written = await translator.write(withForces);
      const read = await translator.read(written.bytes);
      const certificate = certify(withForces, read.model, [written.report, read.report]);
      expect(certificate.unexplained).toEqual([]);
      expect(certificate.dropped.map((group) => group.concept)).toContain('results');
    },
  );
});
