import { fromPromise } from 'xstate';
import { signup } from '../../api/auth';
import type { ApiResult, HttpClient } from '../../api/types';
import { ownMessages } from '../../contract/errors';
import type { MessageResponse } from '../../contract/http/auth';
import { createEmailRequestMachine, type EmailRequestBody } from './emailRequestMachine';

/** /signup: asks for the verification mail; the account itself is created from the mailed link. */
export const signupRequestMachine = createEmailRequestMachine(
  'signupRequest',
  ownMessages.confirmationEmailSent,
);

/** Binds the machine's placeholders to the real world; the view's hook and the tests call this. */
export function createSignupRequestImplementations(deps: { http: HttpClient }) {
  return {
    actors: {
      sendRequest: fromPromise<ApiResult<MessageResponse>, EmailRequestBody>(({ input }) =>
        signup(deps.http, input),
      ),
    },
  };
}
