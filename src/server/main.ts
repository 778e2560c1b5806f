import { readFileSync } from 'node:fs';
import path from 'node:path';
import { buildApp } from './app';
import { inMemoryDataDir, loadConfig, type Config } from './config';

/** Gusset's version, from the package.json two folders up: from src/server/ here, and from dist/server/ compiled. */
function readVersion(): string {
  const manifest = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
    version?: string;
  };
  return manifest.version ?? '';
}

/** What `npm start` shows once the server answers: where to open it and where its data lives. */
function banner(config: Config): string {
  const database = config.databaseUrl
    ? `PostgreSQL at ${new URL(config.databaseUrl).host}`
    : config.dataDir === inMemoryDataDir
      ? 'in memory (lost when Gusset stops)'
      : path.join(config.dataDir, 'pglite');
  return [
    '',
    `Gusset ${readVersion()} is running on ${config.publicUrl}`,
    `Database: ${database}; uploaded files: ${config.uploads.blobDir}`,
    '',
    '',
  ].join('\n');
}

/** Starts Gusset on the configured port and closes it cleanly (HTTP first, then the database) on a signal. */
async function main(): Promise<void> {
  const config = loadConfig(process.env);
  const app = await buildApp(config);
  await app.listen({ port: config.port, host: config.host });
  process.stdout.write(banner(config));

  let closing = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received, shutting down`);
    // A stuck close must not keep a process manager waiting forever.
    const forceExit = setTimeout(() => process.exit(1), 10_000);
    forceExit.unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'Shutdown failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}

main().catch((error: unknown) => {
  // The logger may not exist yet (bad configuration, locked data directory): say why on stderr and stop.
  process.stderr.write(`Gusset could not start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
