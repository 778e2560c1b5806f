import { useEffect } from 'react';
import type { SceneData } from '../../engine/scene';
import type { FocusView, RepairHighlight } from '../../machines/repair/selectors';
import type { ViewerTheme } from '../../machines/viewer/types';
import { useCanvasViewer } from '../viewer/useCanvasViewer';

/** Around a focused finding: half its size again on each side, and never less than 2 m across. */
const FOCUS_MARGIN = 0.5;
const FOCUS_MIN_SIZE_MM = 2000;

/**
 * The repair screen's canvas: the same Babylon viewer as the 3-D screen, driven by the repair machine instead
 * of the viewer machine. It draws the scene it is given, colours elements with the repair palette (through
 * the viewer's change colours: red errors, amber warnings, green repaired, the rest ghosted), selects the
 * elements of the issue or operation picked in a list, flies the camera to it and shows only its neighbourhood
 * (as the machine's focus view says). Picks on the canvas do not change the repair.
 */
export function RepairCanvas({
  scene,
  theme,
  highlight,
  focusIds,
  focusView,
  onFailed,
}: {
  scene: SceneData | null;
  theme: ViewerTheme;
  highlight: ReadonlyMap<string, RepairHighlight>;
  focusIds: readonly string[] | null;
  focusView: FocusView;
  onFailed: (message: string) => void;
}) {
  const { canvasRef, ready, drawnScene } = useCanvasViewer({ theme, scene, onFailed });

  useEffect(() => {
    ready?.showDiff(highlight);
  }, [ready, drawnScene, highlight]);

  useEffect(() => {
    ready?.select(focusIds && focusIds.length > 0 ? focusIds : null);
  }, [ready, drawnScene, focusIds]);

  useEffect(() => {
    ready?.isolate(focusView.shown);
  }, [ready, drawnScene, focusView.shown]);

  useEffect(() => {
    if (ready && drawnScene && focusView.box) {
      ready.fitBox(focusView.box, { margin: FOCUS_MARGIN, minSize: FOCUS_MIN_SIZE_MM });
    }
  }, [ready, drawnScene, focusView.box]);

  return <canvas ref={canvasRef} className="viewer-canvas" role="img" aria-label="3D model view" />;
}
