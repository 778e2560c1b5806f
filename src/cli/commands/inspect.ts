import type { ModelCounts } from '../../engine/formats/report';
import type { SourceTool } from '../../engine/schema';
import type { Command } from '../command';
import type { CliOutput } from '../errors';
import { EXIT_OK, usageError } from '../errors';
import { describeFormats } from '../formats';
import type { LoadedModel } from '../modelFiles';
import { loadModel } from '../modelFiles';
import { parseOptions } from '../parseOptions';
import type { Bounds } from '../reportText';
import {
  boundingBox,
  boundsInUnits,
  formatBounds,
  formatCountsTable,
  formatReportItems,
  summarizeItems,
} from '../reportText';
import { describeSource } from '../sourceNames';

const HELP_COMMAND = 'gusset inspect --help';

const HELP = `Usage: gusset inspect <file> [--json] [--verbose]

Reads a model and prints its format, source tool and version, units, bounding box (in mm and in the model's
display units), the count of every kind of object and the reader's report (items approximated or dropped).

Formats: ${describeFormats()}.

Options:
  --json      print exactly one JSON object on stdout instead of text
  --verbose   list every approximated or dropped item instead of grouping them by reason
  -h, --help  show this help

Exit codes: 0 read, 1 bad input (unreadable file, malformed model, unknown format), 2 usage error.`;

/** What `gusset inspect --json` prints. Its keys are a public interface: add, never rename. */
export interface InspectResult {
  file: string;
  format: { id: string; title: string };
  source: { tool: SourceTool; version: string | null };
  units: {
    display: string;
    source: { force: string; length: string; temperature: string | null } | null;
  };
  boundingBox: { mm: Bounds; display: Bounds & { unit: string } } | null;
  counts: ModelCounts;
  report: LoadedModel['report'];
}

export function inspectResult(loaded: LoadedModel): InspectResult {
  const { model } = loaded;
  const bounds = boundingBox(model);
  return {
    file: loaded.path,
    format: { id: loaded.format.id, title: loaded.format.title },
    source: { tool: model.source.tool, version: model.source.version ?? null },
    units: {
      display: model.units,
      source: model.sourceUnits
        ? {
            force: model.sourceUnits.force,
            length: model.sourceUnits.length,
            temperature: model.sourceUnits.temperature ?? null,
          }
        : null,
    },
    boundingBox: bounds
      ? { mm: bounds, display: { unit: model.units, ...boundsInUnits(bounds, model.units) } }
      : null,
    counts: loaded.report.counts,
    report: loaded.report,
  };
}

export const inspectCommand: Command = {
  name: 'inspect',
  synopsis: 'inspect <file> [--json]',
  summary: "show a model's format, source, units, bounding box, counts and translation report",
  help: HELP,
  async run(args: readonly string[], output: CliOutput): Promise<number> {
    const { values, positionals } = parseOptions(
      args,
      {
        json: { type: 'boolean' },
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
    const [path, ...extra] = positionals;
    if (path === undefined) throw usageError('inspect needs a file', HELP, HELP_COMMAND);
    if (extra.length > 0) throw usageError(`unexpected argument "${extra[0]}"`, HELP, HELP_COMMAND);

    const loaded = await loadModel(path);
    const result = inspectResult(loaded);
    if (values.json) {
      output.stdout(`${JSON.stringify(result)}\n`);
      return EXIT_OK;
    }
    const { units, boundingBox: box } = result;
    const sourceUnits = units.source
      ? [units.source.force, units.source.length, units.source.temperature].filter(Boolean).join(', ')
      : 'not stated';
    const lines = [
      `File          ${result.file}`,
      `Format        ${result.format.title} [${result.format.id}]`,
      `Source        ${describeSource(loaded.model.source)}`,
      `Units         display ${units.display}; source ${sourceUnits}`,
      box ? `Bounding box  ${formatBounds(box.mm, 'mm')}` : 'Bounding box  none (the model has no nodes)',
      ...(box && box.display.unit !== 'mm'
        ? [`              ${formatBounds(box.display, box.display.unit)}`]
        : []),
      'Counts',
      ...formatCountsTable(result.counts),
      `Report        ${summarizeItems(result.report)}`,
      ...formatReportItems(result.report, values.verbose === true),
    ];
    output.stdout(`${lines.join('\n')}\n`);
    return EXIT_OK;
  },
};
