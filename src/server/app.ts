import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { ownMessages } from '../contract/errors';
import type { BlobStore } from './blobs/blobStore';
import { createLocalDerivedCache } from './blobs/derivedCache';
import { createLocalBlobStore } from './blobs/localBlobStore';
import { systemClock, type Clock } from './clock';
import type { Config, TrustProxy } from './config';
import type { Db } from './db/db';
import { migrate } from './db/migrate';
import { openDatabase } from './db/open';
import { createJobRunner, type JobRunner } from './jobs/runner';
import { createMailer, type Mailer } from './mail/index';
import { createApiTokensService, withApiTokens } from './modules/apiTokens/service';
import { createApiTokensRepository } from './modules/apiTokens/repository';
import { createBillingService } from './modules/billing/service';
import { createStoredResults } from './modules/results/service';
import { createArgon2Hasher, type PasswordHasher } from './modules/auth/passwords';
import { createAuthService, type RevokeApiTokens } from './modules/auth/service';
import type { ServerContext } from './context';
import { createAccess } from './modules/access/access';
import { createRealtimeAccess } from './modules/access/realtimeAccess';
import { createAnalyticsRecorder } from './modules/analytics/recorder';
import { registerAnalyticsRecording } from './modules/analytics/recording';
import { jobRunnerWiring, watchedJobKinds, type JobDeps, type RouteDeps } from './modules/capability';
import { capabilities } from './modules/index';
import { createJobsService } from './modules/jobs/service';
import { createOrganizationsRepository } from './modules/organizations/repository';
import { createRequireSession, registerAuthDecorations } from './plugins/auth';
import { registerErrorHandler } from './plugins/errors';
import {
  createRateLimits,
  openRateLimitStore,
  type RateLimits,
  type RateLimitStore,
} from './plugins/rateLimit';
import { registerSecurityHeaders } from './plugins/securityHeaders';
import { registerSpa } from './plugins/spa';
import { validatorCompiler } from './plugins/validation';
import { startRealtimeServer, type RealtimeServer } from './realtime/socketServer';

export interface RegisteredRoute {
  method: string;
  url: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    readonly registeredRoutes: readonly RegisteredRoute[];
    /** The background job queue of this process (tests stop, crash and restart it). */
    readonly jobRunner: JobRunner;
    /** The live socket (socket.io at /socket.io on this server) and its emitter. */
    readonly realtime: RealtimeServer;
  }
}

/** Dependencies a test (or a future deployment) may supply instead of the ones built from the config. */
export interface AppOverrides {
  /** An open database; it is migrated here and closed with the app. */
  db?: Db;
  mailer?: Mailer;
  clock?: Clock;
  passwords?: PasswordHasher;
  rateLimits?: RateLimits;
  blobs?: BlobStore;
  /** False leaves the job runner stopped until `app.jobRunner.start()` (tests of the queue). */
  startJobRunner?: boolean;
}

const bodyLimitBytes = 1024 * 1024;

/** Secrets that must never reach a log line, wherever they appear in a logged object. */
const redactedPaths = [
  'req.headers.authorization',
  'req.headers.cookie',
  'password',
  'token',
  'resetToken',
  'passwordHash',
  '*.password',
  '*.token',
  '*.resetToken',
  '*.passwordHash',
];

/** Mail links put tokens in the path (/reset/<token>) and the query (?resetToken=); request logs drop them. */
function redactUrl(url: string): string {
  return url.replace(/\/reset\/[^/?#]+/, '/reset/[redacted]').replace(/(resetToken=)[^&#]*/i, '$1[redacted]');
}

/**
 * TRUST_PROXY in Fastify's terms. Fastify 5 ignores a bare hop count (it trusts nothing then), so a count
 * becomes proxy-addr's trust function: the first `hops` addresses from the socket are proxies, and the client is
 * the next one (the right-most address in X-Forwarded-For that no trusted proxy added).
 */
export function fastifyTrustProxy(
  trust: TrustProxy,
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (trust === false) return false;
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  return [...trust];
}

/**
 * Builds the whole server (database, mail, auth, API, SPA) without listening, so tests start it on port 0 and
 * main.ts on the configured port. Closing the app closes the database after the HTTP server.
 */
export async function buildApp(config: Config, overrides: AppOverrides = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: { paths: redactedPaths, censor: '[redacted]' },
      serializers: {
        req: (request: FastifyRequest) => ({
          method: request.method,
          url: redactUrl(request.url),
          remoteAddress: request.ip,
        }),
      },
    },
    bodyLimit: bodyLimitBytes,
    trustProxy: fastifyTrustProxy(config.trustProxy),
    // Fastify's default is no limit; a client that never finishes its request must not hold a socket forever.
    // The whole request counts, body included, so it is long enough for a 512 MiB model upload at about
    // 1 MB/s; Node's 60 s headers timeout still bounds a client that trickles its headers.
    requestTimeout: 10 * 60_000,
  });

  // Every route with its methods, so the permission matrix test can fail when a route has no row.
  const registeredRoutes: RegisteredRoute[] = [];
  app.decorate('registeredRoutes', registeredRoutes);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) if (method !== 'HEAD') registeredRoutes.push({ method, url: route.url });
  });

  const db = overrides.db ?? (await openDatabase(config, app.log));
  let realtime: RealtimeServer | undefined;
  let rateLimitStore: RateLimitStore | undefined;
  try {
    if (overrides.db) await migrate(db);
    const clock = overrides.clock ?? systemClock;
    const mailer = overrides.mailer ?? createMailer(config, app.log);
    const passwords = overrides.passwords ?? createArgon2Hasher();
    const store = await openRateLimitStore(config, db, app.log);
    rateLimitStore = store;
    const limits = overrides.rateLimits ?? createRateLimits(config.rateLimits, store, config.loginPause);
    app.addHook('onClose', async () => {
      await mailer.close();
      await store.close();
      await db.close();
    });

    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    // Stripe Elements' script and frames are allowed only when Stripe is configured (issue #10).
    registerSecurityHeaders(app, {
      allowStripe: config.billing.stripe !== null,
      publicUrl: config.publicUrl,
    });
    registerErrorHandler(app);
    registerAuthDecorations(app);
    // Before every route, so each API request is recorded; its onClose writes the last batch before the
    // database closes (onClose hooks run last-registered first).
    const analyticsRecorder = createAnalyticsRecorder({ db, config: config.analytics, log: app.log });
    registerAnalyticsRecording(app, { recorder: analyticsRecorder, clock });

    // Auth revokes a user's API tokens on a password reset or change; apiTokens builds on auth, so it is handed in.
    const revokeApiTokens: RevokeApiTokens = (tx, userId, now) =>
      createApiTokensRepository(tx).revokeAllOfUser(userId, now);
    const authService = createAuthService({
      db,
      revokeApiTokens,
      mailer,
      clock,
      config,
      passwords,
      log: app.log,
    });
    // issue #9: personal API tokens (`gst_…`) authenticate REST calls like a session; sockets stay browser-only.
    const apiTokens = createApiTokensService({ db, clock });
    const requireSession = createRequireSession(withApiTokens(authService.authenticate, apiTokens));
    realtime = await startRealtimeServer(app.server, {
      access: createRealtimeAccess(db, (userId) => createOrganizationsRepository(db).idsOfMember(userId)),
      clock,
      log: app.log,
      authenticate: authService.authenticate,
      redisUrl: config.redisUrl,
    });
    app.decorate('realtime', realtime);
    const context: ServerContext = {
      db,
      clock,
      config,
      mailer,
      access: createAccess(db),
      log: app.log,
      realtime,
      rateLimitStore: store,
    };
    const blobs = overrides.blobs ?? createLocalBlobStore(config.uploads.blobDir);
    const jobDeps: JobDeps = {
      context,
      realtime,
      blobs,
      derived: createLocalDerivedCache(path.join(config.uploads.blobDir, 'derived')),
      billing: createBillingService(context),
      storedResults: createStoredResults(context, { blobs }),
    };
    // Every capability's job kinds: their handlers, listeners and give-up messages (modules/<name>/index.ts).
    const jobRunner = createJobRunner({
      db,
      clock,
      log: app.log,
      concurrency: config.uploads.workers,
      leaseMs: config.uploads.leaseMs,
      maxAttempts: config.uploads.maxAttempts,
      ...jobRunnerWiring(capabilities, jobDeps, ownMessages.uploadGaveUp),
    });
    app.decorate('jobRunner', jobRunner);
    // Before onClose closes the database: running jobs go back to the queue for the next process, then the
    // sockets are closed (and Redis) once nothing is left to send.
    app.addHook('preClose', () => jobRunner.stop());
    const liveSockets = realtime;
    app.addHook('preClose', () => liveSockets.close());

    const routeDeps: RouteDeps = {
      ...jobDeps,
      runner: jobRunner,
      auth: { service: authService, limits, requireSession, revokeApiTokens },
      apiTokens,
      passwords,
      analytics: analyticsRecorder,
      // The jobs a screen follows (GET /api/jobs/{id}) are the kinds their modules mark as watched.
      jobs: createJobsService(context, { watchedKinds: watchedJobKinds(capabilities) }),
    };
    for (const capability of capabilities) await capability.rootRoutes?.(app, routeDeps);
    await app.register(
      async (api) => {
        api.addHook('onRequest', requireSession);
        for (const capability of capabilities) capability.routes?.(api, routeDeps);
      },
      { prefix: '/api' },
    );
    await app.register(
      async (publicApi) => {
        for (const capability of capabilities) capability.publicApiRoutes?.(publicApi, routeDeps);
      },
      { prefix: '/api' },
    );
    await registerSpa(app, { clientDir: config.clientDir });
    if (overrides.startJobRunner !== false) jobRunner.start();
    return app;
  } catch (error) {
    await realtime?.close().catch(() => undefined);
    await rateLimitStore?.close().catch(() => undefined);
    await db.close().catch(() => undefined);
    throw error;
  }
}
