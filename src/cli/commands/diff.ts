import type { CollectionCounts, DiffView } from '../../engine/diff';
import { changeSummaryText, describeDiff, diffModels, summarizeDiff } from '../../engine/diff';
import type { DisplayUnit, ModelCollection } from '../../engine/schema';
import { MODEL_COLLECTIONS } from '../../engine/schema';
import {
  describeResultChange,
  diffResults,
  RESULT_TABLES,
  resultTable,
  type ResultsDiff,
} from '../../engine/results';
import { isDisplayUnit } from '../../engine/units';
import type { Command } from '../command';
import type { CliOutput } from '../errors';
import { EXIT_OK, inputError, usageError } from '../errors';
import { describeFormats } from '../formats';
import { loadModel } from '../modelFiles';
import { parseOptions } from '../parseOptions';
import { readResultsFile, shown } from './results';

const HELP_COMMAND = 'gusset diff --help';

const HELP = `Usage: gusset diff <a> <b> [--json] [--results <a-results> <b-results>]

Compares two models (the older <a>, the newer <b>): objects are matched by id, then by place when ids changed
(ETABS relabels, or two tools' models of one building); each change is grouped as Geometry, Name, Profile,
Material, Loads or Attributes. When labels do not line up (a renamed story, a sub-model, another tool's names),
levels pair by elevation, sections and materials by content and members by their nodes. Prints the changes in
one line of engineering words ('1 column removed, 3 beams resized W18X35 → W21X44…'), a summary by type,
the root causes (a story renamed or moved, a section swapped on every beam of a level…) with the changes they
explain under them, then the other changes, one line each, in <b>'s display units.

Formats: ${describeFormats()}.

Options:
  --json                  print the diff as one JSON object (the DiffView the server sends) instead of text
  --tolerance <mm>        length tolerance for coordinates, lengths and offsets (default 1)
  --relative <fraction>   relative tolerance for every other number (default 0.0001)
  --units <unit>          display units: cm, mm, m, ft or in (default: <b>'s)
  --results <a> <b>       also compare the member forces of two analysis results exports (SAP2000/ETABS text,
                          CSV or Excel; see gusset results): per member and case, the change of a component's
                          extreme, listed when past the threshold; --results-before/--results-after name them
  --component <name>      the force component the results diff compares: p, v2, v3, t, m2 or m3 (default m3)
  --threshold <percent>   smallest change listed, in percent of the value before (default 10)
  -h, --help              show this help

Exit codes: 0 compared, 1 bad input (unreadable file, malformed model, unknown format), 2 usage error.`;

const MEMBER_FORCES = RESULT_TABLES.find((spec) => spec.kind === 'frameForces');
/** p, v2, v3, t, m2, m3: the member-force components the results diff can compare. */
const FORCE_COMPONENTS: readonly string[] = MEMBER_FORCES?.components ?? [];
/** Changes printed in text; --json has them all. */
const RESULT_LINES = 50;

/** `--results a b` takes two values, which the option parser cannot: it becomes --results-before/--results-after. */
function expandResults(args: readonly string[]): string[] {
  const at = args.indexOf('--results');
  if (at < 0) return [...args];
  const [before, after] = [args[at + 1], args[at + 2]];
  if (before === undefined || after === undefined || before.startsWith('-') || after.startsWith('-')) {
    throw usageError('--results needs two files: the results of <a>, then those of <b>', HELP, HELP_COMMAND);
  }
  return [...args.slice(0, at), '--results-before', before, '--results-after', after, ...args.slice(at + 3)];
}

/** Both results files or neither. */
function resultsPair(before: string | undefined, after: string | undefined): [string, string] | undefined {
  if (before === undefined && after === undefined) return undefined;
  if (before === undefined || after === undefined) {
    throw usageError('--results needs two files: the results of <a>, then those of <b>', HELP, HELP_COMMAND);
  }
  return [before, after];
}

function compareResults(
  [beforeFile, afterFile]: [string, string],
  component: string,
  thresholdPercent: number,
): ResultsDiff {
  const forces = (file: string) => {
    const table = resultTable(readResultsFile(file, undefined), 'frameForces');
    if (!table) throw inputError(`${file}: the results hold no member forces to compare`);
    return table;
  };
  return diffResults(forces(beforeFile), forces(afterFile), component, { thresholdPercent });
}

function resultsLines(results: ResultsDiff, threshold: number): string[] {
  const type = MEMBER_FORCES?.fields.find((field) => field.name === results.component)?.type;
  const format = (value: number) => shown(value, type === undefined || type === 'text' ? 'force' : type);
  const name = results.component.toUpperCase();
  const lines = [
    `Results   ${name}: ${results.changes.length} member-case change(s) of ${threshold} % or more (${results.compared} compared; ${results.onlyBefore} only in <a>'s results, ${results.onlyAfter} only in <b>'s; changes under ${format(results.noiseFloor)} ignored)`,
    ...results.changes
      .slice(0, RESULT_LINES)
      .map((change) => `  ${describeResultChange(change, results.component, format)}`),
  ];
  if (results.changes.length > RESULT_LINES)
    lines.push(`  … and ${results.changes.length - RESULT_LINES} more (--json lists them all)`);
  return lines;
}

const KIND_MARK = { added: '+', removed: '-', modified: '~' } as const;

function nonNegative(text: string | undefined, option: string): number | undefined {
  if (text === undefined) return undefined;
  const value = Number(text);
  if (text.trim() === '' || !Number.isFinite(value) || value < 0) {
    throw usageError(`${option} must be a number ≥ 0, not "${text}"`, HELP, HELP_COMMAND);
  }
  return value;
}

/** Summary rows: element types first, then the other collections that changed. */
function summaryLines(view: DiffView): string[] {
  const rows: Array<[string, CollectionCounts]> = [];
  for (const type of Object.keys(view.elementCounts).sort()) {
    const counts = view.elementCounts[type];
    if (counts) rows.push([type, counts]);
  }
  for (const collection of MODEL_COLLECTIONS) {
    if (collection === 'elements') continue;
    const counts = view.counts[collection as ModelCollection];
    if (counts.added + counts.removed + counts.modified + counts.unchanged > 0)
      rows.push([collection, counts]);
  }
  const width = Math.max(4, ...rows.map(([name]) => name.length));
  const header = `  ${'type'.padEnd(width)}  ${'added'.padStart(7)}  ${'removed'.padStart(7)}  ${'modified'.padStart(8)}  ${'unchanged'.padStart(9)}`;
  return [
    header,
    ...rows.map(
      ([name, counts]) =>
        `  ${name.padEnd(width)}  ${String(counts.added).padStart(7)}  ${String(counts.removed).padStart(7)}  ${String(counts.modified).padStart(8)}  ${String(counts.unchanged).padStart(9)}`,
    ),
  ];
}

const MATCHED_TEXT = { geometry: 'matched by place', content: 'matched by content' } as const;

function changeLine(change: DiffView['changes'][number], indent = '  '): string {
  const matched =
    change.matchedBy === 'geometry' || change.matchedBy === 'content'
      ? ` (${MATCHED_TEXT[change.matchedBy]}, was ${change.beforeId ?? ''})`
      : '';
  const details = change.details.map((detail) => detail.text).join('; ');
  return `${indent}${KIND_MARK[change.kind]} ${change.type} ${change.label}${matched}${details ? `: ${details}` : ''}`;
}

/** Root causes first, each with the changes it explains under it; then the changes no cause explains. */
function changeLines(view: DiffView): string[] {
  if (view.changes.length === 0) return ['No changes'];
  if (view.rootCauses.length === 0)
    return [`Changes (${view.changes.length})`, ...view.changes.map((c) => changeLine(c))];
  const byKey = new Map(view.changes.map((change) => [change.key, change]));
  const lines = [`Root causes (${view.rootCauses.length})`];
  for (const cause of view.rootCauses) {
    lines.push(`  * ${cause.text}`);
    for (const key of cause.keys) {
      const change = byKey.get(key);
      if (change) lines.push(changeLine(change, '      '));
    }
  }
  const rest = view.changes.filter((change) => change.cause === null);
  if (rest.length > 0) lines.push(`Other changes (${rest.length})`, ...rest.map((c) => changeLine(c)));
  return lines;
}

export const diffCommand: Command = {
  name: 'diff',
  synopsis: 'diff <a> <b> [--json]',
  summary: 'compare two models: added, removed and modified objects, property by property',
  help: HELP,
  async run(args: readonly string[], output: CliOutput): Promise<number> {
    const { values, positionals } = parseOptions(
      expandResults(args),
      {
        json: { type: 'boolean' },
        tolerance: { type: 'string' },
        relative: { type: 'string' },
        units: { type: 'string' },
        'results-before': { type: 'string' },
        'results-after': { type: 'string' },
        component: { type: 'string' },
        threshold: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      HELP,
      HELP_COMMAND,
    );
    if (values.help) {
      output.stdout(`${HELP}\n`);
      return EXIT_OK;
    }
    const [first, second, ...extra] = positionals;
    const resultsFiles = resultsPair(values['results-before'], values['results-after']);
    const component = values.component ?? 'm3';
    if (!FORCE_COMPONENTS.includes(component)) {
      throw usageError(
        `--component must be one of ${FORCE_COMPONENTS.join(', ')}, not "${component}"`,
        HELP,
        HELP_COMMAND,
      );
    }
    const threshold = nonNegative(values.threshold, '--threshold');
    if (first === undefined || second === undefined)
      throw usageError('diff needs two files', HELP, HELP_COMMAND);
    if (extra.length > 0) throw usageError(`unexpected argument "${extra[0]}"`, HELP, HELP_COMMAND);
    if (values.units !== undefined && !isDisplayUnit(values.units)) {
      throw usageError(`--units must be one of cm, mm, m, ft, in, not "${values.units}"`, HELP, HELP_COMMAND);
    }
    const lengthTolerance = nonNegative(values.tolerance, '--tolerance');
    const relativeTolerance = nonNegative(values.relative, '--relative');

    const before = await loadModel(first);
    const after = await loadModel(second);
    const diff = diffModels(before.model, after.model, {
      ...(lengthTolerance === undefined ? {} : { lengthTolerance }),
      ...(relativeTolerance === undefined ? {} : { relativeTolerance }),
    });
    const units: DisplayUnit = (values.units as DisplayUnit | undefined) ?? after.model.units;
    const view = describeDiff(diff, before.model, after.model, units);
    const results =
      resultsFiles === undefined ? undefined : compareResults(resultsFiles, component, threshold ?? 10);
    if (values.json) {
      output.stdout(`${JSON.stringify(results === undefined ? view : { ...view, results })}\n`);
      return EXIT_OK;
    }
    const lines = [
      `Compared  ${first} → ${second}`,
      `Units     ${units}; tolerance ${view.options.lengthTolerance} mm, relative ${view.options.relativeTolerance}`,
      `In short  ${changeSummaryText(summarizeDiff(diff, before.model, after.model), units)}`,
      'Summary',
      ...summaryLines(view),
      ...(view.header.length > 0 ? ['Model', ...view.header.map((entry) => `  ~ ${entry.path}`)] : []),
      ...changeLines(view),
      ...(results === undefined ? [] : resultsLines(results, threshold ?? 10)),
    ];
    output.stdout(`${lines.join('\n')}\n`);
    return EXIT_OK;
  },
};
