import { Link } from 'react-router-dom';
import type { OrganizationMembership } from '../../contract/http/organizations';
import { CreateOrganizationForm } from './CreateOrganizationForm';
import { useOrganizationDirectory } from './useOrganizationDirectory';

const membershipLabels: Record<OrganizationMembership, string> = {
  OWNER: 'Owner',
  ADMIN: 'Admin',
  MEMBER: 'Member',
  BILLING: 'Billing administrator',
  NONE: '',
};

/** /profile/organizations: the user's organizations (owned first, then by name) and a new one. */
export function ProfileOrganizationsScreen() {
  const { organizations, loaded, failed, error, refresh } = useOrganizationDirectory({ fresh: true });

  return (
    <main className="page">
      <h1>Your organizations</h1>
      {failed && (
        <div className="list-state">
          <p className="form-message form-message--error" role="alert">
            {error ?? 'Your organizations could not be loaded.'}
          </p>
          <button type="button" onClick={refresh}>
            Try again
          </button>
        </div>
      )}
      {!loaded && !failed && organizations.length === 0 && (
        <p className="page__note" role="status">
          Loading organizations...
        </p>
      )}
      {loaded && organizations.length === 0 && (
        <p className="page__note">
          You do not belong to an organization yet. Models live in organizations: create one below.
        </p>
      )}
      {organizations.length > 0 && (
        <ul className="item-list page-section" aria-label="Your organizations">
          {organizations.map((organization) => (
            <li key={organization._id} className="item-list__row">
              <div className="item-list__main">
                <Link className="item-list__title" to={`/organizations/${organization._id}/models`}>
                  {organization.name}
                </Link>
                <p className="item-list__meta">
                  {membershipLabels[organization.currentUserRole]} ·{' '}
                  {organization.modelCount === 1 ? '1 model' : `${organization.modelCount} models`}
                </p>
              </div>
            </li>
          ))}
        </ul>
      )}
      <section className="card page-section" aria-labelledby="new-organization-heading">
        <h2 id="new-organization-heading">New organization</h2>
        <CreateOrganizationForm />
      </section>
    </main>
  );
}
