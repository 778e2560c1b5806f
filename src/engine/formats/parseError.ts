/**
 * The only error a reader throws: malformed input, with the 1-based line where it was found (0 when the
 * problem is the file as a whole, e.g. empty or binary).
 */
export class ParseError extends Error {
  override readonly name = 'ParseError';
  readonly line: number;
  readonly format: string;

  constructor(format: string, line: number, message: string) {
    super(line > 0 ? `${format}: line ${line}: ${message}` : `${format}: ${message}`);
    this.line = line;
    this.format = format;
  }
}

export function isParseError(error: unknown): error is ParseError {
  return error instanceof ParseError;
}
