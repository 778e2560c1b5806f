import { useEffect, useRef, useState } from 'react';
import type { SceneData } from '../../engine/scene';
import type { ViewerTheme } from '../../machines/viewer/types';
import { createViewer, installViewerTestApi, type Viewer } from '../../viewer';

export const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * The Babylon viewer of a canvas, shared by the 3-D screen and the repair screen: created when the component
 * mounts and disposed of when it unmounts, drawing `scene` and kept in `theme`. `onFailed` hears why it cannot
 * draw (no WebGL, a scene that does not load); `listen` subscribes to its other events when it is created. In
 * the e2e build it also exposes the viewer's test API on `window`.
 *
 * `ready` is the viewer once it has drawn a scene: settings are applied to it when they change, and again to
 * every newly drawn scene (`drawnScene`, for the effects' dependencies).
 */
export function useCanvasViewer({
  theme,
  scene,
  onFailed,
  listen,
}: {
  theme: ViewerTheme;
  scene: SceneData | null;
  onFailed: (message: string) => void;
  listen?: (viewer: Viewer) => Array<() => void>;
}) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [viewer, setViewer] = useState<Viewer | null>(null);
  /** The scene the viewer has drawn; the other settings are applied to it once it is there. */
  const [drawnScene, setDrawnScene] = useState<SceneData | null>(null);
  /** The theme the viewer starts in, so its first frame is not drawn in another one. */
  const initialTheme = useRef(theme);
  // Read when the viewer is created or fails: a new callback does not make a new viewer.
  const reportFailure = useRef(onFailed);
  const listenTo = useRef(listen);
  useEffect(() => {
    reportFailure.current = onFailed;
    listenTo.current = listen;
  }, [onFailed, listen]);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    let created: Viewer;
    try {
      created = createViewer(canvas, { theme: initialTheme.current });
    } catch (error) {
      reportFailure.current(messageOf(error));
      return;
    }
    const listeners = [
      ...(listenTo.current?.(created) ?? []),
      created.on('error', ({ message }) => reportFailure.current(message)),
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
  }, []);

  useEffect(() => {
    if (!viewer || !scene) return;
    let current = true;
    viewer.load(scene).then(
      () => {
        if (current) setDrawnScene(scene);
      },
      (error: unknown) => {
        if (current) reportFailure.current(messageOf(error));
      },
    );
    return () => {
      current = false;
    };
  }, [viewer, scene]);

  useEffect(() => {
    // The theme applies before anything is drawn too: the background is the first thing one sees.
    viewer?.setTheme(theme);
  }, [viewer, theme]);

  const ready = viewer !== null && drawnScene !== null ? viewer : null;
  return { canvasRef, viewer, ready, drawnScene };
}
