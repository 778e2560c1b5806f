import { Link } from 'react-router-dom';
import {
  selectExportAddress,
  selectLayers,
  selectSectionBoxFields,
  selectTheme,
  selectThumbnail,
} from '../../machines/viewer/selectors';
import {
  CAMERA_VIEWS,
  VIEWER_LAYERS,
  VIEWER_THEMES,
  type CameraView,
  type ViewerLayer,
  type ViewerTheme,
} from '../../machines/viewer/types';
import { CompareControls } from './CompareControls';
import { ViewSelect } from './ViewSelect';
import { shallowEqual, useViewerEvents, useViewerSelector } from './ViewerContext';

const viewLabels: Record<CameraView, string> = { top: 'Top', front: 'Front', side: 'Side', iso: 'Iso' };
const themeLabels: Record<ViewerTheme, string> = { light: 'Light', dark: 'Dark', white: 'White' };
const layerLabels: Record<ViewerLayer, string> = {
  nodes: 'Nodes',
  grids: 'Grids',
  levels: 'Levels',
  restraints: 'Restraints',
  releases: 'Releases',
  loads: 'Loads',
};
const axisNames = ['X', 'Y', 'Z'] as const;

/**
 * Camera, theme, layers, section box and the thumbnail: everything that changes how the model is looked at.
 * The camera, export and compare stay in the bar; the rest sits under 'View options'.
 */
export function ViewerToolbar() {
  const theme = useViewerSelector(selectTheme);
  const layers = useViewerSelector(selectLayers);
  const events = useViewerEvents();

  return (
    <div className="viewer-toolbar" role="toolbar" aria-label="Viewer">
      <div className="viewer-toolbar__group" role="group" aria-label="Camera">
        <button type="button" onClick={events.zoomToFit}>
          Zoom to fit
        </button>
        {CAMERA_VIEWS.map((view) => (
          <button
            key={view}
            type="button"
            aria-label={`${viewLabels[view]} view`}
            onClick={() => events.setView(view)}
          >
            {viewLabels[view]}
          </button>
        ))}
      </div>
      <ViewSelect />
      <ExportLink />
      <CompareControls />
      {/* Seldom changed during a visit: folded away, so the bar stays one row and the canvas keeps its height. */}
      <details className="viewer-toolbar__options">
        <summary>View options</summary>
        <div className="viewer-toolbar__options-body">
          <label className="viewer-toolbar__group">
            Theme
            <select value={theme} onChange={(event) => events.setTheme(event.target.value as ViewerTheme)}>
              {VIEWER_THEMES.map((name) => (
                <option key={name} value={name}>
                  {themeLabels[name]}
                </option>
              ))}
            </select>
          </label>
          <fieldset className="viewer-toolbar__group viewer-toolbar__layers">
            <legend>Layers</legend>
            {VIEWER_LAYERS.map((layer) => (
              <label key={layer} className="form-check">
                <input type="checkbox" checked={layers[layer]} onChange={() => events.toggleLayer(layer)} />
                {layerLabels[layer]}
              </label>
            ))}
          </fieldset>
          <SectionBoxControls />
          <ThumbnailButton />
        </div>
      </details>
    </div>
  );
}

/** The export screen, opened on the version shown (issue #23). */
function ExportLink() {
  const address = useViewerSelector(selectExportAddress);
  if (address === null) return null;
  return (
    <div className="viewer-toolbar__group">
      <Link className="button" to={address} aria-label="Export the version shown">
        Export
      </Link>
    </div>
  );
}

function SectionBoxControls() {
  const box = useViewerSelector(selectSectionBoxFields);
  const { toggleSectionBox, moveSectionBox } = useViewerEvents();
  return (
    <fieldset className="viewer-toolbar__group viewer-toolbar__section-box">
      <legend>Section box</legend>
      <label className="form-check">
        <input type="checkbox" checked={box !== null} onChange={toggleSectionBox} />
        Section box
      </label>
      {box &&
        axisNames.map((axis, index) => (
          <div key={axis} className="viewer-toolbar__range">
            {(['min', 'max'] as const).map((bound) => (
              <label key={bound}>
                {`${axis} ${bound === 'min' ? 'from' : 'to'} (${box.unit})`}
                <input
                  type="number"
                  step="any"
                  // Keyed by value: a bound the machine corrected (a min past its max) shows the corrected one.
                  key={box[bound][index]}
                  defaultValue={box[bound][index]}
                  onBlur={(event) => moveSectionBox(index as 0 | 1 | 2, bound, event.target.valueAsNumber)}
                  onKeyDown={(event) => {
                    if (event.key === 'Enter') event.currentTarget.blur();
                  }}
                />
              </label>
            ))}
          </div>
        ))}
    </fieldset>
  );
}

function ThumbnailButton() {
  const thumbnail = useViewerSelector(selectThumbnail, shallowEqual);
  const { takeThumbnail } = useViewerEvents();
  if (!thumbnail.offered) return null;
  return (
    <div className="viewer-toolbar__group">
      <button type="button" disabled={!thumbnail.enabled} onClick={takeThumbnail}>
        {thumbnail.saving ? 'Saving thumbnail...' : 'Set as thumbnail'}
      </button>
      {thumbnail.error !== null && (
        <p className="form__error" role="alert">
          {thumbnail.error}
        </p>
      )}
    </div>
  );
}
