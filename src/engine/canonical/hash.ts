import type { Model } from '../schema';
import { MODEL_COLLECTIONS } from '../schema';
import { canonicalJson } from './serialize';

/**
 * FNV-1a 64-bit over the UTF-16 code units of `text`, as 16 hex digits. Computed on two 32-bit halves because
 * BigInt is an order of magnitude slower; the prime 2^40 + 0x1b3 splits into a small multiply and a shift.
 */
export function fnv1a64(text: string): string {
  let high = 0xcbf29ce4;
  let low = 0x84222325;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    low ^= code & 0xff;
    ({ high, low } = multiplyByPrime(high, low >>> 0));
    if (code > 0xff) {
      low ^= code >>> 8;
      ({ high, low } = multiplyByPrime(high, low >>> 0));
    }
  }
  return (high >>> 0).toString(16).padStart(8, '0') + (low >>> 0).toString(16).padStart(8, '0');
}

function multiplyByPrime(high: number, low: number): { high: number; low: number } {
  const lowProduct = low * 0x1b3;
  const carry = Math.floor(lowProduct / 0x100000000);
  const newLow = lowProduct >>> 0;
  const newHigh = (high * 0x1b3 + carry + ((low << 8) >>> 0)) >>> 0;
  return { high: newHigh, low: newLow };
}

/** Content hash of any canonical object (or value): equal data, equal hash, whatever the key order. */
export function hashObject(value: unknown): string {
  return fnv1a64(canonicalJson(value));
}

/**
 * Content hash of a model. Collections are hashed as sets keyed by id (sorted by id, then hash), so the order in
 * which a file listed its objects does not matter; order inside an object (polygon vertices, combination
 * items) does.
 */
export function hashModel(model: Model): string {
  const parts: string[] = [];
  const { results, ...rest } = model;
  const header: Record<string, unknown> = { ...rest };
  for (const collection of MODEL_COLLECTIONS) delete header[collection];
  parts.push(hashObject(header));
  for (const collection of MODEL_COLLECTIONS) {
    const items = model[collection] as readonly { id: string }[];
    const hashed = items.map((item) => `${item.id}\u0000${hashObject(item)}`).sort();
    parts.push(`${collection}:${fnv1a64(hashed.join('\n'))}`);
  }
  if (results) {
    const rows = results.memberForces.map((row) => hashObject(row)).sort();
    parts.push(`results:${fnv1a64(rows.join('\n'))}`);
  }
  return fnv1a64(parts.join('\n'));
}

/** Per-collection hashes of a model, for finding where two models differ. */
export function hashModelCollections(model: Model): Record<string, string> {
  const out: Record<string, string> = {};
  for (const collection of MODEL_COLLECTIONS) {
    const items = model[collection] as readonly { id: string }[];
    out[collection] = fnv1a64(
      items
        .map((item) => `${item.id}\u0000${hashObject(item)}`)
        .sort()
        .join('\n'),
    );
  }
  return out;
}
