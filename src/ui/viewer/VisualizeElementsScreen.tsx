import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import type { SnapshotFrom } from 'xstate';
import type { Model } from '../../contract/http/models';
import type { Version } from '../../contract/http/versions';
import { selectVersions as selectModelVersions } from '../../machines/model/selectors';
import type { sessionMachine } from '../../machines/session/sessionMachine';
import { selectComparedVersionId, selectVersionId } from '../../machines/viewer/selectors';
import { useSessionSelector } from '../session/useSession';
import { abilitiesOf } from '../../machines/model/abilities';
import { ModelPageBoundary } from '../model/ModelPageBoundary';
import { ResultsProvider } from '../results/ResultsContext';
import { ResultsPanel } from '../results/ResultsPanel';
import { useModelPageSelector } from '../model/ModelPageContext';
import { ChangeListPanel } from './ChangeListPanel';
import { PropertiesPanel } from './PropertiesPanel';
import { VersionPicker } from './VersionPicker';
import { ViewerProvider } from './ViewerContext';
import { ViewerFilterPanel } from './ViewerFilterPanel';
import { ViewerStage } from './ViewerStage';
import { ViewerToolbar } from './ViewerToolbar';
import { useViewerActor } from './useViewerActor';

/** The viewer opens in the user's saved colour scheme for normal views (spec section 3). */
const selectPreferredTheme = (snapshot: SnapshotFrom<typeof sessionMachine>) =>
  snapshot.context.user?.preferences.colorSchemes.default ?? null;

/**
 * /model/{modelId}/visualize/elements (and /report/…): the model in 3-D. The model and its versions come from
 * the model page's actor, as on the history screen, so a version uploaded meanwhile appears in the picker.
 */
export function VisualizeElementsScreen() {
  const { modelId = '' } = useParams();
  return (
    <ModelPageBoundary key={modelId} modelId={modelId}>
      {(model) => <ModelViewerWithVersions model={model} />}
    </ModelPageBoundary>
  );
}

function ModelViewerWithVersions({ model }: { model: Model }) {
  const versions = useModelPageSelector(selectModelVersions);
  return <ModelViewer model={model} versions={versions} />;
}

function ModelViewer({ model, versions }: { model: Model; versions: Version[] }) {
  const theme = useSessionSelector(selectPreferredTheme);
  const [searchParams, setSearchParams] = useSearchParams();
  const actor = useViewerActor({
    modelId: model._id,
    versions,
    versionId: searchParams.get('version'),
    compareVersionId: searchParams.get('compare'),
    changeKey: searchParams.get('change'),
    theme,
    role: model.currentUserRole,
    // Gusset's sketch gives way to the first drawing of the model in the viewer.
    hasThumbnail: Boolean(model.image) && model.imageIsSketch !== true,
  });

  // The address names the version shown (and the one compared with), so a reload or a shared link opens them.
  const versionId = useSelector(actor, selectVersionId);
  const comparedId = useSelector(actor, selectComparedVersionId);
  const comparing = comparedId !== null;
  const abilities = abilitiesOf(model.currentUserRole);
  const addressVersion = searchParams.get('version');
  const addressCompare = searchParams.get('compare');
  useEffect(() => {
    if (versionId !== null && (versionId !== addressVersion || comparedId !== addressCompare)) {
      setSearchParams(
        comparedId === null ? { version: versionId } : { version: versionId, compare: comparedId },
        { replace: true },
      );
    }
  }, [versionId, addressVersion, comparedId, addressCompare, setSearchParams]);

  return (
    <ViewerProvider actor={actor}>
      <ResultsProvider modelId={model._id} versionId={abilities.canViewVersions ? versionId : null}>
        <main className="page viewer-screen viewer-screen--full">
          <header className="viewer-screen__header">
            <div>
              <p className="model-page__organization">
                <Link to={`/organizations/${encodeURIComponent(model.organization._id)}/models`}>
                  {model.organization.name}
                </Link>{' '}
                · <Link to={`/model/${encodeURIComponent(model._id)}/history`}>{model.name}</Link>
              </p>
              <h1>{model.name} in 3D</h1>
            </div>
            <VersionPicker />
          </header>
          <ViewerToolbar />
          <div className={`viewer-screen__body${comparing ? ' viewer-screen__body--compare' : ''}`}>
            <ViewerFilterPanel />
            <ViewerStage />
            {/* One column for both: opened together they share its height, not the canvas's width. */}
            <div className="viewer-screen__side">
              <PropertiesPanel />
              <ChangeListPanel />
              {abilities.canViewVersions && <ResultsPanel canUpload={abilities.canUpdate} />}
            </div>
          </div>
        </main>
      </ResultsProvider>
    </ViewerProvider>
  );
}
