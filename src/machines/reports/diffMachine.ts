import { assign, fromPromise, setup } from 'xstate';
import { getVersionDiff } from '../../api/compare';
import { getReportDiff } from '../../api/reports';
import type { HttpClient } from '../../api/types';
import type { DiffResponse, DiffViewWire } from '../../contract/http/compare';
import { eventDataSchemas } from '../../contract/realtime';
import { promisePlaceholder } from '../auth/placeholders';
import { pageMessageOf, unwrap } from '../model/failure';
import { listenToFeed, silentFeed, type FeedEvent, type RealtimeFeed } from '../socket/realtimeFeed';
import type { RealtimeEvent } from '../socket/types';

/**
 * How often a diff that is still being computed is asked for again, in case VersionDiff never arrives (a
 * LIMITEDVIEW user's socket does not get it; a socket may be down).
 */
export const DIFF_POLL_MS = 4_000;

export interface DiffInput {
  modelId: string;
  /** The older version (before). */
  from: string;
  /** The newer version (after). */
  to: string;
  /** A report's diff is asked for through the report, so LIMITEDVIEW assignees may read it. */
  reportId: string | null;
}

export interface DiffContext extends DiffInput {
  diff: DiffViewWire | null;
  error: string | null;
  /** The job computing the diff while the server has not finished it. */
  jobId: string | null;
}

export type DiffEvent = { type: 'diff.retry' } | FeedEvent;

export type DiffTag = 'loading' | 'waiting' | 'failed' | 'ready';

/** VersionDiff for this very diff (the pair of versions, or the job computing it), parsed; null for any other. */
export function versionDiffFor(event: RealtimeEvent, diff: DiffInput & { jobId: string | null }) {
  if (event.payload.eventName !== 'VersionDiff') return null;
  const parsed = eventDataSchemas.VersionDiff.safeParse(event.payload.data);
  if (!parsed.success || parsed.data.modelId !== diff.modelId) return null;
  const data = parsed.data;
  const samePair = data.fromVersionId === diff.from && data.toVersionId === diff.to;
  return samePair || (diff.jobId !== null && data.jobId === diff.jobId) ? data : null;
}

const feedEventOf = (event: DiffEvent): RealtimeEvent | null =>
  event.type === 'realtime.event' ? event.event : null;

/**
 * One diff of two versions (GET …/data/diff, or a report's …/diff): asked for, and while the server computes it
 * (202) waited for — VersionDiff for the pair from the live socket, or a new ask every DIFF_POLL_MS — then shown,
 * or its failure with a retry. The viewer and the reports screen invoke it and read its snapshot.
 */
export const diffMachine = setup({
  types: {
    context: {} as DiffContext,
    events: {} as DiffEvent,
    input: {} as DiffInput,
    tags: {} as DiffTag,
  },
  actors: {
    fetchDiff: promisePlaceholder<DiffResponse, DiffInput>('fetchDiff'),
    realtime: listenToFeed(silentFeed),
  },
  guards: {
    announcesThisDiff: ({ context, event }) => {
      const change = feedEventOf(event);
      return change !== null && versionDiffFor(change, context) !== null;
    },
    announcesItsFailure: ({ context, event }) => {
      const change = feedEventOf(event);
      return (change && versionDiffFor(change, context)?.error) != null;
    },
  },
  delays: { pollDelay: DIFF_POLL_MS },
}).createMachine({
  id: 'diff',
  context: ({ input }) => ({ ...input, diff: null, error: null, jobId: null }),
  invoke: { id: 'realtime', src: 'realtime' },
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'fetchDiff',
        src: 'fetchDiff',
        input: ({ context }) => ({
          modelId: context.modelId,
          from: context.from,
          to: context.to,
          reportId: context.reportId,
        }),
        onDone: [
          {
            guard: ({ event }) => event.output.status === 'done',
            target: 'ready',
            actions: assign({
              diff: ({ event }) => (event.output.status === 'done' ? event.output.diff : null),
              error: null,
            }),
          },
          {
            guard: ({ event }) => event.output.status === 'failed',
            target: 'failed',
            actions: assign({
              error: ({ event }) => (event.output.status === 'failed' ? event.output.error : null),
            }),
          },
          {
            target: 'waiting',
            actions: assign({
              jobId: ({ event }) => (event.output.status === 'done' ? null : event.output.jobId),
            }),
          },
        ],
        onError: { target: 'failed', actions: assign({ error: ({ event }) => pageMessageOf(event.error) }) },
      },
    },
    /** The server is computing it: VersionDiff says when, a poll covers a missed or never-sent event. */
    waiting: {
      tags: ['waiting'],
      after: { pollDelay: 'loading' },
      on: {
        'realtime.event': [
          {
            guard: 'announcesItsFailure',
            target: 'failed',
            actions: assign({
              error: ({ context, event }) => {
                const change = feedEventOf(event);
                return (change && versionDiffFor(change, context)?.error) ?? null;
              },
            }),
          },
          { guard: 'announcesThisDiff', target: 'loading' },
        ],
        'socket.resynced': 'loading',
      },
    },
    failed: {
      tags: ['failed'],
      // Asking again retries the job (the server answers a failure once).
      on: { 'diff.retry': { target: 'loading', actions: assign({ error: null }) } },
    },
    ready: { tags: ['ready'] },
  },
});

export interface DiffDependencies {
  http: HttpClient;
  realtime?: RealtimeFeed;
}

/** Binds the diff's actors to the HTTP calls and the app's live feed. */
export function createDiffImplementations(deps: DiffDependencies) {
  return {
    actors: {
      fetchDiff: fromPromise<DiffResponse, DiffInput>(async ({ input }) =>
        unwrap(
          input.reportId === null
            ? await getVersionDiff(deps.http, input.modelId, { from: input.from, to: input.to })
            : await getReportDiff(deps.http, input.modelId, input.reportId),
        ),
      ),
      realtime: listenToFeed(deps.realtime ?? silentFeed),
    },
  };
}

/** Where a diff is: asked for, computed by the server, failed, or there. */
export type DiffStatus = DiffTag;

export function diffStatusOf(snapshot: { hasTag: (tag: DiffTag) => boolean }): DiffStatus {
  if (snapshot.hasTag('ready')) return 'ready';
  if (snapshot.hasTag('failed')) return 'failed';
  if (snapshot.hasTag('waiting')) return 'waiting';
  return 'loading';
}
