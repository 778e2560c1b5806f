import { useSelector } from '@xstate/react';
import {
  selectOrganizations,
  selectOrganizationsError,
  selectOrganizationsFailed,
  selectOrganizationsLoading,
  selectOrganizationsPage,
} from '../../machines/admin/selectors';
import { personDisplayName } from '../../machines/organizations/organizationSelectors';
import { formatDate } from '../format/dates';
import { Pagination } from './Pagination';
import { useAdminOrganizationsActor, useAdminOrganizationsEvents } from './useAdminOrganizationsActor';

/** /admin/organizations: every organization by name, with its owner, people and models counted. */
export function AdminOrganizationsScreen() {
  const actor = useAdminOrganizationsActor();
  const events = useAdminOrganizationsEvents(actor);
  const organizations = useSelector(actor, selectOrganizations);
  const loading = useSelector(actor, selectOrganizationsLoading);
  const failed = useSelector(actor, selectOrganizationsFailed);
  const error = useSelector(actor, selectOrganizationsError);
  const page = useSelector(actor, selectOrganizationsPage);

  return (
    <main className="page">
      <h1>Organizations</h1>
      {loading && (
        <p className="page__note" role="status">
          Loading organizations...
        </p>
      )}
      {failed ? (
        <div className="list-state">
          <p className="form-message form-message--error" role="alert">
            {error ?? 'The organizations could not be loaded.'}
          </p>
          <button type="button" onClick={events.retry}>
            Try again
          </button>
        </div>
      ) : (
        <>
          {!loading && organizations.length === 0 && <p className="page__note">No organizations yet.</p>}
          {organizations.length > 0 && (
            <div className="data-table-wrap">
              <table className={`data-table ${loading ? 'data-table--busy' : ''}`} aria-label="Organizations">
                <thead>
                  <tr>
                    <th scope="col">Name</th>
                    <th scope="col">Owner</th>
                    <th scope="col">Billing</th>
                    <th scope="col" className="data-table__number">
                      People
                    </th>
                    <th scope="col" className="data-table__number">
                      Models
                    </th>
                    <th scope="col">Created</th>
                  </tr>
                </thead>
                <tbody>
                  {organizations.map((organization) => (
                    <tr key={organization._id}>
                      <th scope="row">{organization.name}</th>
                      <td>
                        {personDisplayName(organization.owner)}
                        <br />
                        <span className="data-table__muted">{organization.owner.emailAddress}</span>
                      </td>
                      <td>{organization.billingStatus}</td>
                      <td className="data-table__number">{organization.collaborators.length + 1}</td>
                      <td className="data-table__number">{organization.modelCount}</td>
                      <td>{formatDate(organization.createdAt)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <Pagination
            info={page}
            label="organizations"
            busy={loading}
            onPrevious={events.previousPage}
            onNext={events.nextPage}
          />
        </>
      )}
    </main>
  );
}
