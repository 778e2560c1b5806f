import { existsSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { runGusset, temporaryFolder } from './testing/runGusset';

const folder = temporaryFolder();
afterAll(() => folder.remove());

describe.concurrent('gusset: help and usage errors', () => {
  it('prints its help with both commands and exits 0', async () => {
    const result = await runGusset(['--help']);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Usage: gusset <command>');
    expect(result.stdout).toMatch(/translate <in> <out> \[--to <format>\]/);
    expect(result.stdout).toMatch(/inspect <file> \[--json\]/);
    expect(result.stdout).toContain('e2k (.e2k .$et)');
    expect(result.stderr).toBe('');
  });

  it('prints each command’s help', async () => {
    const [translate, inspect, viaHelp] = await Promise.all([
      runGusset(['translate', '--help']),
      runGusset(['inspect', '-h']),
      runGusset(['help', 'inspect']),
    ]);
    expect(translate.code).toBe(0);
    expect(translate.stdout).toContain('Usage: gusset translate <in> <out> [--to <format>]');
    expect(inspect.code).toBe(0);
    expect(inspect.stdout).toContain('Usage: gusset inspect <file> [--json]');
    expect(viaHelp.stdout).toBe(inspect.stdout);
  });

  it('exits 2 with the usage when run without a command', async () => {
    const result = await runGusset([]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('Usage: gusset <command>');
    expect(result.stdout).toBe('');
  });

  it('exits 2 on an unknown command', async () => {
    const result = await runGusset(['convert', 'a.e2k']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('unknown command "convert"');
  });

  it('exits 2 on an unknown option, naming it', async () => {
    const result = await runGusset(['inspect', 'model.e2k', '--colour']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--colour');
    expect(result.stderr).toContain('gusset inspect --help');
  });

  it('exits 2 when arguments are missing or extra', async () => {
    const [missing, extra, noFile] = await Promise.all([
      runGusset(['translate', 'only-input.e2k']),
      runGusset(['inspect', 'a.e2k', 'b.e2k']),
      runGusset(['inspect']),
    ]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('needs an input and an output file');
    expect(extra.code).toBe(2);
    expect(extra.stderr).toContain('unexpected argument "b.e2k"');
    expect(noFile.code).toBe(2);
  });

  it('exits 2 on an unknown --to format before touching any file', async () => {
    const output = folder.file('never-written.out');
    const result = await runGusset(['translate', 'does-not-exist.e2k', output, '--to', 'dwg']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--to "dwg" is not a format');
    expect(existsSync(output)).toBe(false);
  });

  it('prints the version from package.json', async () => {
    const result = await runGusset(['--version']);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^\d+\.\d+\.\d+\n$/);
  });
});
