import { isIP } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';

/** One attempt budget: at most `points` attempts per `durationSeconds` for one key (an IP or an address). */
export interface AttemptBudget {
  points: number;
  durationSeconds: number;
}

/** The limits of spec section 5's auth endpoints, checked before any password hashing. */
export interface RateLimitConfig {
  loginPerIp: AttemptBudget;
  /** Wrong passwords for one account from one address: past it that address waits out the window. */
  loginFailuresPerAccountAndIp: AttemptBudget;
  /**
   * Wrong passwords for one account from all addresses together: past `points` in the window, every further
   * failure doubles a pause (`loginPause`: 1 s, 2 s, 4 s... at most 15 min) before anyone may try that account again.
   */
  loginFailuresPerAccount: AttemptBudget;
  forgotPerIp: AttemptBudget;
  forgotPerEmail: AttemptBudget;
  signupPerIp: AttemptBudget;
  signupPerEmail: AttemptBudget;
}

export const defaultRateLimits: RateLimitConfig = {
  loginPerIp: { points: 30, durationSeconds: 15 * 60 },
  loginFailuresPerAccountAndIp: { points: 10, durationSeconds: 15 * 60 },
  loginFailuresPerAccount: { points: 20, durationSeconds: 60 * 60 },
  forgotPerIp: { points: 10, durationSeconds: 10 * 60 },
  forgotPerEmail: { points: 4, durationSeconds: 10 * 60 },
  signupPerIp: { points: 10, durationSeconds: 10 * 60 },
  signupPerEmail: { points: 4, durationSeconds: 10 * 60 },
};

/**
 * Invitation mails (issue #22): an invitation mails a stranger with the inviter's words in it, so it is budgeted
 * like any other way of making Gusset send mail. Counted only when a mail goes out (adding someone who already
 * has an account sends none). A new account, the cheapest one to make for spam, has the smallest budget.
 */
export interface InvitationLimitConfig {
  /** Per inviting user, for accounts younger than `newAccountHours`: 5 an hour. */
  perNewAccount: AttemptBudget;
  /** Per inviting user: 50 an hour. */
  perUser: AttemptBudget;
  /** Per organization, whoever invites: 100 an hour. */
  perOrganization: AttemptBudget;
  /** How long an account counts as new: 24 hours. */
  newAccountHours: number;
}

export const defaultInvitationLimits: InvitationLimitConfig = {
  perNewAccount: { points: 5, durationSeconds: 60 * 60 },
  perUser: { points: 50, durationSeconds: 60 * 60 },
  perOrganization: { points: 100, durationSeconds: 60 * 60 },
  newAccountHours: 24,
};
/** The progressive pause of an account past `loginFailuresPerAccount`: first length, doubled per failure, capped. */
export interface LoginPauseConfig {
  firstSeconds: number;
  maxSeconds: number;
}

export const defaultLoginPause: LoginPauseConfig = { firstSeconds: 1, maxSeconds: 15 * 60 };

export const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof logLevels)[number];

export interface Config {
  port: number;
  host: string;
  /** Base of every link in a mail. Never derived from the request's Host header (host-header injection). */
  publicUrl: string;
  /** PostgreSQL connection string; undefined means the embedded PGlite under `dataDir`. */
  databaseUrl: string | undefined;
  /** Directory of local state; ':memory:' keeps PGlite in memory (tests). */
  dataDir: string;
  outboxDir: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Lower-cased addresses of the internal administrators (spec section 6). */
  admins: readonly string[];
  sessionTtlHours: number;
  logLevel: LogLevel;
  clientDir: string;
  /** The user documentation served at /docs/{page} (the repository's docs/). */
  docsDir: string;
  /**
   * Which X-Forwarded-For hops to believe, in Fastify's `trustProxy` (proxy-addr) terms: false believes none, a
   * number that many proxies in front of us, a list those proxy addresses/CIDRs. The client is the right-most
   * address not trusted, so a client cannot choose its own address by sending the header itself.
   */
  trustProxy: TrustProxy;
  rateLimits: RateLimitConfig;
  invitationLimits: InvitationLimitConfig;
  loginPause: LoginPauseConfig;
  /** Prefix of the rate-limit keys in Redis, so several deployments (or test runs) can share one Redis. */
  rateLimitKeyPrefix: string;
  uploads: UploadConfig;
  /** Redis joining the live sockets of several instances (socket.io's Redis adapter); undefined: one instance. */
  redisUrl: string | undefined;
  /** Payments (issue #10): Stripe when both keys are set, else the local test provider. */
  billing: BillingConfig;
  analytics: AnalyticsConfig;
}

/**
 * Usage analytics: every API request is recorded in memory and written in batches, so no request waits for it.
 * A crash loses at most the last `flushIntervalMs` of records (accepted: analytics, not accounting).
 */
export interface AnalyticsConfig {
  /** ANALYTICS_ENABLED (default true); false records nothing (summaries still read what exists). */
  enabled: boolean;
  /** Buffered records are written at least this often... */
  flushIntervalMs: number;
  /** ...and as soon as this many are waiting. */
  flushBatchSize: number;
}

/** Stripe's settings; `stripe` null means the documented local test provider (no real charges). */
export interface BillingConfig {
  stripe: {
    secretKey: string;
    publishableKey: string;
    /** Verifies POST /stripe/webhook; without it the webhook answers 404. */
    webhookSecret: string | undefined;
    /** Another API host for the SDK (tests' fake Stripe), e.g. http://127.0.0.1:12111. */
    apiUrl: string | undefined;
    /** Price ids of the per-paid-model subscription, by billing cycle (no subscription without one). */
    priceMonthly: string | undefined;
    priceAnnual: string | undefined;
  } | null;
  /**
   * The local test provider's shown prices of one paid model, in minor units of `currency` (LOCAL_PRICE_MONTHLY,
   * default 2500; LOCAL_PRICE_ANNUAL, default 25000; LOCAL_PRICE_CURRENCY, default usd). Nothing is charged.
   */
  localPrices: { monthly: number; annual: number; currency: string };
}

/** Uploads, the blob store and the background job queue that translates them. */
export interface UploadConfig {
  /** The largest file accepted, checked while it streams in (413 past it). */
  maxBytes: number;
  /** Where the local blob store keeps uploaded files, by SHA-256. */
  blobDir: string;
  /** Jobs run at once by this process, each in its own worker thread (0: this process runs none). */
  workers: number;
  /** How long a claimed job is held without a heartbeat before another worker may claim it again. */
  leaseMs: number;
  /** Tries before a job that keeps failing (its worker dies) is marked failed. */
  maxAttempts: number;
  /** UPLOAD_MAX_POINTS / UPLOAD_MAX_ELEMENTS: the most of each one file may make; past them it is refused. */
  limits: { maxPoints: number; maxElements: number };
  /**
   * JOB_WORKER_MAX_MEMORY_MB: the heap of each translation's worker thread; a file that needs more ends that
   * worker ('out of memory') and fails its upload, never the server.
   */
  workerMaxMemoryMb: number;
}

export const inMemoryDataDir = ':memory:';

const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);
const optionalText = z.preprocess(emptyToUndefined, z.string().trim().min(1).optional());

export type TrustProxy = false | number | readonly string[];

/** proxy-addr's names for whole ranges, accepted in a TRUST_PROXY list. */
const proxyRangeNames = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrCidr(entry: string): boolean {
  if (proxyRangeNames.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  // proxy-addr also takes an IPv4 netmask after the slash (10.0.0.0/255.0.0.0).
  if (family === 4 && isIP(prefix) === 4) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: `false`/`0` (default), a hop count (`1` for one reverse proxy), or a comma-separated list of
 * proxy addresses/CIDRs. `true` is kept for old deployments and now means one hop, not "believe the whole header"
 * (which took the left-most, client-chosen address).
 */
const trustProxySchema = z.preprocess(
  emptyToUndefined,
  z
    .string()
    .trim()
    .default('false')
    .transform((value, context): TrustProxy => {
      const lower = value.toLowerCase();
      if (lower === 'false') return false;
      if (lower === 'true') return 1;
      if (/^\d+$/.test(value)) {
        const hops = Number(value);
        if (hops <= 64) return hops === 0 ? false : hops;
      }
      const entries = value
        .split(',')
        .map((entry) => entry.trim())
        .filter((entry) => entry.length > 0);
      const invalid = entries.filter((entry) => !isAddressOrCidr(entry));
      if (entries.length === 0 || invalid.length > 0) {
        context.addIssue({
          code: 'custom',
          message: `expected false, a hop count (0-64) or proxy addresses/CIDRs; not ${invalid.join(', ') || value}`,
        });
        return z.NEVER;
      }
      return entries;
    }),
);

const envSchema = z.object({
  PORT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(65535).default(3000)),
  HOST: z.preprocess(emptyToUndefined, z.string().trim().min(1).default('0.0.0.0')),
  PUBLIC_URL: z.preprocess(emptyToUndefined, z.url({ protocol: /^https?$/ }).optional()),
  DATABASE_URL: z.preprocess(emptyToUndefined, z.url({ protocol: /^postgres(ql)?$/ }).optional()),
  DATA_DIR: z.preprocess(emptyToUndefined, z.string().trim().min(1).default('./data')),
  OUTBOX_DIR: optionalText,
  SMTP_URL: z.preprocess(emptyToUndefined, z.url({ protocol: /^smtps?$/ }).optional()),
  MAIL_FROM: z.preprocess(
    emptyToUndefined,
    z.string().trim().min(1).default('Gusset <no-reply@gusset.local>'),
  ),
  GUSSET_ADMINS: z.preprocess(emptyToUndefined, z.string().default('')),
  SESSION_TTL_HOURS: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number()
      .positive()
      .max(24 * 365)
      .default(720),
  ),
  LOG_LEVEL: z.preprocess(emptyToUndefined, z.enum(logLevels).default('info')),
  CLIENT_DIR: z.preprocess(emptyToUndefined, z.string().trim().min(1).default('dist/client')),
  DOCS_DIR: z.preprocess(emptyToUndefined, z.string().trim().min(1).default('docs')),
  TRUST_PROXY: trustProxySchema,
  RATE_LIMIT_KEY_PREFIX: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^[A-Za-z0-9_.:-]{1,64}$/)
      .default('gusset'),
  ),
  SIGNUP_LIMIT_PER_IP: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().positive().max(100_000).default(defaultRateLimits.signupPerIp.points),
  ),
  UPLOAD_MAX_BYTES: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number()
      .int()
      .positive()
      .default(512 * 1024 * 1024),
  ),
  BLOB_DIR: optionalText,
  JOB_WORKERS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(64).default(1)),
  JOB_LEASE_SECONDS: z.preprocess(emptyToUndefined, z.coerce.number().positive().max(86_400).default(60)),
  JOB_MAX_ATTEMPTS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(100).default(3)),
  UPLOAD_MAX_POINTS: z.preprocess(emptyToUndefined, z.coerce.number().int().positive().default(2_000_000)),
  UPLOAD_MAX_ELEMENTS: z.preprocess(emptyToUndefined, z.coerce.number().int().positive().default(2_000_000)),
  JOB_WORKER_MAX_MEMORY_MB: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(128).max(65_536).default(4096),
  ),
  REDIS_URL: z.preprocess(emptyToUndefined, z.url({ protocol: /^rediss?$/ }).optional()),
  ANALYTICS_ENABLED: z.preprocess(emptyToUndefined, z.enum(['true', 'false', '1', '0']).default('true')),
  STRIPE_SECRET_KEY: optionalText,
  STRIPE_PUBLISHABLE_KEY: optionalText,
  STRIPE_WEBHOOK_SECRET: optionalText,
  STRIPE_API_URL: z.preprocess(emptyToUndefined, z.url({ protocol: /^https?$/ }).optional()),
  STRIPE_PRICE_MONTHLY: optionalText,
  STRIPE_PRICE_ANNUAL: optionalText,
  LOCAL_PRICE_MONTHLY: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).default(2500)),
  LOCAL_PRICE_ANNUAL: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).default(25_000)),
  LOCAL_PRICE_CURRENCY: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .trim()
      .regex(/^[A-Za-z]{3}$/, { error: 'must be a three-letter ISO 4217 code' })
      .transform((code) => code.toLowerCase())
      .default('usd'),
  ),
});

/**
 * Reads the environment once into a validated Config. Throws with every invalid variable named, so a typo in a
 * deployment fails at start rather than at the first mail or login.
 */
export function loadConfig(env: Readonly<Record<string, string | undefined>>): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const e = parsed.data;
  // One Stripe key without the other would silently fall back to the test provider in production.
  if ((e.STRIPE_SECRET_KEY === undefined) !== (e.STRIPE_PUBLISHABLE_KEY === undefined)) {
    throw new Error(
      'Invalid configuration:\n  STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY must be set together (or neither, for the local test provider)',
    );
  }
  const dataDir = e.DATA_DIR === inMemoryDataDir ? inMemoryDataDir : path.resolve(e.DATA_DIR);
  const defaultOutbox =
    dataDir === inMemoryDataDir ? path.resolve('data', 'outbox') : path.join(dataDir, 'outbox');
  return {
    port: e.PORT,
    host: e.HOST,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    databaseUrl: e.DATABASE_URL,
    dataDir,
    outboxDir: e.OUTBOX_DIR ? path.resolve(e.OUTBOX_DIR) : defaultOutbox,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    admins: e.GUSSET_ADMINS.split(',')
      .map((address) => address.trim().toLowerCase())
      .filter((address) => address.length > 0),
    sessionTtlHours: e.SESSION_TTL_HOURS,
    logLevel: e.LOG_LEVEL,
    clientDir: path.resolve(e.CLIENT_DIR),
    docsDir: path.resolve(e.DOCS_DIR),
    trustProxy: e.TRUST_PROXY,
    // One office behind one address signs up more people than one attacker should: the per-IP budget is a setting.
    rateLimits: {
      ...defaultRateLimits,
      signupPerIp: { ...defaultRateLimits.signupPerIp, points: e.SIGNUP_LIMIT_PER_IP },
    },
    invitationLimits: defaultInvitationLimits,
    loginPause: defaultLoginPause,
    rateLimitKeyPrefix: e.RATE_LIMIT_KEY_PREFIX,
    uploads: {
      maxBytes: e.UPLOAD_MAX_BYTES,
      // In memory there is no data folder; blobs are content-addressed, so a shared temp folder is safe.
      blobDir: e.BLOB_DIR
        ? path.resolve(e.BLOB_DIR)
        : dataDir === inMemoryDataDir
          ? path.join(os.tmpdir(), 'gusset-blobs')
          : path.join(dataDir, 'blobs'),
      workers: e.JOB_WORKERS,
      leaseMs: e.JOB_LEASE_SECONDS * 1000,
      maxAttempts: e.JOB_MAX_ATTEMPTS,
      limits: { maxPoints: e.UPLOAD_MAX_POINTS, maxElements: e.UPLOAD_MAX_ELEMENTS },
      workerMaxMemoryMb: e.JOB_WORKER_MAX_MEMORY_MB,
    },
    redisUrl: e.REDIS_URL,
    billing: {
      stripe:
        e.STRIPE_SECRET_KEY && e.STRIPE_PUBLISHABLE_KEY
          ? {
              secretKey: e.STRIPE_SECRET_KEY,
              publishableKey: e.STRIPE_PUBLISHABLE_KEY,
              webhookSecret: e.STRIPE_WEBHOOK_SECRET,
              apiUrl: e.STRIPE_API_URL,
              priceMonthly: e.STRIPE_PRICE_MONTHLY,
              priceAnnual: e.STRIPE_PRICE_ANNUAL,
            }
          : null,
      localPrices: {
        monthly: e.LOCAL_PRICE_MONTHLY,
        annual: e.LOCAL_PRICE_ANNUAL,
        currency: e.LOCAL_PRICE_CURRENCY,
      },
    },
    analytics: {
      enabled: e.ANALYTICS_ENABLED === 'true' || e.ANALYTICS_ENABLED === '1',
      flushIntervalMs: 1000,
      flushBatchSize: 500,
    },
  };
}
