import {
  selectEmptyMessage,
  selectError,
  selectIsContextLost,
  selectIsDrawing,
  selectViewerStatus,
} from '../../machines/viewer/selectors';
import { viewerMessages } from '../../machines/viewer/viewerMachine';
import { HoverReading } from '../results/MemberReading';
import { CompareLegend } from './CompareControls';
import { ViewerCanvas } from './ViewerCanvas';
import { useViewerEvents, useViewerSelector } from './ViewerContext';

/** The canvas and what is said over it: loading, drawing, a failure with its retry, a lost graphics context. */
export function ViewerStage() {
  const status = useViewerSelector(selectViewerStatus);
  const drawing = useViewerSelector(selectIsDrawing);
  const contextLost = useViewerSelector(selectIsContextLost);
  const error = useViewerSelector(selectError);
  const emptyMessage = useViewerSelector(selectEmptyMessage);
  const { retry } = useViewerEvents();

  if (status === 'empty') {
    return (
      <section className="viewer-stage viewer-stage--empty" aria-label="3D view">
        <p className="page__note">{emptyMessage}</p>
      </section>
    );
  }
  return (
    <section className="viewer-stage" aria-label="3D view" aria-busy={status === 'loading' || drawing}>
      {/* Kept while versions change, so one viewer (and one WebGL context) serves the whole visit. */}
      <ViewerCanvas />
      <CompareLegend />
      <HoverReading />
      {status === 'loading' && (
        <p className="viewer-stage__overlay" role="status">
          Loading the model...
        </p>
      )}
      {status === 'ready' && drawing && (
        <p className="viewer-stage__overlay" role="status">
          Drawing the model...
        </p>
      )}
      {contextLost && (
        <p className="viewer-stage__overlay" role="status">
          {viewerMessages.contextLost}
        </p>
      )}
      {status === 'failed' && (
        <div className="viewer-stage__overlay viewer-stage__overlay--error" role="alert">
          <p>{error}</p>
          <button type="button" onClick={retry}>
            Try again
          </button>
        </div>
      )}
    </section>
  );
}
