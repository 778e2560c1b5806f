import { assign, setup } from 'xstate';
import type { ApiResult } from '../../api/types';
import { messages } from '../../contract/errors';
import type { MessageResponse } from '../../contract/http/auth';
import { failureMessage } from './failureMessage';
import { promisePlaceholder } from './placeholders';
import type { FormError } from './validation';
import { validateEmailForm } from './validation';

/** Forgot-password and sign-up are the same form: one email address in, a mail out, a notice shown. */
export interface EmailRequestContext {
  emailAddress: string;
  error: FormError;
  /** What the server said once the request was accepted (the same text whether or not the address is known). */
  notice: string | null;
}

export type EmailRequestEvent =
  | { type: 'field.change'; field: 'emailAddress'; value: string }
  | { type: 'request.submit' }
  | { type: 'request.again' };

/** `sent`: the mail is on its way and the notice is shown. */
export type EmailRequestTag = 'busy' | 'form' | 'sent';

export interface EmailRequestBody {
  emailAddress: string;
}

/**
 * @param id the machine's id (`forgot`, `signupRequest`)
 * @param fallbackNotice shown when the server accepted the request without a message of its own
 */
export function createEmailRequestMachine(id: string, fallbackNotice: string) {
  return setup({
    types: {
      context: {} as EmailRequestContext,
      events: {} as EmailRequestEvent,
      tags: {} as EmailRequestTag,
    },
    actors: {
      sendRequest: promisePlaceholder<ApiResult<MessageResponse>, EmailRequestBody>('sendRequest'),
    },
    guards: {
      isFormInvalid: ({ context }) => validateEmailForm(context.emailAddress) !== null,
    },
  }).createMachine({
    id,
    context: { emailAddress: '', error: null, notice: null },
    initial: 'editing',
    states: {
      editing: {
        tags: ['form'],
        on: {
          'field.change': { actions: assign({ emailAddress: ({ event }) => event.value, error: null }) },
          'request.submit': [
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
          src: 'sendRequest',
          input: ({ context }) => ({ emailAddress: context.emailAddress.trim() }),
          onDone: [
            {
              guard: ({ event }) => event.output.ok,
              target: 'sent',
              actions: assign({
                notice: ({ event }) => (event.output.ok ? event.output.data.message : null) || fallbackNotice,
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
        on: { 'request.again': { target: 'editing', actions: assign({ notice: null }) } },
      },
    },
  });
}
