import { useCallback, useEffect, useRef } from 'react';
import {
  selectCamera,
  selectContextGeometry,
  selectDiffStatuses,
  selectFilter,
  selectIsolatedLevel,
  selectLayers,
  selectScene,
  selectScreenshotRequest,
  selectSectionBox,
  selectSelectedId,
  selectTheme,
  selectViewMode,
} from '../../machines/viewer/selectors';
import {
  selectAnimateDeformed,
  selectDeformed,
  selectResultColouring,
  selectResultDiagrams,
  selectResultReactions,
} from '../../machines/results/selectors';
import { VIEWER_LAYERS } from '../../machines/viewer/types';
import { useResultsSelector } from '../results/ResultsContext';
import type { Viewer } from '../../viewer';
import { messageOf, useCanvasViewer } from './useCanvasViewer';
import { useViewerReports, useViewerSelector } from './ViewerContext';

/** The picture posted as a thumbnail: large enough for the server's 480×320 crop on any screen. */
const SCREENSHOT = { size: 1200, mimeType: 'image/png' } as const;

/**
 * The 3-D screen's canvas: its viewer (made and disposed of by `useCanvasViewer`, as the repair screen's is)
 * mirrors the viewer machine's context, and the viewer's events go back to the machine.
 */
export function ViewerCanvas() {
  const report = useViewerReports();
  const theme = useViewerSelector(selectTheme);
  const scene = useViewerSelector(selectScene);
  const onFailed = useCallback((message: string) => report({ type: 'viewer.failed', message }), [report]);
  const listen = useCallback(
    (viewer: Viewer) => [
      viewer.on('loaded', (drawn) => report({ type: 'viewer.loaded', drawn })),
      viewer.on('selectionChanged', ({ selected }) =>
        report({ type: 'viewer.selectionChanged', ids: selected.map((element) => element.id) }),
      ),
      viewer.on('hoverChanged', ({ hovered }) => report({ type: 'viewer.hoverChanged', hovered })),
      viewer.on('contextLost', () => report({ type: 'viewer.contextLost' })),
      viewer.on('contextRestored', () => report({ type: 'viewer.contextRestored' })),
    ],
    [report],
  );
  // Each setting below is applied when it changes, and again to every newly drawn scene.
  const { canvasRef, ready, drawnScene } = useCanvasViewer({ theme, scene, onFailed, listen });

  const filter = useViewerSelector(selectFilter);
  useEffect(() => {
    ready?.filter(filter);
  }, [ready, drawnScene, filter]);

  const isolatedLevel = useViewerSelector(selectIsolatedLevel);
  useEffect(() => {
    ready?.isolateLevel(isolatedLevel);
  }, [ready, drawnScene, isolatedLevel]);

  const sectionBox = useViewerSelector(selectSectionBox);
  useEffect(() => {
    ready?.setSectionBox(sectionBox);
  }, [ready, drawnScene, sectionBox]);

  const layers = useViewerSelector(selectLayers);
  useEffect(() => {
    if (!ready) return;
    for (const layer of VIEWER_LAYERS) ready.setLayerVisible(layer, layers[layer]);
  }, [ready, drawnScene, layers]);

  // Diff mode: the side drawn coloured by change status (null clears it when diff mode ends).
  const statuses = useViewerSelector(selectDiffStatuses);
  useEffect(() => {
    ready?.showDiff(statuses);
  }, [ready, drawnScene, statuses]);

  // Issue #25: members coloured by a result (or its changes), and its diagrams along members.
  const resultColouring = useResultsSelector(selectResultColouring, null);
  useEffect(() => {
    ready?.showValues(resultColouring);
  }, [ready, drawnScene, resultColouring]);
  const diagrams = useResultsSelector(selectResultDiagrams, null);
  useEffect(() => {
    ready?.showDiagrams(diagrams?.members ?? null, diagrams?.component ?? '');
    // A member's diagram is read off under the pointer while diagrams are drawn.
    ready?.setHoverPicking(diagrams !== null);
  }, [ready, drawnScene, diagrams]);

  const reactions = useResultsSelector(selectResultReactions, null);
  useEffect(() => {
    ready?.showReactions(reactions);
  }, [ready, drawnScene, reactions]);

  const deformed = useResultsSelector(selectDeformed, null);
  const animateDeformed = useResultsSelector(selectAnimateDeformed, true);
  useEffect(() => {
    ready?.showDeformed(deformed?.joints ?? null, { animate: animateDeformed });
  }, [ready, drawnScene, deformed, animateDeformed]);

  const selectedId = useViewerSelector(selectSelectedId);
  useEffect(() => {
    ready?.select(selectedId === null ? null : [selectedId]);
  }, [ready, drawnScene, selectedId]);

  // Issue #9: IFC context geometry, added to each newly drawn scene (drawing a scene clears the previous one's).
  // A GLB the viewer cannot read is reported by its 'error' event; the model stays as it is.
  const contextGeometry = useViewerSelector(selectContextGeometry);
  useEffect(() => {
    if (!ready || !drawnScene || !contextGeometry) return;
    ready.loadContextGeometry(contextGeometry.slice(0), 'IFC geometry').catch(() => undefined);
  }, [ready, drawnScene, contextGeometry]);

  // A plan or elevation, or the 3-D view; applied again to each newly drawn scene (a new version refits it).
  // Before the camera's one-shot moves, so a standard view asked for with the way back to 3-D comes after it.
  const viewMode = useViewerSelector(selectViewMode);
  useEffect(() => {
    if (!ready) return;
    if (viewMode.kind === 'plan') ready.showPlan(viewMode.levelId);
    else if (viewMode.kind === 'elevation') ready.showElevation(viewMode.gridId);
    else ready.showPerspective();
  }, [ready, drawnScene, viewMode]);

  // Camera moves are one-shot: applied once per request, never replayed on a new scene.
  const camera = useViewerSelector(selectCamera);
  const appliedCamera = useRef(0);
  useEffect(() => {
    if (!ready || !camera || camera.serial === appliedCamera.current) return;
    appliedCamera.current = camera.serial;
    if (camera.kind === 'fit') ready.zoomToFit();
    else if (camera.kind === 'elements') ready.flyTo(camera.ids);
    else ready.setView(camera.kind);
  }, [ready, camera]);

  const screenshotRequest = useViewerSelector(selectScreenshotRequest);
  useEffect(() => {
    if (!ready || screenshotRequest === null) return;
    let current = true;
    ready.screenshot(SCREENSHOT).then(
      (dataUrl) => {
        if (current) report({ type: 'viewer.screenshotTaken', dataUrl });
      },
      (error: unknown) => {
        if (current) report({ type: 'viewer.screenshotFailed', message: messageOf(error) });
      },
    );
    return () => {
      current = false;
    };
  }, [ready, screenshotRequest, report]);

  return <canvas ref={canvasRef} className="viewer-canvas" role="img" aria-label="3D model view" />;
}
