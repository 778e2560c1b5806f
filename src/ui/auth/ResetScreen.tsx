import { useActorRef } from '@xstate/react';
import { useMemo } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { createResetImplementations, resetMachine } from '../../machines/auth/resetMachine';
import { useHttpClient } from '../services/AppServices';
import { announceSuccess } from './announce';
import { ResetForm } from './ResetForm';

/** /reset/:token. The token is the machine's input: another link is another reset, with a fresh actor. */
export function ResetScreen() {
  const { token = '' } = useParams<{ token: string }>();
  return <ResetWithToken key={token} token={token} />;
}

function ResetWithToken({ token }: { token: string }) {
  const http = useHttpClient();
  const navigate = useNavigate();
  const logic = useMemo(
    () =>
      resetMachine.provide(
        createResetImplementations({ http, announce: announceSuccess, openLogin: () => navigate('/login') }),
      ),
    [http, navigate],
  );
  const actorRef = useActorRef(logic, { input: { token } });
  return <ResetForm actorRef={actorRef} />;
}
