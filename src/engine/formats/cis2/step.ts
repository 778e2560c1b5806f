/**
 * A small ISO 10303-21 (STEP Part 21) reader: the HEADER section and the DATA section's `#id = ENTITY(args);`
 * instances, simple and complex, read straight from the bytes (only string tokens become JS strings, so a
 * 100 MB file is never one giant string). Lists are parsed with an explicit stack, so `((((…))))` nested 10^5
 * deep is an error, not a stack overflow. Edition 3 ANCHOR/REFERENCE sections are skipped and never followed.
 */
import { decodeUtf8, decodeWindows1252, looksLikeUtf8 } from '../../text/encoding';
import { ParseError } from '../parseError';

export const STEP_FORMAT = 'CIS/2';

export interface StepRef {
  readonly ref: number;
}
export interface StepString {
  readonly str: string;
}
/** `.X.`; logicals are `.T.`, `.F.`, `.U.` (the dots are stripped). */
export interface StepEnum {
  readonly enum: string;
}
/** A typed parameter such as `LENGTH_MEASURE(12.5)`. */
export interface StepTyped {
  readonly typed: string;
  readonly value: StepValue;
}
/** `*`: a value derived from other attributes. */
export interface StepDerived {
  readonly derived: true;
}
/** `"0A3F"`: a binary value, kept as its hex text. */
export interface StepBinary {
  readonly binary: string;
}
/** `null` is `$` (unset). */
export type StepValue =
  number | null | StepRef | StepString | StepEnum | StepTyped | StepDerived | StepBinary | StepValue[];

/** One entity type's attribute values within an instance. A simple instance has one part; a complex one several. */
export interface StepPart {
  readonly type: string;
  readonly args: StepValue[];
}

export interface StepInstance {
  readonly id: number;
  /** 1-based line where `#id` starts. */
  readonly line: number;
  readonly parts: StepPart[];
}

export interface StepHeaderEntity {
  readonly type: string;
  readonly args: StepValue[];
  readonly line: number;
}

export interface StepFile {
  readonly header: StepHeaderEntity[];
  /** The names in FILE_SCHEMA, upper-case. */
  readonly schemas: string[];
  readonly instances: Map<number, StepInstance>;
}

/** Deeper lists than this are refused: real files nest a few levels. */
const MAX_DEPTH = 256;

const DERIVED: StepDerived = { derived: true };

const enum C {
  tab = 0x09,
  lf = 0x0a,
  cr = 0x0d,
  space = 0x20,
  quote = 0x22,
  hash = 0x23,
  dollar = 0x24,
  apostrophe = 0x27,
  open = 0x28,
  close = 0x29,
  star = 0x2a,
  plus = 0x2b,
  comma = 0x2c,
  minus = 0x2d,
  dot = 0x2e,
  slash = 0x2f,
  semicolon = 0x3b,
  equals = 0x3d,
  backslash = 0x5c,
  bang = 0x21,
}

function isDigit(byte: number): boolean {
  return byte >= 0x30 && byte <= 0x39;
}
function isLetter(byte: number): boolean {
  return (byte >= 0x41 && byte <= 0x5a) || (byte >= 0x61 && byte <= 0x7a) || byte === 0x5f;
}

/** A tokenizer over bytes that knows its line. */
class Scanner {
  position = 0;
  line = 1;

  constructor(readonly bytes: Uint8Array) {}

  fail(message: string, line = this.line): never {
    throw new ParseError(STEP_FORMAT, line, message);
  }

  /** Skips whitespace and comments; returns the next byte or -1 at the end. */
  peek(): number {
    const bytes = this.bytes;
    for (;;) {
      const byte = bytes[this.position];
      if (byte === undefined) return -1;
      if (byte === C.lf) {
        this.line++;
        this.position++;
      } else if (byte === C.space || byte === C.tab || byte === C.cr) {
        this.position++;
      } else if (byte === C.slash && bytes[this.position + 1] === C.star) {
        const started = this.line;
        this.position += 2;
        for (;;) {
          const inner = bytes[this.position];
          if (inner === undefined)
            this.fail('a comment (/* … */) is never closed: the file seems cut short', started);
          if (inner === C.lf) this.line++;
          if (inner === C.star && bytes[this.position + 1] === C.slash) {
            this.position += 2;
            break;
          }
          this.position++;
        }
      } else {
        return byte;
      }
    }
  }

  expect(byte: number, what: string): void {
    const next = this.peek();
    if (next !== byte) {
      this.fail(
        next === -1
          ? `the file ends where ${what} was expected: it seems cut short (an interrupted upload or copy)`
          : `expected ${what}, found ${this.describe(next)}`,
      );
    }
    this.position++;
  }

  describe(byte: number): string {
    if (byte === -1) return 'the end of the file';
    if (byte >= 0x21 && byte < 0x7f) return `'${String.fromCharCode(byte)}'`;
    return `byte 0x${byte.toString(16).padStart(2, '0')}`;
  }

  /** A keyword (`DATA`, `SI_UNIT`, `END-ISO-10303-21`), upper-cased; the caller has checked it starts with a letter. */
  keyword(): string {
    const bytes = this.bytes;
    const start = this.position;
    let end = start;
    for (;;) {
      const byte = bytes[end];
      if (byte === undefined || !(isLetter(byte) || isDigit(byte) || byte === C.minus)) break;
      end++;
    }
    this.position = end;
    let text = '';
    for (let index = start; index < end; index++) text += String.fromCharCode(bytes[index] as number);
    return text.toUpperCase();
  }

  integerAfterHash(): number {
    const bytes = this.bytes;
    this.position++; // '#'
    const start = this.position;
    let value = 0;
    while (isDigit(bytes[this.position] ?? -1)) {
      value = value * 10 + ((bytes[this.position] as number) - 0x30);
      this.position++;
    }
    if (this.position === start) this.fail('a # must be followed by an instance number (#12)');
    if (!Number.isSafeInteger(value)) this.fail('an instance number is too large');
    return value;
  }

  number(): number {
    const bytes = this.bytes;
    const start = this.position;
    let end = start;
    if (bytes[end] === C.plus || bytes[end] === C.minus) end++;
    const digitsStart = end;
    while (isDigit(bytes[end] ?? -1)) end++;
    if (end === digitsStart) this.fail('a sign must be followed by digits');
    if (bytes[end] === C.dot) {
      end++;
      while (isDigit(bytes[end] ?? -1)) end++;
    }
    if (bytes[end] === 0x45 || bytes[end] === 0x65) {
      end++;
      if (bytes[end] === C.plus || bytes[end] === C.minus) end++;
      const exponentStart = end;
      while (isDigit(bytes[end] ?? -1)) end++;
      if (end === exponentStart) this.fail('a number has an exponent without digits');
    }
    let text = '';
    for (let index = start; index < end; index++) text += String.fromCharCode(bytes[index] as number);
    this.position = end;
    const value = Number(text.endsWith('.') ? text.slice(0, -1) : text.replace('.E', 'E').replace('.e', 'e'));
    if (!Number.isFinite(value)) this.fail(`the number ${text} is out of range`);
    return value;
  }

  enumeration(): StepEnum {
    const bytes = this.bytes;
    this.position++; // '.'
    const start = this.position;
    while (isLetter(bytes[this.position] ?? -1) || isDigit(bytes[this.position] ?? -1)) this.position++;
    if (bytes[this.position] !== C.dot || this.position === start) {
      this.fail('an enumeration value must look like .NAME.');
    }
    let text = '';
    for (let index = start; index < this.position; index++)
      text += String.fromCharCode(bytes[index] as number);
    this.position++;
    return { enum: text.toUpperCase() };
  }

  binary(): StepBinary {
    const bytes = this.bytes;
    const started = this.line;
    this.position++;
    let text = '';
    for (;;) {
      const byte = bytes[this.position];
      if (byte === undefined) this.fail('a binary value ("…") is never closed', started);
      this.position++;
      if (byte === C.quote) break;
      if (byte === C.lf) this.line++;
      else if (byte !== C.cr) text += String.fromCharCode(byte);
    }
    return { binary: text };
  }

  /**
   * A string: `''` is one apostrophe; line breaks inside are not part of the value (Part 21 lets writers wrap
   * long strings); `\X2\…\X0\`, `\X4\…\X0\`, `\X\hh`, `\S\c` and `\\` are decoded; `\P?\` code-page switches are
   * dropped. Raw bytes ≥ 0x80 (not allowed, but common) are read as UTF-8 when they are, else windows-1252.
   */
  string(): StepString {
    const bytes = this.bytes;
    const started = this.line;
    this.position++;
    const raw: number[] = [];
    for (;;) {
      const byte = bytes[this.position];
      if (byte === undefined)
        this.fail('a text value is never closed: a missing apostrophe, or the file is cut short', started);
      if (byte === C.apostrophe) {
        if (bytes[this.position + 1] === C.apostrophe) {
          raw.push(C.apostrophe);
          this.position += 2;
          continue;
        }
        this.position++;
        break;
      }
      if (byte === C.lf) this.line++;
      else if (byte !== C.cr) raw.push(byte);
      this.position++;
    }
    return { str: decodeStepString(raw, this.line, started) };
  }
}

function hexValue(byte: number | undefined): number {
  if (byte === undefined) return -1;
  if (byte >= 0x30 && byte <= 0x39) return byte - 0x30;
  if (byte >= 0x41 && byte <= 0x46) return byte - 0x37;
  if (byte >= 0x61 && byte <= 0x66) return byte - 0x57;
  return -1;
}

function decodeStepString(raw: readonly number[], _line: number, started: number): string {
  const bad = (what: string): never => {
    throw new ParseError(STEP_FORMAT, started, `a text value has a broken escape: ${what}`);
  };
  let text = '';
  let pendingBytes: number[] = [];
  const flush = (): void => {
    if (pendingBytes.length === 0) return;
    const chunk = Uint8Array.from(pendingBytes);
    text += looksLikeUtf8(chunk) ? decodeUtf8(chunk) : decodeWindows1252(chunk);
    pendingBytes = [];
  };
  for (let index = 0; index < raw.length;) {
    const byte = raw[index] as number;
    if (byte !== C.backslash) {
      pendingBytes.push(byte);
      index++;
      continue;
    }
    flush();
    const next = raw[index + 1];
    if (next === C.backslash) {
      text += '\\';
      index += 2;
    } else if (next === 0x53 && raw[index + 2] === C.backslash) {
      // \S\c: c + 128 (ISO 8859-1 upper half).
      const char = raw[index + 3];
      if (char === undefined) bad('\\S\\ without a character');
      text += String.fromCharCode((char as number) + 128);
      index += 4;
    } else if (next === 0x50 && raw[index + 3] === C.backslash) {
      index += 4; // \PA\ … code-page switch: our \S\ decoding assumes Latin-1, as nearly all files do.
    } else if (next === 0x58 && raw[index + 2] === C.backslash) {
      const high = hexValue(raw[index + 3]);
      const low = hexValue(raw[index + 4]);
      if (high < 0 || low < 0) bad('\\X\\ needs two hex digits');
      text += String.fromCharCode(high * 16 + low);
      index += 5;
    } else if (
      next === 0x58 &&
      (raw[index + 2] === 0x32 || raw[index + 2] === 0x34) &&
      raw[index + 3] === C.backslash
    ) {
      const width = raw[index + 2] === 0x32 ? 4 : 8;
      index += 4;
      for (;;) {
        if (raw[index] === C.backslash) {
          if (raw[index + 1] === 0x58 && raw[index + 2] === 0x30 && raw[index + 3] === C.backslash) {
            index += 4;
            break;
          }
          bad(`\\X${width === 4 ? 2 : 4}\\ is not closed by \\X0\\`);
        }
        let codePoint = 0;
        for (let digit = 0; digit < width; digit++) {
          const value = hexValue(raw[index + digit]);
          if (value < 0)
            bad(`\\X${width === 4 ? 2 : 4}\\ needs groups of ${width} hex digits closed by \\X0\\`);
          codePoint = codePoint * 16 + value;
        }
        if (codePoint > 0x10ffff) bad('a character beyond Unicode');
        text += String.fromCodePoint(codePoint);
        index += width;
      }
    } else if (next === 0x4e && raw[index + 2] === C.backslash) {
      index += 3; // \N\ : end of an edition-1 extended sequence
    } else {
      bad(`an unknown directive after a backslash (write \\\\ for a backslash)`);
    }
  }
  flush();
  return text;
}

/**
 * The parameter list after `(`: values separated by commas up to the matching `)`. Iterative: each open list or
 * typed parameter is a frame on `stack`.
 */
function parseParameters(scanner: Scanner): StepValue[] {
  scanner.expect(C.open, "'('");
  interface Frame {
    values: StepValue[];
    typed?: string;
  }
  const stack: Frame[] = [{ values: [] }];
  let expectValue = true;
  for (;;) {
    const frame = stack[stack.length - 1] as Frame;
    const byte = scanner.peek();
    if (byte === -1)
      scanner.fail('the file ends inside an instance: it seems cut short (an interrupted upload or copy)');
    if (byte === C.close) {
      if (expectValue && frame.values.length > 0) scanner.fail("a value is missing before ')'");
      scanner.position++;
      stack.pop();
      let value: StepValue = frame.values;
      if (frame.typed !== undefined) {
        if (frame.values.length !== 1)
          scanner.fail(`the typed value ${frame.typed}(…) must hold exactly one value`);
        value = { typed: frame.typed, value: frame.values[0] as StepValue };
      }
      const parent = stack[stack.length - 1];
      if (!parent) return value as StepValue[];
      parent.values.push(value);
      expectValue = false;
      continue;
    }
    if (byte === C.comma) {
      if (expectValue) scanner.fail("a value is missing before ','");
      scanner.position++;
      expectValue = true;
      continue;
    }
    if (!expectValue) scanner.fail(`expected ',' or ')', found ${scanner.describe(byte)}`);
    expectValue = false;
    if (byte === C.open) {
      if (stack.length >= MAX_DEPTH) scanner.fail(`lists are nested more than ${MAX_DEPTH} deep`);
      scanner.position++;
      stack.push({ values: [] });
      expectValue = true;
    } else if (byte === C.apostrophe) {
      frame.values.push(scanner.string());
    } else if (byte === C.hash) {
      frame.values.push({ ref: scanner.integerAfterHash() });
    } else if (byte === C.dollar) {
      scanner.position++;
      frame.values.push(null);
    } else if (byte === C.star) {
      scanner.position++;
      frame.values.push(DERIVED);
    } else if (byte === C.dot) {
      frame.values.push(scanner.enumeration());
    } else if (byte === C.quote) {
      frame.values.push(scanner.binary());
    } else if (isDigit(byte) || byte === C.plus || byte === C.minus) {
      frame.values.push(scanner.number());
    } else if (isLetter(byte) || byte === C.bang) {
      if (byte === C.bang) scanner.position++;
      const name = scanner.keyword();
      if (stack.length >= MAX_DEPTH) scanner.fail(`lists are nested more than ${MAX_DEPTH} deep`);
      scanner.expect(C.open, `'(' after ${name}`);
      stack.push({ values: [], typed: name });
      expectValue = true;
    } else {
      scanner.fail(`unexpected ${scanner.describe(byte)} in a list of values`);
    }
  }
}

function parseEntityName(scanner: Scanner): string {
  const byte = scanner.peek();
  if (byte === C.bang) scanner.position++;
  else if (!isLetter(byte)) scanner.fail(`expected an entity name, found ${scanner.describe(byte)}`);
  return scanner.keyword();
}

/** `KEYWORD;` at this point, e.g. `ENDSEC;`. */
function expectKeyword(scanner: Scanner, keyword: string, hint: string): void {
  const byte = scanner.peek();
  const line = scanner.line;
  if (byte === -1) scanner.fail(`the file ends before ${keyword}: ${hint}`);
  if (!isLetter(byte)) scanner.fail(`expected ${keyword}, found ${scanner.describe(byte)}`);
  const word = scanner.keyword();
  if (word !== keyword) scanner.fail(`expected ${keyword}, found ${word}`, line);
  scanner.expect(C.semicolon, `';' after ${keyword}`);
}

function describeStart(bytes: Uint8Array): string | undefined {
  const png = bytes[0] === 0x89 && bytes[1] === 0x50;
  const zip = bytes[0] === 0x50 && bytes[1] === 0x4b;
  const pdf = bytes[0] === 0x25 && bytes[1] === 0x50 && bytes[2] === 0x44 && bytes[3] === 0x46;
  if (zip) return 'a zip archive (an .ifczip or a workbook?)';
  if (png) return 'an image';
  if (pdf) return 'a PDF';
  return undefined;
}

/** Parses a whole Part 21 file. Throws ParseError (with a line) on anything malformed. */
export function parseStep(bytes: Uint8Array): StepFile {
  if (bytes.length === 0) throw new ParseError(STEP_FORMAT, 0, 'the file is empty');
  const kind = describeStart(bytes);
  if (kind) throw new ParseError(STEP_FORMAT, 0, `this is ${kind}, not a STEP (ISO 10303-21) text file`);
  const sample = bytes.subarray(0, 4096);
  if (sample.includes(0)) {
    throw new ParseError(STEP_FORMAT, 0, 'this is a binary file, not a STEP (ISO 10303-21) text file');
  }
  const scanner = new Scanner(bytes);
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) scanner.position = 3;

  const first = scanner.peek();
  if (!isLetter(first) || scanner.keyword() !== 'ISO-10303-21') {
    scanner.fail(
      'a STEP file starts with ISO-10303-21; — this file does not. Export the model from your steel program as a CIS/2 (STEP) file.',
    );
  }
  scanner.expect(C.semicolon, "';' after ISO-10303-21");
  expectKeyword(scanner, 'HEADER', 'the STEP header is missing');

  const header: StepHeaderEntity[] = [];
  for (;;) {
    scanner.peek();
    const line = scanner.line;
    const type = parseEntityName(scanner);
    if (type === 'ENDSEC') {
      scanner.expect(C.semicolon, "';' after ENDSEC");
      break;
    }
    const args = parseParameters(scanner);
    scanner.expect(C.semicolon, `';' after ${type}(…)`);
    header.push({ type, args, line });
  }
  const schemaEntity = header.find((entity) => entity.type === 'FILE_SCHEMA');
  const schemaList = schemaEntity?.args[0];
  const schemas = Array.isArray(schemaList)
    ? schemaList.flatMap((value) =>
        value !== null && typeof value === 'object' && 'str' in value ? [value.str.trim().toUpperCase()] : [],
      )
    : [];

  const instances = new Map<number, StepInstance>();
  let sawData = false;
  for (;;) {
    const byte = scanner.peek();
    const line = scanner.line;
    if (byte === -1) {
      scanner.fail(
        sawData
          ? 'the file ends without END-ISO-10303-21;: it seems cut short (an interrupted upload or copy)'
          : 'the file has no DATA section, so it holds no model',
      );
    }
    if (!isLetter(byte)) scanner.fail(`expected a section (DATA;), found ${scanner.describe(byte)}`);
    const word = scanner.keyword();
    if (word === 'END-ISO-10303-21') {
      scanner.expect(C.semicolon, "';' after END-ISO-10303-21");
      break;
    }
    if (word === 'ANCHOR' || word === 'REFERENCE' || word === 'SIGNATURE') {
      // Edition 3 sections name external resources (URIs): skipped, never followed.
      skipSection(scanner, word, line);
      continue;
    }
    if (word !== 'DATA') scanner.fail(`expected DATA;, found ${word}`, line);
    if (scanner.peek() === C.open) parseParameters(scanner); // edition 3: DATA('name', ('SCHEMA'));
    scanner.expect(C.semicolon, "';' after DATA");
    sawData = true;
    readInstances(scanner, instances);
  }
  if (!sawData) scanner.fail('the file has no DATA section, so it holds no model');
  return { header, schemas, instances };
}

function skipSection(scanner: Scanner, name: string, line: number): void {
  const bytes = scanner.bytes;
  for (;;) {
    const byte = scanner.peek();
    if (byte === -1) scanner.fail(`the ${name} section is never closed by ENDSEC;`, line);
    if (byte === C.apostrophe) {
      scanner.string();
    } else if (isLetter(byte)) {
      if (scanner.keyword() === 'ENDSEC') {
        scanner.expect(C.semicolon, "';' after ENDSEC");
        return;
      }
    } else {
      scanner.position++;
      if (bytes[scanner.position - 1] === C.lf) scanner.line++;
    }
  }
}

function readInstances(scanner: Scanner, instances: Map<number, StepInstance>): void {
  for (;;) {
    const byte = scanner.peek();
    const line = scanner.line;
    if (byte === -1) {
      scanner.fail(
        'the DATA section is never closed by ENDSEC;: the file seems cut short (an interrupted upload or copy)',
      );
    }
    if (isLetter(byte)) {
      const word = scanner.keyword();
      if (word !== 'ENDSEC') scanner.fail(`expected #number = ENTITY(…); or ENDSEC;, found ${word}`, line);
      scanner.expect(C.semicolon, "';' after ENDSEC");
      return;
    }
    if (byte !== C.hash) scanner.fail(`expected #number = ENTITY(…);, found ${scanner.describe(byte)}`);
    const id = scanner.integerAfterHash();
    scanner.expect(C.equals, `'=' after #${id}`);
    const parts: StepPart[] = [];
    if (scanner.peek() === C.open) {
      // Complex instance: (A(…)B(…)…)
      scanner.position++;
      while (scanner.peek() !== C.close) {
        const type = parseEntityName(scanner);
        parts.push({ type, args: parseParameters(scanner) });
      }
      scanner.position++;
      if (parts.length === 0) scanner.fail(`#${id} is an empty complex instance`, line);
    } else {
      const type = parseEntityName(scanner);
      parts.push({ type, args: parseParameters(scanner) });
    }
    scanner.expect(C.semicolon, `';' after #${id}`);
    if (instances.has(id)) {
      scanner.fail(`#${id} is defined twice (first on line ${instances.get(id)?.line ?? '?'})`, line);
    }
    instances.set(id, { id, line, parts });
  }
}

// ---------------------------------------------------------------------------------------------- value helpers

export function isRef(value: StepValue | undefined): value is StepRef {
  return value !== null && typeof value === 'object' && !Array.isArray(value) && 'ref' in value;
}
export function isStr(value: StepValue | undefined): value is StepString {
  return value !== null && typeof value === 'object' && !Array.isArray(value) && 'str' in value;
}
export function isEnum(value: StepValue | undefined): value is StepEnum {
  return value !== null && typeof value === 'object' && !Array.isArray(value) && 'enum' in value;
}
export function isTyped(value: StepValue | undefined): value is StepTyped {
  return value !== null && typeof value === 'object' && !Array.isArray(value) && 'typed' in value;
}

/** The number in a value: a plain number or one typed value deep (`LENGTH_MEASURE(2.5)`). */
export function numberOf(value: StepValue | undefined): number | undefined {
  if (typeof value === 'number') return value;
  if (isTyped(value) && typeof value.value === 'number') return value.value;
  return undefined;
}

/**
 * Whether the first bytes are a STEP file whose FILE_SCHEMA names STRUCTURAL_FRAME_SCHEMA (CIS/2). Decides on
 * the header text only, so an IFC file (FILE_SCHEMA(('IFC4'))) is never taken, whatever its extension.
 */
export function headerSchemas(head: Uint8Array): string[] | undefined {
  let text = decodeWindows1252(head.subarray(0, 64 * 1024));
  if (text.charCodeAt(0) === 0xef) text = text.slice(3);
  text = text.replace(/\/\*[\s\S]*?\*\//g, ' ');
  if (!/^\s*ISO-10303-21\s*;/i.test(text)) return undefined;
  const match = /FILE_SCHEMA\s*\(\s*\(([^;]*?)\)\s*\)\s*;/i.exec(text);
  if (!match) return undefined;
  return [...(match[1] ?? '').matchAll(/'([^']*)'/g)].map((name) => (name[1] ?? '').trim().toUpperCase());
}
