/** Exit codes of the `gusset` command, as its help text states them. */
export const EXIT_OK = 0;
export const EXIT_BAD_INPUT = 1;
export const EXIT_USAGE = 2;

/**
 * A failure the user can act on. `exitCode` says whose it is: 1 for the input (unreadable file, malformed model,
 * unknown format), 2 for the command line itself.
 */
export class CliError extends Error {
  override readonly name = 'CliError';
  readonly exitCode: typeof EXIT_BAD_INPUT | typeof EXIT_USAGE;
  /** What to print after the message: the usage line and where to read more (usage errors only). */
  readonly hint: string | undefined;

  constructor(exitCode: typeof EXIT_BAD_INPUT | typeof EXIT_USAGE, message: string, hint?: string) {
    super(message);
    this.exitCode = exitCode;
    this.hint = hint;
  }
}

/** A command line mistake; `help` is the command's help text, of which the usage line is repeated. */
export function usageError(message: string, help?: string, helpCommand = 'gusset --help'): CliError {
  const usage = help?.split('\n', 1)[0];
  const hint = usage
    ? `${usage}\nRun \`${helpCommand}\` for details.`
    : `Run \`${helpCommand}\` for details.`;
  return new CliError(EXIT_USAGE, message, hint);
}

export function inputError(message: string): CliError {
  return new CliError(EXIT_BAD_INPUT, message);
}

/** Where a command writes: results to `stdout`, diagnostics to `stderr`. */
export interface CliOutput {
  stdout(text: string): void;
  stderr(text: string): void;
}
