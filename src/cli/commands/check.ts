import type { ConnectivityReport } from '../../engine/repair';
import {
  CHECK_IDS,
  CHECK_TITLES,
  checkConnectivity,
  defaultTolerances,
  describeIssue,
} from '../../engine/repair';
import { displayToMm } from '../../engine/units';
import type { Command } from '../command';
import type { CliOutput } from '../errors';
import { EXIT_OK, usageError } from '../errors';
import { describeFormats } from '../formats';
import { loadModel } from '../modelFiles';
import { parseOptions } from '../parseOptions';

const HELP_COMMAND = 'gusset check --help';

/** The model has error-severity findings: a CI step fails without confusing them with bad input (1) or usage (2). */
export const EXIT_CHECK_ERRORS = 3;

const HELP = `Usage: gusset check <file> [--json]

Runs the connectivity checks C01–C16 on a model (coincident and near-miss nodes, nodes on member spans, crossing,
duplicate, overlapping and short members, free ends, floating parts, off-level and off-grid nodes, nearly
horizontal or vertical members, area edges, offsets, unstable releases, missing orientation) and prints the count
per check and one sentence per finding, in the model's display units.

Formats: ${describeFormats()}.

Options:
  --json              print the ConnectivityReport (the server's shape) as one JSON object
  --tolerance <n>     merge tolerance in the model's display units (default 1 mm, 0.1 in for imperial models)
  -h, --help          show this help

Exit codes: 0 no error-severity findings (warnings and notes allowed), 3 error-severity findings,
1 bad input (unreadable file, malformed model, unknown format), 2 usage error.`;

export function mergeTolerance(
  text: string | undefined,
  help: string,
  helpCommand: string,
): number | undefined {
  if (text === undefined) return undefined;
  const value = Number(text);
  if (text.trim() === '' || !Number.isFinite(value) || value <= 0) {
    throw usageError(`--tolerance must be a number > 0, not "${text}"`, help, helpCommand);
  }
  return value;
}

export function reportLines(report: ConnectivityReport): string[] {
  const severities = new Map<string, { error: number; warning: number; info: number }>();
  for (const issue of report.issues) {
    const entry = severities.get(issue.check) ?? { error: 0, warning: 0, info: 0 };
    entry[issue.severity]++;
    severities.set(issue.check, entry);
  }
  const width = Math.max(...CHECK_IDS.map((id) => CHECK_TITLES[id].length));
  return CHECK_IDS.map((id) => {
    const entry = severities.get(id);
    const parts = entry
      ? (['error', 'warning', 'info'] as const)
          .filter((severity) => entry[severity] > 0)
          .map((severity) => `${entry[severity]} ${severity}${entry[severity] === 1 ? '' : 's'}`)
      : [];
    return `  ${id} ${CHECK_TITLES[id].padEnd(width)}  ${String(report.counts[id]).padStart(6)}${parts.length > 0 ? `  (${parts.join(', ')})` : ''}`;
  });
}

/** Findings grouped by level (errors first: the real problems), then check, each group headed by its count. */
export function groupedFindings(
  report: ConnectivityReport,
  describe: (issue: ConnectivityReport['issues'][number]) => string,
): string[] {
  const lines: string[] = [];
  for (const severity of ['error', 'warning', 'info'] as const)
    for (const id of CHECK_IDS) {
      const group = report.issues.filter((issue) => issue.severity === severity && issue.check === id);
      if (group.length === 0) continue;
      lines.push(`  ${severity} ${id} ${CHECK_TITLES[id]} (${group.length})`);
      for (const issue of group) lines.push(`    ${describe(issue)}`);
    }
  return lines;
}

export const checkCommand: Command = {
  name: 'check',
  synopsis: 'check <file> [--json]',
  summary: 'run the connectivity checks: coincident nodes, free ends, floating parts, duplicates…',
  help: HELP,
  async run(args: readonly string[], output: CliOutput): Promise<number> {
    const { values, positionals } = parseOptions(
      args,
      { json: { type: 'boolean' }, tolerance: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
      HELP,
      HELP_COMMAND,
    );
    if (values.help) {
      output.stdout(`${HELP}\n`);
      return EXIT_OK;
    }
    const [path, ...extra] = positionals;
    if (path === undefined) throw usageError('check needs a file', HELP, HELP_COMMAND);
    if (extra.length > 0) throw usageError(`unexpected argument "${extra[0]}"`, HELP, HELP_COMMAND);
    const tolerance = mergeTolerance(values.tolerance, HELP, HELP_COMMAND);

    const { model } = await loadModel(path);
    const units = model.units;
    const tolerances = defaultTolerances(units);
    if (tolerance !== undefined) tolerances.merge = displayToMm(tolerance, units);
    const report = checkConnectivity(model, tolerances);
    const errors = report.issues.filter((issue) => issue.severity === 'error').length;
    if (values.json) {
      output.stdout(`${JSON.stringify(report)}\n`);
    } else {
      const lines = [
        `Checked ${path}: ${report.summary.nodes} nodes, ${report.summary.members} members, ${report.summary.components} connected part${report.summary.components === 1 ? '' : 's'}`,
        'Checks',
        ...reportLines(report),
        report.issues.length === 0 ? 'No findings' : `Findings (${report.issues.length})`,
        ...groupedFindings(report, (issue) => describeIssue(issue, model, units)),
      ];
      output.stdout(`${lines.join('\n')}\n`);
    }
    return errors > 0 ? EXIT_CHECK_ERRORS : EXIT_OK;
  },
};
