import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

/** Spawned server processes for the multi-instance tests (realtime, rate limits). */
const root = path.resolve(import.meta.dirname, '..', '..');
export const STARTUP_MS = 60_000;

export interface Instance {
  name: string;
  url: string;
  process: ChildProcess;
  output: string[];
}

/** Starts `src/server/main.ts` on a free port and resolves with its URL once it listens. */
export function startInstance(name: string, env: Record<string, string>): Promise<Instance> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'src/server/main.ts')], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`instance ${name} did not start within ${STARTUP_MS} ms:\n${output.join('')}`));
    }, STARTUP_MS);
    const onData = (chunk: Buffer) => {
      const text = chunk.toString('utf8');
      output.push(text);
      const listening = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(text);
      if (listening?.[1]) {
        clearTimeout(timer);
        resolve({ name, url: listening[1], process: child, output });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`instance ${name} exited with ${code}:\n${output.join('')}`));
    });
  });
}

/** SIGTERM, as a process manager would: resolves with the exit code of the graceful shutdown. */
export function stopInstance(instance: Instance): Promise<number | null> {
  return new Promise((resolve) => {
    if (instance.process.exitCode !== null) {
      resolve(instance.process.exitCode);
      return;
    }
    instance.process.once('exit', (code) => resolve(code));
    instance.process.kill('SIGTERM');
  });
}
