import { randomUUID } from 'node:crypto';
import { io, type Socket } from 'socket.io-client';
import {
  CHANNELS,
  type Channel,
  type ClientToServerEvents,
  type LoginAck,
  type RealtimePayload,
  type ServerToClientEvents,
} from '../../contract/realtime';
import type { Queryable } from '../db/db';
import { hashToken, newToken } from '../modules/auth/tokens';
import { defaultPreferences } from '../modules/users/service';

/**
 * Live socket helpers for tests and benchmarks (no Vitest import, so bench/ can use them): a real socket.io
 * client, websocket only, without reconnection, so what a test sees is exactly one connection's life.
 */

export type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

export interface ReceivedEvent {
  channel: Channel;
  payload: RealtimePayload;
  /** performance.now() when it arrived (same clock as the emitting server in one process). */
  at: number;
}

export interface LiveClient {
  socket: ClientSocket;
  /** Every event received so far, in order. */
  events: ReceivedEvent[];
  /** Resolves with the first received event (past or future) matching, or rejects after `timeoutMs`. */
  waitFor(match: (event: ReceivedEvent) => boolean, timeoutMs?: number): Promise<ReceivedEvent>;
  login(userId: unknown): Promise<LoginAck>;
  close(): void;
}

/**
 * A socket that is not connected yet (`auth` as sent in the handshake; omitted: none), over a websocket unless
 * told to long-poll (the browser's fallback).
 */
export function openSocket(
  url: string,
  auth?: Record<string, unknown>,
  transport: 'websocket' | 'polling' = 'websocket',
): ClientSocket {
  return io(url, {
    transports: [transport],
    reconnection: false,
    forceNew: true,
    timeout: 10_000,
    ...(auth ? { auth } : {}),
  });
}

/** Resolves when the socket connects, rejects with the server's connect_error message. */
export function connection(socket: ClientSocket): Promise<void> {
  return new Promise((resolve, reject) => {
    if (socket.connected) {
      resolve();
      return;
    }
    socket.once('connect', () => resolve());
    socket.once('connect_error', (error) => reject(error));
  });
}

/** Connects with the token and records every event of the three channels. */
export async function connectLive(
  url: string,
  token: string,
  transport: 'websocket' | 'polling' = 'websocket',
): Promise<LiveClient> {
  const socket = openSocket(url, { token }, transport);
  const events: ReceivedEvent[] = [];
  const waiters = new Set<() => void>();
  for (const channel of CHANNELS) {
    socket.on(channel, (payload: RealtimePayload) => {
      events.push({ channel, payload, at: performance.now() });
      for (const wake of [...waiters]) wake();
    });
  }
  await connection(socket);
  return {
    socket,
    events,
    waitFor(match, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = events.find(match);
          if (!found) return false;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`No matching event within ${timeoutMs} ms; received ${describe(events)}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    login(userId) {
      // The contract types the id as a string; tests also send what a hostile client would.
      return socket.timeout(10_000).emitWithAck('login', userId as string);
    },
    close() {
      socket.disconnect();
    },
  };
}

function describe(events: readonly ReceivedEvent[]): string {
  if (events.length === 0) return 'nothing';
  return events.map((event) => event.payload.eventName).join(', ');
}

/** Connects and logs in; throws unless the login is accepted. */
export async function connectAndLogin(url: string, token: string, userId: string): Promise<LiveClient> {
  const client = await connectLive(url, token);
  const answer = await client.login(userId);
  if (!answer.ok) {
    client.close();
    throw new Error(`login refused: ${answer.message}`);
  }
  return client;
}

/** Events of one name received by the client. */
export function eventsNamed(client: LiveClient, eventName: string): RealtimePayload[] {
  return client.events.filter((event) => event.payload.eventName === eventName).map((event) => event.payload);
}

export interface SeededUser {
  userId: string;
  /** A live session's token, as a login would have returned it. */
  token: string;
}

/**
 * Users with a live session each, written in SQL in two statements (thousands for the fan-out benchmark, or for
 * processes a test cannot sign up through). They have no password: only their token signs them in.
 */
export async function seedSignedInUsers(
  db: Queryable,
  count: number,
  label = 'seeded',
): Promise<SeededUser[]> {
  const now = new Date();
  const expires = new Date(now.getTime() + 24 * 3_600_000);
  const users = Array.from({ length: count }, (_, index) => ({
    userId: randomUUID(),
    token: newToken(),
    email: `${label}-${index}-${randomUUID().slice(0, 8)}@example.com`,
    lastName: `${label} ${index}`,
  }));
  await db.query(
    `INSERT INTO users (id, email, first_name, last_name, password_hash, preferences, created_at, updated_at)
     SELECT u.id, u.email, 'Seeded', u.last_name, 'no password', $4::jsonb, $5, $5
       FROM unnest($1::uuid[], $2::text[], $3::text[]) AS u (id, email, last_name)`,
    [
      users.map((user) => user.userId),
      users.map((user) => user.email),
      users.map((user) => user.lastName),
      JSON.stringify(defaultPreferences),
      now,
    ],
  );
  await db.query(
    `INSERT INTO sessions (token_hash, user_id, created_at, expires_at)
     SELECT s.token_hash, s.user_id, $3, $4 FROM unnest($1::text[], $2::uuid[]) AS s (token_hash, user_id)`,
    [users.map((user) => hashToken(user.token)), users.map((user) => user.userId), now, expires],
  );
  return users.map(({ userId, token }) => ({ userId, token }));
}
