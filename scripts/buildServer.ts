/**
 * Compiles the server, its worker-thread entry and the CLI into dist/server/ (`npm run build:server`; `npm install`
 * runs it as `prepare`, `npm start` before starting; `tsx scripts/buildServer.ts <name>` builds dist/<name>/).
 * One esbuild bundle per entry, sharing chunks, all in one flat folder: every bundled module's `import.meta.url`
 * then names the same folder, which workerThread.ts relies on to find the compiled worker.js. Packages stay in
 * node_modules (`packages: 'external'`), so the native and WebAssembly ones (sharp, argon2, PGlite, web-ifc) load
 * their own files as usual.
 */
import { readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { pgliteTemplateFile, writePgliteTemplate } from '../src/server/db/pgliteTemplate';
import { workerTasks } from '../src/server/modules/workerTasks';

const root = fileURLToPath(new URL('..', import.meta.url));

/**
 * Builds into dist/<name> (another folder than dist/server for tests, which build their own; two levels down,
 * like dist/server, so package.json is found the same way) and returns the folder.
 */
export async function buildServer(
  name = 'server',
  options: { quiet?: boolean; databaseTemplate?: boolean } = {},
): Promise<string> {
  const outdir = path.join(root, 'dist', name);
  const started = performance.now();
  const result = await build({
    absWorkingDir: root,
    entryPoints: {
      main: 'src/server/main.ts',
      cli: 'src/cli/main.ts',
      // The one worker-thread entry; each task it loads (modules/workerTasks.ts) is a chunk of its own.
      worker: 'src/server/worker.ts',
    },
    outdir,
    entryNames: '[name]',
    chunkNames: 'chunk-[hash]',
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
    metafile: true,
  });
  // Chunks of earlier builds would pile up (their names are content hashes). Removed after the build rather than
  // before, so a server already running from this folder still finds its worker entries meanwhile.
  const written = new Set(Object.keys(result.metafile.outputs).map((output) => path.resolve(root, output)));
  written.add(path.join(outdir, 'worker-tasks.json'));
  if (options.databaseTemplate) written.add(path.join(outdir, pgliteTemplateFile()));
  for (const file of readdirSync(outdir)) {
    if (!written.has(path.join(outdir, file)))
      rmSync(path.join(outdir, file), { recursive: true, force: true });
  }
  // The tasks worker.js can start, for tests that run the server from source with compiled workers
  // (jobs/workerThread.ts).
  writeFileSync(path.join(outdir, 'worker-tasks.json'), `${JSON.stringify(Object.keys(workerTasks))}\n`);
  const compiled = ((performance.now() - started) / 1000).toFixed(1);
  if (!options.quiet) {
    process.stdout.write(
      `Compiled the server, its worker and the CLI into ${path.relative(root, outdir)} in ${compiled} s\n`,
    );
  }
  const templateStarted = performance.now();
  if (options.databaseTemplate && (await writePgliteTemplate(outdir)) && !options.quiet) {
    const seconds = ((performance.now() - templateStarted) / 1000).toFixed(1);
    process.stdout.write(`Made the embedded database's template for new data folders in ${seconds} s\n`);
  }
  return outdir;
}

// Run as a script (`tsx scripts/buildServer.ts [name]`), not when a test setup imports it.
if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  // The server's own build (`npm start`, `npm install`) brings the new database's template; once made, it is
  // kept until the migrations change.
  await buildServer(process.argv[2], { databaseTemplate: true });
}
