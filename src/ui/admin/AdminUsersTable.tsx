import { useSelector } from '@xstate/react';
import {
  selectSearchInput,
  selectSearchTerm,
  selectUserViews,
  selectUsersError,
  selectUsersFailed,
  selectUsersLoading,
  selectUsersPage,
  selectUsersSaving,
  type AdminUserView,
} from '../../machines/admin/selectors';
import { formatDate } from '../format/dates';
import { Pagination } from './Pagination';
import { useAdminUsersEvents, type AdminUsersActor } from './useAdminUsersActor';

/** The search box: typo-tolerant over names and email; an empty search lists everyone again. */
export function UserSearchForm({ actor }: { actor: AdminUsersActor }) {
  const intents = useAdminUsersEvents(actor);
  const searchInput = useSelector(actor, selectSearchInput);
  const searchTerm = useSelector(actor, selectSearchTerm);
  return (
    <form
      className="toolbar"
      role="search"
      aria-label="Find users"
      onSubmit={(event) => {
        event.preventDefault();
        intents.search();
      }}
    >
      <label className="form__field toolbar__search">
        <span>Find a user</span>
        <input
          type="search"
          name="searchTerm"
          placeholder="Name or email, typos welcome"
          value={searchInput}
          onChange={(event) => intents.changeSearch(event.target.value)}
        />
      </label>
      <div className="inline-form__actions">
        <button type="submit" className="button button--primary">
          Search
        </button>
        {searchTerm !== null && (
          <button type="button" onClick={() => intents.clearSearch()}>
            Show everyone
          </button>
        )}
      </div>
    </form>
  );
}

/**
 * Every user, or the best matches of a search. With `editTestingGroups` each row's testing group is a field
 * with its own Save (/admin/testingGroups); otherwise the table only shows it (/admin/profile).
 */
export function AdminUsersTable({
  actor,
  editTestingGroups,
}: {
  actor: AdminUsersActor;
  editTestingGroups: boolean;
}) {
  const intents = useAdminUsersEvents(actor);
  const users = useSelector(actor, selectUserViews);
  const loading = useSelector(actor, selectUsersLoading);
  const failed = useSelector(actor, selectUsersFailed);
  const error = useSelector(actor, selectUsersError);
  const saving = useSelector(actor, selectUsersSaving);
  const page = useSelector(actor, selectUsersPage);
  const searchTerm = useSelector(actor, selectSearchTerm);

  if (failed) {
    return (
      <div className="list-state">
        <p className="form-message form-message--error" role="alert">
          {error ?? 'The users could not be loaded.'}
        </p>
        <button type="button" onClick={() => intents.retry()}>
          Try again
        </button>
      </div>
    );
  }

  return (
    <section aria-busy={loading}>
      {loading && (
        <p className="page__note" role="status">
          {searchTerm === null ? 'Loading users...' : `Searching for “${searchTerm}”...`}
        </p>
      )}
      {!loading && searchTerm !== null && (
        <p className="page__note" role="status">
          {users.length === 0
            ? `No user matches “${searchTerm}”.`
            : `Best matches for “${searchTerm}”: ${users.length}.`}
        </p>
      )}
      {users.length > 0 && (
        <div className="data-table-wrap">
          <table className={`data-table ${loading ? 'data-table--busy' : ''}`} aria-label="Users">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Email</th>
                <th scope="col" className="data-table__number">
                  Organizations
                </th>
                <th scope="col">Joined</th>
                <th scope="col">Testing group</th>
              </tr>
            </thead>
            <tbody>
              {users.map((user) => (
                <tr key={user.row._id}>
                  <th scope="row">{user.name}</th>
                  <td>{user.row.emailAddress}</td>
                  <td className="data-table__number">{user.row.organizationCount}</td>
                  <td>{formatDate(user.row.createdAt)}</td>
                  <td>
                    {editTestingGroups ? (
                      <TestingGroupEditor actor={actor} user={user} disabled={saving} loading={loading} />
                    ) : (
                      (user.row.testingGroup ?? <span className="data-table__muted">None</span>)
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {page !== null && (
        <Pagination
          info={page}
          label="users"
          busy={loading}
          onPrevious={() => intents.previousPage()}
          onNext={() => intents.nextPage()}
        />
      )}
    </section>
  );
}

function TestingGroupEditor({
  actor,
  user,
  disabled,
  loading,
}: {
  actor: AdminUsersActor;
  user: AdminUserView;
  disabled: boolean;
  /** While a page or a search loads, the rows shown are about to be replaced: an edit would be lost. */
  loading: boolean;
}) {
  const intents = useAdminUsersEvents(actor);
  const errorId = `testing-group-error-${user.row._id}`;
  return (
    <form
      className="testing-group-editor"
      aria-label={`Testing group of ${user.name}`}
      onSubmit={(event) => {
        event.preventDefault();
        intents.saveTestingGroup(user.row._id);
      }}
    >
      <input
        name="testingGroup"
        aria-label={`Testing group of ${user.name}`}
        placeholder="None"
        maxLength={100}
        disabled={loading}
        value={user.testingGroupInput}
        aria-describedby={user.error !== null ? errorId : undefined}
        onChange={(event) => intents.changeTestingGroup(user.row._id, event.target.value)}
      />
      <button type="submit" disabled={disabled || !user.changed}>
        {user.saving ? 'Saving...' : 'Save'}
      </button>
      {user.error !== null && (
        <span id={errorId} className="field-error" role="alert">
          {user.error}
        </span>
      )}
    </form>
  );
}
