import { Link, NavLink, Outlet, useParams } from 'react-router-dom';
import type { Model } from '../../contract/http/models';
import { modelSectionsFor } from '../../machines/model/abilities';
import { ModelPageBoundary } from './ModelPageBoundary';

/** /model/{modelId}/…: one model page actor per model, keyed so another model starts afresh. */
export function ModelLayout() {
  const { modelId = '' } = useParams();
  return (
    <ModelPageBoundary key={modelId} modelId={modelId}>
      {(model) => <ModelFrame model={model} />}
    </ModelPageBoundary>
  );
}

function ModelFrame({ model }: { model: Model }) {
  return (
    <main className="page model-page">
      <header className="model-page__header">
        <p className="model-page__organization">
          <Link to={`/organizations/${encodeURIComponent(model.organization._id)}/models`}>
            {model.organization.name}
          </Link>
        </p>
        <h1>{model.name}</h1>
        <nav aria-label="Model" className="section-layout__tabs">
          {modelSectionsFor(model.currentUserRole).map((section) => (
            <NavLink key={section.to} to={section.to}>
              {section.label}
            </NavLink>
          ))}
        </nav>
      </header>
      <Outlet />
    </main>
  );
}
