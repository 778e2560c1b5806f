import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownMessages } from '../../contract/errors';
import { defaultRateLimits } from '../config';
import type { Db } from '../db/db';
import { migrate } from '../db/migrate';
import { openPglite } from '../db/pglite';
import { openPostgres } from '../db/postgres';
import { createThrowawayDatabase, type ThrowawayDatabase } from '../testing/databases';
import { HttpError } from '../httpError';
import {
  createAttemptLimiter,
  createDatabaseStore,
  createMemoryStore,
  createRateLimits,
  createRedisStore,
  type RateLimitStore,
} from './rateLimit';

const silentLog = {
  warn: () => undefined,
  info: () => undefined,
} as unknown as Parameters<typeof createRedisStore>[2];

interface StoreCase {
  name: string;
  open(): Promise<{ store: RateLimitStore; close(): Promise<void> }>;
}

async function databaseStore(db: Db, cleanup: () => Promise<void>) {
  await migrate(db);
  const store = createDatabaseStore(db);
  return {
    store,
    async close() {
      await db.close();
      await cleanup();
    },
  };
}

/** Every store the server may choose: memory always, the table on PGlite and PostgreSQL, Redis when given. */
const stores: StoreCase[] = [
  { name: 'memory', open: async () => ({ store: createMemoryStore(), close: async () => undefined }) },
  { name: 'database (PGlite)', open: async () => databaseStore(await openPglite(undefined), async () => {}) },
];
if (process.env.DATABASE_URL) {
  stores.push({
    name: 'database (PostgreSQL)',
    open: async () => {
      const throwaway: ThrowawayDatabase = await createThrowawayDatabase();
      return databaseStore(openPostgres(throwaway.url, { error: () => undefined }), () => throwaway.drop());
    },
  });
}
const redisUrl = process.env.REDIS_URL_TEST;
if (redisUrl) {
  stores.push({
    name: 'redis',
    open: async () => {
      const store = await createRedisStore(redisUrl, `gusset-test-${randomUUID()}`, silentLog);
      return { store, close: () => store.close() };
    },
  });
}

async function refusal(promise: Promise<unknown>): Promise<HttpError> {
  const error = await promise.then(
    () => undefined,
    (rejection: unknown) => rejection,
  );
  if (!(error instanceof HttpError)) throw new Error(`expected a 429, got ${String(error)}`);
  expect(error.statusCode).toBe(429);
  expect(error.message).toBe(ownMessages.tooManyAttempts);
  return error;
}

const retryAfter = (error: HttpError) => Number(error.headers?.['Retry-After']);

describe.each(stores)('rate-limit store: $name', (storeCase) => {
  let store: RateLimitStore;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ store, close } = await storeCase.open());
  });
  afterAll(async () => {
    await close?.();
  });

  it('counts a budget per key, refuses past it with Retry-After, and forgets a reset key', async () => {
    const limiter = createAttemptLimiter('budget', { points: 3, durationSeconds: 600 }, store);
    for (let attempt = 1; attempt <= 3; attempt += 1) await limiter.consume('key-a');
    await limiter.consume('key-b');
    const refused = await refusal(limiter.consume('key-a'));
    expect(retryAfter(refused)).toBeGreaterThan(0);
    expect(retryAfter(refused)).toBeLessThanOrEqual(600);
    await refusal(limiter.check('key-a'));
    await limiter.check('key-b');
    await limiter.reset('key-a');
    await limiter.check('key-a');
    await limiter.consume('key-a');
  });

  it('locks an account only for the address that failed, and pauses it for all past the account budget', async () => {
    const limits = createRateLimits(
      {
        ...defaultRateLimits,
        loginFailuresPerAccountAndIp: { points: 3, durationSeconds: 600 },
        loginFailuresPerAccount: { points: 5, durationSeconds: 3600 },
      },
      store,
    );
    const { loginFailures } = limits;
    const account = `victim-${randomUUID()}@example.com`;
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      await loginFailures.check(account, '203.0.113.1');
      await loginFailures.failed(account, '203.0.113.1');
    }
    await refusal(loginFailures.check(account, '203.0.113.1'));
    // The owner, elsewhere, is not locked out by the attacker's address.
    await loginFailures.check(account, '198.51.100.7');

    // Failures 4 and 5 from other addresses: the fifth reaches the account budget and starts a 1 s pause.
    await loginFailures.failed(account, '203.0.113.2');
    await loginFailures.failed(account, '203.0.113.3');
    // A 1 s pause may already have ended on a slow machine; when it has not, it says so.
    await loginFailures.check(account, '198.51.100.7').then(
      () => undefined,
      (error: unknown) => expect(retryAfter(error as HttpError)).toBe(1),
    );
    // Each further failure doubles it (a pause this long cannot have run out between two calls).
    for (const [beyond, seconds] of [
      [1, 2],
      [2, 4],
      [3, 8],
      [4, 16],
      [5, 32],
    ] as const) {
      await loginFailures.failed(account, `203.0.113.${10 + beyond}`);
      const wait = retryAfter(await refusal(loginFailures.check(account, '198.51.100.7')));
      expect(wait).toBeLessThanOrEqual(seconds);
      if (seconds >= 8) expect(wait).toBeGreaterThan(seconds / 2);
    }

    // A password reset from the owner's address ends the pause and that address's count.
    await loginFailures.reset(account, '198.51.100.7');
    await loginFailures.check(account, '198.51.100.7');
    await refusal(loginFailures.check(account, '203.0.113.1'));
  });

  it('never pauses past 15 minutes', async () => {
    const limits = createRateLimits(
      { ...defaultRateLimits, loginFailuresPerAccount: { points: 1, durationSeconds: 3600 } },
      store,
    );
    const account = `capped-${randomUUID()}@example.com`;
    for (let attempt = 1; attempt <= 14; attempt += 1)
      await limits.loginFailures.failed(account, '203.0.113.9');
    const wait = retryAfter(await refusal(limits.loginFailures.check(account, '198.51.100.7')));
    expect(wait).toBeLessThanOrEqual(900);
    expect(wait).toBeGreaterThan(450);
  });
});

describe('rate limits while Redis is unreachable', () => {
  it('fall back to this instance’s memory: still limited, never locked for everyone', async () => {
    // Port 1 refuses connections at once; the store gives up waiting for it straight away.
    const store = await createRedisStore('redis://127.0.0.1:1', 'gusset-outage', silentLog, 0);
    try {
      const limiter = createAttemptLimiter('outage', { points: 2, durationSeconds: 600 }, store);
      await limiter.consume('key');
      await limiter.consume('key');
      await refusal(limiter.consume('key'));
      await limiter.consume('other-key');
    } finally {
      await store.close();
    }
  });
});
