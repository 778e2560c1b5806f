import { assign, fromCallback, fromPromise, sendTo, setup, type EventObject } from 'xstate';
import { getAnalyticsSummary } from '../../api/analytics';
import type { ApiResult, HttpClient } from '../../api/types';
import type { AnalyticsSummary } from '../../contract/http/analytics';
import { failureMessage } from '../auth/failureMessage';
import { promisePlaceholder, unboundImplementation } from '../auth/placeholders';
import type { RealtimeFeed } from '../socket/realtimeFeed';
import type { SocketStatus } from '../socket/types';
import { defaultRange, rangeProblem, type DayRange } from './range';

export interface AnalyticsInput {
  /** Today as YYYY-MM-DD (UTC), from the composition: the default range ends here. */
  today: string;
}

export type AnalyticsEvent =
  | { type: 'range.change'; field: keyof DayRange; value: string }
  | { type: 'range.apply' }
  | { type: 'summary.reload' }
  /** A routesAnalytics summary the live socket accepted (spec section 4, rule (e): ours, success, with data). */
  | { type: 'summary.pushed'; summary: AnalyticsSummary }
  | { type: 'socket.statusChanged'; status: SocketStatus };

export interface AnalyticsContext {
  /** The range of the summary shown (or being loaded). */
  range: DayRange;
  /** The range typed in the form, applied with range.apply. */
  draft: DayRange;
  summary: AnalyticsSummary | null;
  /** A form problem, or why the summary could not be loaded (null when the client said so globally). */
  error: string | null;
  socketStatus: SocketStatus;
}

export type AnalyticsTag = 'loading' | 'loaded' | 'failed';

/** What the overlay actor is told while it shows: the count depends on the socket. */
export type OverlayCommand = { type: 'socketData.loadingChanged'; loading: boolean };

/**
 * Socket data is still loading while the live connection that delivers routesAnalytics is being made; the
 * overlay then counts the smaller figure (spec section 2).
 */
export function socketDataLoading(status: SocketStatus): boolean {
  return status === 'connecting' || status === 'reconnecting';
}

const sameRange = (summary: AnalyticsSummary, range: DayRange) =>
  summary.from === range.from && summary.to === range.to;

/**
 * The Stats page (/usageAnalytics): GET /api/analytics/summary for a range of days. While it loads, the global
 * loading overlay shows its analytics variant (the invoked `analyticsOverlay`, told the socket's state for the
 * count). The server also pushes the summary it computed as routesAnalytics to
 * the admin's own socket: whichever arrives first is shown, and a later push for the same range (the same admin
 * refreshing it elsewhere) replaces it.
 */
export const analyticsMachine = setup({
  types: {
    context: {} as AnalyticsContext,
    events: {} as AnalyticsEvent,
    input: {} as AnalyticsInput,
    tags: {} as AnalyticsTag,
  },
  actors: {
    fetchSummary: promisePlaceholder<ApiResult<AnalyticsSummary>, DayRange>('fetchSummary'),
    /** Sends socket.statusChanged now and on every change; none unless bound. */
    socketStatus: fromCallback<EventObject>(() => {}),
    /** Sends summary.pushed for each accepted routesAnalytics event; none unless bound. */
    pushedSummaries: fromCallback<EventObject>(() => {}),
    /**
     * The loading overlay's analytics variant, for as long as this actor runs: shown when it starts, hidden when
     * it stops (also when the page closes mid-load, as stopping an actor runs no exit actions).
     */
    analyticsOverlay: fromCallback<OverlayCommand, { socketDataLoading: boolean }>(() => {
      throw unboundImplementation('analyticsOverlay');
    }),
  },
  actions: {
    rememberSummary: assign((_, params: { summary: AnalyticsSummary }) => ({
      summary: params.summary,
      error: null,
    })),
    rememberSocketStatus: assign((_, params: { status: SocketStatus }) => ({ socketStatus: params.status })),
  },
  guards: {
    draftIsValid: ({ context }) => rangeProblem(context.draft) === null,
    pushIsForShownRange: ({ context, event }) =>
      event.type === 'summary.pushed' && sameRange(event.summary, context.range),
  },
}).createMachine({
  id: 'analytics',
  context: ({ input }) => {
    const range = defaultRange(input.today);
    return { range, draft: range, summary: null, error: null, socketStatus: 'closed' };
  },
  invoke: [
    { id: 'socketStatus', src: 'socketStatus' },
    { id: 'pushedSummaries', src: 'pushedSummaries' },
  ],
  on: {
    'range.change': {
      actions: assign(({ context, event }) => ({
        draft: { ...context.draft, [event.field]: event.value },
        error: null,
      })),
    },
    'socket.statusChanged': {
      actions: { type: 'rememberSocketStatus', params: ({ event }) => ({ status: event.status }) },
    },
    'range.apply': [
      {
        guard: 'draftIsValid',
        target: '.loading',
        reenter: true,
        actions: assign(({ context }) => ({ range: context.draft, error: null })),
      },
      { actions: assign(({ context }) => ({ error: rangeProblem(context.draft) })) },
    ],
  },
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: [
        {
          id: 'analyticsOverlay',
          src: 'analyticsOverlay',
          input: ({ context }) => ({ socketDataLoading: socketDataLoading(context.socketStatus) }),
        },
        {
          src: 'fetchSummary',
          input: ({ context }) => context.range,
          onDone: [
            {
              guard: ({ event }) => event.output.ok,
              target: 'loaded',
              actions: assign(({ event }) =>
                event.output.ok ? { summary: event.output.data, error: null } : {},
              ),
            },
            {
              target: 'failed',
              actions: assign(({ event }) => ({
                error: event.output.ok ? null : failureMessage(event.output),
              })),
            },
          ],
          onError: { target: 'failed', actions: assign({ error: null }) },
        },
      ],
      on: {
        'socket.statusChanged': {
          actions: [
            { type: 'rememberSocketStatus', params: ({ event }) => ({ status: event.status }) },
            sendTo('analyticsOverlay', ({ event }) => ({
              type: 'socketData.loadingChanged' as const,
              loading: socketDataLoading(event.status),
            })),
          ],
        },
        'summary.pushed': {
          guard: 'pushIsForShownRange',
          target: 'loaded',
          actions: { type: 'rememberSummary', params: ({ event }) => ({ summary: event.summary }) },
        },
      },
    },
    loaded: {
      tags: ['loaded'],
      on: {
        'summary.reload': 'loading',
        'summary.pushed': {
          guard: 'pushIsForShownRange',
          actions: { type: 'rememberSummary', params: ({ event }) => ({ summary: event.summary }) },
        },
      },
    },
    failed: {
      tags: ['failed'],
      on: { 'summary.reload': 'loading' },
    },
  },
});

export interface AnalyticsPorts {
  http: HttpClient;
  realtime: RealtimeFeed;
  /** The loading overlay (the root's loading actor). */
  overlay: {
    show: () => void;
    hide: () => void;
    socketDataLoading: (loading: boolean) => void;
  };
  /** Accepted routesAnalytics summaries; returns the unsubscribe (see socketAnalytics.ts). */
  subscribeToPushedSummaries: (listener: (summary: AnalyticsSummary) => void) => () => void;
}

export function createAnalyticsImplementations(ports: AnalyticsPorts) {
  return {
    actors: {
      fetchSummary: fromPromise<ApiResult<AnalyticsSummary>, DayRange>(({ input }) =>
        getAnalyticsSummary(ports.http, input),
      ),
      socketStatus: fromCallback<EventObject>(({ sendBack }) => {
        sendBack({ type: 'socket.statusChanged', status: ports.realtime.status() });
        return ports.realtime.subscribe((notice) => {
          if (notice.type === 'socket.status')
            sendBack({ type: 'socket.statusChanged', status: notice.status });
        });
      }),
      pushedSummaries: fromCallback<EventObject>(({ sendBack }) =>
        ports.subscribeToPushedSummaries((summary) => sendBack({ type: 'summary.pushed', summary })),
      ),
      analyticsOverlay: fromCallback<OverlayCommand, { socketDataLoading: boolean }>(({ input, receive }) => {
        ports.overlay.show();
        ports.overlay.socketDataLoading(input.socketDataLoading);
        receive((command) => ports.overlay.socketDataLoading(command.loading));
        return () => {
          ports.overlay.socketDataLoading(false);
          ports.overlay.hide();
        };
      }),
    },
  };
}
