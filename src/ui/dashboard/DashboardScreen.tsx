import { useSelector } from '@xstate/react';
import { Link } from 'react-router-dom';
import {
  describeChanges,
  personName,
  selectLatestChanges,
  selectListError,
  selectListFailed,
  selectListLoaded,
  selectModelCount,
  selectRecentModels,
  selectRecentVersions,
} from '../../machines/models/selectors';
import { selectUser } from '../../machines/session/selectors';
import { useSessionSelector } from '../session/useSession';
import { formatDate, relativeAge } from '../format/dates';
import { ModelThumbnail } from '../models/ModelThumbnail';
import { NewModelForm } from '../models/NewModelForm';
import { useModelListActor, useModelListEvents } from '../models/useModelListActor';
import { CreateOrganizationForm } from '../organizations/CreateOrganizationForm';
import { useOrganizationDirectory } from '../organizations/useOrganizationDirectory';

function When({ at }: { at: string }) {
  return (
    <>
      <time dateTime={at}>{formatDate(at)}</time> ({relativeAge(at)} ago)
    </>
  );
}

/** /dashboard: recent models, recent versions across them, and what changed in each model's latest version. */
export function DashboardScreen() {
  const user = useSessionSelector(selectUser);
  const list = useModelListActor(null);
  const listEvents = useModelListEvents(list);
  const directory = useOrganizationDirectory({ fresh: true });
  const loaded = useSelector(list, selectListLoaded);
  const failed = useSelector(list, selectListFailed);
  const error = useSelector(list, selectListError);
  const modelCount = useSelector(list, selectModelCount);
  const models = useSelector(list, selectRecentModels);
  const versions = useSelector(list, selectRecentVersions);
  const changes = useSelector(list, selectLatestChanges);

  return (
    <main className="page dashboard">
      <h1>Welcome{user ? `, ${user.firstName}` : ''}</h1>
      {user && (
        <p className="dashboard__name">
          Signed in as {user.firstName} {user.lastName} ({user.emailAddress})
        </p>
      )}
      {failed && (
        <div className="list-state">
          <p className="form-message form-message--error" role="alert">
            {error ?? 'Your models could not be loaded.'}
          </p>
          <button type="button" onClick={listEvents.reload}>
            Try again
          </button>
        </div>
      )}
      {loaded && modelCount === 0 && (
        <section className="card page-section" aria-labelledby="dashboard-start">
          <h2 id="dashboard-start">Get started</h2>
          {directory.loaded && directory.organizations.length === 0 ? (
            <>
              <p>Models live in organizations. Create your organization first; you will be its owner.</p>
              <CreateOrganizationForm />
            </>
          ) : (
            <>
              <p>You have no models yet. Create one, then upload a file to it.</p>
              <NewModelForm organizations={directory.organizations} />
            </>
          )}
        </section>
      )}
      {modelCount > 0 && (
        <div className="dashboard__grid">
          <section className="card" aria-labelledby="recent-models-heading">
            <div className="section-heading">
              <h2 id="recent-models-heading">Recent models</h2>
              <Link to="/models">All models</Link>
            </div>
            <ul className="item-list item-list--compact" aria-label="Recent models">
              {models.map((model) => (
                <li key={model._id} className="item-list__row">
                  <ModelThumbnail name={model.name} image={model.image} />
                  <div className="item-list__main">
                    <Link className="item-list__title" to={`/model/${model._id}/history`}>
                      {model.name}
                    </Link>
                    <p className="item-list__meta">
                      {model.organization.name} · updated <When at={model.updatedAt} />
                    </p>
                  </div>
                </li>
              ))}
            </ul>
          </section>
          <section className="card" aria-labelledby="recent-versions-heading">
            <h2 id="recent-versions-heading">Recent versions</h2>
            {versions.length === 0 ? (
              <p className="page__note">
                No versions yet: upload a file to a model to make its first version.
              </p>
            ) : (
              <ul className="item-list item-list--compact" aria-label="Recent versions">
                {versions.map(({ modelId, modelName, version }) => (
                  <li key={version.ID} className="item-list__row">
                    <div className="item-list__main">
                      <Link className="item-list__title" to={`/model/${modelId}/history`}>
                        {modelName}, version {version.number}
                      </Link>
                      <p className="item-list__meta">
                        {personName(version.Author)} · <When at={version.Time} />
                      </p>
                    </div>
                  </li>
                ))}
              </ul>
            )}
          </section>
          <section className="card dashboard__wide" aria-labelledby="changes-heading">
            <h2 id="changes-heading">What changed</h2>
            {changes.length === 0 ? (
              <p className="page__note">Nothing yet: changes appear once a model has a version.</p>
            ) : (
              <ul className="item-list item-list--compact" aria-label="What changed">
                {changes.map((change) => (
                  <li key={change.modelId} className="item-list__row">
                    <div className="item-list__main">
                      <Link className="item-list__title" to={`/model/${change.modelId}/history`}>
                        {change.modelName}
                      </Link>
                      <p className="item-list__meta">
                        {change.previous
                          ? `Version ${change.latest.number} against version ${change.previous.number}: ${change.summary ?? ''}`
                          : `First version: ${describeChanges(change.changes)}`}
                      </p>
                    </div>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </div>
      )}
    </main>
  );
}
