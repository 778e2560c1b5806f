import { fromPromise } from 'xstate';

/** The error a placeholder throws when a composition root forgot to bind it with `machine.provide(...)`. */
export function unboundImplementation(name: string): Error {
  return new Error(`"${name}" is not bound: provide it with machine.provide(...) in the composition root.`);
}

/**
 * A named promise actor that fails until a real one is provided. Declaring the slot with its types in `setup`
 * lets the view's hook bind the HTTP call later while the machine stays free of I/O.
 */
export function promisePlaceholder<TOutput, TInput>(name: string) {
  return fromPromise<TOutput, TInput>(() => Promise.reject(unboundImplementation(name)));
}
