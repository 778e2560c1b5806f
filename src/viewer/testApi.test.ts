// @vitest-environment node
import { NullEngine } from '@babylonjs/core/Engines/nullEngine';
import { afterEach, describe, expect, it } from 'vitest';
import { frameProfile, sceneOf } from './scene/testScenes';
import { installViewerTestApi } from './testApi';
import { THEMES } from './themes';
import type { Viewer } from './types';
import { BabylonViewer } from './Viewer';

const scene = sceneOf(
  [
    [0, 0, 0],
    [0, 0, 3000],
    [5000, 0, 3000],
  ],
  [
    { id: 'column', type: 'Column', nodes: [0, 1], profile: 0 },
    { id: 'beam', type: 'Beam', nodes: [1, 2], profile: 0 },
  ],
  { profiles: [frameProfile('HEB200', 'i', 200, 200)] },
);

const globals = globalThis as { window?: { __gussetViewer?: unknown } };

afterEach(() => {
  delete globals.window;
});

describe('installViewerTestApi', () => {
  it('puts scene facts on window.__gussetViewer and takes them off again', async () => {
    const engine = new NullEngine();
    const viewer = new BabylonViewer(engine);
    await viewer.load(scene);
    // A bare window, only while the API is installed (Babylon would take it for a browser's).
    globals.window = {};
    const uninstall = installViewerTestApi(viewer);
    const api = window.__gussetViewer;
    expect(api?.instanceCounts()).toEqual({ Column: 1, Beam: 1 });
    expect(api?.colorOf('beam')).toBe(THEMES.light.elements.beam);
    expect(api?.colorOf('nothing')).toBeNull();
    expect(api?.changeColourCounts()).toEqual({ added: 0, removed: 0, modified: 0, unchanged: 0 });
    viewer.showDiff(new Map([['beam', 'added']]));
    expect(api?.changeColourCounts()).toEqual({ added: 1, removed: 0, modified: 0, unchanged: 1 });
    viewer.showDiff(null);
    expect(api?.colorOf('beam')).toBe(THEMES.light.elements.beam);
    viewer.select(['beam']);
    expect(api?.selection()).toEqual(['beam']);
    expect(api?.colorOf('beam')).toBe(THEMES.light.selection);
    expect(api?.screenPositionOf('column')).not.toBeNull();
    viewer.isolate(['beam']);
    expect(api?.screenPositionOf('column')).toBeNull();
    expect(api?.colorOf('column')).toBeNull();
    uninstall();
    expect(window.__gussetViewer).toBeUndefined();
    delete globals.window;
    viewer.dispose();
    engine.dispose();
  });

  it('refuses a viewer it cannot look inside', () => {
    globals.window = {};
    const stranger = {} as Viewer;
    expect(() => installViewerTestApi(stranger)).toThrow(TypeError);
  });
});
