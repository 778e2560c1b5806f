/**
 * `npx tsx bench/generate.ts <preset> <outdir> [--seed <n>]`: writes the synthetic building of a preset
 * (1k, 10k, 100k, 1m) as canonical JSON, .e2k and .s2k into <outdir>.
 */
import { statSync } from 'node:fs';
import { countModel } from '../src/engine/formats/report';
import { ModelSchema } from '../src/engine/schema';
import { generateBuilding } from '../src/engine/testing/building';
import { writeBuildingFiles } from './generator/output';
import { DEFAULT_SEED, parsePresetName, PRESET_NAMES, presetParameters } from '../src/engine/testing/presets';

const USAGE = `usage: npx tsx bench/generate.ts <${PRESET_NAMES.join('|')}> <outdir> [--seed <integer>]\n`;

function main(argv: string[]): number {
  const positional: string[] = [];
  let seed = DEFAULT_SEED;
  for (let index = 0; index < argv.length; index++) {
    const argument = argv[index] as string;
    if (argument === '--seed') {
      const value = Number(argv[++index]);
      if (!Number.isSafeInteger(value)) {
        process.stderr.write(`--seed needs an integer\n${USAGE}`);
        return 2;
      }
      seed = value;
    } else positional.push(argument);
  }
  const preset = parsePresetName(positional[0] ?? '');
  const outdir = positional[1];
  if (!preset || !outdir || positional.length !== 2) {
    process.stderr.write(USAGE);
    return 2;
  }
  const started = performance.now();
  const model = generateBuilding(presetParameters(preset, seed));
  const checked = ModelSchema.safeParse(model);
  if (!checked.success) {
    process.stderr.write(`the generated model is not a valid canonical model: ${checked.error.message}\n`);
    return 1;
  }
  const files = writeBuildingFiles(model, outdir, `building-${preset}`);
  const counts = countModel(model);
  const lines = [
    `preset ${preset}, seed ${seed}: ${model.elements.length} elements, ${counts.nodes} nodes, ${model.loads.length} loads`,
    `  columns ${counts.columns}, beams ${counts.beams}, braces ${counts.braces}, floors ${counts.floors}, walls ${counts.walls}`,
    ...Object.values(files).map((path) => `  ${path} (${(statSync(path).size / 1e6).toFixed(1)} MB)`),
    `  in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
  return 0;
}

process.exitCode = main(process.argv.slice(2));
