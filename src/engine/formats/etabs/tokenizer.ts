import { windows1252Line } from '../names';
import { ParseError } from '../parseError';

export const FORMAT_NAME = 'ETABS e2k';

/**
 * One data line of an .e2k: its tokens (quotes removed, a doubled quote inside a quoted token read as one) and
 * which of them were quoted.
 */
export interface E2kLine {
  lineNo: number;
  /** The line as written, without its line ending. */
  text: string;
  tokens: string[];
  quoted: boolean[];
}

export interface E2kScanHandlers {
  /** A `$ TITLE` line; `rawTitle` is everything after `$ `, trailing spaces included. */
  section(rawTitle: string, lineNo: number): void;
  data(line: E2kLine): void;
}

const SPACE = 0x20;
const TAB = 0x09;
const NBSP = 0xa0;
const QUOTE = 0x22;
const DOLLAR = 0x24;
const CR = 0x0d;
const LF = 0x0a;

/**
 * Where the tokens of one data line sit in the text: filled in place and reused from line to line, so scanning
 * allocates nothing and a reader slices only the tokens it needs. `starts`/`ends` exclude the quotes of quoted
 * tokens.
 */
export class E2kLineTokens {
  text = '';
  lineNo = 0;
  /** The line as written: from its first character to its line ending. */
  lineStart = 0;
  lineEnd = 0;
  count = 0;
  starts = new Int32Array(64);
  ends = new Int32Array(64);
  quoted = new Uint8Array(64);
  /** 1 where a quoted token holds a doubled quote (`"12"" SLAB"`, the inch mark): read back as one quote. */
  escaped = new Uint8Array(64);

  token(index: number): string {
    const raw = this.text.slice(this.starts[index], this.ends[index]);
    return this.escaped[index] === 1 ? raw.replaceAll('""', '"') : raw;
  }

  /** Whether token `index` is exactly `word`, without slicing it out. */
  equals(index: number, word: string): boolean {
    if (this.escaped[index] === 1) return this.token(index) === word;
    const start = this.starts[index] as number;
    return (this.ends[index] as number) - start === word.length && this.text.startsWith(word, start);
  }

  /** Token `index`, as the same string object as `previous` when they are equal (repeats share one string). */
  tokenLike(index: number, previous: string): string {
    return this.equals(index, previous) ? previous : this.token(index);
  }

  isQuoted(index: number): boolean {
    return this.quoted[index] === 1;
  }

  /** Where the text after token `index` begins (after its closing quote if it is quoted). */
  after(index: number): number {
    return (this.ends[index] as number) + (this.quoted[index] as number);
  }

  lineText(): string {
    return this.text.slice(this.lineStart, this.lineEnd);
  }

  toLine(): E2kLine {
    const tokens: string[] = [];
    const quoted: boolean[] = [];
    for (let index = 0; index < this.count; index++) {
      tokens.push(this.token(index));
      quoted.push(this.quoted[index] === 1);
    }
    return { lineNo: this.lineNo, text: this.lineText(), tokens, quoted };
  }

  push(start: number, end: number, quoted: boolean, escaped = false): void {
    if (this.count === this.starts.length) {
      const size = this.count * 2;
      const starts = new Int32Array(size);
      const ends = new Int32Array(size);
      const flags = new Uint8Array(size);
      const escapes = new Uint8Array(size);
      starts.set(this.starts);
      ends.set(this.ends);
      flags.set(this.quoted);
      escapes.set(this.escaped);
      this.starts = starts;
      this.ends = ends;
      this.quoted = flags;
      this.escaped = escapes;
    }
    this.starts[this.count] = start;
    this.ends[this.count] = end;
    this.quoted[this.count] = quoted ? 1 : 0;
    this.escaped[this.count] = escaped ? 1 : 0;
    this.count++;
  }
}

export interface E2kTokenHandlers {
  /** A `$ TITLE` line; `rawTitle` is everything after `$ `, trailing spaces included. */
  section(rawTitle: string, lineNo: number): void;
  /** A data line; `tokens` is only valid during the call. */
  data(tokens: E2kLineTokens): void;
}

/**
 * Tokenises `text` from `position` to the end of its line into `out` (appending), and returns where the line
 * ends. Tokens are separated by spaces, tabs and NBSP; a quoted token ends at its closing quote even when the
 * next token is glued to it (`RELEASE "TI M2I"LENGTHOFFI 0.275`). Inside a quoted token a doubled quote is
 * one quote of the name (ETABS writes the inch mark so: `"12"" NWC SLAB"`).
 */
export function tokenizeE2kRange(text: string, position: number, out: E2kLineTokens): number {
  const length = text.length;
  while (position < length) {
    let code = text.charCodeAt(position);
    if (code === SPACE || code === TAB || code === NBSP) {
      position++;
      continue;
    }
    if (code === LF || code === CR) return position;
    if (code === QUOTE) {
      let close = position + 1;
      let escaped = false;
      for (;;) {
        while (close < length && (code = text.charCodeAt(close)) !== QUOTE && code !== LF && code !== CR)
          close++;
        if (close >= length || code !== QUOTE) {
          throw new ParseError(FORMAT_NAME, out.lineNo, 'a quoted name is not closed');
        }
        if (text.charCodeAt(close + 1) === QUOTE) {
          escaped = true;
          close += 2;
          continue;
        }
        break;
      }
      out.push(position + 1, close, true, escaped);
      position = close + 1;
      continue;
    }
    let tokenEnd = position + 1;
    while (tokenEnd < length) {
      code = text.charCodeAt(tokenEnd);
      if (code === SPACE || code === TAB || code === QUOTE || code === NBSP || code === LF || code === CR)
        break;
      tokenEnd++;
    }
    out.push(position, tokenEnd, false);
    position = tokenEnd;
  }
  return position;
}

/**
 * One pass over the decoded text with charCodeAt: no regex, no split into an array of lines, no string per
 * token. Accepts LF, CRLF and bare CR line ends.
 */
export function scanE2kTokens(text: string, handlers: E2kTokenHandlers): void {
  const length = text.length;
  const tokens = new E2kLineTokens();
  tokens.text = text;
  let start = 0;
  let lineNo = 0;
  while (start < length) {
    lineNo++;
    let position = start;
    let code = 0;
    while (
      position < length &&
      ((code = text.charCodeAt(position)) === SPACE || code === TAB || code === NBSP)
    ) {
      position++;
    }
    let end: number;
    if (position >= length || code === LF || code === CR) {
      end = position;
    } else if (code === DOLLAR) {
      end = position + 1;
      while (end < length && (code = text.charCodeAt(end)) !== LF && code !== CR) end++;
      const titleStart = text.charCodeAt(position + 1) === SPACE ? position + 2 : position + 1;
      handlers.section(text.slice(titleStart, end), lineNo);
    } else {
      tokens.lineNo = lineNo;
      tokens.lineStart = start;
      tokens.count = 0;
      end = tokenizeE2kRange(text, position, tokens);
      tokens.lineEnd = end;
      handlers.data(tokens);
    }
    if (end < length && text.charCodeAt(end) === CR && text.charCodeAt(end + 1) === LF) end++;
    start = end + 1;
  }
}

/** Like `scanE2kTokens`, with each data line as an `E2kLine` of strings. */
export function scanE2k(text: string, handlers: E2kScanHandlers): void {
  scanE2kTokens(text, { section: handlers.section, data: (tokens) => handlers.data(tokens.toLine()) });
}

/**
 * Strict decimal/exponent number (`-2.84E-14`, `.5`, `1.`); rejects hex, `Infinity`, `NaN`, decimal commas and
 * the empty string, which `Number()` would accept or turn into 0.
 */
export function parseE2kNumber(token: string): number | undefined {
  const length = token.length;
  if (length === 0 || length > 64) return undefined;
  let index = 0;
  let code = token.charCodeAt(0);
  if (code === 0x2b || code === 0x2d) index++;
  let digits = 0;
  while (index < length && (code = token.charCodeAt(index)) >= 0x30 && code <= 0x39) {
    index++;
    digits++;
  }
  if (index < length && token.charCodeAt(index) === 0x2e) {
    index++;
    while (index < length && (code = token.charCodeAt(index)) >= 0x30 && code <= 0x39) {
      index++;
      digits++;
    }
  }
  if (digits === 0) return undefined;
  if (index < length && (token.charCodeAt(index) | 0x20) === 0x65) {
    index++;
    if (index < length && ((code = token.charCodeAt(index)) === 0x2b || code === 0x2d)) index++;
    let exponentDigits = 0;
    while (index < length && (code = token.charCodeAt(index)) >= 0x30 && code <= 0x39) {
      index++;
      exponentDigits++;
    }
    if (exponentDigits === 0) return undefined;
  }
  if (index !== length) return undefined;
  const value = Number(token);
  return Number.isFinite(value) ? value : undefined;
}

/** Formats a number the way ETABS files read: up to 15 significant digits, no trailing zeros, E exponent. */
export function formatE2kNumber(value: number): string {
  if (value === 0) return '0';
  const magnitude = Math.abs(value);
  const shortest = String(value);
  const text = shortest.replace(/0+$/, '').length <= 17 ? shortest : String(Number(value.toPrecision(15)));
  if (magnitude >= 1e-4 && magnitude < 1e15) return text;
  // ETABS writes tiny and huge values as 6.49999992674566E-06.
  const [mantissa, exponent = '0'] = Number(text).toExponential().split('e');
  const power = Number(exponent);
  return `${mantissa}E${power < 0 ? '-' : '+'}${String(Math.abs(power)).padStart(2, '0')}`;
}

/**
 * A name as an e2k line can hold it (issue #22): a line break or other control character would end the record
 * and start another, so it becomes a space; a character windows-1252 has no byte for becomes `?`. The writer
 * names objects through this and reports what it changed; `quoteE2k` applies it again so no value can break a line.
 */
export function e2kName(value: string): string {
  return windows1252Line(value);
}

/** Quotes a value for writing; a quote in it is doubled, as ETABS writes the inch mark (`"12"" SLAB"`). */
export function quoteE2k(value: string): string {
  const safe = windows1252Line(value);
  return safe.includes('"') ? `"${safe.replaceAll('"', '""')}"` : `"${safe}"`;
}
