import { useActorRef } from '@xstate/react';
import { useMemo } from 'react';
import type { ActorRefFrom, EventFrom } from 'xstate';
import {
  createPasswordImplementations,
  passwordMachine,
  type PasswordField,
} from '../../machines/profile/passwordMachine';
import { announceSuccess } from '../auth/announce';
import { useHttpClient } from '../services/AppServices';

export type PasswordActor = ActorRefFrom<typeof passwordMachine>;
type PasswordEvent = EventFrom<typeof passwordMachine>;

/** The change-password machine bound to the app's HTTP client and the toasts. */
export function usePasswordActor(): PasswordActor {
  const http = useHttpClient();
  const logic = useMemo(
    () => passwordMachine.provide(createPasswordImplementations({ http, announce: announceSuccess })),
    [http],
  );
  return useActorRef(logic);
}

/** What the user does on the change-password form, memoised: views call these and never build events. */
export function usePasswordEvents(actor: PasswordActor) {
  return useMemo(() => {
    const send = (event: PasswordEvent) => actor.send(event);
    return {
      changeField: (field: PasswordField, value: string) => send({ type: 'password.field', field, value }),
      submit: () => send({ type: 'password.submit' }),
    };
  }, [actor]);
}
