import type { CliOutput } from './errors';

/** One `gusset` subcommand: its own file under commands/, its own options and help. */
export interface Command {
  name: string;
  /** One line for `gusset --help`. */
  synopsis: string;
  summary: string;
  help: string;
  /** Returns the exit code; throws `CliError` for anything the user must fix. */
  run(args: readonly string[], output: CliOutput): number | Promise<number>;
}
