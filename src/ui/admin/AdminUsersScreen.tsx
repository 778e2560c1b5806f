import { AdminUsersTable, UserSearchForm } from './AdminUsersTable';
import { useAdminUsersActor } from './useAdminUsersActor';

/** /admin/profile: every account, newest first, with a typo-tolerant search. Accounts only, never model contents. */
export function AdminUsersScreen() {
  const actor = useAdminUsersActor();
  return (
    <main className="page">
      <h1>Users</h1>
      <UserSearchForm actor={actor} />
      <AdminUsersTable actor={actor} editTestingGroups={false} />
    </main>
  );
}
