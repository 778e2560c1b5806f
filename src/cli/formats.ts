import { TRANSLATORS, translatorById, translatorForFile } from '../engine/formats/registry';
import type { ReadResult, WriteResult } from '../engine/formats/types';
import type { Model } from '../engine/schema';
import { JSON_FORMAT_ID, readModelJson, writeModelJson } from './modelJson';

/** A format the CLI reads and writes: a registered translator, or Gusset's canonical JSON. */
export interface ModelFormat {
  id: string;
  title: string;
  extensions: readonly string[];
  read(bytes: Uint8Array): ReadResult;
  write(model: Model): WriteResult;
}

const JSON_FORMAT: ModelFormat = {
  id: JSON_FORMAT_ID,
  title: 'Gusset canonical model (.json)',
  extensions: ['.json'],
  read: readModelJson,
  write: writeModelJson,
};

/** Names people use for a tool rather than its file format (`--to etabs`). */
const TOOL_ALIASES: ReadonlyMap<string, string> = new Map([
  ['etabs', 'e2k'],
  ['sap', 's2k'],
  ['sap2000', 's2k'],
  ['csibridge', 's2k'],
  ['safe', 's2k'],
  ['gusset', JSON_FORMAT_ID],
]);

export const MODEL_FORMATS: readonly ModelFormat[] = [...TRANSLATORS, JSON_FORMAT];

/** The format a file name's extension names (`.e2k`, `.$2k`, `.json`, any case), or undefined. */
export function formatForFile(fileName: string): ModelFormat | undefined {
  if (fileName.toLowerCase().endsWith('.json')) return JSON_FORMAT;
  return translatorForFile(fileName);
}

/** The format a `--to` value names: a format id, an extension with or without its dot, or a tool. */
export function formatByName(name: string): ModelFormat | undefined {
  const lower = name.toLowerCase().replace(/^\./, '');
  const id = TOOL_ALIASES.get(lower) ?? lower;
  if (id === JSON_FORMAT_ID) return JSON_FORMAT;
  return translatorById(id);
}

/** For help and error text: `e2k (.e2k .$et), s2k (…), json (.json)`. */
export function describeFormats(): string {
  return MODEL_FORMATS.map((format) => `${format.id} (${format.extensions.join(' ')})`).join(', ');
}
