import { selectViewChoices, selectViewMode, selectViewModeLine } from '../../machines/viewer/selectors';
import { useViewerEvents, useViewerSelector } from './ViewerContext';

/**
 * The drawings of the model: the plan of a level and the elevation on a grid line, chosen from two lists, with
 * what is shown and the way back to the 3-D view. Nothing when the scene has neither levels nor grids.
 */
export function ViewSelect() {
  const { plans, elevations } = useViewerSelector(selectViewChoices);
  const mode = useViewerSelector(selectViewMode);
  const line = useViewerSelector(selectViewModeLine);
  const { showPlan, showElevation, showPerspective } = useViewerEvents();
  if (plans.length === 0 && elevations.length === 0) return null;
  return (
    <div className="viewer-toolbar__group viewer-toolbar__drawings" role="group" aria-label="Drawings">
      {plans.length > 0 && (
        <label>
          Plan
          {/* Named alone: a wrapping label's name would also read out the chosen option. */}
          <select
            aria-label="Plan"
            value={mode.kind === 'plan' ? mode.levelId : ''}
            onChange={(event) => {
              if (event.target.value !== '') showPlan(event.target.value);
            }}
          >
            <option value="">Level…</option>
            {plans.map((plan) => (
              <option key={plan.id} value={plan.id}>
                {plan.label}
              </option>
            ))}
          </select>
        </label>
      )}
      {elevations.length > 0 && (
        <label>
          Elevation
          <select
            aria-label="Elevation"
            value={mode.kind === 'elevation' ? mode.gridId : ''}
            onChange={(event) => {
              if (event.target.value !== '') showElevation(event.target.value);
            }}
          >
            <option value="">Grid…</option>
            {elevations.map((elevation) => (
              <option key={elevation.id} value={elevation.id}>
                {elevation.label}
              </option>
            ))}
          </select>
        </label>
      )}
      {line !== null && (
        <>
          <span className="viewer-toolbar__view-mode" role="status">
            {line}
          </span>
          <button type="button" onClick={showPerspective}>
            Back to 3-D
          </button>
        </>
      )}
    </div>
  );
}
