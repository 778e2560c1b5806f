import { useActorRef } from '@xstate/react';
import { useMemo } from 'react';
import type { ActorRefFrom, EventFrom } from 'xstate';
import type { User } from '../../contract/http/users';
import { avatarMachine, createAvatarImplementations } from '../../machines/profile/avatarMachine';
import { announceSuccess } from '../auth/announce';
import { useHttpClient } from '../services/AppServices';
import { useSessionEvents } from '../session/useSession';

export type AvatarActor = ActorRefFrom<typeof avatarMachine>;
type AvatarEvent = EventFrom<typeof avatarMachine>;

/** The profile picture machine for the signed-in user, bound to the app's HTTP client, the toasts and the session. */
export function useAvatarActor(user: User): AvatarActor {
  const http = useHttpClient();
  const { userUpdated } = useSessionEvents();
  const logic = useMemo(
    () =>
      avatarMachine.provide(createAvatarImplementations({ http, announce: announceSuccess, userUpdated })),
    [http, userUpdated],
  );
  return useActorRef(logic, { input: { user } });
}

/** What the user does with their profile picture, memoised: views call these and never build events. */
export function useAvatarEvents(actor: AvatarActor) {
  return useMemo(() => {
    const send = (event: AvatarEvent) => actor.send(event);
    return {
      chooseImage: (image: Blob) => send({ type: 'image.choose', image }),
      removeImage: () => send({ type: 'image.remove' }),
    };
  }, [actor]);
}
