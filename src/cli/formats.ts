import { FILE_TRANSLATORS, translatorById, translatorForFile } from '../engine/formats/registry';
import { JSON_FORMAT_ID } from '../engine/formats/json';
import type { FileTranslator } from '../engine/formats/types';

/** A format the CLI reads and writes: a registered translator, Gusset's canonical JSON included. */
export type ModelFormat = FileTranslator;

/** Names people use for a tool rather than its file format (`--to etabs`). */
const TOOL_ALIASES: ReadonlyMap<string, string> = new Map([
  ['etabs', 'e2k'],
  ['sap', 's2k'],
  ['sap2000', 's2k'],
  ['csibridge', 's2k'],
  ['safe', 's2k'],
  ['gusset', JSON_FORMAT_ID],
]);

export const MODEL_FORMATS: readonly ModelFormat[] = FILE_TRANSLATORS;

/** The format a file's content (`head`, when given) or else its extension names (`.e2k`, any case), or undefined. */
export function formatForFile(fileName: string, head?: Uint8Array): ModelFormat | undefined {
  return translatorForFile(fileName, head);
}

/** The format a `--to` value names: a format id, an extension with or without its dot, or a tool. */
export function formatByName(name: string): ModelFormat | undefined {
  const lower = name.toLowerCase().replace(/^\./, '');
  return translatorById(TOOL_ALIASES.get(lower) ?? lower);
}

/** For help and error text: `e2k (.e2k .$et), s2k (…), json (.json)`. */
export function describeFormats(): string {
  return MODEL_FORMATS.map((format) => `${format.id} (${format.extensions.join(' ')})`).join(', ');
}
