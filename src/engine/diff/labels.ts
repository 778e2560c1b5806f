import type { Model, ModelCollection } from '../schema';
import { compareProperties } from './compare';
import type { Renames } from './refs';
import { renameRefs } from './refs';
import type { DiffOptions, PropertyChange } from './types';

/*
 * Pairing when labels do not line up (issue #20): a relabelled story renames every ETABS `label@story` id on it, a
 * re-export by another tool renames sections and patterns. Definitions are few, so they are paired up front (by
 * elevation for levels, by content for the rest) and their renames let every later comparison follow them.
 */

interface Item {
  id: string;
  type: string;
  name: string;
}

/** Definitions, in an order where what a definition refers to is paired before it (materials before profiles). */
export const DEFINITION_COLLECTIONS = [
  'levels',
  'materials',
  'profiles',
  'loadPatterns',
  'loadCases',
  'loadCombinations',
  'diaphragms',
  'linkProperties',
  'springProperties',
] as const satisfies readonly ModelCollection[];

/** Above this many candidate pairs, content pairing is skipped: definitions are rarely that many. */
const MAX_CONTENT_CANDIDATES = 250_000;

const SKIP_ID_AND_NAME: ReadonlySet<string> = new Set(['id', 'name']);

/** The ids of `items` that are not among `others`' ids, as indices. */
function unmatchedIndices(items: readonly Item[], others: ReadonlySet<string>): number[] {
  const out: number[] = [];
  for (let index = 0; index < items.length; index++)
    if (!others.has((items[index] as Item).id)) out.push(index);
  return out;
}

/**
 * Before id → after id for the definitions left unmatched by id that pair otherwise: a level with a level at the
 * same elevation (within the length tolerance, the nearest), any other definition with one whose content beside
 * id and name is the same (within tolerance, references followed through the renames found so far). Each after
 * object is taken once. Costs a Set of ids per definition collection: definitions are few.
 */
export function pairDefinitions(before: Model, after: Model, options: DiffOptions): Renames {
  const renames: Partial<Record<ModelCollection, Map<string, string>>> = {};
  for (const collection of DEFINITION_COLLECTIONS) {
    const left = before[collection] as readonly Item[];
    const right = after[collection] as readonly Item[];
    if (left.length === 0 || right.length === 0) continue;
    const leftOnly = unmatchedIndices(left, new Set(right.map((item) => item.id)));
    if (leftOnly.length === 0) continue;
    const rightOnly = unmatchedIndices(right, new Set(left.map((item) => item.id)));
    if (rightOnly.length === 0) continue;
    const found = new Map<string, string>();
    const taken = new Set<number>();
    if (collection === 'levels') {
      for (const b of leftOnly) {
        const level = left[b] as Item & { elevation: number };
        let best = -1;
        let bestGap = Infinity;
        for (const a of rightOnly) {
          if (taken.has(a)) continue;
          const gap = Math.abs((right[a] as Item & { elevation: number }).elevation - level.elevation);
          if (gap <= options.lengthTolerance && gap < bestGap) {
            best = a;
            bestGap = gap;
          }
        }
        if (best < 0) continue;
        taken.add(best);
        found.set(level.id, (right[best] as Item).id);
      }
    } else if (leftOnly.length * rightOnly.length <= MAX_CONTENT_CANDIDATES) {
      const scratch: PropertyChange[] = [];
      for (const b of leftOnly) {
        const item = renameRefs(collection, left[b] as Item, renames);
        for (const a of rightOnly) {
          if (taken.has(a)) continue;
          const other = right[a] as Item;
          if (other.type !== item.type) continue;
          scratch.length = 0;
          compareProperties(collection, item, other, options, SKIP_ID_AND_NAME, scratch);
          if (scratch.length > 0) continue;
          taken.add(a);
          found.set(item.id, other.id);
          break;
        }
      }
    }
    if (found.size > 0) renames[collection] = found;
  }
  return renames;
}

/**
 * Whether pairing by id left too much unpaired on both sides to trust the labels: at least a quarter of the smaller
 * side is unmatched on each. A revision that adds or deletes objects leaves one side's leftovers near empty, and a
 * few relabelled objects stay what they were before (modified, with their Name change).
 */
export function labelsDisagree(
  beforeCount: number,
  afterCount: number,
  unmatchedBefore: number,
  unmatchedAfter: number,
): boolean {
  const leftovers = Math.min(unmatchedBefore, unmatchedAfter);
  return leftovers > 0 && leftovers >= 0.25 * Math.min(beforeCount, afterCount);
}
