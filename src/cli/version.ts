import { readFileSync } from 'node:fs';

/** The `--version` flags, answered by main.ts before the engine is loaded. */
export const isVersionFlag = (argument: string | undefined) => argument === '--version' || argument === '-V';

/**
 * Gusset's version, from the package.json two folders up: from src/cli/ here, and from dist/server/ in the
 * compiled CLI (scripts/buildServer.ts), which is as deep.
 */
export function readVersion(): string {
  const manifest = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
    version?: string;
  };
  return manifest.version ?? 'unknown';
}
