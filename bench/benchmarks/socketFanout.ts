import { execSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import { realtimeEvent, systemCause } from '../../src/server/realtime/events';
import { seedSignedInUsers, type SeededUser } from '../../src/server/testing/sockets';
import type { DatabaseKind } from '../../src/server/testing/databases';
import { startTestServer, type TestServer } from '../../src/server/testing/testServer';
import { defineBenchmark, type BenchCase, type BenchCases } from '../harness';

/**
 * One server, 2,000 socket.io clients on 127.0.0.1 (websocket, each a different signed-in user with READ on one
 * model, logged in to their rooms), one ModelUpdated sent to the model through the emitter: timed until every
 * socket has it. The baseline is socket.io's own emit to the same room, without the send-time checks (every
 * session's liveness and role read again per event) or the payload validation. The clients live in a worker
 * thread (their own event loop and heap); latency is emit → receive on one shared clock. Memory per socket is
 * the server's main-thread heap and the process's RSS grown by connecting and logging in the 2,000 (the RSS
 * includes the clients' side too). Delivery must be 100 %: anything less fails the run.
 */
const SOCKETS = 2000;
const CONNECT_BATCH = 100;
const DELIVERY_TIMEOUT_MS = 10_000;

/** The clients' side, as plain CommonJS (a worker evaluates it without a TypeScript loader). */
const clientWorker = `
const { parentPort } = require('node:worker_threads');
const { io } = require('socket.io-client');
const now = () => performance.timeOrigin + performance.now();
const groups = new Map();

function connectOne(url, user, group) {
  return new Promise((resolve, reject) => {
    const socket = io(url, { transports: ['websocket'], reconnection: false, forceNew: true, auth: { token: user.token } });
    const client = { socket, received: [] };
    socket.on('fromElementService', () => {
      client.received.push(now());
      const count = client.received.length;
      group.reached[count] = (group.reached[count] || 0) + 1;
      if (group.reached[count] === group.clients.length) group.waiters.get(count)?.();
    });
    socket.once('connect_error', reject);
    socket.once('connect', () => {
      socket.timeout(30000).emit('login', user.userId, (error, answer) => {
        if (error || !answer || !answer.ok) reject(error || new Error('login refused: ' + JSON.stringify(answer)));
        else resolve(client);
      });
    });
  });
}

async function handle(message) {
  if (message.type === 'connect') {
    const group = { clients: [], reached: [], waiters: new Map() };
    for (let index = 0; index < message.users.length; index += ${CONNECT_BATCH}) {
      const batch = message.users.slice(index, index + ${CONNECT_BATCH});
      group.clients.push(...(await Promise.all(batch.map((user) => connectOne(message.url, user, group)))));
    }
    groups.set(message.group, group);
    return { connected: group.clients.length };
  }
  if (message.type === 'collect') {
    // Resolves when every client has its count-th event (told by the last arrival), or at the deadline.
    const group = groups.get(message.group);
    const count = message.count;
    if ((group.reached[count] || 0) < group.clients.length) {
      await new Promise((resolve) => {
        const timer = setTimeout(resolve, message.timeoutMs);
        group.waiters.set(count, () => { clearTimeout(timer); resolve(); });
      });
    }
    group.waiters.delete(count);
    return {
      delivered: group.reached[count] || 0,
      times: group.clients.map((client) => client.received[count - 1] ?? null),
    };
  }
  if (message.type === 'close') {
    for (const client of groups.get(message.group)?.clients ?? []) client.socket.disconnect();
    groups.delete(message.group);
    return {};
  }
  throw new Error('unknown message ' + message.type);
}

parentPort.on('message', ({ id, message }) => {
  handle(message).then(
    (answer) => parentPort.postMessage({ id, answer }),
    (error) => parentPort.postMessage({ id, error: String(error && error.stack || error) }),
  );
});
`;

interface WorkerAnswer {
  id: number;
  answer?: unknown;
  error?: string;
}

function startClients() {
  const worker = new Worker(clientWorker, { eval: true });
  let nextId = 0;
  const pending = new Map<number, { resolve(answer: unknown): void; reject(error: Error): void }>();
  worker.on('message', ({ id, answer, error }: WorkerAnswer) => {
    const waiting = pending.get(id);
    pending.delete(id);
    if (error) waiting?.reject(new Error(error));
    else waiting?.resolve(answer);
  });
  return {
    ask<T>(message: Record<string, unknown>): Promise<T> {
      const id = nextId++;
      return new Promise<T>((resolve, reject) => {
        pending.set(id, { resolve: resolve as (answer: unknown) => void, reject });
        worker.postMessage({ id, message });
      });
    },
    close: () => worker.terminate(),
  };
}

const now = () => performance.timeOrigin + performance.now();

function percentile(sorted: readonly number[], fraction: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] as number;
}

function collectGarbage(): void {
  (globalThis as { gc?: () => void }).gc?.();
}

/** Memory once garbage is collected and the allocator has had time to give pages back, the same before and after. */
async function settledMemory(): Promise<NodeJS.MemoryUsage> {
  for (let round = 0; round < 3; round++) {
    collectGarbage();
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  return process.memoryUsage();
}

/** Each socket is a file descriptor on both ends, in this one process. */
function checkDescriptorLimit(needed: number): void {
  const limit = Number(execSync('ulimit -n', { shell: '/bin/sh' }).toString().trim());
  if (Number.isFinite(limit) && limit < needed) {
    throw new Error(`ulimit -n is ${limit}; ${needed} sockets need more (raise it in the shell, then rerun)`);
  }
}

/** One server with its 2,000 sockets. */
interface Fleet {
  label: string;
  server: TestServer;
  heapPerSocketKb: number;
  rssPerSocketKb: number;
  /** Events sent to its sockets so far, by any case: each socket should have received as many. */
  sent: number;
}

/** What one case measured over its runs. */
interface CaseFigures {
  name: string;
  latencies: number[];
  deliveries: number[];
}

async function seedModel(server: TestServer, users: readonly SeededUser[]): Promise<string> {
  const [owner] = await seedSignedInUsers(server.db, 1, 'fanout-owner');
  if (!owner) throw new Error('no owner');
  const organizationId = randomUUID();
  const modelId = randomUUID();
  const now = new Date();
  await server.db.query(
    'INSERT INTO organizations (id, name, owner_id, created_at, updated_at) VALUES ($1, $2, $3, $4, $4)',
    [organizationId, 'Fan-out', owner.userId, now],
  );
  await server.db.query(
    `INSERT INTO models (id, organization_id, name, units, created_by, created_at, updated_at)
     VALUES ($1, $2, 'Fan-out', 'm', $3, $4, $4)`,
    [modelId, organizationId, owner.userId, now],
  );
  await server.db.query(
    `INSERT INTO model_permissions (model_id, user_id, role, created_at)
     SELECT $1, u.id, 'READ', $3 FROM unnest($2::uuid[]) AS u (id)`,
    [modelId, users.map((user) => user.userId), now],
  );
  return modelId;
}

export default defineBenchmark({
  name: 'socket fan-out',
  async setup({ log }) {
    const kinds: DatabaseKind[] = process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
    checkDescriptorLimit(kinds.length * SOCKETS * 2 + 200);
    const clients = startClients();
    const fleets: Fleet[] = [];
    const figures: CaseFigures[] = [];

    /** A timed case: `send` one event to the fleet's sockets, wait until every socket has it. */
    function fanOut(fleet: Fleet, name: string, send: () => unknown): BenchCase {
      const measured: CaseFigures = { name, latencies: [], deliveries: [] };
      figures.push(measured);
      return {
        name,
        run: async () => {
          fleet.sent += 1;
          const collected = clients.ask<{ delivered: number; times: Array<number | null> }>({
            type: 'collect',
            group: fleet.label,
            count: fleet.sent,
            timeoutMs: DELIVERY_TIMEOUT_MS,
          });
          const sentAt = now();
          await send();
          const { delivered, times } = await collected;
          // The harness's first run of each case is its warm-up: its latencies are left out.
          if (measured.deliveries.length > 0) {
            for (const time of times) if (time !== null) measured.latencies.push(time - sentAt);
          }
          measured.deliveries.push(delivered);
          return delivered;
        },
      };
    }

    const cases: BenchCase[] = [];
    let baseline: BenchCase | undefined;
    for (const kind of kinds) {
      const label = kind === 'pglite' ? 'PGlite' : 'PostgreSQL';
      log(`${label}: starting a server with ${SOCKETS} signed-in users`);
      const server = await startTestServer(kind, { startJobRunner: false });
      const users = await seedSignedInUsers(server.db, SOCKETS, 'fanout');
      const modelId = await seedModel(server, users);

      const before = await settledMemory();
      const started = performance.now();
      const { connected } = await clients.ask<{ connected: number }>({
        type: 'connect',
        group: label,
        url: server.url,
        users,
      });
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      log(`${label}: ${connected} sockets connected and logged in in ${seconds} s`);
      const after = await settledMemory();
      const fleet: Fleet = {
        label,
        server,
        heapPerSocketKb: (after.heapUsed - before.heapUsed) / 1024 / SOCKETS,
        rssPerSocketKb: (after.rss - before.rss) / 1024 / SOCKETS,
        sent: 0,
      };
      fleets.push(fleet);

      const payload = realtimeEvent('ModelUpdated', { modelId }, systemCause);
      // socket.io alone, to the same room and sockets: what the checks and the validation add is the difference.
      baseline ??= fanOut(fleet, `${label}: socket.io alone (no checks) to ${SOCKETS} sockets`, () =>
        server.app.realtime.io.local.to(`model:${modelId}`).emit('fromElementService', payload),
      );
      cases.push(
        fanOut(fleet, `${label}: emitToModel to ${SOCKETS} sockets, until all have it`, () =>
          server.app.realtime.emitToModel(modelId, payload, { minimumAbility: 'see' }),
        ),
      );
    }

    const result: BenchCases = {
      ...(baseline ? { baseline } : {}),
      cases,
      note: 'filled in after the runs',
      async teardown() {
        const lines: string[] = [];
        let incomplete = false;
        for (const { name, latencies, deliveries } of figures) {
          const sorted = [...latencies].sort((a, b) => a - b);
          const expected = deliveries.length * SOCKETS;
          const got = deliveries.reduce((sum, delivered) => sum + delivered, 0);
          if (got < expected) incomplete = true;
          lines.push(
            `${name}: delivered ${got}/${expected} (${((100 * got) / expected).toFixed(2)} %); ` +
              `latency p50 ${percentile(sorted, 0.5).toFixed(1)} ms, p99 ${percentile(sorted, 0.99).toFixed(1)} ms, ` +
              `max ${(sorted.at(-1) ?? Number.NaN).toFixed(1)} ms`,
          );
        }
        for (const fleet of fleets) {
          lines.push(
            `${fleet.label}: memory per socket ${fleet.heapPerSocketKb.toFixed(1)} KiB of server heap, ` +
              `${fleet.rssPerSocketKb.toFixed(1)} KiB of process RSS (server and client ends)`,
          );
          await clients.ask({ type: 'close', group: fleet.label });
          await fleet.server.close();
        }
        await clients.close();
        for (const line of lines) process.stdout.write(`${line}\n`);
        result.note = `${SOCKETS} sockets on 127.0.0.1, one signed-in READ user each (target: 100 % delivered, p99 ≤ 100 ms):\n  ${lines.join('\n  ')}`;
        if (incomplete) throw new Error(`an event did not reach every socket:\n${lines.join('\n')}`);
      },
    };
    return result;
  },
});
