import { useSelector } from '@xstate/react';
import { selectListOrganization } from '../../machines/models/selectors';
import { ModelList } from '../models/ModelList';
import { NewModelForm } from '../models/NewModelForm';
import { useModelListActor, useModelListEvents } from '../models/useModelListActor';
import { UploadPanel } from '../uploads/UploadPanel';
import { useOrganizationId } from './OrganizationLayout';

/** /organizations/{id}/models: the organization's models, a new empty model, and a new model from a file. */
export function OrganizationModelsScreen() {
  const organizationId = useOrganizationId();
  // A new actor per organization: the list and the form belong to the organization in the address.
  return <OrganizationModels key={organizationId} organizationId={organizationId} />;
}

function OrganizationModels({ organizationId }: { organizationId: string }) {
  const list = useModelListActor(organizationId);
  const listEvents = useModelListEvents(list);
  const organization = useSelector(list, selectListOrganization);

  return (
    <main className="page">
      <h1>{organization ? `${organization.name}: models` : 'Models'}</h1>
      <section className="card page-section" aria-labelledby="new-model-heading">
        <h2 id="new-model-heading">New model</h2>
        <NewModelForm organizationId={organizationId} />
      </section>
      {/* A new model from a file: the upload journey's panel (src/ui/upload), which makes the model too. */}
      <div className="page-section">
        <UploadPanel organizationId={organizationId} onVersionCreated={listEvents.reload} />
      </div>
      <section className="page-section" aria-labelledby="organization-models-heading">
        <h2 id="organization-models-heading">Models in this organization</h2>
        <ModelList
          actor={list}
          emptyText={
            organization?.currentUserRole === 'OWNER'
              ? 'No models yet. Create one above.'
              : 'None of the models of this organization is shared with you yet. Create one above.'
          }
        />
      </section>
    </main>
  );
}
