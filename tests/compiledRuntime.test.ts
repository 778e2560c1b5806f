import { execFile } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeModelJson } from '../src/engine/formats/json';
import { FIXED, handModel, member, node } from '../src/engine/repair/handModel';
import type { TranslateMessage, TranslateRequest } from '../src/server/modules/uploads/translateProtocol';
import { REPOSITORY_ROOT, temporaryFolder } from '../src/cli/testing/runGusset';

/**
 * The compiled runtime (scripts/buildServer.ts), built into a folder of its own under dist/: what `npm start`
 * and `npx gusset` run, with no tsx. The e2e journeys run its server and workers through real uploads.
 */
const run = promisify(execFile);
const outName = `server-test-${process.pid}`;
const outDir = path.join(REPOSITORY_ROOT, 'dist', outName);
const folder = temporaryFolder();

const portal = writeModelJson(
  handModel(
    [
      node('1', 0, 0, 0, { restraint: FIXED }),
      node('2', 0, 0, 3000),
      node('3', 6000, 0, 3000),
      node('4', 6000, 0, 0, { restraint: FIXED }),
    ],
    [member('C1', 'Column', '1', '2'), member('C2', 'Column', '4', '3'), member('B1', 'Beam', '2', '3')],
  ),
).bytes;

beforeAll(async () => {
  await run(process.execPath, ['--import', 'tsx', 'scripts/buildServer.ts', outName], {
    cwd: REPOSITORY_ROOT,
  });
}, 180_000);

afterAll(() => {
  rmSync(outDir, { recursive: true, force: true });
  folder.remove();
});

describe('the compiled runtime', () => {
  it('answers gusset --version from package.json', async () => {
    const { version } = JSON.parse(readFileSync(path.join(REPOSITORY_ROOT, 'package.json'), 'utf8')) as {
      version: string;
    };
    const { stdout } = await run(process.execPath, [path.join(outDir, 'cli.js'), '--version']);
    expect(stdout).toBe(`${version}\n`);
  });

  it('bin/gusset.js runs the source through tsx when asked to (GUSSET_FROM_SOURCE=1)', async () => {
    const { version } = JSON.parse(readFileSync(path.join(REPOSITORY_ROOT, 'package.json'), 'utf8')) as {
      version: string;
    };
    const { stdout } = await run(
      process.execPath,
      [path.join(REPOSITORY_ROOT, 'bin', 'gusset.js'), '--version'],
      {
        cwd: REPOSITORY_ROOT,
        env: { ...process.env, GUSSET_FROM_SOURCE: '1' },
      },
    );
    expect(stdout).toBe(`${version}\n`);
  });

  it('runs a command, loading its chunks', async () => {
    const input = folder.file('portal.json', portal);
    const { stdout } = await run(process.execPath, [path.join(outDir, 'cli.js'), 'inspect', input, '--json']);
    const inspected = JSON.parse(stdout) as { counts: Record<string, number> };
    expect(inspected.counts).toMatchObject({ nodes: 4 });
  }, 60_000);

  it('starts a worker task by name from its one worker entry, which translates a file', async () => {
    const worker = new Worker(new URL(`file://${path.join(outDir, 'worker.js')}`), {
      workerData: { task: 'translateWorker' },
    });
    const answer = new Promise<TranslateMessage>((resolve, reject) => {
      worker.on('message', (message: TranslateMessage) => {
        if (message.kind !== 'progress') resolve(message);
      });
      worker.on('error', reject);
    });
    worker.postMessage({ fileName: 'portal.json', bytes: portal } satisfies TranslateRequest);
    try {
      expect((await answer).kind).toBe('result');
    } finally {
      await worker.terminate();
    }
  }, 60_000);

  it('refuses a task that is not listed, naming it', async () => {
    const worker = new Worker(new URL(`file://${path.join(outDir, 'worker.js')}`), {
      workerData: { task: 'noSuchWorker' },
    });
    const failure = new Promise<Error>((resolve) => worker.on('error', resolve));
    try {
      expect((await failure).message).toContain('No worker task is named noSuchWorker');
    } finally {
      await worker.terminate();
    }
  }, 60_000);
});
