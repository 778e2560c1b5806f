import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from './migrate';
import { migrations } from './migrations/index';
import { openPglite } from './pglite';
import { pgliteTemplateFile, readPgliteTemplate, writePgliteTemplate } from './pgliteTemplate';

/**
 * The first `npm start` makes a new data folder; it starts as a copy of the template the build made instead of
 * running initdb, and must be exactly what the migrations make.
 */
describe('the embedded database template', () => {
  let folder: string;
  beforeAll(async () => {
    folder = await mkdtemp(path.join(os.tmpdir(), 'gusset-template-'));
  });
  afterAll(async () => {
    await rm(folder, { recursive: true, force: true });
  });

  it('is named by the migrations it holds, so a build with another migration makes another', () => {
    const extra = { version: 999, name: 'extra', sql: 'CREATE TABLE extra (id int)' };
    expect(pgliteTemplateFile(migrations)).toMatch(/^pglite-template-[0-9a-f]{16}\.tar\.gz$/);
    expect(pgliteTemplateFile([...migrations, extra])).not.toBe(pgliteTemplateFile(migrations));
    expect(pgliteTemplateFile([...migrations])).toBe(pgliteTemplateFile(migrations));
  });

  it('is absent until built, made once, then kept', async () => {
    const build = path.join(folder, 'build');
    expect(await readPgliteTemplate(build)).toBeUndefined();
    expect(await writePgliteTemplate(build)).toBe(true);
    expect(await writePgliteTemplate(build)).toBe(false);
    expect(await readdir(build)).toEqual([pgliteTemplateFile()]);
  }, 120_000);

  it('starts a new data folder fully migrated, and leaves an existing one as it is', async () => {
    const template = await readPgliteTemplate(path.join(folder, 'build'));
    expect(template).toBeDefined();
    const dataDir = path.join(folder, 'data');

    const fresh = await openPglite(dataDir, template);
    try {
      expect(await migrate(fresh)).toEqual([]);
      const applied = await fresh.query<{ version: number }>('SELECT version FROM schema_migrations');
      expect(applied.map((row) => row.version).sort((a, b) => a - b)).toEqual(
        migrations.map((migration) => migration.version),
      );
      await fresh.exec(`CREATE TABLE notes (text text); INSERT INTO notes VALUES ('kept')`);
    } finally {
      await fresh.close();
    }

    const reopened = await openPglite(dataDir, template);
    try {
      expect(await migrate(reopened)).toEqual([]);
      const rows = await reopened.query<{ text: string }>('SELECT text FROM notes');
      expect(rows).toEqual([{ text: 'kept' }]);
    } finally {
      await reopened.close();
    }
  }, 120_000);
});
