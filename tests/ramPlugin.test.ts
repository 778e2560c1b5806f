/**
 * The RAM plugin (plugins/ram, Python) against Gusset itself: its unit tests pass, and the canonical model it
 * makes of the DataAccess stand-in's building is read by the engine's own JSON reader, the one uploads go
 * through, without an error and with the stand-in's counts. A change to the canonical schema that the plugin
 * does not follow fails here, not on an engineer's machine next to RAM.
 */
import { execFile, spawnSync } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { readModelJson } from '../src/engine/formats/json';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '..');
const python = process.env.PYTHON ?? 'python3';
const pythonPresent = spawnSync(python, ['--version'], { encoding: 'utf8' }).status === 0;
if (!pythonPresent && process.env.CI) throw new Error(`CI must have ${python}: the RAM plugin test needs it`);
const PYTHON_SKIP_NOTE = pythonPresent ? '' : ` (skipped: ${python} is not installed)`;
// No __pycache__ folders left in plugins/ram by the test run.
const options = { cwd: root, env: { ...process.env, PYTHONDONTWRITEBYTECODE: '1' } };

describe.skipIf(!pythonPresent)(`RAM plugin${PYTHON_SKIP_NOTE}`, () => {
  it('passes its own unit tests against the DataAccess stand-in', async () => {
    // unittest writes its summary to stderr; a failure rejects with the exit code and the output.
    const { stderr } = await run(python, ['-m', 'unittest', 'discover', 'plugins/ram/tests'], options);
    expect(stderr).toMatch(/Ran \d+ tests/);
    expect(stderr).toMatch(/\nOK\s*$/);
  });

  it('makes a model of the stand-in building that the server’s JSON reader accepts, with every member', async () => {
    const { stdout } = await run(python, ['plugins/ram/tests/dump_standin.py'], options);
    const { model, report } = readModelJson(new TextEncoder().encode(stdout));

    expect(model.source.tool).toBe('ram');
    expect(report.items).toEqual([]);
    const types = new Map<string, number>();
    for (const element of model.elements) types.set(element.type, (types.get(element.type) ?? 0) + 1);
    // Two stories × 4 columns and 4 beams, one brace and one wall in the first story, a deck on each story.
    expect(Object.fromEntries(types)).toEqual({ Column: 8, Beam: 8, Brace: 1, Wall: 1, Floor: 2 });
    expect(model.levels.map((level) => [level.name, level.elevation])).toEqual([
      ['Base', 0],
      ['Level 1', 3657.6],
      ['Level 2', 7315.2],
    ]);
    // 4 column lines × 3 elevations: braces, walls and decks end on the column ends.
    expect(model.nodes).toHaveLength(12);
    expect(model.materials.map((material) => material.kind).sort()).toEqual(['concrete', 'steel']);
    expect(model.profiles.filter((profile) => profile.kind === 'frame').map((profile) => profile.id)).toEqual(
      ['W10X33', 'W16X26', 'W12X19', 'HSS6X6X1/2'],
    );
  });
});
