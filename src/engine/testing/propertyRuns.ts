/**
 * How many cases a fast-check property runs. FC_NUM_RUNS asks for a long run (CI sets 2,000, sized for the cheap
 * fuzzers); each property takes at most what fits PROPERTY_BUDGET_MS at its measured cost per case, so a heavy
 * property cannot stretch the suite. The count depends on the cost written beside the property, never on the clock:
 * a busy machine runs the same cases, only slower.
 */

/** Quiet-machine time one property may take in a long run: about 40 properties, two at a time, stay near a minute. */
export const PROPERTY_BUDGET_MS = 3_000;

export interface PropertyCost {
  /** Cases without FC_NUM_RUNS: a quick local pass. */
  localRuns: number;
  /** One case on the quiet 2-core CI machine, measured (ms); the long run's cap is PROPERTY_BUDGET_MS / msPerRun. */
  msPerRun: number;
}

/** `requested` is FC_NUM_RUNS as the environment gives it (the engine has no Node types to read it here). */
export function propertyRuns(requested: string | undefined, cost: PropertyCost): number {
  const asked = requested === undefined || requested === '' ? cost.localRuns : Number(requested);
  const affordable = Math.max(1, Math.floor(PROPERTY_BUDGET_MS / cost.msPerRun));
  return Math.max(1, Math.min(asked, affordable));
}
