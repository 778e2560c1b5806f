import { AdminUsersTable, UserSearchForm } from './AdminUsersTable';
import { useAdminUsersActor } from './useAdminUsersActor';

/** /admin/testingGroups: find a user and put them in a testing group (an empty group takes them out). */
export function AdminTestingGroupsScreen() {
  const actor = useAdminUsersActor();
  return (
    <main className="page">
      <h1>Testing groups</h1>
      <p className="page__note">
        Users see their testing group in their preferences. Leave the field empty to take a user out of every
        group.
      </p>
      <UserSearchForm actor={actor} />
      <AdminUsersTable actor={actor} editTestingGroups />
    </main>
  );
}
