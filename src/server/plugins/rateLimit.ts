import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import { ownMessages } from '../../contract/errors';
import {
  defaultLoginPause,
  type AttemptBudget,
  type Config,
  type LoginPauseConfig,
  type RateLimitConfig,
} from '../config';
import type { Db } from '../db/db';
import { HttpError } from '../httpError';

/** One named budget of attempts per key. Every method throws the 429 HttpError when the key is over budget. */
export interface AttemptLimiter {
  /** Counts one attempt. */
  consume(key: string): Promise<void>;
  /** Refuses a key that has used its budget, without counting (login counts only failures). */
  check(key: string): Promise<void>;
  /** Forgets a key, e.g. an account's failures after a successful login. */
  reset(key: string): Promise<void>;
}

/** A counter of one key in a fixed window: how many hits so far and how long until the window ends. */
interface Count {
  consumed: number;
  msBeforeNext: number;
}

/** What a store keeps per key; the limiters' rules are built on it (the same rules over every store). */
interface Counter {
  /** Adds one hit and answers the count, also past any budget (the caller decides). */
  hit(key: string): Promise<Count>;
  peek(key: string): Promise<Count | null>;
  clear(key: string): Promise<void>;
  /** Holds the key shut for `seconds` (the progressive login pause); `peek` answers it until then. */
  hold(key: string, seconds: number): Promise<void>;
}

/**
 * Where the counts live, chosen once at start: Redis when REDIS_URL is set, else the database when it is
 * PostgreSQL (several instances may share it), else this process's memory (PGlite serves one instance).
 */
export interface RateLimitStore {
  readonly kind: 'memory' | 'redis' | 'database';
  counter(name: string, windowSeconds: number): Counter;
  close(): Promise<void>;
}

export interface LoginFailures {
  /** Refuses (429) while the account is paused, or while this address has used its budget for the account. */
  check(account: string, address: string): Promise<void>;
  /** Counts a wrong password; from the account-wide threshold on, it also starts or doubles the pause. */
  failed(account: string, address: string): Promise<void>;
  /** A right password clears this address's failures for the account (not the account-wide count). */
  succeeded(account: string, address: string): Promise<void>;
  /** A password reset proves the owner: everything counted against the account from `address`, and the pause. */
  reset(account: string, address: string): Promise<void>;
}

/** The login failure budgets make `loginFailures`; every other budget is a plain AttemptLimiter. */
type LoginFailureBudget = 'loginFailuresPerAccountAndIp' | 'loginFailuresPerAccount';
const loginFailureBudgets: readonly string[] = ['loginFailuresPerAccountAndIp', 'loginFailuresPerAccount'];

export type RateLimits = Readonly<
  Record<Exclude<keyof RateLimitConfig, LoginFailureBudget>, AttemptLimiter>
> & {
  readonly loginFailures: LoginFailures;
};

// rate-limiter-flexible refuses over `points`; counters never refuse, the rules above compare themselves.
const UNBOUNDED = Number.MAX_SAFE_INTEGER;

function tooManyAttempts(msBeforeNext: number): HttpError {
  const seconds = Math.max(1, Math.ceil(msBeforeNext / 1000));
  return new HttpError(429, ownMessages.tooManyAttempts, { 'Retry-After': String(seconds) });
}

function toCount(result: RateLimiterRes): Count {
  return { consumed: result.consumedPoints, msBeforeNext: Math.max(0, result.msBeforeNext) };
}

/** A counter over one of rate-limiter-flexible's limiters (memory, or Redis insured by memory). */
function flexibleCounter(limiter: RateLimiterAbstract): Counter {
  return {
    async hit(key) {
      try {
        return toCount(await limiter.consume(key));
      } catch (rejection) {
        if (rejection instanceof RateLimiterRes) return toCount(rejection);
        throw rejection;
      }
    },
    async peek(key) {
      const state = await limiter.get(key);
      return state ? toCount(state) : null;
    },
    async clear(key) {
      await limiter.delete(key);
    },
    async hold(key, seconds) {
      await limiter.block(key, seconds);
    },
  };
}

export function createMemoryStore(): RateLimitStore {
  // One counter per name, as in Redis and the table: two modules building the same budget share its counts.
  const counters = new Map<string, Counter>();
  return {
    kind: 'memory',
    counter(name, windowSeconds) {
      const key = `${name}/${windowSeconds}`;
      let counter = counters.get(key);
      if (!counter) {
        counter = flexibleCounter(
          new RateLimiterMemory({ keyPrefix: name, points: UNBOUNDED, duration: windowSeconds }),
        );
        counters.set(key, counter);
      }
      return counter;
    },
    close: async () => undefined,
  };
}

/**
 * Redis through one shared ioredis client. Without its offline queue a command fails at once while Redis is
 * away, and `rejectIfRedisNotReady` skips Redis entirely, so each limiter falls back to its in-memory insurance
 * limiter: during an outage every instance limits on its own (fail open per instance, never closed for all).
 */
export async function createRedisStore(
  url: string,
  prefix: string,
  log: FastifyBaseLogger,
  readyTimeoutMs = 5000,
): Promise<RateLimitStore> {
  const client = new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
  let healthy = true;
  client.on('error', (error: unknown) => {
    // ioredis retries every few hundred ms; one warning per outage is enough.
    if (healthy)
      log.warn({ err: error }, 'Rate-limit Redis unreachable: limits are per instance until it is back');
    healthy = false;
  });
  client.on('ready', () => {
    if (!healthy) log.info('Rate-limit Redis is back');
    healthy = true;
  });
  await waitUntilReady(client, readyTimeoutMs);
  return {
    kind: 'redis',
    counter(name, windowSeconds) {
      const keyPrefix = `${prefix}:rl:${name}`;
      return flexibleCounter(
        new RateLimiterRedis({
          storeClient: client,
          keyPrefix,
          points: UNBOUNDED,
          duration: windowSeconds,
          rejectIfRedisNotReady: true,
          insuranceLimiter: new RateLimiterMemory({ keyPrefix, points: UNBOUNDED, duration: windowSeconds }),
        }),
      );
    },
    async close() {
      client.disconnect();
    },
  };
}

/** Resolves when the client is ready or after `ms` (the insurance limiter covers a Redis that is not there yet). */
function waitUntilReady(client: Redis, ms: number): Promise<void> {
  if (client.status === 'ready') return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      client.off('ready', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    client.once('ready', done);
  });
}

/**
 * The `rate_limits` table (migration 008): one atomic upsert per hit, timed by the database's clock so every
 * instance agrees on the window. A new window starts when the old one has expired. Expired rows are swept now
 * and then; a database outage fails the request like any other query (login needs the database anyway).
 */
export function createDatabaseStore(db: Db): RateLimitStore {
  let hitsSinceSweep = 0;
  const sweepEvery = 500;

  async function upsert(key: string, seconds: number, hold: boolean): Promise<Count> {
    const rows = await db.query<{ points: number; ms: number }>(
      `INSERT INTO rate_limits AS r (key, points, expires_at)
       VALUES ($1, $3, now() + make_interval(secs => $2))
       ON CONFLICT (key) DO UPDATE SET
         points = CASE WHEN $4 OR r.expires_at <= now() THEN EXCLUDED.points ELSE r.points + 1 END,
         expires_at = CASE WHEN $4 OR r.expires_at <= now() THEN EXCLUDED.expires_at ELSE r.expires_at END
       RETURNING points, ceil(extract(epoch FROM (expires_at - now())) * 1000)::float8 AS ms`,
      [key, seconds, hold ? UNBOUNDED_DB : 1, hold],
    );
    const row = rows[0];
    return { consumed: Number(row?.points ?? 0), msBeforeNext: Math.max(0, Number(row?.ms ?? 0)) };
  }

  return {
    kind: 'database',
    counter(name, windowSeconds) {
      const keyOf = (key: string) => `${name}:${key}`;
      return {
        async hit(key) {
          hitsSinceSweep += 1;
          if (hitsSinceSweep >= sweepEvery) {
            hitsSinceSweep = 0;
            await db.query('DELETE FROM rate_limits WHERE expires_at <= now()');
          }
          return upsert(keyOf(key), windowSeconds, false);
        },
        async peek(key) {
          const rows = await db.query<{ points: number; ms: number }>(
            `SELECT points, ceil(extract(epoch FROM (expires_at - now())) * 1000)::float8 AS ms
             FROM rate_limits WHERE key = $1 AND expires_at > now()`,
            [keyOf(key)],
          );
          const row = rows[0];
          return row ? { consumed: Number(row.points), msBeforeNext: Math.max(0, Number(row.ms)) } : null;
        },
        async clear(key) {
          await db.query('DELETE FROM rate_limits WHERE key = $1', [keyOf(key)]);
        },
        async hold(key, seconds) {
          await upsert(keyOf(key), seconds, true);
        },
      };
    },
    close: async () => undefined,
  };
}

// A held key reads as "over any budget"; the column is an integer.
const UNBOUNDED_DB = 2_000_000_000;

/** Picks the store for this deployment (see RateLimitStore). */
export async function openRateLimitStore(
  config: Pick<Config, 'redisUrl' | 'rateLimitKeyPrefix'>,
  db: Db,
  log: FastifyBaseLogger,
): Promise<RateLimitStore> {
  if (config.redisUrl) return createRedisStore(config.redisUrl, config.rateLimitKeyPrefix, log);
  if (db.kind === 'postgres') return createDatabaseStore(db);
  return createMemoryStore();
}

function budgetLimiter(counter: Counter, budget: AttemptBudget): AttemptLimiter {
  return {
    async consume(key) {
      const count = await counter.hit(key);
      if (count.consumed > budget.points) throw tooManyAttempts(count.msBeforeNext);
    },
    async check(key) {
      const count = await counter.peek(key);
      if (count && count.consumed >= budget.points) throw tooManyAttempts(count.msBeforeNext);
    },
    async reset(key) {
      await counter.clear(key);
    },
  };
}

/**
 * A limiter with a capability's own budget (bug reports per user, password checks per account), over the
 * app's store (`context.rateLimitStore`) so the limit holds across instances.
 */
export function createAttemptLimiter(
  name: string,
  budget: AttemptBudget,
  store: RateLimitStore,
): AttemptLimiter {
  return budgetLimiter(store.counter(name, budget.durationSeconds), budget);
}

/** Pairs an account with an address in one key (an address never contains a newline, an email neither). */
const pairKey = (account: string, address: string) => `${account}\n${address}`;

function loginFailures(
  store: RateLimitStore,
  config: RateLimitConfig,
  pauses: LoginPauseConfig,
): LoginFailures {
  const perPair = budgetLimiter(
    store.counter('loginFailuresPerAccountAndIp', config.loginFailuresPerAccountAndIp.durationSeconds),
    config.loginFailuresPerAccountAndIp,
  );
  const perAccount = store.counter('loginFailuresPerAccount', config.loginFailuresPerAccount.durationSeconds);
  const pause = store.counter('loginPause', pauses.maxSeconds);
  return {
    async check(account, address) {
      const paused = await pause.peek(account);
      if (paused && paused.msBeforeNext > 0) throw tooManyAttempts(paused.msBeforeNext);
      await perPair.check(pairKey(account, address));
    },
    async failed(account, address) {
      await perPair.consume(pairKey(account, address)).catch(() => undefined);
      const { consumed } = await perAccount.hit(account);
      const beyond = consumed - config.loginFailuresPerAccount.points;
      if (beyond >= 0) {
        const seconds = Math.min(pauses.maxSeconds, pauses.firstSeconds * 2 ** Math.min(beyond, 30));
        await pause.hold(account, seconds);
      }
    },
    async succeeded(account, address) {
      await perPair.reset(pairKey(account, address));
    },
    async reset(account, address) {
      await Promise.all([
        perPair.reset(pairKey(account, address)),
        perAccount.clear(account),
        pause.clear(account),
      ]);
    },
  };
}

/** The one place the auth limiters are built, all over the store chosen at start. */
export function createRateLimits(
  config: RateLimitConfig,
  store: RateLimitStore,
  pauses: LoginPauseConfig = defaultLoginPause,
): RateLimits {
  const entries = Object.entries(config) as Array<[keyof RateLimitConfig, AttemptBudget]>;
  const limiters = Object.fromEntries(
    entries
      .filter(([name]) => !loginFailureBudgets.includes(name))
      .map(([name, budget]) => [name, createAttemptLimiter(name, budget, store)]),
  ) as Record<Exclude<keyof RateLimitConfig, LoginFailureBudget>, AttemptLimiter>;
  return { ...limiters, loginFailures: loginFailures(store, config, pauses) };
}
