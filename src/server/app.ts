import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { systemClock, type Clock } from './clock';
import type { Config } from './config';
import type { Db } from './db/db';
import { migrate } from './db/migrate';
import { openDatabase } from './db/open';
import { createMailer, type Mailer } from './mail/index';
import { registerAuthRoutes } from './modules/auth/routes';
import { createArgon2Hasher, type PasswordHasher } from './modules/auth/passwords';
import { createAuthService } from './modules/auth/service';
import { registerDocsRoutes } from './modules/docs/routes';
import { registerHealthRoutes } from './modules/health/routes';
import { registerUsersRoutes } from './modules/users/routes';
import { createUsersService } from './modules/users/service';
import { createRequireSession, registerAuthDecorations } from './plugins/auth';
import { registerErrorHandler } from './plugins/errors';
import { createRateLimits, type RateLimits } from './plugins/rateLimit';
import { registerSecurityHeaders } from './plugins/securityHeaders';
import { registerSpa } from './plugins/spa';

/** Dependencies a test (or a future deployment) may supply instead of the ones built from the config. */
export interface AppOverrides {
  /** An open database; it is migrated here and closed with the app. */
  db?: Db;
  mailer?: Mailer;
  clock?: Clock;
  passwords?: PasswordHasher;
  rateLimits?: RateLimits;
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
    trustProxy: config.trustProxy,
    // Fastify's default is no limit; a client that never finishes its request must not hold a socket forever.
    requestTimeout: 30_000,
  });

  const db = overrides.db ?? (await openDatabase(config, app.log));
  try {
    if (overrides.db) await migrate(db);
    const clock = overrides.clock ?? systemClock;
    const mailer = overrides.mailer ?? createMailer(config, app.log);
    const passwords = overrides.passwords ?? createArgon2Hasher();
    const limits = overrides.rateLimits ?? createRateLimits(config.rateLimits);
    app.addHook('onClose', async () => {
      await mailer.close();
      await db.close();
    });

    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    registerSecurityHeaders(app);
    registerErrorHandler(app);
    registerAuthDecorations(app);

    const authService = createAuthService({ db, mailer, clock, config, passwords, log: app.log });
    const usersService = createUsersService({ db, clock, config });
    const requireSession = createRequireSession(authService.authenticate);

    registerHealthRoutes(app, { db });
    registerDocsRoutes(app, { docsDir: config.docsDir });
    registerAuthRoutes(app, { service: authService, limits, requireSession });
    await app.register(
      async (api) => {
        api.addHook('onRequest', requireSession);
        registerUsersRoutes(api, { service: usersService });
      },
      { prefix: '/api' },
    );
    await registerSpa(app, { clientDir: config.clientDir });
    return app;
  } catch (error) {
    await db.close().catch(() => undefined);
    throw error;
  }
}
