/**
 * Finds the shared fixtures (../shared/fixtures beside the repository) for engine tests. This file is part of the
 * engine project, which has no Node types, so Node's modules are loaded by name and typed here by what we use.
 * Locally a missing folder skips the fixture suites (their names say so); in CI it fails.
 */
interface NodeFs {
  existsSync(path: string): boolean;
  readFileSync(path: string): Uint8Array;
  readdirSync(path: string): string[];
}
interface NodePath {
  resolve(...segments: string[]): string;
  join(...segments: string[]): string;
}

const fsModuleName = 'node:fs';
const pathModuleName = 'node:path';
const fs = (await import(/* @vite-ignore */ fsModuleName)) as NodeFs;
const path = (await import(/* @vite-ignore */ pathModuleName)) as NodePath;

const here = (import.meta as { dirname?: string }).dirname ?? '.';
const environment =
  (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env ?? {};

/** src/engine/testing → repository root → its parent → shared/fixtures. */
export const FIXTURES_DIR = path.resolve(here, '../../..', '..', 'shared/fixtures');

export const fixturesPresent = fs.existsSync(FIXTURES_DIR);

if (!fixturesPresent && environment['CI']) {
  throw new Error(`The shared fixtures are missing at ${FIXTURES_DIR}; CI must provide ../shared/fixtures.`);
}

/** Suffix for suite names, so a skipped run says why. */
export const FIXTURES_SKIP_NOTE = fixturesPresent ? '' : ` (skipped: no fixtures at ${FIXTURES_DIR})`;

export function fixturePath(kind: string, name: string): string {
  return path.join(FIXTURES_DIR, kind, name);
}

export function readFixture(kind: string, name: string): Uint8Array {
  return new Uint8Array(fs.readFileSync(fixturePath(kind, name)));
}

export function listFixtures(kind: string): string[] {
  return fixturesPresent ? fs.readdirSync(path.join(FIXTURES_DIR, kind)).sort() : [];
}

/** Reads a repository file as bytes (e.g. the contract, to check a duplicated constant). */
export function readRepositoryFile(relativePath: string): Uint8Array {
  return new Uint8Array(fs.readFileSync(path.resolve(here, '../../..', relativePath)));
}
