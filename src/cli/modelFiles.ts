import { readFileSync, writeFileSync } from 'node:fs';
import type { ParseError } from '../engine/formats/parseError';
import { isParseError } from '../engine/formats/parseError';
import type { TranslationReport } from '../engine/formats/report';
import type { Model } from '../engine/schema';
import { inputError } from './errors';
import type { ModelFormat } from './formats';
import { describeFormats, formatForFile } from './formats';

export interface LoadedModel {
  path: string;
  format: ModelFormat;
  model: Model;
  report: TranslationReport;
}

/**
 * The format of `path`: from its content when `head` (its first bytes) is given and says, else from its extension.
 * An unknown one is bad input (exit 1), not a usage error.
 */
export function requireFormatForFile(path: string, head?: Uint8Array): ModelFormat {
  const format = formatForFile(path, head);
  if (!format) {
    throw inputError(`${path}: unknown format; Gusset reads and writes ${describeFormats()}`);
  }
  return format;
}

/** The bytes of an input file; a missing or unreadable one is bad input naming the file. */
export function readInputFile(path: string): Uint8Array {
  try {
    const buffer = readFileSync(path);
    return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
  } catch (error) {
    throw inputError(`${path}: cannot read the file (${describeSystemError(error)})`);
  }
}

/** Reads and translates a model file; every failure becomes a message naming the file (and line). */
export async function loadModel(path: string): Promise<LoadedModel> {
  const bytes = readInputFile(path);
  const format = requireFormatForFile(path, bytes);
  try {
    const { model, report } = await format.read(bytes);
    return { path, format, model, report };
  } catch (error) {
    if (isParseError(error)) throw inputError(describeParseError(path, error));
    // A reader may throw only ParseError; anything else is our bug, but the user still needs the file's name.
    throw inputError(`${path}: the ${format.id} reader failed unexpectedly: ${describeSystemError(error)}`);
  }
}

/** Writes a model in `format`; returns the writer's report. */
export async function saveModel(path: string, format: ModelFormat, model: Model): Promise<TranslationReport> {
  let result;
  try {
    result = await format.write(model);
  } catch (error) {
    throw inputError(`${path}: the ${format.id} writer failed: ${describeSystemError(error)}`);
  }
  try {
    writeFileSync(path, result.bytes);
  } catch (error) {
    throw inputError(`${path}: cannot write the file (${describeSystemError(error)})`);
  }
  return result.report;
}

/**
 * `model.e2k:14: a quoted name is not closed`, the compiler convention editors turn into a link. The engine's
 * message already carries the format and line (`ETABS e2k: line 14: …`); we restate them in this form.
 */
export function describeParseError(path: string, error: ParseError): string {
  const withLine = `${error.format}: line ${error.line}: `;
  const withoutLine = `${error.format}: `;
  const detail = error.message.startsWith(withLine)
    ? error.message.slice(withLine.length)
    : error.message.startsWith(withoutLine)
      ? error.message.slice(withoutLine.length)
      : error.message;
  const where = error.line > 0 ? `${path}:${error.line}` : path;
  return `${where}: ${detail} (read as ${error.format})`;
}

const SYSTEM_ERRORS: Readonly<Record<string, string>> = {
  ENOENT: 'no such file or directory',
  EISDIR: 'it is a directory',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  ENOTDIR: 'a parent is not a directory',
  EROFS: 'read-only file system',
  ENOSPC: 'no space left on the device',
};

function describeSystemError(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as NodeJS.ErrnoException).code;
    return (code && Object.hasOwn(SYSTEM_ERRORS, code) ? SYSTEM_ERRORS[code] : undefined) ?? error.message;
  }
  return String(error);
}
