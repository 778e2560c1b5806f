import type { ReportItem } from '../../engine/formats/report';
import { isParseError } from '../../engine/formats/parseError';
import {
  formatResult,
  matchResults,
  readResults,
  summarizeResults,
  type ExtremeAt,
  type Quantity,
  type ResultSet,
  type TableMatch,
  type TableSummary,
} from '../../engine/results';
import { parseCsiUnits, UnknownUnitError, type UnitSystem } from '../../engine/units';
import type { Command } from '../command';
import type { CliOutput } from '../errors';
import { EXIT_OK, inputError, usageError } from '../errors';
import { describeParseError, loadModel, readInputFile } from '../modelFiles';
import { parseOptions } from '../parseOptions';
import { formatNumber } from '../reportText';

const HELP_COMMAND = 'gusset results --help';

const HELP = `Usage: gusset results [<model>] <results> [--units "KN, m, C"] [--json]

Reads the analysis results SAP2000 or ETABS exported (the text export with TABLE: "..." blocks, the Excel export
with one sheet per table, the CSV export, tables printed to a text file, or one table saved through the API
without its title) and prints each table it holds: rows, output cases, and the extreme value of
every component with the member, joint or story and the case where it occurs. Given the model too, it matches
the results to the model's members, joints and stories and says what does not match.

Tables read: Element Forces - Frames / Beams / Columns / Braces, Joint Reactions, Joint Displacements, Base
Reactions, Modal Periods And Frequencies, Modal Participating Mass Ratios, Story Drifts, Story Forces.
Values are shown in kN, kN·m, mm, rad and s whatever the file's units.

Options:
  --units "F, L, T"  the units of a file that does not say them (no PROGRAM CONTROL, no units row; e.g. "Kip, in, F")
  --json             print exactly one JSON object on stdout instead of text
  -h, --help         show this help

Exit codes: 0 read, 1 bad input (unreadable or malformed file, results that match nothing), 2 usage error.`;

/** What `gusset results --json` prints. Its keys are a public interface: add, never rename. */
export interface ResultsCommandResult {
  file: string;
  model: string | null;
  program: string | null;
  /** Canonical units of the values below: N, N·m, mm, rad, s, Hz. */
  tables: Array<TableSummary & { unmatched?: { labels: number; rows: number; examples: string[] } }>;
  report: ReportItem[];
}

/** A value in display units (kN, kN·m, mm…), six significant digits. */
export function shown(value: number, quantity: Quantity): string {
  return formatResult(value, quantity);
}

function where(at: ExtremeAt): string {
  const parts = [
    at.label,
    at.case === undefined ? undefined : `${at.case}${at.stepType ? ` ${at.stepType}` : ''}`,
    at.station === undefined ? undefined : `at ${formatNumber(Number(at.station.toPrecision(6)))} mm`,
  ].filter((part): part is string => part !== undefined);
  return parts.length === 0 ? '' : ` (${parts.join(', ')})`;
}

function tableLines(summary: TableSummary, match: TableMatch | undefined): string[] {
  const cases =
    summary.cases.length <= 8
      ? summary.cases.join(', ')
      : `${summary.cases.slice(0, 8).join(', ')} and ${summary.cases.length - 8} more`;
  const lines = [
    `${summary.title.charAt(0).toUpperCase()}${summary.title.slice(1)}: ${summary.rows.toLocaleString('en-US')} ${summary.rows === 1 ? 'row' : 'rows'} from ${summary.sources.join(', ')}`,
    `  cases (${summary.cases.length}): ${cases || 'none named'}`,
  ];
  if (match) {
    lines.push(
      `  matched to the model: ${match.matched.toLocaleString('en-US')}; not in the model: ${match.unmatched.length.toLocaleString('en-US')}` +
        (match.unmatched.length > 0 ? ` (e.g. ${match.unmatched.slice(0, 3).join(', ')})` : ''),
    );
  }
  const width = Math.max(0, ...summary.extremes.map((extreme) => extreme.component.length));
  for (const extreme of summary.extremes) {
    lines.push(
      `  ${extreme.component.toUpperCase().padEnd(width)}  max ${shown(extreme.max.value, extreme.quantity)}${where(extreme.max)}; min ${shown(extreme.min.value, extreme.quantity)}${where(extreme.min)}`,
    );
  }
  return lines;
}

/** Reads a results file; every failure becomes a message naming the file. */
export function readResultsFile(path: string, units: UnitSystem | undefined): ResultSet {
  const bytes = readInputFile(path);
  try {
    return readResults(bytes, units === undefined ? {} : { units });
  } catch (error) {
    if (isParseError(error)) throw inputError(describeParseError(path, error));
    throw error;
  }
}

export const resultsCommand: Command = {
  name: 'results',
  synopsis: 'results [<model>] <results>',
  summary: 'summarise SAP2000/ETABS analysis results and match them to a model',
  help: HELP,
  async run(args: readonly string[], output: CliOutput): Promise<number> {
    const { values, positionals } = parseOptions(
      args,
      {
        units: { type: 'string' },
        json: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
      HELP,
      HELP_COMMAND,
    );
    if (values.help) {
      output.stdout(`${HELP}\n`);
      return EXIT_OK;
    }
    if (positionals.length === 0) throw usageError('results needs a results file', HELP, HELP_COMMAND);
    if (positionals.length > 2)
      throw usageError(`unexpected argument "${positionals[2]}"`, HELP, HELP_COMMAND);
    const [modelPath, resultsPath] = positionals.length === 2 ? positionals : [undefined, positionals[0]];
    let units: UnitSystem | undefined;
    if (values.units !== undefined) {
      try {
        units = parseCsiUnits(values.units);
      } catch (error) {
        if (!(error instanceof UnknownUnitError)) throw error;
        throw usageError(
          `--units "${values.units}": ${error.message}; write force, length and temperature, e.g. "KN, m, C"`,
          HELP,
          HELP_COMMAND,
        );
      }
    }
    const model = modelPath === undefined ? undefined : await loadModel(modelPath);
    const set = readResultsFile(resultsPath as string, units);
    const match = model ? matchResults(set, model.model) : undefined;
    if (match && match.tables.length > 0 && match.tables.every((table) => table.matched === 0)) {
      throw inputError(
        `${resultsPath}: no member, joint or story of the results is in ${modelPath} (e.g. ${match.tables[0]?.unmatched.slice(0, 3).join(', ')}); are they results of this model?`,
      );
    }
    const summaries = summarizeResults(set);
    const report = [...set.items, ...(match?.items ?? [])];
    if (values.json) {
      const result: ResultsCommandResult = {
        file: resultsPath as string,
        model: modelPath ?? null,
        program: set.program ?? null,
        tables: summaries.map((summary) => {
          const tableMatch = match?.tables.find((table) => table.kind === summary.kind);
          return tableMatch
            ? {
                ...summary,
                unmatched: {
                  labels: tableMatch.unmatched.length,
                  rows: tableMatch.unmatchedRows,
                  examples: tableMatch.unmatched.slice(0, 10),
                },
              }
            : summary;
        }),
        report,
      };
      output.stdout(`${JSON.stringify(result)}\n`);
      return EXIT_OK;
    }
    const lines = [
      `File     ${resultsPath}`,
      `Program  ${set.program ?? 'not stated'}`,
      ...(modelPath === undefined ? [] : [`Model    ${modelPath}`]),
      '',
      ...summaries.flatMap((summary) => [
        ...tableLines(
          summary,
          match?.tables.find((table) => table.kind === summary.kind),
        ),
        '',
      ]),
      report.length === 0 ? 'Report   everything read' : `Report   ${report.length} item(s)`,
      ...report.map((item) => `  ${item.severity} ${item.subject}: ${item.reason}`),
    ];
    output.stdout(`${lines.join('\n')}\n`);
    return EXIT_OK;
  },
};
