import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { Model } from '../../contract/http/models';
import { selectLoadError, selectModel, selectModelPageStatus } from '../../machines/model/selectors';
import { ModelPageProvider, useModelPageSelector } from './ModelPageContext';
import { useModelPageActor } from './useModelPageActor';

/**
 * One model page actor for `modelId` (keyed by the caller, so another model starts afresh): shows the loading and
 * unavailable states, and renders `children` with the model once it is there, inside the actor's provider.
 */
export function ModelPageBoundary({
  modelId,
  children,
}: {
  modelId: string;
  children: (model: Model) => ReactNode;
}) {
  const actor = useModelPageActor(modelId);
  return (
    <ModelPageProvider actor={actor}>
      <ModelFrame>{children}</ModelFrame>
    </ModelPageProvider>
  );
}

function ModelFrame({ children }: { children: (model: Model) => ReactNode }) {
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
  return children(model);
}
