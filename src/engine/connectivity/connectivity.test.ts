import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { gridBuilding, injectDefects, seededRandom, shuffled } from '../repair/testing/defects';
import type { CheckId, ConnectivityReport } from '../repair/types';
import { CHECK_IDS, defaultTolerances } from '../repair/types';
import type { Model } from '../schema';
import { checkConnectivity } from './index';

/**
 * Seeds per check: each run builds and checks a building of about 4,500 members, so CI's FC_NUM_RUNS (2,000, meant for the
 * cheap fuzz tests) is capped at 25 (16 checks × 25 buildings; 100 took 70 s of CI's budget).
 */
const RUNS = Math.min(Number(process.env['FC_NUM_RUNS'] ?? 6), 25);
const BUILDING = { bays: [14, 12] as [number, number], stories: 8, bay: 6000, storyHeight: 3500 };

function idsOf(report: ConnectivityReport, check: CheckId): string[] {
  return report.issues.filter((issue) => issue.check === check).map((issue) => issue.id);
}

function shuffleModel(model: Model, seed: number): Model {
  const random = seededRandom(seed);
  return {
    ...model,
    nodes: shuffled(model.nodes, random),
    elements: shuffled(model.elements, random),
    levels: shuffled(model.levels, random),
    grids: shuffled(model.grids, random),
    profiles: shuffled(model.profiles, random),
  };
}

describe('checkConnectivity on a synthetic building', () => {
  it('reports nothing on a clean grid building', () => {
    const report = checkConnectivity(gridBuilding({ ...BUILDING, seed: 1 }));
    expect(report.counts).toEqual(Object.fromEntries(CHECK_IDS.map((id) => [id, 0])));
    expect(report.summary).toMatchObject({ components: 1, floatingComponents: 0, freeEnds: 0 });
    expect(report.summary.members).toBe(8 * (15 * 13 + 14 * 13 + 12 * 15));
  });

  for (const check of CHECK_IDS) {
    it(`${check} finds exactly the injected ${check} defects (and what they imply for other checks)`, () => {
      fc.assert(
        fc.property(
          fc.integer({ min: 1, max: 3 }),
          fc.integer({ min: 0, max: 2 ** 31 - 1 }),
          (count, seed) => {
            const clean = gridBuilding({ ...BUILDING, seed });
            const { model, oracle } = injectDefects(clean, { [check]: count, seed });
            expect(oracle[check].length).toBeGreaterThanOrEqual(count);
            const report = checkConnectivity(model);
            for (const id of CHECK_IDS) expect(idsOf(report, id), id).toEqual(oracle[id]);
          },
        ),
        { numRuns: RUNS },
      );
    });
  }

  it('finds every class at once, each at its own site', () => {
    const counts = Object.fromEntries(CHECK_IDS.map((id) => [id, 2])) as Record<CheckId, number>;
    const { model, oracle } = injectDefects(gridBuilding({ ...BUILDING, seed: 7 }), { ...counts, seed: 11 });
    const report = checkConnectivity(model);
    for (const id of CHECK_IDS) expect(idsOf(report, id), id).toEqual(oracle[id]);
    const severities = (check: CheckId) =>
      new Set(report.issues.filter((i) => i.check === check).map((i) => i.severity));
    expect(severities('C05')).toEqual(new Set(['error']));
    expect(severities('C15')).toEqual(new Set(['error']));
    expect(severities('C09')).toEqual(new Set(['error']));
    expect(severities('C07')).toEqual(new Set(['error', 'warning']));
    expect(severities('C04')).toEqual(new Set(['warning']));
  });

  it('gives the same report whatever the order of the collections', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 - 1 }), (seed) => {
        const counts = Object.fromEntries(CHECK_IDS.map((id) => [id, 1])) as Record<CheckId, number>;
        const { model } = injectDefects(gridBuilding({ ...BUILDING, seed }), { ...counts, seed });
        const first = checkConnectivity(model);
        const second = checkConnectivity(shuffleModel(model, seed + 1));
        expect(second).toEqual(first);
      }),
      { numRuns: Math.min(RUNS, 10) },
    );
  });

  it('runs only the checks asked for, with every count present', () => {
    const counts = Object.fromEntries(CHECK_IDS.map((id) => [id, 1])) as Record<CheckId, number>;
    const { model, oracle } = injectDefects(gridBuilding({ ...BUILDING, seed: 3 }), { ...counts, seed: 3 });
    const report = checkConnectivity(model, defaultTolerances('mm'), ['C05', 'C14']);
    expect(report.counts).toEqual({
      ...Object.fromEntries(CHECK_IDS.map((id) => [id, 0])),
      C05: oracle.C05.length,
      C14: oracle.C14.length,
    });
  });

  it('marks crossing braces as intentional information', () => {
    const model = gridBuilding({ bays: [1, 1], stories: 1, bay: 6000, storyHeight: 3500, seed: 1 });
    const brace = (id: string, start: string, end: string) => ({
      id,
      source: model.source,
      name: id,
      attributes: {},
      type: 'Brace' as const,
      startNodeId: start,
      endNodeId: end,
    });
    model.elements.push(brace('XB1', 'N0_0_0', 'N1_0_1'), brace('XB2', 'N1_0_0', 'N0_0_1'));
    const crossing = checkConnectivity(model).issues.filter((issue) => issue.check === 'C04');
    expect(crossing).toHaveLength(1);
    expect(crossing[0]).toMatchObject({ severity: 'info', detail: { intentional: true, t: [0.5, 0.5] } });
    expect(crossing[0]?.location.z).toBeCloseTo(1750, 6);
  });

  it('never merges across a level datum and refuses chained clusters', () => {
    const model = gridBuilding({ bays: [1, 1], stories: 1, bay: 6000, storyHeight: 3500, seed: 1 });
    const base = { source: model.source, attributes: {}, type: 'Node' as const };
    // Either side of level L1 (3500): 0.8 mm apart but not one node.
    model.nodes.push({ ...base, id: 'below', name: 'below', x: 3000, y: 3000, z: 3499.6 });
    model.nodes.push({ ...base, id: 'above', name: 'above', x: 3000, y: 3000, z: 3500.4 });
    // A chain 0.9 mm apart, 2.7 mm wide: wider than 2 × tolMerge.
    for (let k = 0; k < 4; k++)
      model.nodes.push({ ...base, id: `chain${k}`, name: 'c', x: 1000 + 0.9 * k, y: 2000, z: 1000 });
    const issues = checkConnectivity(model, undefined, ['C01']).issues;
    expect(issues.map((issue) => issue.id)).toEqual(['C01:@chain0,chain1,chain2,chain3']);
    expect(issues[0]).toMatchObject({ severity: 'error', detail: { refused: true } });
    expect(issues[0]?.distance).toBeCloseTo(2.7, 9);
  });

  it('anchors a class on the restrained node, then on the grid intersection', () => {
    const model = gridBuilding({ bays: [1, 1], stories: 1, bay: 6000, storyHeight: 3500, seed: 1 });
    const base = { source: model.source, attributes: {}, type: 'Node' as const, levelId: 'L0' };
    model.nodes.push({ ...base, id: 'A0', name: 'a', x: 0.5, y: 0, z: 0 });
    model.nodes.push({ ...base, id: 'A1', name: 'a', x: 6000.4, y: 0.2, z: 3500, levelId: 'L1' });
    const issues = checkConnectivity(model, undefined, ['C01']).issues;
    expect(issues.map((issue) => [issue.id, issue.detail.check === 'C01' && issue.detail.anchorId])).toEqual([
      ['C01:@A0,N0_0_0', 'N0_0_0'],
      ['C01:@A1,N1_0_1', 'N1_0_1'],
    ]);
  });
});
