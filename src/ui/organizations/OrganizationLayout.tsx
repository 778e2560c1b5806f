import { useParams } from 'react-router-dom';
import { SectionLayout } from '../navigation/SectionLayout';
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
    <SectionLayout
      label="Organization"
      context={name ?? 'Organization'}
      sections={sections.map((section) => ({
        to: `/organizations/${organizationId}/${section.to}`,
        label: section.label,
      }))}
    />
  );
}
