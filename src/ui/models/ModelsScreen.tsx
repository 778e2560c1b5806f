import { messages } from '../../contract/errors';
import { CreateOrganizationForm } from '../organizations/CreateOrganizationForm';
import { useOrganizationDirectory } from '../organizations/useOrganizationDirectory';
import { ModelList } from './ModelList';
import { NewModelForm } from './NewModelForm';
import { useModelListActor } from './useModelListActor';

/** /models: all the models the user can see, across organizations, and a new model in one of them. */
export function ModelsScreen() {
  const list = useModelListActor(null);
  const directory = useOrganizationDirectory();

  return (
    <main className="page">
      <h1>Models</h1>
      <section className="card page-section" aria-labelledby="new-model-heading">
        <h2 id="new-model-heading">New model</h2>
        {directory.loaded && directory.organizations.length === 0 ? (
          <>
            <p className="form-message form-message--notice" role="status">
              {messages.organizationDetailsMissing} Models belong to an organization: create one first.
            </p>
            <CreateOrganizationForm afterCreate="stay" />
          </>
        ) : (
          <NewModelForm organizations={directory.organizations} />
        )}
      </section>
      <section className="page-section" aria-labelledby="all-models-heading">
        <h2 id="all-models-heading">All models</h2>
        <ModelList actor={list} showOrganization emptyText="You have no models yet." />
      </section>
    </main>
  );
}
