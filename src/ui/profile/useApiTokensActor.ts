import { useActorRef } from '@xstate/react';
import { useMemo } from 'react';
import type { ActorRefFrom, EventFrom } from 'xstate';
import {
  apiTokensMachine,
  createApiTokensImplementations,
  type ApiTokenExpiry,
} from '../../machines/profile/apiTokensMachine';
import { announceSuccess } from '../auth/announce';
import { useHttpClient } from '../services/AppServices';

export type ApiTokensActor = ActorRefFrom<typeof apiTokensMachine>;
type ApiTokensEvent = EventFrom<typeof apiTokensMachine>;

/** The browser's clipboard (only on HTTPS or localhost; the machine explains a refusal). */
async function writeClipboard(text: string): Promise<void> {
  if (!navigator.clipboard) throw new Error('no clipboard');
  await navigator.clipboard.writeText(text);
}

/** The API tokens machine bound to the app's HTTP client, the toasts and the clipboard. */
export function useApiTokensActor(): ApiTokensActor {
  const http = useHttpClient();
  const logic = useMemo(
    () =>
      apiTokensMachine.provide(
        createApiTokensImplementations({ http, announce: announceSuccess, writeClipboard }),
      ),
    [http],
  );
  return useActorRef(logic);
}

/** What the user does with their API tokens, memoised: views call these and never build events. */
export function useApiTokensEvents(actor: ApiTokensActor) {
  return useMemo(() => {
    const send = (event: ApiTokensEvent) => actor.send(event);
    return {
      retry: () => send({ type: 'tokens.retry' }),
      changeName: (value: string) => send({ type: 'tokens.name', value }),
      chooseExpiry: (days: ApiTokenExpiry) => send({ type: 'tokens.expiry', days }),
      create: () => send({ type: 'tokens.create' }),
      copySecret: () => send({ type: 'tokens.copy' }),
      dismissSecret: () => send({ type: 'tokens.dismissSecret' }),
      revoke: (tokenId: string) => send({ type: 'tokens.revoke', tokenId }),
      confirmRevoke: () => send({ type: 'tokens.confirmRevoke' }),
      cancelRevoke: () => send({ type: 'tokens.cancelRevoke' }),
    };
  }, [actor]);
}
