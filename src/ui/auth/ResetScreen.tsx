import { useParams } from 'react-router-dom';
import { ResetForm } from './ResetForm';
import { useResetActor } from './useResetActor';

/** /reset/:token. The token is the machine's input: another link is another reset, with a fresh actor. */
export function ResetScreen() {
  const { token = '' } = useParams<{ token: string }>();
  return <ResetWithToken key={token} token={token} />;
}

function ResetWithToken({ token }: { token: string }) {
  return <ResetForm actorRef={useResetActor(token)} />;
}
