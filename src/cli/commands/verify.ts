import type { FidelityCertificate } from '../../engine/fidelity';
import { certify, renderCertificate } from '../../engine/fidelity';
import { isParseError } from '../../engine/formats/parseError';
import type { ReadResult, WriteResult } from '../../engine/formats/types';
import type { Command } from '../command';
import type { CliOutput } from '../errors';
import { EXIT_OK, inputError, usageError } from '../errors';
import type { ModelFormat } from '../formats';
import { describeFormats, formatByName } from '../formats';
import { loadModel } from '../modelFiles';
import { parseOptions } from '../parseOptions';

const HELP_COMMAND = 'gusset verify --help';

/** Some difference of the round trip is in no report: a CI step fails on it without confusing it with 1, 2 or 3. */
export const EXIT_UNEXPLAINED = 4;

const HELP = `Usage: gusset verify <file> --via <format> [--json] [--tolerance <mm>]

Checks that a translation keeps what an engineer checks. Reads <file>, writes it in <format> (in memory), reads
those bytes back with the same format and compares the two models as an engineer would: nodes by position, members
by their nodes, definitions by name; sections, materials, releases, offsets, cardinal points, local axes,
stiffness modifiers, restraints, springs, loads and their totals per pattern, patterns, cases, combinations,
groups, levels and diaphragms. Each difference is matched with what the writer's and the reader's reports say
they approximated or dropped; the certificate lists what survived, what was reported, and what was not.

Formats: ${describeFormats()}.
--via also accepts a tool name: etabs, sap2000.

Options:
  --via <format>    the format to translate through
  --json            print the certificate as one JSON object
  --tolerance <mm>  nodes closer than this are the same node (default 1)
  -h, --help        show this help

Exit codes: 0 every difference is explained by a report, 4 some difference is not,
1 bad input (unreadable file, malformed model, unknown format), 2 usage error.`;

/** What `gusset verify --json` prints. Its keys are a public interface: add, never rename. */
export interface VerifyResult {
  file: string;
  format: string;
  via: string;
  certificate: FidelityCertificate;
}

/**
 * The command, with the way `--via` names a format as a seam: tests pass a translator that loses something on
 * purpose, so the exit code for an unexplained loss does not depend on today's translators.
 */
export function createVerifyCommand(
  resolveFormat: (name: string) => ModelFormat | undefined = formatByName,
): Command {
  return {
    name: 'verify',
    synopsis: 'verify <file> --via <format> [--json]',
    summary: 'translate through a format and back, and certify what survived and what the reports explain',
    help: HELP,
    async run(args: readonly string[], output: CliOutput): Promise<number> {
      const { values, positionals } = parseOptions(
        args,
        {
          via: { type: 'string' },
          json: { type: 'boolean' },
          tolerance: { type: 'string' },
          help: { type: 'boolean', short: 'h' },
        },
        HELP,
        HELP_COMMAND,
      );
      if (values.help) {
        output.stdout(`${HELP}\n`);
        return EXIT_OK;
      }
      const [path, ...extra] = positionals;
      if (path === undefined) throw usageError('verify needs a file', HELP, HELP_COMMAND);
      if (extra.length > 0) throw usageError(`unexpected argument "${extra[0]}"`, HELP, HELP_COMMAND);
      if (values.via === undefined) throw usageError('verify needs --via <format>', HELP, HELP_COMMAND);
      const via = resolveFormat(values.via);
      if (!via)
        throw usageError(
          `--via "${values.via}" is not a format; use one of ${describeFormats()}`,
          HELP,
          HELP_COMMAND,
        );
      const positionTolerance = parseTolerance(values.tolerance);

      const original = await loadModel(path);
      let written: WriteResult;
      try {
        written = await via.write(original.model);
      } catch (error) {
        throw inputError(`${path}: the ${via.id} writer failed: ${describeError(error)}`);
      }
      let readBack: ReadResult;
      try {
        readBack = await via.read(written.bytes);
      } catch (error) {
        // The bytes are ours: a reader refusing what its writer wrote is a translator bug, named as such.
        const detail = isParseError(error) && error.line > 0 ? `line ${error.line}: ` : '';
        throw inputError(
          `${path}: the ${via.id} reader refused what the ${via.id} writer wrote (${detail}${describeError(error)})`,
        );
      }
      const certificate = certify(original.model, readBack.model, [written.report, readBack.report], {
        ...(positionTolerance !== undefined ? { positionTolerance } : {}),
      });
      const exitCode = certificate.verdict === 'unexplained' ? EXIT_UNEXPLAINED : EXIT_OK;
      if (values.json) {
        const result: VerifyResult = { file: path, format: original.format.id, via: via.id, certificate };
        output.stdout(`${JSON.stringify(result)}\n`);
        return exitCode;
      }
      output.stdout(
        `Verified ${path} (${original.format.title}) through ${via.title} and back\n${renderCertificate(certificate)}`,
      );
      return exitCode;
    },
  };
}

export const verifyCommand = createVerifyCommand();

function parseTolerance(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const value = Number(text);
  if (text.trim() === '' || !Number.isFinite(value) || value < 0) {
    throw usageError(`--tolerance must be a number of mm ≥ 0, not "${text}"`, HELP, HELP_COMMAND);
  }
  return value;
}

function describeError(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
