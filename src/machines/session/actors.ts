import { fromPromise } from 'xstate';
import type { User } from '../../contract/http/users';
import type { HttpClient } from '../../api/types';
import { getAdminList, getCurrentUser, getGussetAdmins, logout } from '../../api/users';
import type { AdminDirectory } from './sessionMachine';

/**
 * The session's real actors over the HTTP client, bound with `sessionMachine.provide({ actors })` in the
 * composition root. The client has already announced any failure, so the actors only turn results into
 * outcomes.
 */
export function createSessionActors(http: HttpClient) {
  return {
    fetchCurrentUser: fromPromise<User>(async () => {
      const result = await getCurrentUser(http, { showLoader: false });
      if (!result.ok) throw new Error(result.error.message);
      return result.data;
    }),
    fetchAdminDirectory: fromPromise<AdminDirectory>(async () => {
      const [admins, adminList] = await Promise.all([getGussetAdmins(http), getAdminList(http)]);
      return {
        adminIds: admins.ok ? admins.data.data : [],
        adminList: adminList.ok ? adminList.data.data : [],
      };
    }),
    revokeSessionOnServer: fromPromise<void, { token: string }>(async ({ input }) => {
      if (input.token !== '') await logout(http, input.token);
    }),
  };
}
