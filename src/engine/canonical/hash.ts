import type { Model } from '../schema';
import { MODEL_COLLECTIONS } from '../schema';
import { normalizeNumber } from './serialize';

/*
 * FNV-1a 64 over the UTF-16 code units of a text (each unit's low byte, then its high byte when it has one), fed
 * incrementally so that a canonical form can be hashed as it is walked, without building its text. The state is
 * four 16-bit limbs, low first: multiplying by the prime 2^40 + 0x1b3 then needs only small-integer arithmetic,
 * which is several times faster than splitting a double product into 32-bit halves.
 */
let limb0 = 0;
let limb1 = 0;
let limb2 = 0;
let limb3 = 0;

function resetHash(): void {
  limb0 = 0x2325;
  limb1 = 0x8422;
  limb2 = 0x9ce4;
  limb3 = 0xcbf2;
}

/** Feeds one byte (an ASCII character of the canonical form). */
function feedByte(byte: number): void {
  const a = limb0 ^ byte;
  const t0 = a * 0x1b3;
  const t1 = limb1 * 0x1b3 + (t0 >>> 16);
  const t2 = limb2 * 0x1b3 + (a << 8) + (t1 >>> 16);
  limb3 = (limb3 * 0x1b3 + (limb1 << 8) + (t2 >>> 16)) & 0xffff;
  limb2 = t2 & 0xffff;
  limb1 = t1 & 0xffff;
  limb0 = t0 & 0xffff;
}

/** Feeds `text` from `start` as the hash of its code units. */
function feedString(text: string, start = 0): void {
  let a = limb0;
  let b = limb1;
  let c = limb2;
  let d = limb3;
  for (let index = start; index < text.length; index++) {
    const code = text.charCodeAt(index);
    a ^= code & 0xff;
    let t0 = a * 0x1b3;
    let t1 = b * 0x1b3 + (t0 >>> 16);
    let t2 = c * 0x1b3 + (a << 8) + (t1 >>> 16);
    d = (d * 0x1b3 + (b << 8) + (t2 >>> 16)) & 0xffff;
    c = t2 & 0xffff;
    b = t1 & 0xffff;
    a = t0 & 0xffff;
    if (code > 0xff) {
      a ^= code >>> 8;
      t0 = a * 0x1b3;
      t1 = b * 0x1b3 + (t0 >>> 16);
      t2 = c * 0x1b3 + (a << 8) + (t1 >>> 16);
      d = (d * 0x1b3 + (b << 8) + (t2 >>> 16)) & 0xffff;
      c = t2 & 0xffff;
      b = t1 & 0xffff;
      a = t0 & 0xffff;
    }
  }
  limb0 = a;
  limb1 = b;
  limb2 = c;
  limb3 = d;
}

/**
 * Feeds `JSON.stringify(text)`. Characters JSON leaves as they are (nearly all of them) are hashed straight from
 * `text`; from the first one it escapes, the rest is hashed from JSON.stringify of the remainder, which writes the
 * same characters from there on because JSON escapes one character (or one surrogate pair) at a time.
 */
function feedJsonString(text: string): void {
  feedByte(0x22);
  let a = limb0;
  let b = limb1;
  let c = limb2;
  let d = limb3;
  const length = text.length;
  for (let index = 0; index < length; index++) {
    let code = text.charCodeAt(index);
    if (code < 0x20 || code === 0x22 || code === 0x5c || (code & 0xf800) === 0xd800) {
      const next = index + 1 < length ? text.charCodeAt(index + 1) : 0;
      const pairs = code >= 0xd800 && code <= 0xdbff && next >= 0xdc00 && next <= 0xdfff;
      if (!pairs) {
        limb0 = a;
        limb1 = b;
        limb2 = c;
        limb3 = d;
        feedString(JSON.stringify(text.slice(index)), 1);
        return;
      }
      // A valid surrogate pair is written as it is: hash the high unit here and the low one below.
      for (let byte = 0; byte < 2; byte++) {
        a ^= byte === 0 ? code & 0xff : code >>> 8;
        const t0 = a * 0x1b3;
        const t1 = b * 0x1b3 + (t0 >>> 16);
        const t2 = c * 0x1b3 + (a << 8) + (t1 >>> 16);
        d = (d * 0x1b3 + (b << 8) + (t2 >>> 16)) & 0xffff;
        c = t2 & 0xffff;
        b = t1 & 0xffff;
        a = t0 & 0xffff;
      }
      index++;
      code = next;
    }
    a ^= code & 0xff;
    let t0 = a * 0x1b3;
    let t1 = b * 0x1b3 + (t0 >>> 16);
    let t2 = c * 0x1b3 + (a << 8) + (t1 >>> 16);
    d = (d * 0x1b3 + (b << 8) + (t2 >>> 16)) & 0xffff;
    c = t2 & 0xffff;
    b = t1 & 0xffff;
    a = t0 & 0xffff;
    if (code > 0xff) {
      a ^= code >>> 8;
      t0 = a * 0x1b3;
      t1 = b * 0x1b3 + (t0 >>> 16);
      t2 = c * 0x1b3 + (a << 8) + (t1 >>> 16);
      d = (d * 0x1b3 + (b << 8) + (t2 >>> 16)) & 0xffff;
      c = t2 & 0xffff;
      b = t1 & 0xffff;
      a = t0 & 0xffff;
    }
  }
  limb0 = a;
  limb1 = b;
  limb2 = c;
  limb3 = d;
  feedByte(0x22);
}

const DIGITS = new Uint8Array(16);

/**
 * Feeds the canonical text of a number: `String(normalizeNumber(value))`, or a quoted word for NaN and ±Infinity.
 * Whole numbers below 10^12 are their own normal form and are fed digit by digit; any other number whose shortest
 * text has at most 12 significant digits is too (rounding it to 12 digits gives the same double back), so only
 * numbers with float noise (0.30000000000000004) pay for `toPrecision`.
 */
function feedNumber(value: number): void {
  if (value === 0) {
    feedByte(0x30);
    return;
  }
  if (Number.isInteger(value) && value < 1e12 && value > -1e12) {
    let rest = value;
    if (rest < 0) {
      feedByte(0x2d);
      rest = -rest;
    }
    let count = 0;
    while (rest > 0) {
      const quotient = Math.floor(rest / 10);
      DIGITS[count++] = 0x30 + (rest - quotient * 10);
      rest = quotient;
    }
    while (count > 0) feedByte(DIGITS[--count] as number);
    return;
  }
  if (Number.isNaN(value)) {
    feedString('"NaN"');
    return;
  }
  if (value === Infinity || value === -Infinity) {
    feedString(value > 0 ? '"Infinity"' : '"-Infinity"');
    return;
  }
  const text = String(value);
  feedString(significantDigits(text) <= 12 ? text : String(normalizeNumber(value)));
}

/** Significant digits of a number's shortest text (`-0.00123e-7` → 3); trailing zeros of integers count. */
function significantDigits(text: string): number {
  let count = 0;
  let leading = true;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code === 0x65 /* e */) break;
    if (code < 0x30 || code > 0x39) continue;
    if (leading && code === 0x30) continue;
    leading = false;
    count++;
  }
  return count;
}

/** An object's keys in sorted order, with their JSON text and colon, for objects whose keys come in this order. */
interface KeyOrder {
  keys: readonly string[];
  sorted: readonly string[];
  labels: readonly string[];
}

/** Key orders by first key; objects of one kind share their keys, so the sort is done once per kind. */
const keyOrders = new Map<string, KeyOrder[]>();
let cachedKeyOrders = 0;
const MAX_CACHED_KEY_ORDERS = 4096;
const MAX_CACHED_KEYS = 64;
const MAX_ORDERS_PER_FIRST_KEY = 16;

function keyOrderOf(keys: readonly string[]): KeyOrder {
  const first = keys[0] as string;
  const candidates = keyOrders.get(first);
  if (candidates) {
    for (const candidate of candidates) {
      const known = candidate.keys;
      if (known.length !== keys.length) continue;
      let same = true;
      for (let index = 1; index < keys.length; index++) {
        if (known[index] !== keys[index]) {
          same = false;
          break;
        }
      }
      if (same) return candidate;
    }
  }
  const sorted = [...keys].sort();
  const order: KeyOrder = { keys, sorted, labels: sorted.map((key) => `${JSON.stringify(key)}:`) };
  // Bounded: attribute bags carry arbitrary keys from files, and past the bound they are simply sorted each time.
  if (
    cachedKeyOrders < MAX_CACHED_KEY_ORDERS &&
    keys.length <= MAX_CACHED_KEYS &&
    (candidates?.length ?? 0) < MAX_ORDERS_PER_FIRST_KEY
  ) {
    cachedKeyOrders++;
    if (candidates) candidates.push(order);
    else keyOrders.set(first, [order]);
  }
  return order;
}

/** Feeds the canonical JSON of `value`, character for character what `canonicalJson` writes. */
function feedValue(value: unknown): void {
  switch (typeof value) {
    case 'string':
      feedJsonString(value);
      return;
    case 'number':
      feedNumber(value);
      return;
    case 'boolean':
      feedString(value ? 'true' : 'false');
      return;
    case 'bigint':
      feedString(value.toString());
      return;
    case 'object':
      break;
    default:
      feedString('null');
      return;
  }
  if (value === null) {
    feedString('null');
    return;
  }
  if (Array.isArray(value)) {
    feedByte(0x5b);
    for (let index = 0; index < value.length; index++) {
      if (index > 0) feedByte(0x2c);
      feedValue(value[index]);
    }
    feedByte(0x5d);
    return;
  }
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record);
  feedByte(0x7b);
  if (keys.length > 0) {
    const { sorted, labels } = keyOrderOf(keys);
    let written = false;
    for (let index = 0; index < sorted.length; index++) {
      const member = record[sorted[index] as string];
      if (member === undefined) continue;
      if (written) feedByte(0x2c);
      written = true;
      feedString(labels[index] as string);
      feedValue(member);
    }
  }
  feedByte(0x7d);
}

function hex8(value: number): string {
  return (value >>> 0).toString(16).padStart(8, '0');
}

/** The current state as 16 hex digits. */
function digest(): string {
  return hex8((limb3 << 16) | limb2) + hex8((limb1 << 16) | limb0);
}

/**
 * FNV-1a 64-bit over the UTF-16 code units of `text`, as 16 hex digits (each unit's low byte, then its high byte
 * when it is above 0xff).
 */
export function fnv1a64(text: string): string {
  resetHash();
  feedString(text);
  return digest();
}

/** Content hash of any canonical object (or value): equal data, equal hash, whatever the key order. */
export function hashObject(value: unknown): string {
  resetHash();
  feedValue(value);
  return digest();
}

/** Feeds a 16-bit limb pair as the 8 hex digits `hex8` would write. */
function feedHex8(value: number): void {
  for (let shift = 28; shift >= 0; shift -= 4) {
    const nibble = (value >>> shift) & 0xf;
    feedByte(nibble < 10 ? 0x30 + nibble : 0x57 + nibble);
  }
}

/**
 * The hash of a collection as a set keyed by id: FNV of the lines `id \0 hash(item)` sorted and joined by `\n`.
 * Item hashes are kept as numbers, and the lines are ordered by id then hash (what sorting the line strings
 * gives when no id holds a `\0`) and fed one by one, so a million items cost no string each.
 */
function collectionHash(items: readonly { id: string }[]): string {
  const count = items.length;
  const ids = new Array<string>(count);
  const high = new Uint32Array(count);
  const low = new Uint32Array(count);
  let plainIds = true;
  for (let index = 0; index < count; index++) {
    const item = items[index] as { id: string };
    const id = `${item.id}`;
    ids[index] = id;
    if (plainIds && id.includes('\u0000')) plainIds = false;
    resetHash();
    feedValue(item);
    high[index] = ((limb3 << 16) | limb2) >>> 0;
    low[index] = ((limb1 << 16) | limb0) >>> 0;
  }
  if (!plainIds) {
    // An id with a NUL sorts differently from the line holding it: sort the lines themselves, as they read.
    const lines = ids.map(
      (id, index) => `${id}\u0000${hex8(high[index] as number)}${hex8(low[index] as number)}`,
    );
    return fnv1a64(lines.sort().join('\n'));
  }
  const order = new Array<number>(count);
  for (let index = 0; index < count; index++) order[index] = index;
  order.sort((left, right) => {
    const leftId = ids[left] as string;
    const rightId = ids[right] as string;
    if (leftId !== rightId) return leftId < rightId ? -1 : 1;
    const leftHigh = high[left] as number;
    const rightHigh = high[right] as number;
    if (leftHigh !== rightHigh) return leftHigh < rightHigh ? -1 : 1;
    const leftLow = low[left] as number;
    const rightLow = low[right] as number;
    return leftLow < rightLow ? -1 : leftLow > rightLow ? 1 : 0;
  });
  resetHash();
  for (let position = 0; position < count; position++) {
    const index = order[position] as number;
    if (position > 0) feedByte(0x0a);
    feedString(ids[index] as string);
    feedByte(0);
    feedHex8(high[index] as number);
    feedHex8(low[index] as number);
  }
  return digest();
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
    parts.push(`${collection}:${collectionHash(model[collection] as readonly { id: string }[])}`);
  }
  if (results) {
    const rows = results.memberForces.map((row) => hashObject(row)).sort();
    parts.push(`results:${fnv1a64(rows.join('\n'))}`);
    // Joint results only when present, so a model without them hashes as it did before they were carried.
    for (const kind of ['jointReactions', 'jointDisplacements'] as const) {
      const joints = results[kind];
      if (joints === undefined) continue;
      parts.push(
        `${kind}:${fnv1a64(
          joints
            .map((row) => hashObject(row))
            .sort()
            .join('\n'),
        )}`,
      );
    }
  }
  return fnv1a64(parts.join('\n'));
}

/** Per-collection hashes of a model, for finding where two models differ. */
export function hashModelCollections(model: Model): Record<string, string> {
  const out: Record<string, string> = {};
  for (const collection of MODEL_COLLECTIONS) {
    out[collection] = collectionHash(model[collection] as readonly { id: string }[]);
  }
  return out;
}
