import { assign, setup, type SnapshotFrom } from 'xstate';
import { loadingMachine } from '../loading/loadingMachine';
import { sessionMachine } from '../session/sessionMachine';
import type { SessionInput } from '../session/types';
import { socketMachine } from '../socket/socketMachine';
import { startupMachine } from '../startup/startupMachine';

export interface RootInput extends SessionInput {
  /** This browser tab's GussetSessionId, which realtime rule (a) compares. */
  tabSessionId?: string;
  /** How long the page had been loading when the app started (ms; the initializing screen's two seconds). */
  startedAfterMs?: number;
}

/** The session the live socket was opened for. */
interface SocketSession {
  token: string;
  userId: string;
}

interface RootContext extends SessionInput {
  tabSessionId: string;
  startedAfterMs: number;
  socketFor: SocketSession | null;
}

type SessionSnapshot = SnapshotFrom<typeof sessionMachine>;

/** The signed-in session the socket should serve, or null when none is. */
function signedInSession(snapshot: SessionSnapshot): SocketSession | null {
  const { token, user } = snapshot.context;
  if (!snapshot.hasTag('authenticated') || token === null || user === null) return null;
  return { token, userId: user._id };
}

/**
 * The browser's root actor. It owns the long-lived actors, each registered under a systemId so feature actors
 * can reach them (`system.get('session')`) without threading refs: the session, the start-up screen, the
 * loading overlay and, while a session is signed in, the live socket. It watches the session: a session that
 * starts (or changes token) gets a fresh socket; logout and expiry stop it.
 */
export const rootMachine = setup({
  types: {
    input: {} as RootInput,
    context: {} as RootContext,
  },
  actors: {
    session: sessionMachine,
    startup: startupMachine,
    loading: loadingMachine,
    socket: socketMachine,
  },
  guards: {
    sessionStartedOrChanged: ({ context }, params: { snapshot: SessionSnapshot }) => {
      const session = signedInSession(params.snapshot);
      return (
        session !== null &&
        (context.socketFor?.token !== session.token || context.socketFor.userId !== session.userId)
      );
    },
    sessionEnded: ({ context }, params: { snapshot: SessionSnapshot }) =>
      context.socketFor !== null && signedInSession(params.snapshot) === null,
  },
}).createMachine({
  id: 'root',
  context: ({ input }) => ({
    storage: input.storage,
    tabSessionId: input.tabSessionId ?? '',
    startedAfterMs: input.startedAfterMs ?? 0,
    socketFor: null,
  }),
  invoke: [
    {
      id: 'session',
      systemId: 'session',
      src: 'session',
      input: ({ context }) => ({ storage: context.storage }),
      onSnapshot: [
        {
          guard: { type: 'sessionStartedOrChanged', params: ({ event }) => ({ snapshot: event.snapshot }) },
          // Through `opening`, so a new token stops the previous session's socket before a new one opens.
          target: '.opening',
          actions: assign({ socketFor: ({ event }) => signedInSession(event.snapshot) }),
        },
        {
          guard: { type: 'sessionEnded', params: ({ event }) => ({ snapshot: event.snapshot }) },
          target: '.signedOut',
          actions: assign({ socketFor: null }),
        },
      ],
    },
    {
      id: 'startup',
      systemId: 'startup',
      src: 'startup',
      input: ({ context }) => ({ elapsedMs: context.startedAfterMs }),
    },
    { id: 'loading', systemId: 'loading', src: 'loading' },
  ],
  initial: 'signedOut',
  states: {
    signedOut: {},
    opening: { always: 'signedIn' },
    signedIn: {
      invoke: {
        id: 'socket',
        systemId: 'socket',
        src: 'socket',
        input: ({ context }) => ({
          token: context.socketFor?.token ?? '',
          userId: context.socketFor?.userId ?? '',
          tabSessionId: context.tabSessionId,
        }),
      },
    },
  },
});
