import { selectCompareBar, selectCompareCandidates } from '../../machines/viewer/selectors';
import { THEMES } from '../../viewer/themes';
import { kindLabels } from '../reports/ChangeList';
import { shallowEqual, useViewerEvents, useViewerSelector } from './ViewerContext';
import { selectTheme } from '../../machines/viewer/selectors';

const LEGEND = ['added', 'removed', 'modified'] as const;

/** Diff mode's controls: 'Compare with…' enters it; then the Old/New toggle (which version is drawn) and 'Exit compare'. */
export function CompareControls() {
  const candidates = useViewerSelector(selectCompareCandidates);
  const bar = useViewerSelector(
    selectCompareBar,
    (a, b) => a === b || (a !== null && b !== null && shallowEqual(a, b)),
  );
  const events = useViewerEvents();

  if (!bar) {
    if (candidates.length === 0) return null;
    return (
      <label className="viewer-toolbar__group compare-controls">
        Compare with
        <select
          value=""
          data-testid="compare-with"
          onChange={(event) => event.target.value && events.startCompare(event.target.value)}
        >
          <option value="">Choose a version…</option>
          {candidates.map((version) => (
            <option key={version.ID} value={version.ID}>{`Version ${version.number}`}</option>
          ))}
        </select>
      </label>
    );
  }
  return (
    <div className="viewer-toolbar__group compare-controls" role="group" aria-label="Compare">
      <div className="compare-controls__toggle" role="group" aria-label="Version drawn">
        <button
          type="button"
          data-testid="compare-toggle-old"
          aria-pressed={bar.side === 'old'}
          onClick={() => events.showSide('old')}
        >
          {`Old: version ${bar.fromNumber ?? '?'}`}
        </button>
        <button
          type="button"
          data-testid="compare-toggle-new"
          aria-pressed={bar.side === 'new'}
          onClick={() => events.showSide('new')}
        >
          {`New: version ${bar.toNumber ?? '?'}`}
        </button>
      </div>
      <button type="button" data-testid="compare-exit" onClick={events.exitCompare}>
        Exit compare
      </button>
    </div>
  );
}

/**
 * The theme's change colours, floated over a corner of the canvas (ViewerStage) where the eye already is, rather
 * than taking room from the bar or a column from the canvas.
 */
export function CompareLegend() {
  const comparing = useViewerSelector((snapshot) => selectCompareBar(snapshot) !== null);
  const theme = useViewerSelector(selectTheme);
  if (!comparing) return null;
  const colours = THEMES[theme].change;
  return (
    <ul className="compare-legend viewer-stage__legend" aria-label="Legend">
      {LEGEND.map((status) => (
        <li key={status}>
          <span
            className="compare-legend__swatch"
            style={{ backgroundColor: colours[status] }}
            aria-hidden="true"
          />
          {kindLabels[status]}
        </li>
      ))}
      <li>
        <span
          className="compare-legend__swatch"
          style={{ backgroundColor: colours.unchanged }}
          aria-hidden="true"
        />
        Unchanged
      </li>
    </ul>
  );
}
