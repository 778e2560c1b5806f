import { useActorRef } from '@xstate/react';
import { useMemo } from 'react';
import { Link, NavLink, Outlet, useParams } from 'react-router-dom';
import { createModelPageImplementations, modelPageMachine } from '../../machines/model/modelMachine';
import { selectLoadError, selectModel, selectModelPageStatus } from '../../machines/model/selectors';
import { useAppServices } from '../app/AppServices';
import { ModelPageProvider, useModelPageSelector } from './ModelPageContext';

const sections = [
  { to: 'history', label: 'History' },
  { to: 'people', label: 'People' },
  { to: 'settings', label: 'Settings' },
] as const;

/** /model/{modelId}/…: one model page actor per model, keyed so another model starts afresh. */
export function ModelLayout() {
  const { modelId = '' } = useParams();
  return <ModelPage key={modelId} modelId={modelId} />;
}

function ModelPage({ modelId }: { modelId: string }) {
  const { http, realtime } = useAppServices();
  const logic = useMemo(
    () => modelPageMachine.provide(createModelPageImplementations({ http, realtime })),
    [http, realtime],
  );
  const actor = useActorRef(logic, { input: { modelId } });
  return (
    <ModelPageProvider actor={actor}>
      <ModelFrame />
    </ModelPageProvider>
  );
}

function ModelFrame() {
  const status = useModelPageSelector(selectModelPageStatus);
  const model = useModelPageSelector(selectModel);
  const loadError = useModelPageSelector(selectLoadError);

  if (status === 'loading') {
    return (
      <main className="page">
        <p className="page__note">Loading the model...</p>
      </main>
    );
  }
  if (status === 'unavailable' || !model) {
    return (
      <main className="page">
        <h1>Model</h1>
        <p className="form__error" role="alert">
          {loadError}
        </p>
        <Link to="/models">Back to your models</Link>
      </main>
    );
  }
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
          {sections.map((section) => (
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
