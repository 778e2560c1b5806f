/**
 * The Python client (plugins/python/gusset_client.py) against the real server, with the machine's python3
 * (issue #9's acceptance: "push a version, pull it back, compare" runs in CI). The server is the whole app on
 * 127.0.0.1:0; the user, organization, model and API token are made through its HTTP API as a person would.
 *
 * "The same": the pulled canonical JSON equals the pushed one as JSON values (the Python side), and the engine's
 * model hash of the pulled file equals the original model's (this side). The server adds no field to a canonical
 * model, so nothing is excluded from either comparison.
 */
import { execFile, spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../src/contract/errors';
import { apiTokenListResponse, createdApiTokenResponse } from '../src/contract/http/apiTokens';
import { readE2k } from '../src/engine/formats/etabs/read';
import { readModelJson, writeModelJson } from '../src/engine/formats/json';
import { hashModel } from '../src/engine/canonical';
import type { Model } from '../src/engine/schema';
import { FIXTURES_SKIP_NOTE, fixturesPresent, readFixture } from '../src/engine/testing/fixtures';
import { signUp, uniqueEmail } from '../src/server/testing/accounts';
import { databases } from '../src/server/testing/databases';
import { startTestServer, type TestServer } from '../src/server/testing/testServer';

const pluginDir = path.resolve(import.meta.dirname, '../plugins/python');
const python = process.env.PYTHON ?? 'python3';
const pythonVersion = spawnSync(python, ['--version'], { encoding: 'utf8' });
const pythonPresent = pythonVersion.status === 0;
if (!pythonPresent && process.env.CI)
  throw new Error(`CI must have ${python}: the Python client test needs it`);
const PYTHON_SKIP_NOTE = pythonPresent ? '' : ` (skipped: ${python} is not installed)`;

/** A real ETABS file, small enough to push in a second: the canonical model a script would hold. */
const FIXTURE = ['e2k', 'ETABS_to_RAM_bridge__example.$et'] as const;

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * Runs python3 without blocking the event loop (the server answering the script lives in this process, so a
 * spawnSync would deadlock).
 */
function runPython(args: string[], env: Record<string, string> = {}): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      python,
      args,
      { cwd: pluginDir, env: { ...process.env, PYTHONDONTWRITEBYTECODE: '1', ...env }, timeout: 120_000 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

describe.skipIf(!pythonPresent)(`Python client unit tests${PYTHON_SKIP_NOTE}`, () => {
  it('passes python3 -m unittest (upload encoding, errors, job polling) against a local stub server', async () => {
    const run = await runPython(['-m', 'unittest', 'discover', '-s', 'tests', '-p', 'test_*.py', '-v']);
    expect(run.code, run.stderr).toBe(0);
    // unittest reports on stderr; a discovery that found nothing would also exit 0, so count the tests.
    const ran = /Ran (\d+) tests?/.exec(run.stderr);
    expect(Number(ran?.[1] ?? 0)).toBeGreaterThanOrEqual(8);
    expect(run.stderr).toMatch(/\nOK\s*$/);
  });
});

describe.skipIf(!pythonPresent || !fixturesPresent).each(databases())(
  `Python client round trip on $kind${PYTHON_SKIP_NOTE}${FIXTURES_SKIP_NOTE}`,
  ({ kind }) => {
    let server: TestServer;
    let scratch: string;
    let original: Model;
    let session: string;
    let secret: string;
    let modelId: string;

    beforeAll(async () => {
      server = await startTestServer(kind, { env: { ANALYTICS_ENABLED: 'false' } });
      scratch = await mkdtemp(path.join(os.tmpdir(), 'gusset-python-'));
      original = readE2k(readFixture(...FIXTURE)).model;
      await writeFile(path.join(scratch, 'model.json'), writeModelJson(original).bytes);

      session = (await signUp(server, uniqueEmail('scripter'))).token;
      const organization = await server.request('POST', '/api/organizations', {
        token: session,
        json: { name: 'Scripted Structures' },
      });
      expect(organization.status).toBe(201);
      const model = await server.request('POST', '/api/models', {
        token: session,
        json: { name: 'Bridge', organizationId: (organization.body as { _id: string })._id },
      });
      expect(model.status).toBe(201);
      modelId = (model.body as { _id: string })._id;
      const token = await server.request('POST', '/api/users/me/tokens', {
        token: session,
        json: { name: 'Python round trip' },
      });
      expect(token.status).toBe(201);
      secret = createdApiTokenResponse.parse(token.body).token;
    });
    afterAll(async () => {
      await server?.close();
      if (scratch) await rm(scratch, { recursive: true, force: true });
    });

    it('pushes a version, pulls it back unchanged, and reports a bad token like an expired session', async () => {
      const run = await runPython(
        ['tests/roundtrip.py', path.join(scratch, 'model.json'), path.join(scratch, 'pulled.json')],
        { GUSSET_URL: server.url, GUSSET_TOKEN: secret, GUSSET_MODEL_ID: modelId },
      );
      expect(run.code, `${run.stdout}\n${run.stderr}`).toBe(0);
      const summary = JSON.parse(run.stdout.trim().split('\n').at(-1) ?? '{}') as Record<string, unknown>;
      expect(summary).toMatchObject({
        listed: true,
        versionNumber: 1,
        message: 'Round trip from Python',
        newestIsPushed: true,
        same: true,
        difference: null,
        elements: original.elements.length,
        nodes: original.nodes.length,
        missingVersionStatus: 404,
        badTokenStatus: 403,
        badTokenMessage: messages.sessionExpired,
      });
      expect(original.elements.length).toBeGreaterThan(0);

      // The pulled file read by the engine is the model that was pushed, to the canonical hash.
      const pulled = readModelJson(new Uint8Array(await readFile(path.join(scratch, 'pulled.json')))).model;
      expect(hashModel(pulled)).toBe(hashModel(original));

      // The server saw the script: the version is in the model's history and the token shows its last use.
      const versions = await server.request('GET', `/api/models/${modelId}`, { token: session });
      expect(versions.body).toMatchObject({ versionCount: 1 });
      const tokens = apiTokenListResponse.parse(
        (await server.request('GET', '/api/users/me/tokens', { token: session })).body,
      );
      expect(tokens.data[0]?.lastUsedAt).not.toBeNull();
    });
  },
);
