/**
 * Structural equality of canonical data, key order ignored and `undefined` members treated as absent (as the
 * canonical JSON does). It walks with for…in and allocates nothing, because a diff calls it once per unchanged
 * object and most objects are unchanged.
 */
export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) {
    return typeof a === 'number' && typeof b === 'number' && Number.isNaN(a) && Number.isNaN(b);
  }
  const aIsArray = Array.isArray(a);
  if (aIsArray !== Array.isArray(b)) return false;
  if (aIsArray) {
    const left = a as unknown[];
    const right = b as unknown[];
    if (left.length !== right.length) return false;
    for (let index = 0; index < left.length; index++) {
      const value = left[index];
      const other = right[index];
      if (value !== other && !deepEqual(value, other)) return false;
    }
    return true;
  }
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  // Fast path: every key of `left` equal in `right`, and `right` has as many keys. One value load per key on
  // each side; the exact check below runs only when an `undefined` member makes the key counts ambiguous.
  let leftCount = 0;
  let sawUndefined = false;
  for (const key in left) {
    leftCount++;
    const value = left[key];
    // `__proto__` read from an object without it gives Object.prototype: let the exact check decide.
    if (value === undefined || key === '__proto__') sawUndefined = true;
    const other = right[key];
    // Most members are equal primitives: settle those here rather than in a call.
    if (value !== other && !deepEqual(value, other)) return false;
  }
  let rightCount = 0;
  for (const key in right) if (typeof key === 'string') rightCount++;
  if (leftCount === rightCount && !sawUndefined) return true;
  return sameDefinedKeys(left, right);
}

/**
 * deepEqual of two objects already paired by the same id, without comparing the id again: the diff calls it once
 * per paired object, and the ids (often long concatenated strings) were just compared to pair them.
 */
export function equalBesideId(left: Record<string, unknown>, right: Record<string, unknown>): boolean {
  if (left === right) return true;
  let leftCount = 0;
  let sawUndefined = false;
  for (const key in left) {
    leftCount++;
    const value = left[key];
    if (value === undefined || key === '__proto__') sawUndefined = true;
    if (key === 'id') continue;
    const other = right[key];
    if (value !== other && !deepEqual(value, other)) return false;
  }
  let rightCount = 0;
  for (const key in right) if (typeof key === 'string') rightCount++;
  if (leftCount === rightCount && !sawUndefined) return true;
  return sameDefinedKeys(left, right);
}

/** The exact rule: the keys whose values are defined are the same on both sides (values already compared). */
function sameDefinedKeys(left: Record<string, unknown>, right: Record<string, unknown>): boolean {
  for (const key in right) {
    if (right[key] !== undefined && !Object.prototype.hasOwnProperty.call(left, key)) return false;
  }
  for (const key in left) {
    if (left[key] !== undefined && !Object.prototype.hasOwnProperty.call(right, key)) return false;
  }
  return true;
}

/**
 * equalBesideId for two nodes: the coordinates, the usual difference, are read by name first (a keyed read of a
 * number field can box it), then the other members generically.
 */
export function equalNodesBesideId(left: Record<string, unknown>, right: Record<string, unknown>): boolean {
  const x = left['x'];
  const y = left['y'];
  const z = left['z'];
  if (!sameValue(x, right['x']) || !sameValue(y, right['y']) || !sameValue(z, right['z'])) return false;
  let leftCount = 0;
  let sawUndefined = x === undefined || y === undefined || z === undefined;
  for (const key in left) {
    leftCount++;
    if (key === 'id' || key === 'x' || key === 'y' || key === 'z') continue;
    const value = left[key];
    if (value === undefined || key === '__proto__') sawUndefined = true;
    const other = right[key];
    if (value !== other && !deepEqual(value, other)) return false;
  }
  let rightCount = 0;
  for (const key in right) if (typeof key === 'string') rightCount++;
  if (leftCount === rightCount && !sawUndefined) return true;
  return sameDefinedKeys(left, right);
}

function sameValue(a: unknown, b: unknown): boolean {
  return a === b || deepEqual(a, b);
}
