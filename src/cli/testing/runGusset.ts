import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';

export const REPOSITORY_ROOT = fileURLToPath(new URL('../../..', import.meta.url));

export interface GussetRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs the real command as a user would, from the repository root: the CLI compiled from the source under test
 * for this run (tests/setup/compiledServer.ts), never a dist/server/cli.js built before an edit.
 */
export function runGusset(args: readonly string[]): Promise<GussetRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--enable-source-maps', inject('compiledCli'), ...args], {
      cwd: REPOSITORY_ROOT,
      env: { ...process.env, NO_COLOR: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk));
    child.on('error', reject);
    child.on('close', (code) =>
      resolve({
        code,
        stdout: Buffer.concat(stdout).toString('utf8'),
        stderr: Buffer.concat(stderr).toString('utf8'),
      }),
    );
  });
}

/** A fresh temporary folder for files a test writes; `remove` deletes it. */
export function temporaryFolder(): {
  path: string;
  file(name: string, content?: string | Uint8Array): string;
  remove(): void;
} {
  const path = mkdtempSync(join(tmpdir(), 'gusset-cli-'));
  return {
    path,
    file(name, content) {
      const filePath = join(path, name);
      if (content !== undefined) writeFileSync(filePath, content);
      return filePath;
    },
    remove() {
      rmSync(path, { recursive: true, force: true });
    },
  };
}
