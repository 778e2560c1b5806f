import type { Command } from '../command';
import type { CliOutput } from '../errors';
import { EXIT_OK, usageError } from '../errors';
import { describeFormats, formatByName } from '../formats';
import { loadModel, requireFormatForFile, saveModel } from '../modelFiles';
import { parseOptions } from '../parseOptions';
import { formatCountsInline, formatReportItems, summarizeItems } from '../reportText';
import { describeSource } from '../sourceNames';

const HELP_COMMAND = 'gusset translate --help';

const HELP = `Usage: gusset translate <in> <out> [--to <format>] [--verbose]

Reads <in>, translates it through Gusset's canonical model and writes <out>, then prints what each side
counted and every item it approximated or dropped, with the reason.

The formats come from the file extensions; --to names the output format when <out>'s extension does not.
Formats: ${describeFormats()}.
--to also accepts a tool name: etabs, sap2000.

Options:
  --to <format>  output format, whatever <out>'s extension
  --verbose      list every approximated or dropped item instead of grouping them by reason
  -h, --help     show this help

Exit codes: 0 translated, 1 bad input (unreadable file, malformed model, unknown format), 2 usage error.`;

export const translateCommand: Command = {
  name: 'translate',
  synopsis: 'translate <in> <out> [--to <format>]',
  summary: 'translate a model to another format and report what was approximated or dropped',
  help: HELP,
  async run(args: readonly string[], output: CliOutput): Promise<number> {
    const { values, positionals } = parseOptions(
      args,
      {
        to: { type: 'string' },
        verbose: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
      HELP,
      HELP_COMMAND,
    );
    if (values.help) {
      output.stdout(`${HELP}\n`);
      return EXIT_OK;
    }
    const [inputPath, outputPath, ...extra] = positionals;
    if (inputPath === undefined || outputPath === undefined) {
      throw usageError('translate needs an input and an output file', HELP, HELP_COMMAND);
    }
    if (extra.length > 0) throw usageError(`unexpected argument "${extra[0]}"`, HELP, HELP_COMMAND);

    // Settle the output format before reading anything: a wrong --to should not cost a 100 MB parse.
    let outputFormat;
    if (values.to !== undefined) {
      outputFormat = formatByName(values.to);
      if (!outputFormat)
        throw usageError(
          `--to "${values.to}" is not a format; use one of ${describeFormats()}`,
          HELP,
          HELP_COMMAND,
        );
    } else {
      outputFormat = requireFormatForFile(outputPath);
    }

    const input = await loadModel(inputPath);
    const writeReport = await saveModel(outputPath, outputFormat, input.model);
    const everyItem = values.verbose === true;

    const lines = [
      `Read ${inputPath} (${input.format.title}, ${describeSource(input.model.source)})`,
      `  ${formatCountsInline(input.report.counts)}`,
      `  ${summarizeItems(input.report)}`,
      ...formatReportItems(input.report, everyItem),
      `Wrote ${outputPath} (${outputFormat.title})`,
      `  ${formatCountsInline(writeReport.counts)}`,
      `  ${summarizeItems(writeReport)}`,
      ...formatReportItems(writeReport, everyItem),
    ];
    output.stdout(`${lines.join('\n')}\n`);
    return EXIT_OK;
  },
};
