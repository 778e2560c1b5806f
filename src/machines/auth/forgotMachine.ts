import { fromPromise } from 'xstate';
import { forgot } from '../../api/auth';
import type { ApiResult, HttpClient } from '../../api/types';
import { messages } from '../../contract/errors';
import type { MessageResponse } from '../../contract/http/auth';
import { createEmailRequestMachine, type EmailRequestBody } from './emailRequestMachine';

/** /forgot: asks for a reset mail. */
export const forgotMachine = createEmailRequestMachine('forgot', messages.resetEmailSent);

/** Binds the machine's placeholders to the real world; the view's hook and the tests call this. */
export function createForgotImplementations(deps: { http: HttpClient }) {
  return {
    actors: {
      sendRequest: fromPromise<ApiResult<MessageResponse>, EmailRequestBody>(({ input }) =>
        forgot(deps.http, input),
      ),
    },
  };
}
