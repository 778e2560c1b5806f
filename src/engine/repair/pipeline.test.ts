import { describe, expect, it } from 'vitest';
import { checkConnectivity } from '../connectivity';
import type { Model } from '../schema';
import { gridBuilding, injectDefects, seededRandom, shuffled } from './testing/defects';
import type { CheckId, RepairOperation } from './types';
import { defaultTolerances } from './types';
import { applyRepair, describeOperation, planRepair, repairModel } from './index';

const TOLERANCES = defaultTolerances('mm');

function building(bays: [number, number], stories: number, seed = 11): Model {
  return gridBuilding({ bays, stories, bay: 6000, storyHeight: 3500, seed });
}

function closestPair(model: Model): number {
  let best = Infinity;
  const nodes = model.nodes;
  for (let a = 0; a < nodes.length; a++)
    for (let b = a + 1; b < nodes.length; b++) {
      const p = nodes[a];
      const q = nodes[b];
      if (!p || !q) continue;
      best = Math.min(best, Math.hypot(p.x - q.x, p.y - q.y, p.z - q.z));
    }
  return best;
}

/** Defects repair fixes on its own: after repairModel, the check that found them reports nothing. */
const AUTOMATIC: CheckId[] = ['C01', 'C02', 'C03', 'C05', 'C06', 'C10', 'C11'];

describe('repairModel on a building with injected defects', () => {
  it.each(AUTOMATIC)(
    '%s: every injected defect is found, repaired automatically, and the check goes to zero',
    (check) => {
      const { model, oracle } = injectDefects(building([10, 6], 4), { [check]: 3, seed: 5 });
      const { plan, repaired } = repairModel(model);
      expect(plan.before.issues.filter((issue) => issue.check === check).map((issue) => issue.id)).toEqual(
        oracle[check],
      );
      expect(plan.after.counts[check]).toBe(0);
      expect(checkConnectivity(repaired.model).counts[check]).toBe(0);
      expect(repaired.skipped).toEqual([]);
      expect(closestPair(repaired.model)).toBeGreaterThan(TOLERANCES.merge);
    },
  );

  it('C07: zero-length members go (their ends merged); 50 mm members are only reported', () => {
    const { model } = injectDefects(building([10, 6], 4), { C07: 4, seed: 3 });
    const { plan, repaired } = repairModel(model);
    const errors = (report: typeof plan.before) =>
      report.issues.filter((issue) => issue.check === 'C07' && issue.severity === 'error').length;
    expect(errors(plan.before)).toBe(2);
    expect(errors(plan.after)).toBe(0);
    expect(plan.after.counts.C07).toBe(2);
    expect(repaired.model.elements.some((element) => element.id === 'D07_0')).toBe(false);
    expect(repaired.model.elements.some((element) => element.id === 'D07_1')).toBe(true);
  });

  it('C12 and C15: tilts beyond tolSnap and unstable releases are proposed for confirmation, not applied', () => {
    const { model, oracle } = injectDefects(building([10, 6], 4), { C12: 2, C15: 2, seed: 8 });
    const { plan, repaired } = repairModel(model);
    const proposals = plan.operations.filter((operation) => operation.requiresConfirmation);
    const answered = new Set(proposals.map((operation) => operation.issueId));
    expect(oracle.C15.every((id) => answered.has(id))).toBe(true);
    expect(proposals.filter((operation) => operation.operation === 'R10')).toHaveLength(2);
    expect(proposals.filter((operation) => operation.operation === 'R12')).toHaveLength(2);
    expect(repaired.applied.filter((id) => id.startsWith('R10') || id.startsWith('R12'))).toEqual([]);
    // Accepting everything fixes both.
    const all = applyRepair(model, plan.operations, 'all');
    const after = checkConnectivity(all.model);
    expect(after.counts.C15).toBe(0);
    expect(after.issues.filter((issue) => issue.check === 'C12' && oracle.C12.includes(issue.id))).toEqual(
      [],
    );
  });

  it('C04 with R03 switched on: crossing beams get a shared node and both are split', () => {
    const { model, oracle } = injectDefects(building([10, 6], 4), { C04: 2, seed: 9 });
    expect(planRepair(model).operations.filter((operation) => operation.operation === 'R03')).toEqual([]);
    const { plan, repaired } = repairModel(model, undefined, {
      operations: ['R13', 'R01', 'R02', 'R03'],
    });
    expect(plan.before.counts.C04).toBe(oracle.C04.length);
    expect(plan.after.counts.C04).toBe(0);
    expect(repaired.model.elements.length).toBe(model.elements.length + 2 * oracle.C04.length);
  });

  describe('with every defect class at once', () => {
    const counts = {
      C01: 2,
      C02: 1,
      C03: 2,
      C04: 1,
      C05: 2,
      C06: 1,
      C07: 2,
      C08: 1,
      C09: 1,
      C10: 2,
      C11: 2,
      C12: 1,
      C13: 1,
      C14: 1,
      C15: 1,
      C16: 1,
    };
    const { model } = injectDefects(building([20, 12], 8), { ...counts, seed: 21 });
    const first = repairModel(model);

    it('is idempotent: repairing the repaired model applies nothing', () => {
      const second = repairModel(first.repaired.model);
      expect(second.repaired.applied).toEqual([]);
      expect(second.plan.operations.filter((operation) => !operation.requiresConfirmation)).toEqual([]);
    });

    it('is independent of input order: shuffling every collection gives the same plan', () => {
      const random = seededRandom(99);
      const shuffledModel: Model = {
        ...model,
        nodes: shuffled(model.nodes, random),
        elements: shuffled(model.elements, random),
        levels: shuffled(model.levels, random),
        grids: shuffled(model.grids, random),
        loads: shuffled(model.loads, random),
        groups: shuffled(model.groups, random),
      };
      const again = planRepair(shuffledModel);
      const strip = (operations: RepairOperation[]) => JSON.stringify(operations);
      expect(strip(again.operations)).toBe(strip(first.plan.operations));
      expect(again.after.counts).toEqual(first.plan.after.counts);
    });

    it('leaves no two nodes within tolMerge and C01 at zero', () => {
      expect(first.plan.after.counts.C01).toBe(0);
      expect(closestPair(first.repaired.model)).toBeGreaterThan(TOLERANCES.merge);
    });

    it('records dependencies: an operation applied without what it depends on is skipped', () => {
      const dependent = first.plan.operations.find((operation) => operation.dependsOn.length > 0);
      expect(dependent).toBeDefined();
      if (!dependent) return;
      const result = applyRepair(model, first.plan.operations, new Set([dependent.id]));
      expect(result.applied).toEqual([]);
      expect(result.skipped).toEqual([dependent.id]);
    });

    it('describes every operation as a sentence and reports progress per stage', () => {
      const stages: string[] = [];
      planRepair(model, undefined, {
        onProgress: (fraction, stage) => stages.push(`${stage} ${fraction.toFixed(2)}`),
      });
      expect(stages.at(-1)).toBe('R12 1.00');
      expect(stages).toHaveLength(12);
      for (const operation of first.plan.operations) {
        expect(describeOperation(operation, model, 'm')).toMatch(/^[A-Z][^\n]+$/);
      }
      const merge = first.plan.operations.find((operation) => operation.operation === 'R01');
      expect(merge && describeOperation(merge, model, 'mm')).toMatch(
        /^Merge coincident nodes: merge node D01_\d at L\d into node N\d+_\d+_\d at L\d \(0\.4 mm\)$/,
      );
    });
  });
});
