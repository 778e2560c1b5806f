import { assign, fromPromise, setup } from 'xstate';
import { reset } from '../../api/auth';
import type { ApiResult, HttpClient } from '../../api/types';
import { messages, ownMessages } from '../../contract/errors';
import type { MessageResponse, ResetBody } from '../../contract/http/auth';
import { failureMessage } from './failureMessage';
import { promisePlaceholder, unboundImplementation } from './placeholders';
import type { FormError } from './validation';
import { validateNewPassword } from './validation';

export interface ResetInput {
  /** The `:token` of /reset/{token}. */
  token: string;
}

export interface ResetContext {
  token: string;
  password: string;
  confirmPassword: string;
  error: FormError;
}

export type ResetEvent =
  { type: 'field.change'; field: 'password' | 'confirmPassword'; value: string } | { type: 'reset.submit' };

/** `tokenRejected`: the link is spent or expired, the user must ask for a new one at /forgot. */
export type ResetTag = 'busy' | 'form' | 'tokenRejected' | 'done';

export const resetMachine = setup({
  types: {
    context: {} as ResetContext,
    events: {} as ResetEvent,
    input: {} as ResetInput,
    tags: {} as ResetTag,
  },
  actors: {
    resetPassword: promisePlaceholder<ApiResult<MessageResponse>, ResetBody>('resetPassword'),
  },
  actions: {
    announce: (_, _params: { message: string }) => {
      throw unboundImplementation('announce');
    },
    openLogin: () => {
      throw unboundImplementation('openLogin');
    },
  },
  guards: {
    isFormInvalid: ({ context }) => validateNewPassword(context.password, context.confirmPassword) !== null,
  },
}).createMachine({
  id: 'reset',
  context: ({ input }) => ({ token: input.token, password: '', confirmPassword: '', error: null }),
  initial: 'editing',
  states: {
    editing: {
      tags: ['form'],
      on: {
        'field.change': {
          actions: assign(({ context, event }) => ({ ...context, [event.field]: event.value, error: null })),
        },
        'reset.submit': [
          {
            guard: 'isFormInvalid',
            actions: assign({
              error: ({ context }) => validateNewPassword(context.password, context.confirmPassword),
            }),
          },
          { target: 'resetting' },
        ],
      },
    },
    resetting: {
      tags: ['busy'],
      invoke: {
        src: 'resetPassword',
        input: ({ context }) => ({ token: context.token, password: context.password }),
        onDone: [
          {
            guard: ({ event }) => event.output.ok,
            target: 'done',
            actions: [
              assign({ password: '', confirmPassword: '' }),
              {
                type: 'announce',
                params: ({ event }) => ({
                  message:
                    (event.output.ok ? event.output.data.message : null) || ownMessages.passwordUpdated,
                }),
              },
              'openLogin',
            ],
          },
          {
            // The server refuses an unknown, used or expired token with this exact message; any other 400
            // (a password the server judges differently) stays on the form with its own message.
            guard: ({ event }) =>
              !event.output.ok &&
              event.output.status === 400 &&
              event.output.error.message === messages.resetTokenInvalid,
            target: 'tokenRejected',
            actions: assign({ password: '', confirmPassword: '', error: messages.resetTokenInvalid }),
          },
          {
            target: 'editing',
            actions: assign({
              error: ({ event }) => (event.output.ok ? null : failureMessage(event.output)),
            }),
          },
        ],
        onError: { target: 'editing', actions: assign({ error: messages.serverNotResponding }) },
      },
    },
    tokenRejected: { tags: ['tokenRejected'] },
    done: { type: 'final', tags: ['done'] },
  },
});

export interface ResetDependencies {
  http: HttpClient;
  announce: (message: string) => void;
  openLogin: () => void;
}

/** Binds the machine's placeholders to the real world; the view's hook and the tests call this. */
export function createResetImplementations(deps: ResetDependencies) {
  return {
    actors: {
      resetPassword: fromPromise<ApiResult<MessageResponse>, ResetBody>(({ input }) =>
        reset(deps.http, input),
      ),
    },
    actions: {
      announce: (_: unknown, params: { message: string }) => deps.announce(params.message),
      openLogin: () => deps.openLogin(),
    },
  };
}
