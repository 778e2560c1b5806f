import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { ColorSchemeName, User } from '../../contract/http/users';
import type { ColorSchemeView, ProfileField, profileMachine } from '../../machines/profile/profileMachine';
import { useAppServices } from '../services/AppServices';

type ProfileActor = ActorRefFrom<typeof profileMachine>;

/** One profile actor per profile form, from the logic the composition root bound. */
export function useProfileActor(user: User): ProfileActor {
  return useActorRef(useAppServices().profileLogic, { input: { user } });
}

export function useProfileSelector<T>(
  actor: ProfileActor,
  selector: (s: SnapshotFrom<typeof profileMachine>) => T,
) {
  return useSelector(actor, selector);
}

export function useProfileEvents(actor: ProfileActor) {
  return useMemo(
    () => ({
      changeField: (field: ProfileField, value: string) => actor.send({ type: 'field.change', field, value }),
      saveProfile: () => actor.send({ type: 'profile.save' }),
      changeColorScheme: (view: ColorSchemeView, scheme: ColorSchemeName) =>
        actor.send({ type: 'colorScheme.change', view, scheme }),
      savePreferences: () => actor.send({ type: 'preferences.save' }),
    }),
    [actor],
  );
}
