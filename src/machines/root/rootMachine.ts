import { setup } from 'xstate';
import { loadingMachine } from '../loading/loadingMachine';
import { sessionMachine } from '../session/sessionMachine';
import type { SessionInput } from '../session/types';
import { startupMachine } from '../startup/startupMachine';

/**
 * The browser's root actor. It owns the long-lived actors, each registered under a systemId so feature actors
 * can reach them (`system.get('session')`) without threading refs: the session, the start-up screen and the
 * loading overlay. The socket joins them in its own issue.
 */
export const rootMachine = setup({
  types: {
    input: {} as SessionInput,
    context: {} as SessionInput,
  },
  actors: {
    session: sessionMachine,
    startup: startupMachine,
    loading: loadingMachine,
  },
}).createMachine({
  id: 'root',
  context: ({ input }) => input,
  invoke: [
    {
      id: 'session',
      systemId: 'session',
      src: 'session',
      input: ({ context }) => ({ storage: context.storage }),
    },
    { id: 'startup', systemId: 'startup', src: 'startup' },
    { id: 'loading', systemId: 'loading', src: 'loading' },
  ],
});
