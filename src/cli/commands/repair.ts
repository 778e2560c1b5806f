import {
  CHECK_IDS,
  CHECK_TITLES,
  defaultTolerances,
  describeOperation,
  repairModel,
} from '../../engine/repair';
import { displayToMm } from '../../engine/units';
import type { Command } from '../command';
import type { CliOutput } from '../errors';
import { EXIT_OK, usageError } from '../errors';
import { describeFormats } from '../formats';
import { loadModel, requireFormatForFile, saveModel } from '../modelFiles';
import { parseOptions } from '../parseOptions';
import { mergeTolerance } from './check';

const width = Math.max(...CHECK_IDS.map((id) => CHECK_TITLES[id].length));

const HELP_COMMAND = 'gusset repair --help';

const HELP = `Usage: gusset repair <in> <out> [--tolerance <n>]

Repairs a model with the operations that stay within tolerance (merge coincident nodes, collapse zero-length
members, remove duplicates, snap to levels and grids, split members where others frame in, delete orphan nodes…),
writes it to <out> in the format of <out>'s extension, and prints every operation applied. Operations beyond
tolerance (long extensions, fixity changes, deletions that would lose data) are listed but not applied: review
them in Gusset's repair view.

Formats: ${describeFormats()}.

Options:
  --tolerance <n>  merge tolerance in the model's display units (default 1 mm, 0.1 in for imperial models)
  -h, --help       show this help

Exit codes: 0 repaired (also when nothing needed repair), 1 bad input (unreadable file, malformed model, unknown
format), 2 usage error.`;

export const repairCommand: Command = {
  name: 'repair',
  synopsis: 'repair <in> <out> [--tolerance <n>]',
  summary: 'apply the connectivity repairs within tolerance and write the repaired model',
  help: HELP,
  async run(args: readonly string[], output: CliOutput): Promise<number> {
    const { values, positionals } = parseOptions(
      args,
      { tolerance: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
      HELP,
      HELP_COMMAND,
    );
    if (values.help) {
      output.stdout(`${HELP}\n`);
      return EXIT_OK;
    }
    const [inputPath, outputPath, ...extra] = positionals;
    if (inputPath === undefined || outputPath === undefined) {
      throw usageError('repair needs an input and an output file', HELP, HELP_COMMAND);
    }
    if (extra.length > 0) throw usageError(`unexpected argument "${extra[0]}"`, HELP, HELP_COMMAND);
    const tolerance = mergeTolerance(values.tolerance, HELP, HELP_COMMAND);
    // Settle the output format before the work: a wrong extension should not cost a parse and a repair.
    const outputFormat = requireFormatForFile(outputPath);

    const input = await loadModel(inputPath);
    const model = input.model;
    const units = model.units;
    const tolerances = defaultTolerances(units);
    if (tolerance !== undefined) tolerances.merge = displayToMm(tolerance, units);
    const { plan, repaired } = repairModel(model, tolerances);
    const applied = new Set(repaired.applied);
    const byId = new Map(plan.operations.map((operation) => [operation.id, operation]));
    const proposed = plan.operations.filter((operation) => !applied.has(operation.id));
    await saveModel(outputPath, outputFormat, repaired.model);

    const lines = [
      `Read ${inputPath}; merge tolerance ${tolerances.merge} mm`,
      `Applied ${applied.size} operation${applied.size === 1 ? '' : 's'}`,
      ...repaired.applied.map((id) => {
        const operation = byId.get(id);
        return operation
          ? `  ${operation.operation} ${describeOperation(operation, model, units)}`
          : `  ${id}`;
      }),
      ...(proposed.length > 0
        ? [
            `Not applied (${proposed.length}: need confirmation, or depend on one that does)`,
            ...proposed.map(
              (operation) => `  ${operation.operation} ${describeOperation(operation, model, units)}`,
            ),
          ]
        : []),
      // Issue #21: what the guard refused, so a count of findings that stays is explained.
      ...(plan.rejected.length > 0
        ? [
            `Not proposed (${plan.rejected.length}: they would make the model worse)`,
            ...plan.rejected.map((entry) => `  ${entry.operation} for ${entry.issueId}: ${entry.why}`),
          ]
        : []),
      'Checks        before → after',
      ...CHECK_IDS.map(
        (id) =>
          `  ${id} ${CHECK_TITLES[id].padEnd(width)}  ${String(plan.before.counts[id]).padStart(6)} → ${plan.after.counts[id]}`,
      ),
      `Wrote ${outputPath} (${outputFormat.title})`,
    ];
    output.stdout(`${lines.join('\n')}\n`);
    return EXIT_OK;
  },
};
