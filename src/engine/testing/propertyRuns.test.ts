import { describe, expect, it } from 'vitest';
import { PROPERTY_BUDGET_MS, propertyRuns } from './propertyRuns';

describe('propertyRuns', () => {
  it('runs the local pass without FC_NUM_RUNS, and what FC_NUM_RUNS asks when the budget affords it', () => {
    expect(propertyRuns(undefined, { localRuns: 50, msPerRun: 1 })).toBe(50);
    expect(propertyRuns('', { localRuns: 50, msPerRun: 1 })).toBe(50);
    expect(propertyRuns('2000', { localRuns: 50, msPerRun: 1 })).toBe(2000);
  });

  it('caps a long run at the budget over the cost of one case, and runs at least one', () => {
    expect(propertyRuns('2000', { localRuns: 50, msPerRun: 10 })).toBe(PROPERTY_BUDGET_MS / 10);
    expect(propertyRuns('2000', { localRuns: 2, msPerRun: PROPERTY_BUDGET_MS * 10 })).toBe(1);
    expect(propertyRuns('0', { localRuns: 2, msPerRun: 1 })).toBe(1);
  });
});
