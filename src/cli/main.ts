import { isVersionFlag, readVersion } from './version';

/**
 * The `gusset` command (bin/gusset.js runs the compiled dist/server/cli.js, or this file through tsx).
 * `exitCode` rather than `process.exit()`, so a large report piped to another program is flushed before Node
 * exits. `--version` answers without loading the commands and the engine behind them.
 */
const args = process.argv.slice(2);
if (isVersionFlag(args[0])) {
  process.stdout.write(`${readVersion()}\n`);
} else {
  const { run } = await import('./run');
  process.exitCode = await run(args, {
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
  });
}
