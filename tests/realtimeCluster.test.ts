import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateBuilding } from '../src/engine/testing/building';
import { presetParameters } from '../src/engine/testing/presets';
import { modelSchema } from '../src/contract/http/models';
import { jobSchema } from '../src/contract/http/jobs';
import type { RealtimePayload } from '../src/contract/realtime';
import { writeModelJson } from '../src/engine/formats/json';
import type { Db } from '../src/server/db/db';
import { migrate } from '../src/server/db/migrate';
import { openPostgres } from '../src/server/db/postgres';
import {
  connectAndLogin,
  eventsNamed,
  seedSignedInUsers,
  type LiveClient,
  type SeededUser,
} from '../src/server/testing/sockets';
import { createThrowawayDatabase, type ThrowawayDatabase } from '../src/server/testing/databases';
import { startInstance, stopInstance, STARTUP_MS, type Instance } from './support/instances';

const SETTLE_MS = 500;

/**
 * Two server processes on loopback sharing one PostgreSQL database, one blob folder and Redis: a client connected
 * to instance A hears what an upload through instance B causes. B runs the jobs (A has no workers), so every
 * event starts on B and reaches A only through the Redis adapter. Needs REDIS_URL_TEST and DATABASE_URL; without
 * them the suite is skipped locally (its name says why) and fails in CI.
 */
const redisUrl = process.env.REDIS_URL_TEST;
const adminDatabaseUrl = process.env.DATABASE_URL;
const missing = [redisUrl ? null : 'REDIS_URL_TEST', adminDatabaseUrl ? null : 'DATABASE_URL'].filter(
  (name): name is string => name !== null,
);
if (missing.length > 0 && process.env.CI) {
  throw new Error(`The two-instance realtime test needs ${missing.join(' and ')}; CI must set them.`);
}
const SKIP_NOTE = missing.length > 0 ? ` (skipped: ${missing.join(' and ')} not set)` : '';

describe.skipIf(missing.length > 0)(`two instances joined by Redis${SKIP_NOTE}`, () => {
  let database: ThrowawayDatabase;
  let db: Db;
  let scratch: string;
  let a: Instance;
  let b: Instance;
  let owner: SeededUser;
  let reader: SeededUser;
  let organizationId: string;
  const clients: LiveClient[] = [];

  beforeAll(async () => {
    database = await createThrowawayDatabase();
    db = openPostgres(database.url, { error: () => undefined });
    // Migrated once here, so the two instances do not race to create the tables.
    await migrate(db);
    [owner, reader] = (await seedSignedInUsers(db, 2, 'cluster')) as [SeededUser, SeededUser];
    organizationId = randomUUID();
    const now = new Date();
    await db.query(
      'INSERT INTO organizations (id, name, owner_id, created_at, updated_at) VALUES ($1, $2, $3, $4, $4)',
      [organizationId, 'Cluster', owner.userId, now],
    );

    scratch = await mkdtemp(path.join(os.tmpdir(), 'gusset-cluster-'));
    const shared = {
      HOST: '127.0.0.1',
      PORT: '0',
      DATABASE_URL: database.url,
      REDIS_URL: redisUrl as string,
      BLOB_DIR: path.join(scratch, 'blobs'),
      OUTBOX_DIR: path.join(scratch, 'outbox'),
      CLIENT_DIR: path.join(scratch, 'client'),
      LOG_LEVEL: 'info',
    };
    a = await startInstance('A', { ...shared, DATA_DIR: path.join(scratch, 'a'), JOB_WORKERS: '0' });
    b = await startInstance('B', { ...shared, DATA_DIR: path.join(scratch, 'b'), JOB_WORKERS: '1' });
  }, 2 * STARTUP_MS);

  afterAll(async () => {
    for (const client of clients) client.close();
    const exits = await Promise.all([a, b].filter(Boolean).map(stopInstance));
    await db?.close();
    await database?.drop();
    if (scratch) await rm(scratch, { recursive: true, force: true });
    // A clean shutdown closes the sockets and Redis before the database, and exits 0.
    expect(exits).toEqual(exits.map(() => 0));
  });

  async function live(instance: Instance, user: SeededUser): Promise<LiveClient> {
    const client = await connectAndLogin(instance.url, user.token, user.userId);
    clients.push(client);
    return client;
  }

  async function call(instance: Instance, method: string, route: string, token: string, json?: unknown) {
    const response = await fetch(`${instance.url}${route}`, {
      method,
      headers: {
        authorization: token,
        ...(json === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(json === undefined ? {} : { body: JSON.stringify(json) }),
    });
    const text = await response.text();
    return { status: response.status, body: text ? (JSON.parse(text) as unknown) : undefined };
  }

  const about = (eventName: string, modelId: string) => (event: { payload: RealtimePayload }) =>
    event.payload.eventName === eventName && (event.payload.data as { modelId?: string }).modelId === modelId;

  it('a client on instance A hears the progress and the new version of an upload through instance B', async () => {
    expect(a.url).not.toBe(b.url);
    const created = await call(b, 'POST', '/api/models', owner.token, { name: 'Across', organizationId });
    expect(created.status).toBe(201);
    const modelId = modelSchema.parse(created.body)._id;
    const granted = await call(b, 'PUT', `/api/models/${modelId}`, owner.token, {
      permissions: [{ userId: reader.userId, type: 'READ' }],
    });
    expect(granted.status).toBe(200);

    const readerOnA = await live(a, reader);
    const bytes = writeModelJson(generateBuilding(presetParameters('1k', 11))).bytes;
    const uploaded = await fetch(`${b.url}/api/v2/uploads?modelId=${modelId}`, {
      method: 'POST',
      headers: {
        authorization: owner.token,
        'content-type': 'application/octet-stream',
        'x-file-name': 'across.json',
        gussetsessionid: 'tab-b',
      },
      body: bytes,
    });
    expect(uploaded.status).toBe(202);
    const job = jobSchema.parse(await uploaded.json());

    const added = await readerOnA.waitFor(about('ModelAdded', modelId), 30_000);
    expect(added.payload).toMatchObject({
      author: { _id: owner.userId },
      GussetSessionId: 'tab-b',
      data: { modelId, versionNumber: 1, organizationId, newModel: false },
    });
    const progress = eventsNamed(readerOnA, 'ProgressUpdate').map((payload) => jobSchema.parse(payload.data));
    expect(progress.length).toBeGreaterThan(1);
    expect(progress.every((update) => update._id === job._id)).toBe(true);
    expect(progress.at(-1)).toMatchObject({ status: 'done', progress: 100 });
  });

  it('a collaborator removed through B leaves the rooms on A at once and hears nothing more', async () => {
    const created = await call(b, 'POST', '/api/models', owner.token, { name: 'Removed', organizationId });
    const modelId = modelSchema.parse(created.body)._id;
    await call(b, 'PUT', `/api/models/${modelId}`, owner.token, {
      permissions: [{ userId: reader.userId, type: 'READ' }],
    });
    const [ownerOnA, readerOnA] = [await live(a, owner), await live(a, reader)];
    await call(b, 'PUT', `/api/models/${modelId}`, owner.token, { name: 'Removed 1' });
    await readerOnA.waitFor(about('ModelUpdated', modelId));

    const removed = await call(
      b,
      'DELETE',
      `/api/models/${modelId}/collaborators/${reader.userId}`,
      owner.token,
    );
    expect(removed.status).toBe(200);
    const before = readerOnA.events.length;
    await call(b, 'PUT', `/api/models/${modelId}`, owner.token, { name: 'Removed 2' });
    await ownerOnA.waitFor(
      (event) =>
        about('ModelUpdated', modelId)(event) &&
        ownerOnA.events.filter(about('ModelUpdated', modelId)).length >= 3,
    );
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    expect(readerOnA.events.slice(before)).toEqual([]);
  });
});
