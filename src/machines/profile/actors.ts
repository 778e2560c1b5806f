import { fromPromise } from 'xstate';
import type { UpdateProfileBody, User } from '../../contract/http/users';
import type { HttpClient } from '../../api/types';
import { updateProfile } from '../../api/users';

/** The profile's real actor: PUT /api/users. A failure carries the server's message for the form. */
export function createProfileActors(http: HttpClient) {
  return {
    saveProfile: fromPromise<User, UpdateProfileBody>(async ({ input }) => {
      const result = await updateProfile(http, input);
      if (!result.ok) throw new Error(result.error.message);
      return result.data;
    }),
  };
}
