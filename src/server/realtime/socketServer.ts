import type { Server as HttpServer } from 'node:http';
import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { Server } from 'socket.io';
import { messages, ownMessages } from '../../contract/errors';
import { socketAuthSchema, socketUserIdSchema, type LoginAck } from '../../contract/realtime';
import type { Clock } from '../clock';
import type { AuthenticatedSession } from '../plugins/auth';
import type { RealtimeAccess } from './access';
import {
  createRealtime,
  rooms,
  type RealtimeEmitter,
  type RealtimeIo,
  type RealtimeSocket,
} from './realtime';

/** How often every socket's session is checked again, so a revoked one is cut off even when nothing is sent. */
const SESSION_SWEEP_MS = 60_000;
/** Inbound packets are a user id at most; anything near this is not ours. */
const MAX_INBOUND_BYTES = 64 * 1024;
/** `login` runs two queries: a socket sending it in a loop is refused past this many per window. */
const LOGINS_PER_WINDOW = 10;
const LOGIN_WINDOW_MS = 10_000;

export interface RealtimeServerOptions {
  /** Who may join which room and receive what (modules/access createRealtimeAccess, wired in app.ts). */
  access: RealtimeAccess;
  clock: Clock;
  log: FastifyBaseLogger;
  /** The REST auth's check of a session token (auth service `authenticate`). */
  authenticate(token: string): Promise<AuthenticatedSession | null>;
  /** Joins the instances through Redis; undefined for a single instance. */
  redisUrl: string | undefined;
  sessionSweepMs?: number;
}

export interface RealtimeServer extends RealtimeEmitter {
  io: RealtimeIo;
  /** Disconnects every socket, stops the emitter, then Redis; the HTTP server is left to its owner. */
  close(): Promise<void>;
}

async function connectRedis(url: string, log: FastifyBaseLogger) {
  const publisher = new Redis(url, { lazyConnect: true });
  const subscriber = publisher.duplicate();
  for (const [name, client] of [
    ['publisher', publisher],
    ['subscriber', subscriber],
  ] as const) {
    client.on('error', (error: unknown) => log.warn({ err: error }, `Redis ${name} error`));
  }
  try {
    await Promise.all([publisher.connect(), subscriber.connect()]);
  } catch (error) {
    publisher.disconnect();
    subscriber.disconnect();
    throw new Error(`Could not connect to Redis at REDIS_URL: ${(error as Error).message}`, { cause: error });
  }
  return { publisher, subscriber };
}

/**
 * socket.io on the API's HTTP server, at /socket.io. The handshake's `auth.token` is checked like a REST call's
 * Authorization header; `login` with the token's user id joins the user's rooms (their own, each organization they
 * are a member of, each model they can see), `logout` leaves them and disconnects.
 */
export async function startRealtimeServer(
  httpServer: HttpServer,
  options: RealtimeServerOptions,
): Promise<RealtimeServer> {
  const { log, clock } = options;
  const redis = options.redisUrl ? await connectRedis(options.redisUrl, log) : undefined;
  const io: RealtimeIo = new Server(httpServer, {
    serveClient: false,
    maxHttpBufferSize: MAX_INBOUND_BYTES,
    ...(redis ? { adapter: createAdapter(redis.publisher, redis.subscriber) } : {}),
  });
  const emitter = createRealtime({ io, access: options.access, clock, log, clustered: redis !== undefined });
  const repository = options.access;

  io.use((socket, next) => {
    const auth = socketAuthSchema.safeParse(socket.handshake.auth);
    if (!auth.success) {
      next(new Error(messages.sessionExpired));
      return;
    }
    options.authenticate(auth.data.token).then(
      (session) => {
        if (!session) {
          next(new Error(messages.sessionExpired));
          return;
        }
        socket.data = { userId: session.user.id, tokenHash: session.tokenHash };
        next();
      },
      (error: unknown) => {
        log.error({ err: error }, 'Socket handshake failed');
        next(new Error(messages.internalServerError));
      },
    );
  });

  io.on('connection', (socket: RealtimeSocket) => {
    const logins: number[] = [];

    socket.on('login', (...args: unknown[]) => {
      const last = args.at(-1);
      const ack = typeof last === 'function' ? (last as (answer: LoginAck) => void) : () => undefined;
      const refuse = (message: string) => ack({ ok: false, message });
      const userId = socketUserIdSchema.safeParse(args[0]);
      if (!userId.success || userId.data !== socket.data.userId) {
        refuse(messages.unauthorizedAccess);
        return;
      }
      const now = Date.now();
      while (logins.length > 0 && (logins[0] as number) <= now - LOGIN_WINDOW_MS) logins.shift();
      if (logins.length >= LOGINS_PER_WINDOW) {
        refuse(ownMessages.tooManyAttempts);
        return;
      }
      logins.push(now);
      void joinRooms(socket).then(
        (joined) => (joined ? ack({ ok: true }) : refuse(messages.sessionExpired)),
        (error: unknown) => {
          log.error({ err: error }, 'Socket login failed');
          refuse(messages.internalServerError);
        },
      );
    });

    socket.on('logout', (userId: unknown) => {
      if (!socketUserIdSchema.safeParse(userId).success) return;
      for (const room of socket.rooms) if (room !== socket.id) void socket.leave(room);
      socket.disconnect(true);
    });
  });

  /** Replaces the socket's rooms with the ones the database gives now; false when its session ended. */
  async function joinRooms(socket: RealtimeSocket): Promise<boolean> {
    const { userId, tokenHash } = socket.data;
    const [ended, found] = await Promise.all([
      repository.endedSessions([tokenHash], clock()),
      repository.roomsOf(userId),
    ]);
    if (ended.has(tokenHash)) {
      socket.disconnect(true);
      return false;
    }
    if (socket.disconnected) return false;
    const wanted = new Set([
      rooms.user(userId),
      ...found.organizationIds.map(rooms.organization),
      ...found.modelIds.map(rooms.model),
    ]);
    for (const room of socket.rooms) if (room !== socket.id && !wanted.has(room)) void socket.leave(room);
    void socket.join([...wanted]);
    return true;
  }

  const sweep = setInterval(() => {
    emitter.sweepSessions().catch((error: unknown) => log.warn({ err: error }, 'Session sweep failed'));
  }, options.sessionSweepMs ?? SESSION_SWEEP_MS);
  sweep.unref();

  return Object.assign(emitter, {
    io,
    async close() {
      clearInterval(sweep);
      io.local.disconnectSockets(true);
      await emitter.stop();
      // Not io.close(): it would close the HTTP server, which Fastify closes itself.
      io.engine.close();
      await io.of('/').adapter.close();
      if (redis) await Promise.all([redis.publisher.quit(), redis.subscriber.quit()]);
    },
  });
}
