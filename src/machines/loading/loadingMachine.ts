import { assign, setup } from 'xstate';
import { TOO_LONG_LOADING_MS } from '../constants';

/** Spec section 2: the loading overlay's three variants. */
export type LoadingVariant = 'generic' | 'analytics' | 'additionalModels';

export type LoadingEvent =
  /** A load began. The HTTP client's loader sends the generic one for every call that shows the loader. */
  | { type: 'loading.started'; variant?: LoadingVariant }
  /** A load ended, successfully or not. */
  | { type: 'loading.finished'; variant?: LoadingVariant }
  /** The live socket is (or is no longer) delivering analytics data: the analytics count changes. */
  | { type: 'socketData.loadingChanged'; loading: boolean }
  /** The user pressed 'Refresh Browser' in the 'Taking too long?' modal. */
  | { type: 'browser.refresh' };

export interface LoadingContext {
  /** Loads in flight per variant. Loads nest (a screen's load around the client's calls), so they are counted. */
  pending: Record<LoadingVariant, number>;
  socketDataLoading: boolean;
}

export type LoadingTag = 'visible' | 'tooLong';

const noLoads: Record<LoadingVariant, number> = { generic: 0, analytics: 0, additionalModels: 0 };

function totalPending(pending: Record<LoadingVariant, number>): number {
  return pending.generic + pending.analytics + pending.additionalModels;
}

export const loadingMachine = setup({
  types: {
    context: {} as LoadingContext,
    events: {} as LoadingEvent,
    tags: {} as LoadingTag,
  },
  actions: {
    countLoadStarted: assign(({ context }, params: { variant: LoadingVariant }) => ({
      pending: { ...context.pending, [params.variant]: context.pending[params.variant] + 1 },
    })),
    countLoadFinished: assign(({ context }, params: { variant: LoadingVariant }) => ({
      pending: { ...context.pending, [params.variant]: Math.max(0, context.pending[params.variant] - 1) },
    })),
    rememberSocketDataLoading: assign((_, params: { loading: boolean }) => ({
      socketDataLoading: params.loading,
    })),
    /** window.location.reload, bound in the composition root. */
    reloadBrowser: () => {
      throw new Error('reloadBrowser is not bound: provide it with loadingMachine.provide()');
    },
  },
  guards: {
    isLastLoad: ({ context }, params: { variant: LoadingVariant }) =>
      totalPending(context.pending) - Math.min(1, context.pending[params.variant]) === 0,
  },
  delays: {
    tooLongThreshold: TOO_LONG_LOADING_MS,
  },
}).createMachine({
  id: 'loading',
  context: { pending: noLoads, socketDataLoading: false },
  initial: 'idle',
  on: {
    'socketData.loadingChanged': {
      actions: { type: 'rememberSocketDataLoading', params: ({ event }) => ({ loading: event.loading }) },
    },
    'browser.refresh': { actions: 'reloadBrowser' },
  },
  states: {
    idle: {
      on: {
        'loading.started': {
          target: 'visible',
          actions: {
            type: 'countLoadStarted',
            params: ({ event }) => ({ variant: event.variant ?? 'generic' }),
          },
        },
      },
    },
    visible: {
      tags: ['visible'],
      initial: 'loading',
      states: {
        loading: {
          // Measured from the first of the nested loads: more loads joining do not restart the clock.
          after: { tooLongThreshold: 'takingTooLong' },
        },
        takingTooLong: { tags: ['tooLong'] },
      },
      on: {
        'loading.started': {
          actions: {
            type: 'countLoadStarted',
            params: ({ event }) => ({ variant: event.variant ?? 'generic' }),
          },
        },
        'loading.finished': [
          {
            guard: { type: 'isLastLoad', params: ({ event }) => ({ variant: event.variant ?? 'generic' }) },
            target: 'idle',
            actions: {
              type: 'countLoadFinished',
              params: ({ event }) => ({ variant: event.variant ?? 'generic' }),
            },
          },
          {
            actions: {
              type: 'countLoadFinished',
              params: ({ event }) => ({ variant: event.variant ?? 'generic' }),
            },
          },
        ],
      },
    },
  },
});
