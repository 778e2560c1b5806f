import { closeSync, mkdirSync, openSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { canonicalJson } from '../../src/engine/canonical';
import { writeE2k } from '../../src/engine/formats/etabs';
import { writeSap2000 } from '../../src/engine/formats/sap2000';
import type { Model } from '../../src/engine/schema';
import { MODEL_COLLECTIONS } from '../../src/engine/schema';

export interface GeneratedFiles {
  json: string;
  e2k: string;
  s2k: string;
}

const COLLECTION_KEYS = new Set<string>(MODEL_COLLECTIONS);
const CHUNK_CHARS = 1 << 20;

/**
 * The model as canonical JSON (sorted keys, normalised numbers: the same text `canonicalJson(model)` gives, with a
 * line break before each collection item). Written in chunks, because the 1M model's text would come close to
 * V8's maximum string length.
 */
export function writeCanonicalJson(model: Model, path: string): void {
  const descriptor = openSync(path, 'w');
  let buffer = '';
  const put = (text: string): void => {
    buffer += text;
    if (buffer.length >= CHUNK_CHARS) {
      writeSync(descriptor, buffer);
      buffer = '';
    }
  };
  try {
    const record = model as unknown as Record<string, unknown>;
    const keys = Object.keys(record)
      .filter((key) => record[key] !== undefined)
      .sort();
    put('{');
    keys.forEach((key, index) => {
      if (index > 0) put(',');
      put(`${JSON.stringify(key)}:`);
      if (!COLLECTION_KEYS.has(key)) {
        put(canonicalJson(record[key]));
        return;
      }
      const items = record[key] as unknown[];
      put('[');
      items.forEach((item, itemIndex) => put(`${itemIndex > 0 ? ',' : ''}\n${canonicalJson(item)}`));
      put(']');
    });
    put('}\n');
    writeSync(descriptor, buffer);
  } finally {
    closeSync(descriptor);
  }
}

/** Writes `<name>.json`, `<name>.e2k` and `<name>.s2k` into `directory` and returns their paths. */
export function writeBuildingFiles(model: Model, directory: string, name: string): GeneratedFiles {
  mkdirSync(directory, { recursive: true });
  const files: GeneratedFiles = {
    json: join(directory, `${name}.json`),
    e2k: join(directory, `${name}.e2k`),
    s2k: join(directory, `${name}.s2k`),
  };
  writeCanonicalJson(model, files.json);
  writeFileSync(files.e2k, writeE2k(model).bytes);
  writeFileSync(files.s2k, writeSap2000(model).bytes);
  return files;
}
