import type { Model } from '../schema';
import { ParseError } from './parseError';

/** The most objects a reader may build from one file (an upload's limits); absent: no limit. */
export interface ReadLimits {
  /** Points: nodes of the model (plan points of an ETABS file, joints of a SAP2000 one, while reading). */
  maxPoints?: number;
  /** Elements of every type: frames, areas, links… */
  maxElements?: number;
}

export type LimitedObjects = 'points' | 'elements';

/**
 * The file holds more points or elements than the reader may build: refused, not malformed. A ParseError, so
 * every caller that turns a bad file into a message handles it; `found` is exact when the whole file was counted,
 * else the count where the reader stopped (limit + 1).
 */
export class ModelLimitError extends ParseError {
  constructor(
    format: string,
    line: number,
    readonly objects: LimitedObjects,
    readonly found: number,
    readonly limit: number,
    readonly exact: boolean,
  ) {
    super(format, line, modelLimitText(objects, found, limit, exact));
  }
}

/** "2,345,678" when the whole file was counted, "100,001 or more" when the reader stopped at the limit. */
export function modelLimitCount(found: number, exact: boolean): string {
  return `${found.toLocaleString('en-US')}${exact ? '' : ' or more'}`;
}

/** "100,001 or more points, more than the limit of 100,000" (the words of the refusal). */
export function modelLimitText(
  objects: LimitedObjects,
  found: number,
  limit: number,
  exact: boolean,
): string {
  return `${modelLimitCount(found, exact)} ${objects}, more than the limit of ${limit.toLocaleString('en-US')}`;
}

/** Throws ModelLimitError when `count` objects are past the limit (a reader calls it as it counts). */
export function checkLimit(
  format: string,
  line: number,
  objects: LimitedObjects,
  count: number,
  limit: number | undefined,
  exact = false,
): void {
  if (limit !== undefined && count > limit)
    throw new ModelLimitError(format, line, objects, count, limit, exact);
}

/** The limits checked on a model once read (for readers that cannot count while they read). */
export function checkModelLimits(format: string, model: Model, limits: ReadLimits | undefined): void {
  checkLimit(format, 0, 'points', model.nodes.length, limits?.maxPoints, true);
  checkLimit(format, 0, 'elements', model.elements.length, limits?.maxElements, true);
}

export function isModelLimitError(error: unknown): error is ModelLimitError {
  return error instanceof ModelLimitError;
}
