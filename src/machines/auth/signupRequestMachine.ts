import { assign, fromPromise, setup } from 'xstate';
import { signup } from '../../api/auth';
import type { ApiResult, HttpClient } from '../../api/types';
import { messages, ownMessages } from '../../contract/errors';
import type { MessageResponse, SignupBody } from '../../contract/http/auth';
import { failureMessage } from './failureMessage';
import { promisePlaceholder } from './placeholders';
import type { FormError } from './validation';
import { validateEmailForm } from './validation';

export interface SignupRequestContext {
  emailAddress: string;
  error: FormError;
  /** The server's "check your mail" text; the account itself is created from the mailed link. */
  notice: string | null;
}

export type SignupRequestEvent =
  | { type: 'field.change'; field: 'emailAddress'; value: string }
  | { type: 'signup.submit' }
  | { type: 'signup.again' };

/** `checkMail`: the verification mail was requested and the user is told to open it. */
export type SignupRequestTag = 'busy' | 'form' | 'checkMail';

export const signupRequestMachine = setup({
  types: {
    context: {} as SignupRequestContext,
    events: {} as SignupRequestEvent,
    tags: {} as SignupRequestTag,
  },
  actors: {
    requestSignup: promisePlaceholder<ApiResult<MessageResponse>, SignupBody>('requestSignup'),
  },
  guards: {
    isFormInvalid: ({ context }) => validateEmailForm(context.emailAddress) !== null,
  },
}).createMachine({
  id: 'signupRequest',
  context: { emailAddress: '', error: null, notice: null },
  initial: 'editing',
  states: {
    editing: {
      tags: ['form'],
      on: {
        'field.change': { actions: assign({ emailAddress: ({ event }) => event.value, error: null }) },
        'signup.submit': [
          {
            guard: 'isFormInvalid',
            actions: assign({ error: ({ context }) => validateEmailForm(context.emailAddress) }),
          },
          { target: 'sending' },
        ],
      },
    },
    sending: {
      tags: ['busy'],
      invoke: {
        src: 'requestSignup',
        input: ({ context }) => ({ emailAddress: context.emailAddress.trim() }),
        onDone: [
          {
            guard: ({ event }) => event.output.ok,
            target: 'checkingMail',
            actions: assign({
              notice: ({ event }) =>
                (event.output.ok ? event.output.data.message : null) || ownMessages.confirmationEmailSent,
            }),
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
    checkingMail: {
      tags: ['checkMail'],
      on: { 'signup.again': { target: 'editing', actions: assign({ notice: null }) } },
    },
  },
});

/** Binds the machine's placeholders to the real world; the view's hook and the tests call this. */
export function createSignupRequestImplementations(deps: { http: HttpClient }) {
  return {
    actors: {
      requestSignup: fromPromise<ApiResult<MessageResponse>, SignupBody>(({ input }) =>
        signup(deps.http, input),
      ),
    },
  };
}
