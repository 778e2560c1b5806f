import { useEffect, useRef, useState } from 'react';
import type { SceneData } from '../../engine/scene';
import {
  selectCamera,
  selectDiffStatuses,
  selectFilter,
  selectIsolatedLevel,
  selectLayers,
  selectScene,
  selectScreenshotRequest,
  selectSectionBox,
  selectSelectedId,
  selectTheme,
} from '../../machines/viewer/selectors';
import { VIEWER_LAYERS } from '../../machines/viewer/types';
import { createViewer, installViewerTestApi, type Viewer } from '../../viewer';
import { useViewerReports, useViewerSelector } from './ViewerContext';

/** The picture posted as a thumbnail: large enough for the server's 480×320 crop on any screen. */
const SCREENSHOT = { size: 1200, mimeType: 'image/png' } as const;

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * The one component that knows the Babylon viewer. It creates a viewer for its canvas when it mounts and
 * disposes of it when it unmounts, mirrors the machine's context into viewer calls, and reports the viewer's
 * events back to the machine. In the e2e build it also exposes the viewer's test API on `window`.
 */
export function ViewerCanvas() {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [viewer, setViewer] = useState<Viewer | null>(null);
  /** The scene the viewer has drawn; the other settings are applied to it once it is there. */
  const [drawnScene, setDrawnScene] = useState<SceneData | null>(null);
  const report = useViewerReports();
  const theme = useViewerSelector(selectTheme);
  /** The theme the viewer starts in, so its first frame is not drawn in another one. */
  const initialTheme = useRef(theme);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    let created: Viewer;
    try {
      created = createViewer(canvas, { theme: initialTheme.current });
    } catch (error) {
      report({ type: 'viewer.failed', message: messageOf(error) });
      return;
    }
    const listeners = [
      created.on('loaded', (drawn) => report({ type: 'viewer.loaded', drawn })),
      created.on('selectionChanged', ({ selected }) =>
        report({ type: 'viewer.selectionChanged', ids: selected.map((element) => element.id) }),
      ),
      created.on('contextLost', () => report({ type: 'viewer.contextLost' })),
      created.on('contextRestored', () => report({ type: 'viewer.contextRestored' })),
      created.on('error', ({ message }) => report({ type: 'viewer.failed', message })),
    ];
    // Vite replaces MODE with a constant, so production builds drop the test API entirely.
    if (import.meta.env.MODE === 'e2e') listeners.push(installViewerTestApi(created));
    setViewer(created);
    return () => {
      for (const remove of listeners) remove();
      created.dispose();
      setViewer(null);
      setDrawnScene(null);
    };
  }, [report]);

  const scene = useViewerSelector(selectScene);
  useEffect(() => {
    if (!viewer || !scene) return;
    let current = true;
    viewer.load(scene).then(
      () => {
        if (current) setDrawnScene(scene);
      },
      (error: unknown) => {
        if (current) report({ type: 'viewer.failed', message: messageOf(error) });
      },
    );
    return () => {
      current = false;
    };
  }, [viewer, scene, report]);

  // Each setting is applied when it changes, and again to every newly drawn scene.
  const ready = viewer !== null && drawnScene !== null ? viewer : null;

  useEffect(() => {
    // The theme applies before anything is drawn too: the background is the first thing one sees.
    viewer?.setTheme(theme);
  }, [viewer, theme]);

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

  const selectedId = useViewerSelector(selectSelectedId);
  useEffect(() => {
    ready?.select(selectedId === null ? null : [selectedId]);
  }, [ready, drawnScene, selectedId]);

  // Camera moves are one-shot: applied once per request, never replayed on a new scene.
  const camera = useViewerSelector(selectCamera);
  const appliedCamera = useRef(0);
  useEffect(() => {
    if (!ready || !camera || camera.serial === appliedCamera.current) return;
    appliedCamera.current = camera.serial;
    if (camera.kind === 'fit') ready.zoomToFit();
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
