import { setup } from 'xstate';
import { INITIAL_SCREEN_DELAY_MS } from '../constants';

export type StartupTag = 'initializing';

/**
 * Spec section 2: the initializing screen shows for about two seconds at start, with a link to the
 * login-issues help page. The app also keeps it up while the session is restoring (see the app's gate).
 */
export const startupMachine = setup({
  types: {
    tags: {} as StartupTag,
  },
  delays: {
    initialScreenDelay: INITIAL_SCREEN_DELAY_MS,
  },
}).createMachine({
  id: 'startup',
  initial: 'initializing',
  states: {
    initializing: {
      tags: ['initializing'],
      after: { initialScreenDelay: 'ready' },
    },
    ready: { type: 'final' },
  },
});
