import { assign, fromPromise, setup } from 'xstate';
import { forgot } from '../../api/auth';
import type { ApiResult, HttpClient } from '../../api/types';
import { messages } from '../../contract/errors';
import type { ForgotBody, MessageResponse } from '../../contract/http/auth';
import { failureMessage } from './failureMessage';
import { promisePlaceholder } from './placeholders';
import type { FormError } from './validation';
import { validateEmailForm } from './validation';

export interface ForgotContext {
  emailAddress: string;
  error: FormError;
  /** What the server said once the request was accepted (the same text whether or not the address is known). */
  notice: string | null;
}

export type ForgotEvent =
  | { type: 'field.change'; field: 'emailAddress'; value: string }
  | { type: 'forgot.submit' }
  | { type: 'forgot.again' };

/** `sent`: the mail is on its way and the notice is shown. */
export type ForgotTag = 'busy' | 'form' | 'sent';

export const forgotMachine = setup({
  types: {
    context: {} as ForgotContext,
    events: {} as ForgotEvent,
    tags: {} as ForgotTag,
  },
  actors: {
    requestReset: promisePlaceholder<ApiResult<MessageResponse>, ForgotBody>('requestReset'),
  },
  guards: {
    isFormInvalid: ({ context }) => validateEmailForm(context.emailAddress) !== null,
  },
}).createMachine({
  id: 'forgot',
  context: { emailAddress: '', error: null, notice: null },
  initial: 'editing',
  states: {
    editing: {
      tags: ['form'],
      on: {
        'field.change': { actions: assign({ emailAddress: ({ event }) => event.value, error: null }) },
        'forgot.submit': [
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
        src: 'requestReset',
        input: ({ context }) => ({ emailAddress: context.emailAddress.trim() }),
        onDone: [
          {
            guard: ({ event }) => event.output.ok,
            target: 'sent',
            actions: assign({
              notice: ({ event }) =>
                (event.output.ok ? event.output.data.message : null) || messages.resetEmailSent,
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
    sent: {
      tags: ['sent'],
      on: { 'forgot.again': { target: 'editing', actions: assign({ notice: null }) } },
    },
  },
});

/** Binds the machine's placeholders to the real world; the view's hook and the tests call this. */
export function createForgotImplementations(deps: { http: HttpClient }) {
  return {
    actors: {
      requestReset: fromPromise<ApiResult<MessageResponse>, ForgotBody>(({ input }) =>
        forgot(deps.http, input),
      ),
    },
  };
}
