import { FiltersEditor } from '../filters/FiltersEditor';
import { useOrganizationId } from './OrganizationLayout';

/** /organizations/{id}/settings/filters: the organization's filters (a model's own filters override them). */
export function OrganizationFiltersScreen() {
  const organizationId = useOrganizationId();
  return (
    <main className="page">
      <h1>Filters</h1>
      <p className="page__note">
        A filter decides which element types and properties flow from one platform to another. They apply to
        every model of the organization unless a model has its own filter for the same pair.
      </p>
      <FiltersEditor scope={{ organizationId }} />
    </main>
  );
}
