import type { IfcAPI } from 'web-ifc';
import { ParseError } from '../parseError';

/** The format name in messages and reports. */
export const IFC_FORMAT = 'IFC';

/** Schemas web-ifc reads and we map (the FILE_SCHEMA word, upper case, before any `_ADD` suffix). */
export const IFC_SCHEMAS = ['IFC2X3', 'IFC4', 'IFC4X3'] as const;

/** IFC class names as the schema spells them (`IFCBEAM` → `IfcBeam`), learnt from web-ifc as lines are read. */
export const CLASS_NAMES = new Map<string, string>();

/** One attribute value of a line as web-ifc gives it: `{ type, value }`, a list of them, or null. */
type Raw = unknown;

/** A line of the file as web-ifc's GetLine gives it (attributes by name, references not followed). */
export type IfcLine = Record<string, Raw> & { expressID: number; type: number };

const REF = 5;

function valueOf(raw: Raw): unknown {
  return raw !== null && typeof raw === 'object' && 'value' in raw
    ? (raw as { value: unknown }).value
    : undefined;
}

/** A finite number, or undefined (absent, `$`, text, NaN: a damaged file gives any of these). */
export function num(raw: Raw): number | undefined {
  const value = typeof raw === 'number' ? raw : valueOf(raw);
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

export function str(raw: Raw): string | undefined {
  const value = valueOf(raw);
  return typeof value === 'string' ? value : undefined;
}

/** An enumeration value (`.BEAM.` → 'BEAM'), or a boolean's text for IfcBoolean/IfcLogical. */
export function enumValue(raw: Raw): string | undefined {
  const value = valueOf(raw);
  if (typeof value === 'string') return value.toUpperCase();
  if (typeof value === 'boolean') return value ? 'T' : 'F';
  return undefined;
}

export function bool(raw: Raw): boolean | undefined {
  const value = valueOf(raw);
  if (typeof value === 'boolean') return value;
  if (value === 'T' || value === 'TRUE') return true;
  if (value === 'F' || value === 'FALSE') return false;
  return undefined;
}

/** The express id a reference points to. */
export function ref(raw: Raw): number | undefined {
  if (raw === null || typeof raw !== 'object' || (raw as { type?: unknown }).type !== REF) return undefined;
  const value = valueOf(raw);
  return typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : undefined;
}

/** A list attribute's references (non-references in it are skipped). */
export function refs(raw: Raw): number[] {
  if (!Array.isArray(raw)) {
    const single = ref(raw);
    return single === undefined ? [] : [single];
  }
  const ids: number[] = [];
  for (const item of raw as Raw[]) {
    const id = ref(item);
    if (id !== undefined) ids.push(id);
  }
  return ids;
}

/** A list attribute's numbers; undefined when any item is not a finite number. */
export function nums(raw: Raw): number[] | undefined {
  if (!Array.isArray(raw)) return undefined;
  const values: number[] = [];
  for (const item of raw as Raw[]) {
    const value = num(item);
    if (value === undefined) return undefined;
    values.push(value);
  }
  return values;
}

/**
 * An open web-ifc model with typed, forgiving access: a line that is missing, of an unknown type or that web-ifc
 * cannot decode reads as undefined, so a damaged file degrades into report items instead of exceptions. Lines are
 * decoded once (GetLine without flattening) and cached: a placement shared by 2,000 beams is read once.
 */
export class IfcFile {
  private readonly lines = new Map<number, IfcLine | null>();
  private readonly typeNames = new Map<number, string>();

  constructor(
    readonly api: IfcAPI,
    readonly modelId: number,
    readonly schema: string,
    private readonly bytes: Uint8Array,
  ) {}

  line(id: number | undefined): IfcLine | undefined {
    if (id === undefined) return undefined;
    const cached = this.lines.get(id);
    if (cached !== undefined) return cached ?? undefined;
    let line: IfcLine | null = null;
    try {
      const value: unknown = this.api.GetLine(this.modelId, id);
      if (value !== null && typeof value === 'object' && typeof (value as IfcLine).type === 'number') {
        line = value as IfcLine;
      }
    } catch {
      // web-ifc throws for a line it cannot decode (wrong argument count or types): the line is unusable.
      line = null;
    }
    this.lines.set(id, line);
    return line ?? undefined;
  }

  /** Upper-case IFC class of a line (`IFCBEAM`), or '' when the line is unusable. */
  typeOf(line: IfcLine | undefined): string {
    if (!line) return '';
    let name = this.typeNames.get(line.type);
    if (name === undefined) {
      try {
        const proper = String(this.api.GetNameFromTypeCode(line.type) ?? '');
        name = proper.toUpperCase();
        if (proper) CLASS_NAMES.set(name, proper);
      } catch {
        name = '';
      }
      this.typeNames.set(line.type, name);
    }
    return name;
  }

  /** The line behind a reference attribute, when it is one of `types` (upper case; any type when omitted). */
  follow(raw: Raw, ...types: string[]): IfcLine | undefined {
    const line = this.line(ref(raw));
    if (!line || types.length === 0) return line;
    return types.includes(this.typeOf(line)) ? line : undefined;
  }

  /** Express ids of every line of a class and its subclasses; none when the class is not in this schema. */
  idsOf(typeName: string): number[] {
    try {
      const code = this.api.GetTypeCodeFromName(typeName);
      if (!code) return [];
      const vector = this.api.GetLineIDsWithType(this.modelId, code, true);
      const ids: number[] = [];
      const size = (vector as unknown as { size(): number }).size();
      for (let index = 0; index < size; index++) {
        ids.push((vector as unknown as { get(index: number): number }).get(index));
      }
      return ids;
    } catch {
      return [];
    }
  }

  /** Lines of a class (and subclasses) that web-ifc could decode. */
  linesOf(typeName: string): IfcLine[] {
    const lines: IfcLine[] = [];
    for (const id of this.idsOf(typeName)) {
      const line = this.line(id);
      if (line) lines.push(line);
    }
    return lines;
  }

  private lineIndex: Map<number, number> | undefined;

  /** 1-based line of the file where `#id=` is defined, for messages and report items (0 when not found). */
  sourceLine(id: number): number {
    if (!this.lineIndex) {
      // One pass over the bytes, the first time a message needs a line: most files never pay for it.
      const index = new Map<number, number>();
      const bytes = this.bytes;
      let line = 1;
      let atLineStart = true;
      for (let at = 0; at < bytes.length; at++) {
        const byte = bytes[at] as number;
        if (byte === 10) {
          line++;
          atLineStart = true;
          continue;
        }
        if (atLineStart && byte === 35) {
          let value = 0;
          let digits = 0;
          for (let next = at + 1; next < bytes.length && digits < 16; next++, digits++) {
            const digit = (bytes[next] as number) - 48;
            if (digit < 0 || digit > 9) break;
            value = value * 10 + digit;
          }
          if (digits > 0 && !index.has(value)) index.set(value, line);
        }
        if (byte !== 32 && byte !== 9 && byte !== 13) atLineStart = false;
      }
      this.lineIndex = index;
    }
    return this.lineIndex.get(id) ?? 0;
  }

  error(id: number, message: string): ParseError {
    return new ParseError(IFC_FORMAT, this.sourceLine(id), `#${id}: ${message}`);
  }
}

/** Bytes as ISO-8859-1 text: STEP is 7-bit text (non-ASCII is escaped), so every byte maps to one char. */
export function latin1(bytes: Uint8Array): string {
  let text = '';
  const chunk = 0x8000;
  for (let start = 0; start < bytes.length; start += chunk) {
    text += String.fromCharCode(...bytes.subarray(start, Math.min(bytes.length, start + chunk)));
  }
  return text;
}

export interface StepHeader {
  /** The FILE_SCHEMA word as written (`IFC4`, `IFC4X3_ADD2`, `IFC2X3`). */
  schema: string;
  /** FILE_NAME's originating system and preprocessor version (the exporter, e.g. Tekla Structures). */
  originatingSystem: string;
  preprocessorVersion: string;
}

/**
 * Reads the STEP header from the first bytes. Only the header is parsed here: the DATA section is web-ifc's job.
 * Returns undefined when this is not a STEP file.
 */
export function readStepHeader(head: Uint8Array): StepHeader | undefined {
  const text = latin1(head.subarray(0, Math.min(head.length, 65536)));
  if (!/^\s*ISO-10303-21\s*;/.test(text.replace(/^\uFEFF|^\u00EF\u00BB\u00BF/, ''))) return undefined;
  const schema = /FILE_SCHEMA\s*\(\s*\(\s*'([^']*)'/i.exec(text)?.[1]?.trim() ?? '';
  const fileName = /FILE_NAME\s*\(([\s\S]*?)\)\s*;/i.exec(text)?.[1] ?? '';
  // FILE_NAME(name, time_stamp, (author), (organization), preprocessor_version, originating_system, authorization)
  const fields = splitTopLevel(fileName);
  const unquote = (field: string | undefined): string =>
    /^\s*'((?:[^']|'')*)'\s*$/.exec(field ?? '')?.[1]?.replace(/''/g, "'") ?? '';
  const preprocessorVersion = unquote(fields[4]);
  const originatingSystem = unquote(fields[5]);
  return { schema, originatingSystem, preprocessorVersion };
}

/** Splits a STEP argument list at its top-level commas (not inside quotes or brackets). */
function splitTopLevel(text: string): string[] {
  const fields: string[] = [];
  let depth = 0;
  let quoted = false;
  let start = 0;
  for (let index = 0; index < text.length; index++) {
    const char = text[index];
    if (char === "'") quoted = !quoted;
    else if (quoted) continue;
    else if (char === '(') depth++;
    else if (char === ')') depth--;
    else if (char === ',' && depth === 0) {
      fields.push(text.slice(start, index));
      start = index + 1;
    }
  }
  fields.push(text.slice(start));
  return fields;
}

/** The schema family we map a FILE_SCHEMA word to, or undefined when we do not read it. */
export function schemaFamily(schema: string): (typeof IFC_SCHEMAS)[number] | undefined {
  const word = schema.toUpperCase();
  if (word === 'IFC2X3' || word.startsWith('IFC2X3_')) return 'IFC2X3';
  if (word.startsWith('IFC4X3')) return 'IFC4X3';
  if (word === 'IFC4' || word.startsWith('IFC4_') || word.startsWith('IFC4X')) return 'IFC4';
  return undefined;
}

/** Where the STEP text breaks the exchange-structure syntax, and how. */
export interface StepSyntaxError {
  line: number;
  message: string;
}

const isNameByte = (byte: number): boolean =>
  (byte >= 65 && byte <= 90) || (byte >= 97 && byte <= 122) || (byte >= 48 && byte <= 57) || byte === 95;
const isSpace = (byte: number): boolean => byte === 32 || byte === 9 || byte === 10 || byte === 13;

/**
 * A linear check of the DATA section's structure before web-ifc sees it: every instance is `#n = NAME( … );`
 * (or a complex `#n = ( … );`), strings close on their line, brackets balance. web-ifc's line decoder can loop
 * forever on a broken instance (a quote inside a type name), and WebAssembly cannot be interrupted, so such a
 * file must be refused here, with its line, instead of hanging the translation.
 */
export function checkStepSyntax(bytes: Uint8Array): StepSyntaxError | undefined {
  const text = latin1(bytes.subarray(0, Math.min(bytes.length, 1 << 16)));
  const dataAt = /(?:^|[\s;])DATA\s*(?:\([^)]*\))?\s*;/.exec(text);
  let at: number;
  if (dataAt) {
    at = dataAt.index + dataAt[0].length;
  } else {
    // The DATA keyword may lie beyond the first 64 KiB only when the header is huge; search the bytes.
    const whole = latin1(bytes);
    const found = /(?:^|[\s;])DATA\s*(?:\([^)]*\))?\s*;/.exec(whole);
    if (!found) return { line: 0, message: 'the file has no DATA section; it is not a complete IFC file' };
    at = found.index + found[0].length;
  }
  let line = 1;
  for (let index = 0; index < at; index++) if (bytes[index] === 10) line++;
  const length = bytes.length;
  const fail = (message: string): StepSyntaxError => ({ line, message });
  const skipBlank = (): void => {
    while (at < length) {
      const byte = bytes[at] as number;
      if (byte === 10) line++;
      if (isSpace(byte)) at++;
      else if (byte === 47 && bytes[at + 1] === 42) {
        const end = findCommentEnd(bytes, at + 2);
        for (let index = at; index < end; index++) if (bytes[index] === 10) line++;
        at = end;
      } else break;
    }
  };
  for (;;) {
    skipBlank();
    if (at >= length) return fail('the DATA section never ends (no ENDSEC;): the file is cut short');
    const byte = bytes[at] as number;
    if (byte === 69 /* E */) {
      if (latin1(bytes.subarray(at, at + 6)) === 'ENDSEC') return undefined;
      return fail('an entity line does not start with #');
    }
    if (byte !== 35 /* # */) return fail('an entity line does not start with #');
    at++;
    const digitsStart = at;
    while (at < length && (bytes[at] as number) >= 48 && (bytes[at] as number) <= 57) at++;
    if (at === digitsStart || at - digitsStart > 15) return fail('an entity number is missing or too long');
    skipBlank();
    if (bytes[at] !== 61 /* = */) return fail('an entity number is not followed by "="');
    at++;
    skipBlank();
    if (bytes[at] !== 40 /* ( */) {
      const nameStart = at;
      while (at < length && isNameByte(bytes[at] as number)) at++;
      if (at === nameStart) return fail('an entity has no type name');
      skipBlank();
      if (bytes[at] !== 40) return fail('an entity type name is not followed by "("');
    }
    let depth = 0;
    for (;;) {
      if (at >= length) return fail('an entity is not closed: the file is cut short');
      const current = bytes[at] as number;
      if (current === 39 /* ' */ || current === 34 /* " */) {
        at++;
        for (;;) {
          if (at >= length) return fail('a text value is not closed: the file is cut short');
          const inner = bytes[at] as number;
          if (inner === 10 || inner === 13) return fail('a text value is not closed on its line');
          at++;
          if (inner === current) {
            if (current === 39 && bytes[at] === 39) at++;
            else break;
          }
        }
        continue;
      }
      if (current === 10) line++;
      else if (current === 40) depth++;
      else if (current === 41) {
        depth--;
        if (depth < 0) return fail('an entity has more ")" than "("');
      } else if (current === 59 /* ; */) {
        if (depth !== 0) return fail('an entity ends before its brackets close');
        at++;
        break;
      }
      at++;
    }
  }
}

function findCommentEnd(bytes: Uint8Array, from: number): number {
  for (let index = from; index + 1 < bytes.length; index++) {
    if (bytes[index] === 42 && bytes[index + 1] === 47) return index + 2;
  }
  return bytes.length;
}
