import { describe, expect, it } from 'vitest';
import type { OperationView } from '../../contract/http/repair';
import { planOperations, anOperation } from './repairTestKit';
import {
  acceptedInOrder,
  categoryState,
  defaultAccepted,
  dependencyClosure,
  dependentClosure,
  toggleCategory,
  toggleOperations,
} from './selection';

/** A chain a → b → c (c depends on b, b on a), and d on its own. */
const chain: OperationView[] = [
  anOperation({ id: 'a', operation: 'R01', reason: 'C01', issueId: 'i-a' }),
  anOperation({ id: 'b', operation: 'R02', reason: 'C03', issueId: 'i-b', dependsOn: ['a'] }),
  anOperation({ id: 'c', operation: 'R02', reason: 'C03', issueId: 'i-c', dependsOn: ['b'] }),
  anOperation({ id: 'd', operation: 'R13', reason: 'C09', issueId: 'i-d' }),
];

/** Every accepted operation has everything it depends on accepted too. */
function isClosed(operations: readonly OperationView[], accepted: ReadonlySet<string>) {
  return operations.every((op) => !accepted.has(op.id) || op.dependsOn.every((id) => accepted.has(id)));
}

describe('the selection of repair operations', () => {
  it('follows dependencies both ways, transitively', () => {
    expect([...dependencyClosure(chain, ['c'])].sort()).toEqual(['a', 'b', 'c']);
    expect([...dependentClosure(chain, ['a'])].sort()).toEqual(['a', 'b', 'c']);
    expect([...dependentClosure(chain, ['c'])]).toEqual(['c']);
    // Ids not in the plan are ignored rather than invented.
    expect([...dependencyClosure(chain, ['zz'])]).toEqual([]);
  });

  it('accepting an operation accepts what it depends on', () => {
    const accepted = toggleOperations(chain, new Set(), ['c'], true);
    expect(acceptedInOrder(chain, accepted)).toEqual(['a', 'b', 'c']);
  });

  it('rejecting an operation rejects what depends on it, and nothing else', () => {
    const accepted = toggleOperations(chain, new Set(['a', 'b', 'c', 'd']), ['b'], false);
    expect(acceptedInOrder(chain, accepted)).toEqual(['a', 'd']);
  });

  it('toggles a whole category with the same closures and says how much of it is accepted', () => {
    const none = toggleCategory(chain, new Set(['a', 'b', 'c', 'd']), 'R01', false);
    expect(acceptedInOrder(chain, none)).toEqual(['d']);
    expect(categoryState(chain, none, 'R02')).toBe('none');
    const r02 = toggleCategory(chain, new Set(), 'R02', true);
    expect(acceptedInOrder(chain, r02)).toEqual(['a', 'b', 'c']);
    expect(categoryState(chain, r02, 'R02')).toBe('all');
    expect(categoryState(chain, toggleOperations(chain, r02, ['c'], false), 'R02')).toBe('some');
  });

  it('accepts by default what is within tolerance, minus what hangs on an operation awaiting confirmation', () => {
    // R07 (extend B2) needs confirmation; the split of C3 depends on it and would be skipped.
    expect(acceptedInOrder(planOperations, defaultAccepted(planOperations))).toEqual([
      'R01:5,9',
      'R02:6,B1@L1',
    ]);
  });

  it('keeps the accepted set closed under dependsOn whatever the user ticks', () => {
    // Every sequence of three toggles over the plan's operations and categories.
    const toggles = [
      ...planOperations.flatMap((op) => [
        (set: Set<string>) => toggleOperations(planOperations, set, [op.id], true),
        (set: Set<string>) => toggleOperations(planOperations, set, [op.id], false),
      ]),
      ...(['R01', 'R02', 'R07'] as const).flatMap((category) => [
        (set: Set<string>) => toggleCategory(planOperations, set, category, true),
        (set: Set<string>) => toggleCategory(planOperations, set, category, false),
      ]),
    ];
    for (const first of toggles) {
      for (const second of toggles) {
        for (const third of toggles) {
          const accepted = third(second(first(defaultAccepted(planOperations))));
          expect(isClosed(planOperations, accepted)).toBe(true);
        }
      }
    }
  });
});
