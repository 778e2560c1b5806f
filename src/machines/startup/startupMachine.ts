import { setup } from 'xstate';
import { INITIAL_SCREEN_DELAY_MS } from '../constants';

export type StartupTag = 'initializing';

export interface StartupInput {
  /**
   * How long the page had been loading when the app started (ms): the two seconds count from the page's start,
   * so a slow machine's script loading is not added on top of them.
   */
  elapsedMs?: number;
}

/**
 * Spec section 2: the initializing screen shows for about two seconds at start, with a link to the
 * login-issues help page. The app also keeps it up while the session is restoring (see the app's gate).
 */
export const startupMachine = setup({
  types: {
    tags: {} as StartupTag,
    input: {} as StartupInput,
    context: {} as { elapsedMs: number },
  },
  delays: {
    initialScreenDelay: ({ context }) => Math.max(0, INITIAL_SCREEN_DELAY_MS - context.elapsedMs),
  },
}).createMachine({
  id: 'startup',
  context: ({ input }) => ({ elapsedMs: Math.max(0, input.elapsedMs ?? 0) }),
  initial: 'initializing',
  states: {
    initializing: {
      tags: ['initializing'],
      after: { initialScreenDelay: 'ready' },
    },
    ready: { type: 'final' },
  },
});
