/**
 * Objects by name for the large collections of a SAP file (joints, frames, areas), as an open-addressing hash table
 * over typed arrays. Unlike a `Map<string, V>` it can look a name up straight from its characters in the file text,
 * so the millions of references in assignment and connectivity rows cost no string each, and it keeps insertion
 * order as ordinals, which lets readers follow tables that list objects in the order they were defined.
 */
const EMPTY = 0;

function hashRange(text: string, start: number, end: number): number {
  let hash = end - start;
  for (let index = start; index < end; index++) hash = (Math.imul(hash, 31) + text.charCodeAt(index)) | 0;
  return (hash ^ (hash >>> 15)) | 0;
}

export class NameIndex<V> {
  /** Values and names by ordinal (insertion order). */
  private readonly valueList: V[] = [];
  private readonly nameList: string[] = [];
  private hashList = new Int32Array(64);
  /** Slot → ordinal + 1, 0 when empty; the size is a power of two kept at least twice the count. */
  private slots = new Int32Array(128);

  get size(): number {
    return this.nameList.length;
  }

  nameAt(ordinal: number): string {
    return this.nameList[ordinal] as string;
  }

  valueAt(ordinal: number): V {
    return this.valueList[ordinal] as V;
  }

  /** Ordinal of the name held in `text` between `start` and `end`, or -1. */
  ordinalAt(text: string, start: number, end: number): number {
    const hash = hashRange(text, start, end);
    const length = end - start;
    const slots = this.slots;
    const mask = slots.length - 1;
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const entry = slots[slot] as number;
      if (entry === EMPTY) return -1;
      const ordinal = entry - 1;
      if (this.hashList[ordinal] !== hash) continue;
      const name = this.nameList[ordinal] as string;
      if (name.length === length && text.startsWith(name, start)) return ordinal;
    }
  }

  ordinalOf(name: string): number {
    return this.ordinalAt(name, 0, name.length);
  }

  get(name: string): V | undefined {
    const ordinal = this.ordinalOf(name);
    return ordinal < 0 ? undefined : this.valueList[ordinal];
  }

  has(name: string): boolean {
    return this.ordinalOf(name) >= 0;
  }

  /** Replaces the value of a known name (keeping its ordinal) or adds the name at the end. */
  set(name: string, value: V): void {
    const hash = hashRange(name, 0, name.length);
    const mask = this.slots.length - 1;
    let slot = hash & mask;
    for (; ; slot = (slot + 1) & mask) {
      const entry = this.slots[slot] as number;
      if (entry === EMPTY) break;
      const ordinal = entry - 1;
      if (this.hashList[ordinal] === hash && this.nameList[ordinal] === name) {
        this.valueList[ordinal] = value;
        return;
      }
    }
    const ordinal = this.nameList.length;
    this.nameList.push(name);
    this.valueList.push(value);
    if (ordinal >= this.hashList.length) {
      const grown = new Int32Array(this.hashList.length * 2);
      grown.set(this.hashList);
      this.hashList = grown;
    }
    this.hashList[ordinal] = hash;
    this.slots[slot] = ordinal + 1;
    if ((ordinal + 1) * 2 > this.slots.length) this.rehash(this.slots.length * 2);
  }

  private rehash(size: number): void {
    const slots = new Int32Array(size);
    const mask = size - 1;
    const hashes = this.hashList;
    for (let ordinal = 0; ordinal < this.nameList.length; ordinal++) {
      let slot = (hashes[ordinal] as number) & mask;
      while (slots[slot] !== EMPTY) slot = (slot + 1) & mask;
      slots[slot] = ordinal + 1;
    }
    this.slots = slots;
  }
}
