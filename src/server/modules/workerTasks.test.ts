import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { workerTasks } from './workerTasks';

const serverDir = fileURLToPath(new URL('..', import.meta.url));

/** Every worker entry the server's code starts (`new URL('./x.ts', import.meta.url)`), as file paths. */
function startedEntries(): string[] {
  const reference = /new URL\(\s*'([^']+\.ts)',\s*import\.meta\.url\s*,?\s*\)/g;
  const comments = /\/\*[\s\S]*?\*\/|^\s*\/\/.*$/gm;
  const entries = new Set<string>();
  const files = readdirSync(serverDir, { recursive: true, encoding: 'utf8' }).filter(
    (file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.startsWith('testing'),
  );
  for (const file of files) {
    const source = readFileSync(path.join(serverDir, file), 'utf8').replace(comments, '');
    for (const [, relative = ''] of source.matchAll(reference)) {
      entries.add(path.resolve(serverDir, path.dirname(file), relative));
    }
  }
  return [...entries].sort();
}

/** The file each listed task loads, read from its `import('./…')` in workerTasks.ts. */
function listedEntries(): Map<string, string> {
  const source = readFileSync(path.join(serverDir, 'modules', 'workerTasks.ts'), 'utf8');
  const listed = new Map<string, string>();
  for (const [, name = '', relative = ''] of source.matchAll(/(\w+): \(\) => import\('([^']+)'\)/g)) {
    listed.set(name, path.resolve(serverDir, 'modules', `${relative}.ts`));
  }
  return listed;
}

describe('the worker tasks of the compiled server', () => {
  it('lists every worker the server starts, under the name of its file, and nothing else', () => {
    const listed = listedEntries();
    expect([...listed.keys()].sort()).toEqual(Object.keys(workerTasks).sort());
    for (const [name, file] of listed) expect(path.basename(file, '.ts')).toBe(name);
    expect([...listed.values()].sort()).toEqual(startedEntries());
  });
});
