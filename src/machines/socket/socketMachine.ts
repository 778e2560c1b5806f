import { and, assign, enqueueActions, fromCallback, not, raise, sendTo, setup } from 'xstate';
import { realtimePayloadSchema, type Channel, type RealtimePayload } from '../../contract/realtime';
import { unboundImplementation } from '../auth/placeholders';
import { SOCKET_RECONNECTION_ATTEMPTS, SOCKET_RECONNECTION_DELAY_MS } from '../constants';
import type { ConnectionInput, SocketCommand, SocketLinkEvent } from './connection';
import {
  appliesToThisTab,
  deservesToast,
  isAcceptedAnalyticEvent,
  marksMergeDone,
  originOf,
  toastTextOf,
} from './eventRules';
import type { RealtimeEvent, RealtimeNotice, RealtimeViewer, SocketStatus } from './types';

export interface SocketInput extends RealtimeViewer {
  /** The session's token, for the handshake. */
  token: string;
}

/** How many accepted analytic events are kept for the analytics page (the newest). */
export const KEPT_ANALYTIC_EVENTS = 500;

export interface SocketContext extends SocketInput {
  /** The reconnection attempt under way (1 to SOCKET_RECONNECTION_ATTEMPTS); 0 when not reconnecting. */
  attempt: number;
  /** Numbers each `login`, so a late answer to an earlier one is ignored. */
  loginSeq: number;
  /** Has been online before: the next time online is a reconnect, and what was missed must be fetched. */
  everOnline: boolean;
  /** Why the last connection or login failed. */
  lastError: string | null;
  /** Rule (e): the current user's successful analytic events, oldest first, for the analytics page. */
  analytics: RealtimePayload[];
}

export type SocketEvent =
  | SocketLinkEvent
  /** After the 5th failed attempt, the user asks to try again. */
  | { type: 'socket.retry' }
  /** The user logs out: `logout` is sent and the connection closed. */
  | { type: 'session.ended' }
  /** Internal: a payload that passed the contract's schema. */
  | { type: 'realtime.received'; channel: Channel; payload: RealtimePayload };

/** `online` once `login` was acknowledged; `offline` after the last attempt failed; `closed` after logout. */
export type SocketTag = 'connecting' | 'online' | 'reconnecting' | 'offline' | 'closed';

function realtimeEventOf(
  context: SocketContext,
  event: { channel: Channel; payload: RealtimePayload },
): RealtimeEvent {
  return { channel: event.channel, payload: event.payload, origin: originOf(event.payload, context) };
}

const status = (value: SocketStatus) =>
  ({ type: 'publish', params: { type: 'socket.status', status: value } }) as const;

/**
 * The live socket of a signed-in session (spec section 7). The root spawns it with systemId 'socket' when a
 * session starts and stops it when the session ends.
 *
 * connecting → connected.loggingIn (`login` with the user's _id, on every connect) → connected.online. A lost
 * connection (or a failed first connect) goes to reconnecting: attempt n of 5, each after a 1 s wait; the 5th
 * failure ends in `failed` (tag 'offline') until the user retries. Back online after a reconnect, it publishes
 * `socket.resynced` (delivery is at most once, so screens fetch what they show again). `session.ended` sends
 * `logout` and disconnects.
 *
 * Every payload is parsed with the contract's schema (invalid ones are reported and dropped), filtered by rule
 * (a), kept when analytic (e), and otherwise published to the app's feed for the feature machines, with
 * `merge.done` for (f) and an info toast for (g).
 */
export const socketMachine = setup({
  types: {
    context: {} as SocketContext,
    events: {} as SocketEvent,
    input: {} as SocketInput,
    tags: {} as SocketTag,
  },
  actors: {
    connection: fromCallback<SocketCommand, ConnectionInput>(() => {
      throw unboundImplementation('connection');
    }),
  },
  actions: {
    /** To the app's realtime feed, which the feature machines listen to. */
    publish: (_, _notice: RealtimeNotice) => {
      throw unboundImplementation('publish');
    },
    /** An info toast with the realtime defaults (top-right, 5 s...). */
    announce: (_, _params: { message: string }) => {
      throw unboundImplementation('announce');
    },
    /** A payload that breaks the contract: logged, never thrown. */
    reportInvalidPayload: (_, _params: { channel: Channel; problem: string }) => {
      throw unboundImplementation('reportInvalidPayload');
    },
    connect: sendTo('connection', { type: 'connect' } satisfies SocketCommand),
    disconnect: sendTo('connection', { type: 'disconnect' } satisfies SocketCommand),
    logout: sendTo('connection', ({ context }) => ({ type: 'logout', userId: context.userId }) as const),
    login: enqueueActions(({ context, enqueue }) => {
      const seq = context.loginSeq + 1;
      enqueue.assign({ loginSeq: seq });
      enqueue.sendTo('connection', { type: 'login', seq, userId: context.userId } satisfies SocketCommand);
    }),
    startReconnecting: assign((_, params: { reason: string }) => ({ attempt: 1, lastError: params.reason })),
    keepAnalytic: assign(({ context }, params: { payload: RealtimePayload }) => ({
      analytics: [...context.analytics, params.payload].slice(-KEPT_ANALYTIC_EVENTS),
    })),
  },
  guards: {
    payloadIsValid: ({ event }) =>
      event.type === 'socket.received' && realtimePayloadSchema.safeParse(event.payload).success,
    /** Rule (a). */
    appliesToThisTab: ({ context, event }) =>
      event.type === 'realtime.received' && appliesToThisTab(event.payload, context),
    isAnalytic: ({ event }) => event.type === 'realtime.received' && event.channel === 'fromAnalyticService',
    /** Rule (e). */
    isAcceptedAnalyticEvent: ({ context, event }) =>
      event.type === 'realtime.received' && isAcceptedAnalyticEvent(event.payload, context.userId),
    /** Rule (f). */
    marksMergeDone: ({ event }) => event.type === 'realtime.received' && marksMergeDone(event.payload),
    /** Rule (g). */
    deservesToast: ({ context, event }) =>
      event.type === 'realtime.received' && deservesToast(realtimeEventOf(context, event)),
    answersCurrentLogin: ({ context, event }) =>
      (event.type === 'socket.loginAnswered' || event.type === 'socket.loginFailed') &&
      event.seq === context.loginSeq,
    loginAccepted: ({ event }) => event.type === 'socket.loginAnswered' && event.ack.ok,
    isReconnect: ({ context }) => context.everOnline,
    attemptsLeft: ({ context }) => context.attempt < SOCKET_RECONNECTION_ATTEMPTS,
  },
  delays: {
    reconnectionDelay: SOCKET_RECONNECTION_DELAY_MS,
  },
}).createMachine({
  id: 'socket',
  context: ({ input }) => ({
    ...input,
    attempt: 0,
    loginSeq: 0,
    everOnline: false,
    lastError: null,
    analytics: [],
  }),
  invoke: { id: 'connection', src: 'connection', input: ({ context }) => ({ token: context.token }) },
  initial: 'connecting',
  on: {
    'socket.received': [
      {
        guard: 'payloadIsValid',
        actions: raise(({ event }) => ({
          type: 'realtime.received' as const,
          channel: event.channel,
          payload: realtimePayloadSchema.parse(event.payload),
        })),
      },
      {
        actions: {
          type: 'reportInvalidPayload',
          params: ({ event }) => ({
            channel: event.channel,
            problem: realtimePayloadSchema.safeParse(event.payload).error?.issues[0]?.message ?? 'invalid',
          }),
        },
      },
    ],
    'realtime.received': [
      // Rule (a): the current user's change made in another tab is that tab's.
      { guard: not('appliesToThisTab') },
      {
        guard: and(['isAnalytic', 'isAcceptedAnalyticEvent']),
        actions: { type: 'keepAnalytic', params: ({ event }) => ({ payload: event.payload }) },
      },
      // Rule (e): any other analytic event is not applied.
      { guard: 'isAnalytic' },
      {
        actions: enqueueActions(({ context, event, enqueue, check }) => {
          const realtimeEvent = realtimeEventOf(context, event);
          enqueue({ type: 'publish', params: { type: 'realtime.event', event: realtimeEvent } });
          if (check('marksMergeDone')) {
            enqueue({ type: 'publish', params: { type: 'merge.done', event: realtimeEvent } });
          }
          const message = toastTextOf(realtimeEvent);
          if (check('deservesToast') && message !== null) enqueue({ type: 'announce', params: { message } });
        }),
      },
    ],
    'session.ended': '.disconnected',
  },
  states: {
    connecting: {
      tags: ['connecting'],
      entry: ['connect', status('connecting')],
      on: {
        'socket.connected': 'connected',
        'socket.connectFailed': {
          target: 'reconnecting',
          actions: { type: 'startReconnecting', params: ({ event }) => ({ reason: event.message }) },
        },
      },
    },
    connected: {
      initial: 'loggingIn',
      on: {
        'socket.disconnected': {
          target: 'reconnecting',
          actions: { type: 'startReconnecting', params: ({ event }) => ({ reason: event.reason }) },
        },
      },
      states: {
        loggingIn: {
          tags: ['connecting'],
          entry: 'login',
          on: {
            'socket.loginAnswered': [
              { guard: not('answersCurrentLogin') },
              {
                guard: and(['loginAccepted', 'isReconnect']),
                target: 'online',
                actions: { type: 'publish', params: { type: 'socket.resynced' } },
              },
              { guard: 'loginAccepted', target: 'online' },
              {
                // Refused (another user's id, too many logins): trying again would be refused the same way.
                target: '#socket.failed',
                actions: [
                  assign({ lastError: ({ event }) => (event.ack.ok ? null : event.ack.message) }),
                  'disconnect',
                ],
              },
            ],
            'socket.loginFailed': [
              { guard: not('answersCurrentLogin') },
              {
                // No answer in time: start over on a fresh connection.
                target: '#socket.reconnecting',
                actions: [
                  { type: 'startReconnecting', params: ({ event }) => ({ reason: event.message }) },
                  'disconnect',
                ],
              },
            ],
          },
        },
        online: {
          tags: ['online'],
          entry: [assign({ attempt: 0, everOnline: true, lastError: null }), status('online')],
        },
      },
    },
    reconnecting: {
      tags: ['reconnecting'],
      entry: status('reconnecting'),
      initial: 'waiting',
      on: { 'socket.connected': 'connected' },
      states: {
        waiting: {
          after: { reconnectionDelay: 'trying' },
        },
        trying: {
          entry: 'connect',
          on: {
            'socket.connectFailed': [
              {
                guard: 'attemptsLeft',
                target: 'waiting',
                actions: assign(({ context, event }) => ({
                  attempt: context.attempt + 1,
                  lastError: event.message,
                })),
              },
              { target: '#socket.failed', actions: assign({ lastError: ({ event }) => event.message }) },
            ],
          },
        },
      },
    },
    failed: {
      tags: ['offline'],
      entry: status('offline'),
      on: { 'socket.retry': { target: 'connecting', actions: assign({ attempt: 0 }) } },
    },
    disconnected: {
      type: 'final',
      tags: ['closed'],
      entry: ['logout', 'disconnect', status('closed')],
    },
  },
});
