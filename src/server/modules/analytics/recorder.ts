import type { FastifyBaseLogger } from 'fastify';
import { translatorById } from '../../../engine/formats/registry';
import type { AnalyticsConfig } from '../../config';
import type { Db } from '../../db/db';
import { platformOfTranslator } from '../versions/exportFilter';
import { bucketOf, emptyHistogram } from './histogram';
import {
  createAnalyticsRepository,
  type DailyRouteStats,
  type DailyTranslationCount,
  type RequestRecord,
} from './repository';

/** A recorded request, plus the export it served when it was a model export (for translations per pair). */
export interface RecordedRequest extends RequestRecord {
  export?: { versionId: string; format: string };
}

export interface AnalyticsRecorder {
  /** Buffers one request; never waits for the database and never throws. */
  record(request: RecordedRequest): void;
  /** Writes everything buffered so far (and waits for a write under way). */
  flush(): Promise<void>;
  /** Stops the timer and writes what is left. */
  close(): Promise<void>;
}

/** Past this many waiting records (the database is down), new ones are dropped rather than filling memory. */
const maxBuffered = 100_000;

/** The UTC calendar day of an instant. */
export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** What a batch adds to the daily tables: route aggregates and active users, each sorted by key. */
export function aggregate(records: readonly RequestRecord[]): {
  stats: DailyRouteStats[];
  activeUsers: Array<{ day: string; userId: string }>;
} {
  const stats = new Map<string, DailyRouteStats & { histogram: number[] }>();
  const activeUsers = new Map<string, { day: string; userId: string }>();
  for (const record of records) {
    const day = utcDay(record.at);
    const key = `${day}\u0000${record.route}\u0000${record.method}`;
    let entry = stats.get(key);
    if (!entry) {
      entry = {
        day,
        route: record.route,
        method: record.method,
        requests: 0,
        clientErrors: 0,
        serverErrors: 0,
        histogram: emptyHistogram(),
        maxDurationMs: 0,
      };
      stats.set(key, entry);
    }
    entry.requests += 1;
    if (record.status >= 400 && record.status < 500) entry.clientErrors += 1;
    if (record.status >= 500) entry.serverErrors += 1;
    const bucket = bucketOf(record.durationMs);
    entry.histogram[bucket] = (entry.histogram[bucket] ?? 0) + 1;
    entry.maxDurationMs = Math.max(entry.maxDurationMs, record.durationMs);
    if (record.userId) activeUsers.set(`${day}\u0000${record.userId}`, { day, userId: record.userId });
  }
  const byKey = <T>(entries: Map<string, T>) =>
    [...entries.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, value]) => value);
  return { stats: byKey(stats), activeUsers: byKey(activeUsers) };
}

/** The platform name of a format id (e2k → Etabs); Gusset's own JSON is 'Gusset'; unknown ids stay as they are. */
export function platformOfFormat(format: string): string {
  const translator = translatorById(format);
  return translator ? platformOfTranslator(translator) : format;
}

/**
 * Records API requests in memory and writes them in batches: every `flushIntervalMs`, or as soon as
 * `flushBatchSize` are waiting, and on close. Each batch goes in one transaction (log rows and the daily
 * aggregates together, so they always agree). A failed write is logged and its batch dropped: requests never
 * wait for analytics, and a crash loses at most the last interval (documented in the README).
 */
export function createAnalyticsRecorder(deps: {
  db: Db;
  config: AnalyticsConfig;
  log: FastifyBaseLogger;
}): AnalyticsRecorder {
  const { db, config, log } = deps;
  let buffer: RecordedRequest[] = [];
  let writing: Promise<void> = Promise.resolve();
  let dropped = 0;
  let closed = false;
  // A full buffer asks for one flush, not one per further record while that flush waits its turn.
  let batchFlushQueued = false;

  async function write(batch: RecordedRequest[]): Promise<void> {
    const { stats, activeUsers } = aggregate(batch);
    await db.transaction(async (tx) => {
      const repository = createAnalyticsRepository(tx);
      await repository.insertRequests(batch);
      await repository.addRouteStats(stats);
      await repository.addActiveUsers(
        activeUsers.map((entry) => entry.day),
        activeUsers.map((entry) => entry.userId),
      );
      const exports = batch.flatMap((record) =>
        record.export ? [{ day: utcDay(record.at), ...record.export }] : [],
      );
      if (exports.length > 0) {
        const sources = await repository.uploadFormatsOfVersions([
          ...new Set(exports.map((e) => e.versionId)),
        ]);
        const counts = new Map<string, DailyTranslationCount>();
        for (const entry of exports) {
          const source = sources.get(entry.versionId);
          // A restored or cloned version has no file of its own: it is translated from Gusset's model.
          const from = source ? platformOfFormat(source) : 'Gusset';
          const to = platformOfFormat(entry.format);
          const key = `${entry.day}\u0000${from}\u0000${to}`;
          const count = counts.get(key) ?? { day: entry.day, from, to, count: 0 };
          count.count += 1;
          counts.set(key, count);
        }
        await repository.addTranslations(
          [...counts.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([, c]) => c),
        );
      }
    });
  }

  function flush(): Promise<void> {
    // One write at a time, in order: the next batch starts once the previous one is done.
    writing = writing.then(async () => {
      if (buffer.length === 0) return;
      const batch = buffer;
      buffer = [];
      try {
        await write(batch);
      } catch (error) {
        log.warn({ err: error, records: batch.length }, 'Analytics records could not be written; dropped');
      }
      if (dropped > 0) {
        log.warn({ dropped }, 'Analytics records dropped while the buffer was full');
        dropped = 0;
      }
    });
    return writing;
  }

  const timer = config.enabled ? setInterval(() => void flush(), config.flushIntervalMs) : undefined;
  timer?.unref();

  return {
    record(request) {
      if (!config.enabled || closed) return;
      if (buffer.length >= maxBuffered) {
        dropped += 1;
        return;
      }
      buffer.push(request);
      if (buffer.length >= config.flushBatchSize && !batchFlushQueued) {
        batchFlushQueued = true;
        void flush().finally(() => {
          batchFlushQueued = false;
        });
      }
    },
    flush,
    async close() {
      closed = true;
      if (timer) clearInterval(timer);
      await flush();
    },
  };
}
