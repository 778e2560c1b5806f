import { Camera } from '@babylonjs/core/Cameras/camera';
import { THEMES } from './themes';
import { CHANGE_STATUSES, type ChangeStatus, type Viewer, type ViewerTestApi } from './types';
import { BabylonViewer } from './Viewer';

declare global {
  interface Window {
    /** Scene facts for e2e tests; present only in test builds. */
    __gussetViewer?: ViewerTestApi;
  }
}

/**
 * Facts about a viewer's scene for tests, read from what is drawn: instance counts and colours come from the
 * instance and vertex buffers themselves, draw calls and frame times from the last frame rendered.
 */
export function createViewerTestApi(viewer: Viewer): ViewerTestApi {
  if (!(viewer instanceof BabylonViewer))
    throw new TypeError('The test API needs a viewer made by createViewer');
  const indexOf = (id: string): number => viewer.modelScene?.data.elements.ids.indexOf(id) ?? -1;
  return {
    instanceCounts: () => viewer.modelScene?.shownCounts() ?? {},
    drawCalls: () => viewer.frameStats().drawCalls,
    colorOf: (id) => {
      const element = indexOf(id);
      return element >= 0 ? (viewer.modelScene?.colorOf(element) ?? null) : null;
    },
    selection: () => [...viewer.selection],
    diagramSegments: () => viewer.diagramSegments,
    reactionArrows: () => viewer.reactionArrows,
    deformedShape: () => viewer.deformedShape,
    theme: () => THEMES[viewer.currentTheme].name,
    screenPositionOf: (id) => {
      const model = viewer.modelScene;
      const element = indexOf(id);
      if (!model || element < 0 || !model.isShown(element)) return null;
      const centre = model.elementCentre(element);
      return centre ? viewer.projectToCanvas(centre) : null;
    },
    frameStats: () => {
      const { lastFrameMs, frames } = viewer.frameStats();
      return { lastFrameMs, frames };
    },
    elementIds: () => [...(viewer.modelScene?.data.elements.ids ?? [])],
    changeColourCounts: () => {
      const counts = Object.fromEntries(CHANGE_STATUSES.map((status) => [status, 0])) as Record<
        ChangeStatus,
        number
      >;
      const model = viewer.modelScene;
      if (!model) return counts;
      const colours = THEMES[viewer.currentTheme].change;
      const byColour = new Map(CHANGE_STATUSES.map((status) => [colours[status], status]));
      model.data.elements.ids.forEach((_, element) => {
        if (!model.isShown(element)) return;
        const status = byColour.get(model.colorOf(element) ?? '#');
        if (status) counts[status] += 1;
      });
      return counts;
    },
    camera: () => {
      const { x, y, z } = viewer.camera.target;
      return {
        target: [x, y, z],
        radius: viewer.camera.radius,
        mode: viewer.camera.mode === Camera.ORTHOGRAPHIC_CAMERA ? 'orthographic' : 'perspective',
        flying: viewer.flying,
      };
    },
    isolation: () => (viewer.isolation ? [...viewer.isolation] : null),
    boundsOf: (ids) => viewer.boundsOf(ids),
    screenHeightOf: (id) => {
      const box = viewer.boundsOf([id]);
      return box ? viewer.screenHeightFraction(box) : null;
    },
  };
}

/**
 * Puts the test API of `viewer` on `window.__gussetViewer` (the caller decides when: test builds only) and
 * returns a function that takes it off again.
 */
export function installViewerTestApi(viewer: Viewer): () => void {
  const api = createViewerTestApi(viewer);
  window.__gussetViewer = api;
  return () => {
    if (window.__gussetViewer === api) delete window.__gussetViewer;
  };
}
