/**
 * Where a JSON text goes wrong. `JSON.parse` on Node 20 often names the bad token without its position, and a
 * schema error names a path, not a line; both are useless to someone holding a 50 MB file. This scanner runs
 * only after a failure, walks the text with an explicit stack (deep nesting cannot overflow it) and answers
 * with offsets.
 */

export type JsonPath = readonly (string | number)[];

export interface JsonSyntaxProblem {
  offset: number;
  message: string;
}

interface Frame {
  container: 'object' | 'array';
  key: string | number;
}

const WHITESPACE = new Set([' ', '\t', '\n', '\r']);

/** The first syntax error in `text`, or undefined when it is valid JSON. */
export function findJsonSyntaxProblem(text: string): JsonSyntaxProblem | undefined {
  return new JsonWalker(text, undefined).walk().problem;
}

/**
 * The offset where the value at `path` starts, or where its deepest existing ancestor starts (a missing key is
 * reported at the object that lacks it).
 */
export function findJsonPathOffset(text: string, path: JsonPath): number {
  return new JsonWalker(text, path).walk().pathOffset;
}

/** 1-based line of a character offset. */
export function lineOfOffset(text: string, offset: number): number {
  let line = 1;
  const end = Math.min(offset, text.length);
  for (let index = 0; index < end; index++) if (text.charCodeAt(index) === 10) line++;
  return line;
}

class JsonWalker {
  private position = 0;
  private readonly stack: Frame[] = [];
  private bestDepth = -1;
  private bestOffset = 0;

  constructor(
    private readonly text: string,
    private readonly target: JsonPath | undefined,
  ) {}

  walk(): { problem?: JsonSyntaxProblem; pathOffset: number } {
    try {
      this.walkValues();
      return { pathOffset: this.bestOffset };
    } catch (error) {
      if (error instanceof SyntaxProblem) {
        return { problem: { offset: error.offset, message: error.message }, pathOffset: this.bestOffset };
      }
      throw error;
    }
  }

  private walkValues(): void {
    const { text } = this;
    if (text.charCodeAt(0) === 0xfeff) this.position = 1;
    this.skipWhitespace();
    let expectValue = true;
    for (;;) {
      if (expectValue) {
        this.noteValueStart();
        const char = text[this.position];
        if (char === '{') {
          this.position++;
          this.skipWhitespace();
          if (text[this.position] === '}') {
            this.position++;
          } else {
            this.stack.push({ container: 'object', key: this.readKey() });
            continue;
          }
        } else if (char === '[') {
          this.position++;
          this.skipWhitespace();
          if (text[this.position] === ']') {
            this.position++;
          } else {
            this.skipWhitespace();
            this.stack.push({ container: 'array', key: 0 });
            continue;
          }
        } else {
          this.readScalar();
        }
      }
      this.skipWhitespace();
      const frame = this.stack.at(-1);
      if (!frame) {
        if (this.position < text.length) this.fail('unexpected text after the end of the JSON value');
        return;
      }
      const char = text[this.position];
      const closer = frame.container === 'object' ? '}' : ']';
      if (char === ',') {
        this.position++;
        this.skipWhitespace();
        if (frame.container === 'object') frame.key = this.readKey();
        else frame.key = (frame.key as number) + 1;
        expectValue = true;
      } else if (char === closer) {
        this.position++;
        this.stack.pop();
        expectValue = false;
      } else {
        this.fail(
          char === undefined
            ? `the file ends inside ${frame.container === 'object' ? 'an object' : 'an array'}`
            : `expected ',' or '${closer}' but found ${describe(char)}`,
        );
      }
    }
  }

  /** Reads `"key"` `:` and leaves the position on the value. */
  private readKey(): string {
    if (this.text[this.position] !== '"') {
      this.fail(`expected a quoted property name but found ${describe(this.text[this.position])}`);
    }
    const start = this.position;
    this.skipString();
    const key = JSON.parse(this.text.slice(start, this.position)) as string;
    this.skipWhitespace();
    if (this.text[this.position] !== ':') {
      this.fail(`expected ':' after "${key}" but found ${describe(this.text[this.position])}`);
    }
    this.position++;
    this.skipWhitespace();
    return key;
  }

  private readScalar(): void {
    const { text } = this;
    const char = text[this.position];
    if (char === '"') {
      this.skipString();
      return;
    }
    for (const literal of ['true', 'false', 'null']) {
      if (text.startsWith(literal, this.position)) {
        this.position += literal.length;
        return;
      }
    }
    const number = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
    number.lastIndex = this.position;
    if (char !== undefined && /[-\d]/.test(char) && number.test(text)) {
      this.position = number.lastIndex;
      return;
    }
    this.fail(
      char === undefined ? 'the file ends where a value was expected' : `unexpected ${describe(char)}`,
    );
  }

  private skipString(): void {
    const { text } = this;
    const start = this.position;
    this.position++;
    while (this.position < text.length) {
      const code = text.charCodeAt(this.position);
      if (code === 0x22) {
        this.position++;
        return;
      }
      if (code === 0x5c) {
        const escaped = text[this.position + 1];
        if (escaped === 'u') {
          if (!/^[\da-fA-F]{4}$/.test(text.slice(this.position + 2, this.position + 6))) {
            this.fail('a \\u escape needs four hex digits');
          }
          this.position += 6;
        } else if (escaped !== undefined && '"\\/bfnrt'.includes(escaped)) {
          this.position += 2;
        } else {
          this.fail(`invalid escape \\${escaped ?? ''} in a string`);
        }
        continue;
      }
      if (code < 0x20) this.fail('a control character or line break inside a string');
      this.position++;
    }
    this.position = start;
    this.fail('a string is not closed');
  }

  private skipWhitespace(): void {
    while (WHITESPACE.has(this.text[this.position] ?? '')) this.position++;
  }

  private noteValueStart(): void {
    const { target, stack } = this;
    if (!target || stack.length > target.length || stack.length <= this.bestDepth) return;
    for (let depth = 0; depth < stack.length; depth++) {
      if (String(stack[depth]?.key) !== String(target[depth])) return;
    }
    this.bestDepth = stack.length;
    this.bestOffset = this.position;
  }

  private fail(message: string): never {
    throw new SyntaxProblem(this.position, message);
  }
}

class SyntaxProblem extends Error {
  constructor(
    readonly offset: number,
    message: string,
  ) {
    super(message);
  }
}

function describe(char: string | undefined): string {
  if (char === undefined) return 'the end of the file';
  return JSON.stringify(char);
}
