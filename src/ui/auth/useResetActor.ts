import { useActorRef } from '@xstate/react';
import { useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import type { ActorRefFrom, EventFrom } from 'xstate';
import { createResetImplementations, resetMachine } from '../../machines/auth/resetMachine';
import { useHttpClient } from '../services/AppServices';
import { announceSuccess } from './announce';

export type ResetActor = ActorRefFrom<typeof resetMachine>;
type ResetEvent = EventFrom<typeof resetMachine>;

/** The password reset machine for one mailed token, bound to the app's HTTP client, the toasts and /login. */
export function useResetActor(token: string): ResetActor {
  const http = useHttpClient();
  const navigate = useNavigate();
  const logic = useMemo(
    () =>
      resetMachine.provide(
        createResetImplementations({ http, announce: announceSuccess, openLogin: () => navigate('/login') }),
      ),
    [http, navigate],
  );
  return useActorRef(logic, { input: { token } });
}

/** What the user does on the new-password form, memoised: views call these and never build events. */
export function useResetEvents(actor: ResetActor) {
  return useMemo(() => {
    const send = (event: ResetEvent) => actor.send(event);
    return {
      changePassword: (value: string) => send({ type: 'field.change', field: 'password', value }),
      changeConfirmPassword: (value: string) =>
        send({ type: 'field.change', field: 'confirmPassword', value }),
      submit: () => send({ type: 'reset.submit' }),
    };
  }, [actor]);
}
