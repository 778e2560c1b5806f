/**
 * Deterministic JSON for hashing and diffing: object keys sorted, `undefined` members left out, numbers
 * normalised (−0 → 0, rounded to `SIGNIFICANT_DIGITS`), so float noise from unit conversion (1e-12 relative) does
 * not change a hash while any change an engineer could see does.
 */

/** 12 significant digits: 1 km in mm is still exact to 1e-6 mm. */
export const SIGNIFICANT_DIGITS = 12;

export function normalizeNumber(value: number): number {
  if (!Number.isFinite(value)) return value;
  if (value === 0) return 0;
  const rounded = Number(value.toPrecision(SIGNIFICANT_DIGITS));
  return rounded === 0 ? 0 : rounded;
}

function numberText(value: number): string {
  if (Number.isNaN(value)) return '"NaN"';
  if (value === Infinity) return '"Infinity"';
  if (value === -Infinity) return '"-Infinity"';
  return String(normalizeNumber(value));
}

export function canonicalJson(value: unknown): string {
  const parts: string[] = [];
  write(value, parts);
  return parts.join('');
}

function write(value: unknown, out: string[]): void {
  switch (typeof value) {
    case 'number':
      out.push(numberText(value));
      return;
    case 'string':
      out.push(JSON.stringify(value));
      return;
    case 'boolean':
      out.push(value ? 'true' : 'false');
      return;
    case 'bigint':
      out.push(value.toString());
      return;
    case 'object':
      break;
    default:
      // undefined, functions and symbols are not data; arrays write them as null like JSON does.
      out.push('null');
      return;
  }
  if (value === null) {
    out.push('null');
    return;
  }
  if (Array.isArray(value)) {
    out.push('[');
    for (let index = 0; index < value.length; index++) {
      if (index > 0) out.push(',');
      write(value[index], out);
    }
    out.push(']');
    return;
  }
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record)
    .filter((key) => record[key] !== undefined)
    .sort();
  out.push('{');
  keys.forEach((key, index) => {
    if (index > 0) out.push(',');
    out.push(JSON.stringify(key), ':');
    write(record[key], out);
  });
  out.push('}');
}
