import { buildApp } from './app';
import { loadConfig } from './config';

/** Starts Gusset on the configured port and closes it cleanly (HTTP first, then the database) on a signal. */
async function main(): Promise<void> {
  const config = loadConfig(process.env);
  const app = await buildApp(config);
  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Gusset is running at ${config.publicUrl}`);

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
