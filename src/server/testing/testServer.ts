import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppOverrides } from '../app';
import { createArgon2Hasher } from '../modules/auth/passwords';
import type { Clock } from '../clock';
import {
  loadConfig,
  type Config,
  type InvitationLimitConfig,
  type LoginPauseConfig,
  type RateLimitConfig,
} from '../config';
import type { Db } from '../db/db';
import { migrate } from '../db/migrate';
import { openPglite, pgliteDump, type PgliteDump } from '../db/pglite';
import { openPostgres } from '../db/postgres';
import { createThrowawayDatabase, type DatabaseKind } from './databases';
import { readOutbox, type OutboxMail } from './outbox';

/** Limits high enough that suites making many requests from 127.0.0.1 never meet them by accident. */
const generousLimits: RateLimitConfig = {
  loginPerIp: { points: 10_000, durationSeconds: 60 },
  loginFailuresPerAccountAndIp: { points: 10_000, durationSeconds: 60 },
  loginFailuresPerAccount: { points: 10_000, durationSeconds: 60 },
  forgotPerIp: { points: 10_000, durationSeconds: 60 },
  forgotPerEmail: { points: 10_000, durationSeconds: 60 },
  signupPerIp: { points: 10_000, durationSeconds: 60 },
  signupPerEmail: { points: 10_000, durationSeconds: 60 },
};

/** The same for invitations: suites that invite many people from a brand-new account. */
const generousInvitationLimits: InvitationLimitConfig = {
  perNewAccount: { points: 10_000, durationSeconds: 60 },
  perUser: { points: 10_000, durationSeconds: 60 },
  perOrganization: { points: 10_000, durationSeconds: 60 },
  newAccountHours: 24,
};

export const testPublicUrl = 'http://gusset.test';

export interface TestServerOptions {
  /** Extra environment, e.g. GUSSET_ADMINS. */
  env?: Record<string, string>;
  rateLimits?: Partial<RateLimitConfig>;
  /** Invitation budgets (generous unless a test sets them). */
  invitationLimits?: Partial<InvitationLimitConfig>;
  loginPause?: LoginPauseConfig;
  clock?: Clock;
  /** Absent: argon2id at a small cost (testPasswords). 'production': the app's own default, OWASP's cost. */
  passwords?: AppOverrides['passwords'] | 'production';
  mailer?: AppOverrides['mailer'];
  /** False leaves the background job runner stopped (`server.app.jobRunner.start()` starts it). */
  startJobRunner?: boolean;
  /** Stands between the app and its database, e.g. to make a statement fail (fault tests). */
  wrapDb?: (db: Db) => Db;
}

export interface HttpResult {
  status: number;
  headers: Headers;
  /** Parsed JSON when the answer is JSON, else the text ('' for an empty body). */
  body: unknown;
}

export interface RequestOptions {
  json?: unknown;
  /** Sent as is with `Content-Type: application/json` (malformed JSON tests). */
  rawJson?: string;
  /** A file sent as the body with `Content-Type: application/octet-stream` (uploads). */
  bytes?: Uint8Array;
  token?: string;
  headers?: Record<string, string>;
}

export interface TestServer {
  url: string;
  config: Config;
  db: Db;
  app: FastifyInstance;
  request(method: string, urlPath: string, options?: RequestOptions): Promise<HttpResult>;
  mails(): Promise<OutboxMail[]>;
  /** The newest mail to `to`; fails the test when there is none. */
  lastMailTo(to: string): Promise<OutboxMail>;
  close(): Promise<void>;
}

/** A test clock: real time plus an offset the test moves. */
export function createTestClock() {
  let offsetMs = 0;
  const clock: Clock = () => new Date(Date.now() + offsetMs);
  return {
    clock,
    advanceHours(hours: number) {
      offsetMs += hours * 3_600_000;
    },
    reset() {
      offsetMs = 0;
    },
  };
}

/**
 * Argon2id at a small cost (1 MiB, one pass) for test servers: the suite signs up hundreds of people, and at
 * OWASP's cost each one is 170 ms of CPU. What is stored and compared is unchanged; auth.test.ts holds the
 * server's own default to OWASP's row with `passwords: 'production'`.
 */
const testPasswords = createArgon2Hasher(4, { memoryCost: 1024, timeCost: 1 });

/**
 * One migrated, empty PGlite database per test worker (Vitest shares modules between a worker's files), which
 * every PGlite test server opens a copy of: a fresh database runs initdb first (about 2 s of CPU per server
 * here), a copy opens in about a quarter of that.
 */
let migratedPglite: Promise<PgliteDump> | undefined;

function freshPglite(): Promise<Db> {
  migratedPglite ??= pgliteDump((db) => migrate(db));
  return migratedPglite.then((dump) => openPglite(undefined, dump));
}

/**
 * Builds the app on a fresh database of `kind` (in-memory PGlite, or a throwaway PostgreSQL database), with its
 * own temporary outbox and client directory, listening on 127.0.0.1 on a free port. Tests talk HTTP with fetch.
 */
export async function startTestServer(
  kind: DatabaseKind,
  options: TestServerOptions = {},
): Promise<TestServer> {
  const scratch = await mkdtemp(path.join(os.tmpdir(), 'gusset-test-'));
  const throwaway = kind === 'postgres' ? await createThrowawayDatabase() : undefined;
  const baseConfig = loadConfig({
    HOST: '127.0.0.1',
    PORT: '0',
    PUBLIC_URL: testPublicUrl,
    DATA_DIR: ':memory:',
    OUTBOX_DIR: path.join(scratch, 'outbox'),
    CLIENT_DIR: path.join(scratch, 'client'),
    LOG_LEVEL: 'silent',
    BLOB_DIR: path.join(scratch, 'blobs'),
    ...(throwaway ? { DATABASE_URL: throwaway.url } : {}),
    ...options.env,
  });
  const config: Config = {
    ...baseConfig,
    rateLimits: { ...generousLimits, ...options.rateLimits },
    invitationLimits: { ...generousInvitationLimits, ...options.invitationLimits },
    loginPause: options.loginPause ?? baseConfig.loginPause,
  };
  const silent = { error: () => undefined };
  const opened = throwaway ? openPostgres(throwaway.url, silent) : await freshPglite();
  const db = options.wrapDb ? options.wrapDb(opened) : opened;
  const app = await buildApp(config, {
    db,
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.passwords === 'production' ? {} : { passwords: options.passwords ?? testPasswords }),
    ...(options.mailer ? { mailer: options.mailer } : {}),
    ...(options.startJobRunner === undefined ? {} : { startJobRunner: options.startJobRunner }),
  });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });

  async function request(method: string, urlPath: string, requestOptions: RequestOptions = {}) {
    const headers: Record<string, string> = { ...requestOptions.headers };
    let body: string | Uint8Array | undefined;
    if (requestOptions.rawJson !== undefined || requestOptions.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = requestOptions.rawJson ?? JSON.stringify(requestOptions.json);
    } else if (requestOptions.bytes !== undefined) {
      headers['content-type'] ??= 'application/octet-stream';
      body = requestOptions.bytes;
    }
    if (requestOptions.token) headers.authorization = requestOptions.token;
    const response = await fetch(`${address}${urlPath}`, { method, headers, body });
    const text = await response.text();
    const isJson = (response.headers.get('content-type') ?? '').includes('application/json');
    return {
      status: response.status,
      headers: response.headers,
      body: isJson && text ? JSON.parse(text) : text,
    };
  }

  return {
    url: address,
    config,
    db,
    app,
    request,
    mails: () => readOutbox(config.outboxDir),
    async lastMailTo(to: string) {
      const mail = (await readOutbox(config.outboxDir)).filter((m) => m.to === to).at(-1);
      if (!mail) throw new Error(`No mail to ${to} in ${config.outboxDir}`);
      return mail;
    },
    async close() {
      await app.close();
      await throwaway?.drop();
      await rm(scratch, { recursive: true, force: true });
    },
  };
}
