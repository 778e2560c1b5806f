import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from './clock';
import type { Config } from './config';
import type { Db } from './db/db';
import type { Mailer } from './mail/index';
import type { Access } from './modules/access/access';
import type { RateLimitStore } from './plugins/rateLimit';
import type { Realtime } from './realtime/realtime';

/** What every capability module is built from; buildApp makes one and hands it to each module's routes. */
export interface ServerContext {
  db: Db;
  clock: Clock;
  config: Config;
  mailer: Mailer;
  access: Access;
  log: FastifyBaseLogger;
  /** Where rate-limit counts live (Redis, PostgreSQL or memory), chosen at start; pass it to createAttemptLimiter. */
  rateLimitStore: RateLimitStore;
  /** The live socket's emitter; absent means no sockets (modules then use `noRealtime`). */
  realtime?: Realtime;
}
