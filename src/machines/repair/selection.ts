import type { OperationView } from '../../contract/http/repair';
import type { OperationId } from '../../engine/repair/types';

/**
 * Which operations of a repair plan are accepted. The set is always closed under `dependsOn`: an operation is
 * accepted only with everything it depends on, so what the preview shows is what a commit applies (the server
 * skips an accepted operation whose dependencies are not applied).
 */

type Operations = readonly Pick<OperationView, 'id' | 'operation' | 'dependsOn' | 'requiresConfirmation'>[];

/** `id` and everything it depends on, transitively. */
export function dependencyClosure(operations: Operations, ids: Iterable<string>): Set<string> {
  const byId = new Map(operations.map((op) => [op.id, op]));
  const out = new Set<string>();
  const stack = [...ids];
  for (let id = stack.pop(); id !== undefined; id = stack.pop()) {
    if (out.has(id) || !byId.has(id)) continue;
    out.add(id);
    stack.push(...(byId.get(id)?.dependsOn ?? []));
  }
  return out;
}

/** `ids` and everything that depends on them, transitively. */
export function dependentClosure(operations: Operations, ids: Iterable<string>): Set<string> {
  const dependents = new Map<string, string[]>();
  for (const op of operations) {
    for (const needed of op.dependsOn) dependents.set(needed, [...(dependents.get(needed) ?? []), op.id]);
  }
  const known = new Set(operations.map((op) => op.id));
  const out = new Set<string>();
  const stack = [...ids];
  for (let id = stack.pop(); id !== undefined; id = stack.pop()) {
    if (out.has(id) || !known.has(id)) continue;
    out.add(id);
    stack.push(...(dependents.get(id) ?? []));
  }
  return out;
}

/**
 * What the plan applies unless the user says otherwise: every operation within tolerance, minus those that
 * would be skipped because something they depend on needs confirmation.
 */
export function defaultAccepted(operations: Operations): Set<string> {
  const waiting = operations.filter((op) => op.requiresConfirmation).map((op) => op.id);
  const blocked = dependentClosure(operations, waiting);
  return new Set(operations.filter((op) => !blocked.has(op.id)).map((op) => op.id));
}

/** Accepting one accepts what it depends on; rejecting one rejects what depends on it. */
export function toggleOperations(
  operations: Operations,
  accepted: ReadonlySet<string>,
  ids: readonly string[],
  on: boolean,
): Set<string> {
  const next = new Set(accepted);
  const changed = on ? dependencyClosure(operations, ids) : dependentClosure(operations, ids);
  for (const id of changed) {
    if (on) next.add(id);
    else next.delete(id);
  }
  return next;
}

/** A whole category (operation id, e.g. every R01 merge) accepted or rejected, with the same closures. */
export function toggleCategory(
  operations: Operations,
  accepted: ReadonlySet<string>,
  category: OperationId,
  on: boolean,
): Set<string> {
  const ids = operations.filter((op) => op.operation === category).map((op) => op.id);
  return toggleOperations(operations, accepted, ids, on);
}

export type CategoryState = 'all' | 'some' | 'none';

/** How much of a category is accepted, for its checkbox (checked, mixed, unchecked). */
export function categoryState(
  operations: Operations,
  accepted: ReadonlySet<string>,
  category: OperationId,
): CategoryState {
  const ids = operations.filter((op) => op.operation === category).map((op) => op.id);
  const on = ids.filter((id) => accepted.has(id)).length;
  if (on === 0) return 'none';
  return on === ids.length ? 'all' : 'some';
}

/** The accepted ids in plan order: what the preview, the scene and the commit send. */
export function acceptedInOrder(operations: Operations, accepted: ReadonlySet<string>): string[] {
  return operations.filter((op) => accepted.has(op.id)).map((op) => op.id);
}
