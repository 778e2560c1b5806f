import { assign, setup } from 'xstate';
import { fromPromise } from 'xstate';
import { login } from '../../api/auth';
import type { ApiResult, HttpClient } from '../../api/types';
import { messages, ownMessages } from '../../contract/errors';
import type { LoginBody } from '../../contract/http/auth';
import type { SessionResponse, User } from '../../contract/http/users';
import { failureMessage } from './failureMessage';
import { promisePlaceholder, unboundImplementation } from './placeholders';
import type { FormError } from './validation';
import { validateLoginForm } from './validation';

export interface LoginContext {
  emailAddress: string;
  password: string;
  error: FormError;
}

export type LoginEvent =
  { type: 'field.change'; field: 'emailAddress' | 'password'; value: string } | { type: 'login.submit' };

/** `busy`: the request is on its way; `form`: the form is editable; `done`: the session has started. */
export type LoginTag = 'busy' | 'form' | 'done';

export interface StartSessionParams {
  token: string;
  user: User;
}

export const loginMachine = setup({
  types: {
    context: {} as LoginContext,
    events: {} as LoginEvent,
    tags: {} as LoginTag,
  },
  actors: {
    logIn: promisePlaceholder<ApiResult<SessionResponse>, LoginBody>('logIn'),
  },
  actions: {
    startSession: (_, _params: StartSessionParams) => {
      throw unboundImplementation('startSession');
    },
    announce: (_, _params: { message: string }) => {
      throw unboundImplementation('announce');
    },
  },
  guards: {
    isFormInvalid: ({ context }) => validateLoginForm(context.emailAddress, context.password) !== null,
  },
}).createMachine({
  id: 'login',
  context: { emailAddress: '', password: '', error: null },
  initial: 'editing',
  states: {
    editing: {
      tags: ['form'],
      on: {
        'field.change': {
          actions: assign(({ context, event }) => ({ ...context, [event.field]: event.value, error: null })),
        },
        'login.submit': [
          {
            guard: 'isFormInvalid',
            actions: assign({
              error: ({ context }) => validateLoginForm(context.emailAddress, context.password),
            }),
          },
          { target: 'submitting', actions: assign({ error: null }) },
        ],
      },
    },
    submitting: {
      tags: ['busy'],
      invoke: {
        src: 'logIn',
        input: ({ context }) => ({ emailAddress: context.emailAddress.trim(), password: context.password }),
        onDone: [
          {
            guard: ({ event }) => event.output.ok,
            target: 'loggedIn',
            actions: [
              {
                type: 'startSession',
                params: ({ event }) => {
                  if (!event.output.ok) throw new Error('unreachable: guarded by output.ok');
                  return { token: event.output.data.token, user: event.output.data.user };
                },
              },
              { type: 'announce', params: { message: ownMessages.loginSucceeded } },
            ],
          },
          {
            target: 'editing',
            actions: assign({
              error: ({ event }) => (event.output.ok ? null : failureMessage(event.output)),
              password: '',
            }),
          },
        ],
        onError: { target: 'editing', actions: assign({ error: messages.serverNotResponding }) },
      },
    },
    loggedIn: { type: 'final', tags: ['done'] },
  },
});

export interface LoginDependencies {
  http: HttpClient;
  startSession: (params: StartSessionParams) => void;
  announce: (message: string) => void;
}

/** Binds the machine's placeholders to the real world; the view's hook and the tests call this. */
export function createLoginImplementations(deps: LoginDependencies) {
  return {
    actors: {
      logIn: fromPromise<ApiResult<SessionResponse>, LoginBody>(({ input }) => login(deps.http, input)),
    },
    actions: {
      startSession: (_: unknown, params: StartSessionParams) => deps.startSession(params),
      announce: (_: unknown, params: { message: string }) => deps.announce(params.message),
    },
  };
}
