import { useMemo } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { createEmailRequestMachine, EmailRequestEvent } from '../../machines/auth/emailRequestMachine';

/** A running forgot-password or sign-up request: the two forms share one machine (useForgotActor, useSignupRequestActor). */
export type EmailRequestActor = ActorRefFrom<ReturnType<typeof createEmailRequestMachine>>;

/** What the user does on an email request form, memoised: views call these and never build events. */
export function useEmailRequestEvents(actor: EmailRequestActor) {
  return useMemo(() => {
    const send = (event: EmailRequestEvent) => actor.send(event);
    return {
      changeEmail: (value: string) => send({ type: 'field.change', field: 'emailAddress', value }),
      submit: () => send({ type: 'request.submit' }),
      enterAnotherEmail: () => send({ type: 'request.again' }),
    };
  }, [actor]);
}
