import { run } from './run';

/**
 * The `gusset` command (bin/gusset.js loads this through tsx). `exitCode` rather than `process.exit()`, so a
 * large report piped to another program is flushed before Node exits.
 */
process.exitCode = await run(process.argv.slice(2), {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
});
