import { NavLink, Outlet, useParams } from 'react-router-dom';
import { useOrganizationDirectory } from './useOrganizationDirectory';

const sections = [
  { to: 'models', label: 'Models' },
  { to: 'people', label: 'People' },
  { to: 'settings', label: 'Settings' },
] as const;

/** The route parameter of /organizations/{organizationsId}/… (spelling as the spec's route). */
export function useOrganizationId(): string {
  return useParams().organizationsId ?? '';
}

/** /organizations/{id}/*: the organization's name and its sections. */
export function OrganizationLayout() {
  const organizationId = useOrganizationId();
  const { organizations } = useOrganizationDirectory();
  const name = organizations.find((organization) => organization._id === organizationId)?.name;

  return (
    <div className="section-layout">
      <p className="section-layout__context">{name ?? 'Organization'}</p>
      <nav aria-label="Organization" className="section-layout__tabs">
        {sections.map((section) => (
          <NavLink key={section.to} to={`/organizations/${organizationId}/${section.to}`}>
            {section.label}
          </NavLink>
        ))}
      </nav>
      <Outlet />
    </div>
  );
}
