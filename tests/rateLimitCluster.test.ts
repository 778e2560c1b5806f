import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownMessages } from '../src/contract/errors';
import type { Db } from '../src/server/db/db';
import { migrate } from '../src/server/db/migrate';
import { openPostgres } from '../src/server/db/postgres';
import { createThrowawayDatabase, type ThrowawayDatabase } from '../src/server/testing/databases';
import { readOutbox } from '../src/server/testing/outbox';
import { startInstance, stopInstance, STARTUP_MS, type Instance } from './support/instances';

/**
 * Two server processes sharing one PostgreSQL database and Redis, with the default limits: a limit reached
 * through both instances together is reached, whichever instance answers next. TRUST_PROXY=1, so the client is
 * the right-most X-Forwarded-For address and the test speaks from several addresses. Every run has its own Redis
 * key prefix. Needs REDIS_URL_TEST and DATABASE_URL; without them the suite is skipped (its name says why) and
 * fails in CI.
 */
const redisUrl = process.env.REDIS_URL_TEST;
const adminDatabaseUrl = process.env.DATABASE_URL;
const missing = [redisUrl ? null : 'REDIS_URL_TEST', adminDatabaseUrl ? null : 'DATABASE_URL'].filter(
  (name): name is string => name !== null,
);
if (missing.length > 0 && process.env.CI) {
  throw new Error(`The two-instance rate-limit test needs ${missing.join(' and ')}; CI must set them.`);
}
const SKIP_NOTE = missing.length > 0 ? ` (skipped: ${missing.join(' and ')} not set)` : '';

const password = 'Correct-Horse-9';

describe.skipIf(missing.length > 0)(`rate limits across two instances sharing Redis${SKIP_NOTE}`, () => {
  let database: ThrowawayDatabase;
  let db: Db;
  let scratch: string;
  let outboxDir: string;
  let a: Instance;
  let b: Instance;

  beforeAll(async () => {
    database = await createThrowawayDatabase();
    db = openPostgres(database.url, { error: () => undefined });
    await migrate(db);
    scratch = await mkdtemp(path.join(os.tmpdir(), 'gusset-limits-'));
    outboxDir = path.join(scratch, 'outbox');
    const shared = {
      HOST: '127.0.0.1',
      PORT: '0',
      DATABASE_URL: database.url,
      REDIS_URL: redisUrl as string,
      RATE_LIMIT_KEY_PREFIX: `gusset-test-${randomUUID()}`,
      TRUST_PROXY: '1',
      BLOB_DIR: path.join(scratch, 'blobs'),
      OUTBOX_DIR: outboxDir,
      CLIENT_DIR: path.join(scratch, 'client'),
      JOB_WORKERS: '0',
      LOG_LEVEL: 'info',
    };
    [a, b] = await Promise.all([
      startInstance('A', { ...shared, DATA_DIR: path.join(scratch, 'a') }),
      startInstance('B', { ...shared, DATA_DIR: path.join(scratch, 'b') }),
    ]);
  }, 2 * STARTUP_MS);

  afterAll(async () => {
    const exits = await Promise.all([a, b].filter(Boolean).map(stopInstance));
    await db?.close();
    await database?.drop();
    if (scratch) await rm(scratch, { recursive: true, force: true });
    expect(exits).toEqual(exits.map(() => 0));
  });

  async function post(instance: Instance, route: string, json: unknown, from: string) {
    const response = await fetch(`${instance.url}${route}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': from },
      body: JSON.stringify(json),
    });
    return {
      status: response.status,
      retryAfter: response.headers.get('retry-after'),
      body: await response.json(),
    };
  }

  /** A real account, made through instance A (signup → mailed link → verify). */
  async function account(): Promise<string> {
    const email = `owner-${randomUUID()}@example.com`;
    expect((await post(a, '/auth/signup', { emailAddress: email }, '192.0.2.200')).status).toBe(200);
    const mail = (await readOutbox(outboxDir)).filter((m) => m.to === email).at(-1);
    const link = new URL(mail?.links[0] ?? 'http://missing/');
    const verify = await post(
      a,
      '/auth/verify',
      {
        resetToken: link.searchParams.get('resetToken'),
        emailAddress: link.searchParams.get('email'),
        firstName: 'Ada',
        lastName: 'Lovelace',
        password,
      },
      '192.0.2.200',
    );
    expect(verify.status).toBe(201);
    return email;
  }

  it('counts wrong passwords through both instances together; the owner elsewhere still logs in', async () => {
    const email = await account();
    const attacker = '203.0.113.5';
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      const instance = attempt % 2 === 0 ? a : b;
      const answer = await post(
        instance,
        '/auth/login',
        { emailAddress: email, password: 'Wrong-Pass-1' },
        attacker,
      );
      expect(answer.status, `attempt ${attempt} on ${instance.name}`).toBe(401);
    }
    for (const instance of [a, b]) {
      const refused = await post(instance, '/auth/login', { emailAddress: email, password }, attacker);
      expect(refused, instance.name).toMatchObject({
        status: 429,
        body: { message: ownMessages.tooManyAttempts },
      });
      expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    }
    // The attacker's failures do not lock the owner out: from their own address the right password works.
    for (const instance of [a, b]) {
      const owner = await post(instance, '/auth/login', { emailAddress: email, password }, '198.51.100.8');
      expect(owner.status, instance.name).toBe(200);
    }
  });

  it('counts a client by the right-most forwarded address: a forged left part does not get around it', async () => {
    const client = '198.51.100.99';
    // forgotPerIp is 10 per 10 minutes (no hashing, so the test stays quick).
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      const instance = attempt % 2 === 0 ? a : b;
      const forged = `10.${attempt}.${attempt}.${attempt}, ${client}`;
      const answer = await post(
        instance,
        '/auth/forgot',
        { emailAddress: `nobody-${attempt}@example.com` },
        forged,
      );
      expect(answer.status, `attempt ${attempt} on ${instance.name}`).toBe(200);
    }
    for (const instance of [a, b]) {
      const refused = await post(
        instance,
        '/auth/forgot',
        { emailAddress: 'nobody-else@example.com' },
        `${randomUUID().slice(0, 8)}, 172.16.0.9, ${client}`,
      );
      expect(refused.status, instance.name).toBe(429);
    }
    // Another client (another right-most address) is not held by this one's count.
    const other = await post(
      a,
      '/auth/forgot',
      { emailAddress: 'nobody-else@example.com' },
      '198.51.100.100',
    );
    expect(other.status).toBe(200);
  });
});
