import { useEffect } from 'react';
import type { SceneData } from '../../engine/scene';
import type { RepairHighlight } from '../../machines/repair/selectors';
import type { ViewerTheme } from '../../machines/viewer/types';
import { useCanvasViewer } from '../viewer/useCanvasViewer';

/**
 * The repair screen's canvas: the same Babylon viewer as the 3-D screen, driven by the repair machine instead
 * of the viewer machine. It draws the scene it is given, colours elements with the repair palette (through
 * the viewer's change colours: red errors, amber warnings, green repaired, the rest ghosted) and selects the
 * elements of the issue or operation picked in a list. Picks on the canvas do not change the repair.
 */
export function RepairCanvas({
  scene,
  theme,
  highlight,
  focusIds,
  onFailed,
}: {
  scene: SceneData | null;
  theme: ViewerTheme;
  highlight: ReadonlyMap<string, RepairHighlight>;
  focusIds: readonly string[] | null;
  onFailed: (message: string) => void;
}) {
  const { canvasRef, ready, drawnScene } = useCanvasViewer({ theme, scene, onFailed });

  useEffect(() => {
    ready?.showDiff(highlight);
  }, [ready, drawnScene, highlight]);

  useEffect(() => {
    ready?.select(focusIds && focusIds.length > 0 ? focusIds : null);
  }, [ready, drawnScene, focusIds]);

  return <canvas ref={canvasRef} className="viewer-canvas" role="img" aria-label="3D model view" />;
}
