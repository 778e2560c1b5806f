import type { Command } from './command';
import { checkCommand } from './commands/check';
import { diffCommand } from './commands/diff';
import { inspectCommand } from './commands/inspect';
import { repairCommand } from './commands/repair';
import { resultsCommand } from './commands/results';
import { translateCommand } from './commands/translate';
import { verifyCommand } from './commands/verify';
import type { CliOutput } from './errors';
import { CliError, EXIT_OK, EXIT_USAGE, usageError } from './errors';
import { describeFormats } from './formats';
import { isVersionFlag, readVersion } from './version';

export const COMMANDS: readonly Command[] = [
  translateCommand,
  inspectCommand,
  diffCommand,
  checkCommand,
  repairCommand,
  verifyCommand,
  resultsCommand,
];

const width = Math.max(...COMMANDS.map((command) => command.synopsis.length));

export const MAIN_HELP = `Usage: gusset <command> [options]

Gusset translates structural models between ETABS, SAP2000, IFC, CIS/2, Excel and its own canonical JSON.

Commands:
${COMMANDS.map((command) => `  ${command.synopsis.padEnd(width)}  ${command.summary}`).join('\n')}

Formats: ${describeFormats()}.

Options:
  -h, --help     show this help; \`gusset <command> --help\` shows a command's
  -V, --version  print Gusset's version

Exit codes: 0 success, 1 bad input (unreadable file, malformed model, unknown format), 2 usage error;
check exits 3 on error-severity findings, verify exits 4 on a difference no translator report explains.`;

/** Runs one command line (without `node` and the script) and returns the exit code. */
export async function run(argv: readonly string[], output: CliOutput): Promise<number> {
  try {
    return await dispatch(argv, output);
  } catch (error) {
    if (!(error instanceof CliError)) throw error;
    output.stderr(`gusset: ${error.message}\n`);
    if (error.hint) output.stderr(`${error.hint}\n`);
    return error.exitCode;
  }
}

function dispatch(argv: readonly string[], output: CliOutput): number | Promise<number> {
  const [first, ...rest] = argv;
  if (first === undefined) {
    output.stderr(`${MAIN_HELP}\n`);
    return EXIT_USAGE;
  }
  if (first === '--help' || first === '-h' || first === 'help') {
    const topic = first === 'help' ? rest[0] : undefined;
    const command = topic === undefined ? undefined : findCommand(topic);
    output.stdout(`${command ? command.help : MAIN_HELP}\n`);
    return EXIT_OK;
  }
  if (isVersionFlag(first)) {
    output.stdout(`${readVersion()}\n`);
    return EXIT_OK;
  }
  if (first.startsWith('-'))
    throw usageError(`unknown option "${first}"; options follow the command`, MAIN_HELP);
  return findCommand(first).run(rest, output);
}

function findCommand(name: string): Command {
  const command = COMMANDS.find((candidate) => candidate.name === name);
  if (!command) throw usageError(`unknown command "${name}"`, MAIN_HELP);
  return command;
}
