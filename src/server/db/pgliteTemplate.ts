import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { migrate } from './migrate';
import { migrations as allMigrations } from './migrations/index';
import type { Migration } from './migrations/migration';
import { pgliteDump, type PgliteDump } from './pglite';

/**
 * An empty, migrated embedded database as a gzipped tar, made beside the compiled server when it is built
 * (scripts/buildServer.ts): a new data directory starts as a copy of it instead of running PostgreSQL's initdb,
 * which on disk took 7 s of the first `npm start` here; the copy takes under a second. The file's name carries
 * the migrations it holds, so a build with other migrations makes a new one and a stale one is never read (the
 * migrations still run after the copy, finding nothing to do).
 */
export function pgliteTemplateFile(migrations: readonly Migration[] = allMigrations): string {
  const digest = createHash('sha256');
  for (const migration of migrations)
    digest.update(`${migration.version}\0${migration.name}\0${migration.sql}\0`);
  return `pglite-template-${digest.digest('hex').slice(0, 16)}.tar.gz`;
}

/** Writes the template into `folder` unless it is there already; answers whether it made one. */
export async function writePgliteTemplate(
  folder: string,
  migrations: readonly Migration[] = allMigrations,
): Promise<boolean> {
  const file = path.join(folder, pgliteTemplateFile(migrations));
  if (existsSync(file)) return false;
  const dump = await pgliteDump((db) => migrate(db, migrations), 'gzip');
  // Written whole or not at all: a server starting meanwhile must not load half a tar.
  await mkdir(folder, { recursive: true });
  await writeFile(`${file}.tmp`, Buffer.from(await dump.tar.arrayBuffer()));
  await rename(`${file}.tmp`, file);
  return true;
}

/** The template for these migrations in `folder`, or undefined when none was built (a new database runs initdb). */
export async function readPgliteTemplate(
  folder: string,
  migrations: readonly Migration[] = allMigrations,
): Promise<PgliteDump | undefined> {
  try {
    return { tar: new Blob([await readFile(path.join(folder, pgliteTemplateFile(migrations)))]) };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}
