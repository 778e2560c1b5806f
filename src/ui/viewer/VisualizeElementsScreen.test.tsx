import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DiffViewWire } from '../../contract/http/compare';
import type { ModelRole } from '../../contract/http/models';
import type { SceneData } from '../../engine/scene';
import { ok } from '../../machines/auth/fakeHttpClient';
import { aModel, aVersion, createRecordingHttp } from '../../machines/model/modelTestKit';
import { aUser } from '../../machines/session/sessionTestKit';
import { aDiffView, aVersionDiffEvent, diffDone, diffRunning } from '../../machines/reports/reportsTestKit';
import { aScene, anElementProperties } from '../../machines/viewer/viewerTestKit';
import type { Viewer, ViewerEventName, ViewerEvents } from '../../viewer/types';
import { renderApp } from '../app/testApp';

/**
 * The viewer screen with everything real but Babylon: `createViewer` is replaced by a recording fake, so these
 * tests see what ViewerCanvas asks of the viewer and can play the viewer's events back.
 */

interface FakeViewer extends Viewer {
  calls: Array<[method: string, ...args: unknown[]]>;
  emit<K extends ViewerEventName>(event: K, payload: ViewerEvents[K]): void;
}

const viewers: FakeViewer[] = [];
const testApiInstalls: Viewer[] = [];

function createFakeViewer(): FakeViewer {
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  const calls: FakeViewer['calls'] = [];
  const record =
    (method: string) =>
    (...args: unknown[]) => {
      calls.push([method, ...args]);
    };
  const viewer: FakeViewer = {
    calls,
    emit: (event, payload) => listeners.get(event)?.forEach((listener) => listener(payload)),
    load: async (scene: SceneData) => {
      calls.push(['load', scene]);
    },
    setTheme: record('setTheme'),
    showDiff: record('showDiff'),
    showValues: record('showValues'),
    showDiagrams: record('showDiagrams'),
    showReactions: record('showReactions'),
    showDeformed: record('showDeformed'),
    filter: record('filter'),
    isolate: record('isolate'),
    isolateLevel: record('isolateLevel'),
    setSectionBox: record('setSectionBox'),
    setLayerVisible: record('setLayerVisible'),
    setView: record('setView'),
    showPlan: record('showPlan'),
    showElevation: record('showElevation'),
    showPerspective: record('showPerspective'),
    zoomToFit: record('zoomToFit'),
    fitBox: record('fitBox'),
    flyTo: record('flyTo'),
    pick: () => null,
    select: record('select'),
    setHoverPicking: record('setHoverPicking'),
    resize: record('resize'),
    screenshot: async (options) => {
      calls.push(['screenshot', options]);
      return 'data:image/png;base64,iVBORw0KGgo=';
    },
    loadContextGeometry: async () => {},
    on: (event, listener) => {
      const set = listeners.get(event) ?? new Set();
      set.add(listener as (payload: unknown) => void);
      listeners.set(event, set);
      return () => set.delete(listener as (payload: unknown) => void);
    },
    dispose: record('dispose'),
  };
  return viewer;
}

vi.mock('../../viewer', () => ({
  createViewer: () => {
    const viewer = createFakeViewer();
    viewers.push(viewer);
    return viewer;
  },
  installViewerTestApi: (viewer: Viewer) => {
    testApiInstalls.push(viewer);
  },
}));

const versions = [aVersion(2), aVersion(1)];
const sceneOf = (versionId: string) => ({ ...aScene(), modelId: 'model-1', versionId });

function serverFor(role: ModelRole, image: string | null = '/api/images/blobs/abc', imageIsSketch = false) {
  const api = createRecordingHttp({ unansweredRoutes: 'offline' });
  api.answer('GET /api/models/model-1', ok(aModel(role, { versions, image, imageIsSketch })));
  for (const version of versions) {
    api.answer(`GET /api/models/model-1/data/versions/${version.ID}/scene`, ok(sceneOf(version.ID)));
  }
  api.answer('GET /api/models/model-1/data/versions/version-2/elements/B1%40L1', ok(anElementProperties()));
  api.answer(
    'POST /api/images/modelScreenshot',
    ok({ modelId: 'model-1', versionId: 'version-2', imageUrl: '/api/images/blobs/def' }, 201),
  );
  return api;
}

/** Opens the screen and lets the fake viewer report the scene drawn. */
async function openViewer(
  role: ModelRole = 'ADMIN',
  options: {
    path?: string;
    image?: string | null;
    imageIsSketch?: boolean;
    diff?: boolean | DiffViewWire;
  } = {},
) {
  const api = serverFor(role, options.image, options.imageIsSketch);
  if (options.diff)
    api.answer(
      'GET /api/models/model-1/data/diff',
      ok(diffDone(options.diff === true ? undefined : options.diff)),
    );
  const user = aUser({
    preferences: { colorSchemes: { default: 'dark', repair: 'white' }, testingGroup: null },
  });
  const app = await renderApp({
    path: options.path ?? '/model/model-1/visualize/elements',
    http: api.http,
    user,
  });
  await screen.findByRole('heading', { name: 'Tower in 3D', level: 1 });
  const viewer = await waitFor(() => {
    const created = viewers.at(-1);
    if (!created?.calls.some(([method]) => method === 'load')) throw new Error('nothing loaded yet');
    return created;
  });
  act(() => viewer.emit('loaded', { elementCount: 7, drawCalls: 4, buildMs: 3 }));
  await waitFor(() =>
    expect(screen.getByRole('region', { name: '3D view' }).getAttribute('aria-busy')).toBe('false'),
  );
  return { api, app, viewer };
}

const callsOf = (viewer: FakeViewer, method: string) =>
  viewer.calls.filter(([name]) => name === method).map(([, ...args]) => args);

afterEach(() => {
  viewers.length = 0;
  testApiInstalls.length = 0;
});

describe('the 3D viewer screen', () => {
  it("loads the latest version's scene into the viewer in the user's theme, with its filters", async () => {
    const { api, app, viewer } = await openViewer();
    expect(api.callsTo('GET', '/api/models/model-1/data/versions/version-2/scene')).toHaveLength(1);
    expect(callsOf(viewer, 'load')[0]?.[0]).toMatchObject({ units: 'm', versionId: 'version-2' });
    expect(callsOf(viewer, 'setTheme').at(-1)).toEqual(['dark']);
    expect(app.router.state.location.search).toBe('?version=version-2');
    expect((screen.getByLabelText('Version', { selector: 'select' }) as HTMLSelectElement).value).toBe(
      'version-2',
    );
    // The filters start collapsed to a rail, so the canvas has the window.
    await userEvent.setup().click(screen.getByRole('button', { name: 'Show filters' }));
    const types = screen.getByRole('group', { name: 'Types' });
    expect(within(types).getByRole('checkbox', { name: 'Column (4)' })).toBeTruthy();
    expect(
      within(screen.getByRole('group', { name: 'Levels' })).getByRole('checkbox', { name: 'Level 1 (7)' }),
    ).toBeTruthy();
    // Only the e2e build installs the test API.
    expect(testApiInstalls).toEqual([]);
  });

  it('tells the viewer what to show when a box is cleared, a level isolated, a layer switched or a view chosen', async () => {
    const user = userEvent.setup();
    const { viewer } = await openViewer();
    await user.click(screen.getByRole('button', { name: 'Show filters' }));
    await user.click(screen.getByRole('checkbox', { name: 'Floor (1)' }));
    expect(callsOf(viewer, 'filter').at(-1)?.[0]).toMatchObject({ types: ['Beam', 'Column'] });
    await user.selectOptions(screen.getByLabelText('Isolate level'), 'L1');
    expect(callsOf(viewer, 'isolateLevel').at(-1)).toEqual(['L1']);
    await user.click(screen.getByRole('checkbox', { name: 'Loads' }));
    expect(callsOf(viewer, 'setLayerVisible')).toContainEqual(['loads', true]);
    await user.click(screen.getByRole('button', { name: 'Top view' }));
    await user.click(screen.getByRole('button', { name: 'Zoom to fit' }));
    expect(callsOf(viewer, 'setView')).toEqual([['top']]);
    expect(callsOf(viewer, 'zoomToFit')).toHaveLength(1);
    await user.click(screen.getByRole('checkbox', { name: 'Section box' }));
    expect(callsOf(viewer, 'setSectionBox').at(-1)).toEqual([{ min: [0, 0, 0], max: [6000, 4000, 3000] }]);
    expect((screen.getByLabelText('Z to (m)') as HTMLInputElement).value).toBe('3');
  });

  it('shows the plan of a level chosen in the toolbar, says so, and goes back to 3-D', async () => {
    const user = userEvent.setup();
    const { viewer } = await openViewer();
    // The first drawing is the 3-D view; the scene has levels and no grid lines, so only plans are offered.
    expect(callsOf(viewer, 'showPerspective').length).toBeGreaterThan(0);
    expect(screen.queryByLabelText('Elevation')).toBeNull();
    const plan = screen.getByLabelText('Plan') as HTMLSelectElement;
    expect([...plan.options].map((option) => option.text)).toEqual([
      'Level…',
      'Level 1 (+3.000 m)',
      'Base (±0.000 m)',
    ]);
    await user.selectOptions(plan, 'L1');
    expect(callsOf(viewer, 'showPlan')).toEqual([['L1']]);
    expect(screen.getByText('Plan: Level 1')).toBeTruthy();
    expect(plan.value).toBe('L1');
    const before = callsOf(viewer, 'showPerspective').length;
    await user.click(screen.getByRole('button', { name: 'Back to 3-D' }));
    expect(callsOf(viewer, 'showPerspective')).toHaveLength(before + 1);
    expect(screen.queryByText('Plan: Level 1')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Back to 3-D' })).toBeNull();
  });

  it('collapses the side panels to named rails and opens the properties when an element is picked', async () => {
    const user = userEvent.setup();
    const { viewer } = await openViewer();
    const showFilters = screen.getByRole('button', { name: 'Show filters' });
    expect(showFilters.getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByRole('button', { name: 'Show properties' }).getAttribute('aria-expanded')).toBe(
      'false',
    );
    expect(screen.queryByRole('searchbox', { name: 'Search elements' })).toBeNull();
    await user.click(showFilters);
    expect(screen.getByRole('button', { name: 'Hide filters' }).getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('searchbox', { name: 'Search elements' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Hide filters' }));
    expect(screen.queryByRole('searchbox', { name: 'Search elements' })).toBeNull();
    act(() => viewer.emit('selectionChanged', { selected: [{ index: 4, id: 'B1@L1' }] }));
    expect(screen.getByRole('button', { name: 'Hide properties' }).getAttribute('aria-expanded')).toBe(
      'true',
    );
  });

  it('shows the properties of the element picked in the viewer, lengths in the model units', async () => {
    const { api, viewer } = await openViewer();
    act(() => viewer.emit('selectionChanged', { selected: [{ index: 4, id: 'B1@L1' }] }));
    const panel = screen.getByRole('complementary', { name: 'Properties' });
    expect(await within(panel).findByRole('heading', { name: 'B1', level: 3 })).toBeTruthy();
    expect(api.callsTo('GET', '/api/models/model-1/data/versions/version-2/elements/B1%40L1')).toHaveLength(
      1,
    );
    expect(within(panel).getByText('W12X26')).toBeTruthy();
    expect(within(panel).getByText('6 m')).toBeTruthy();
    expect(within(panel).getByRole('table', { name: 'Nodes (m)' })).toBeTruthy();
    expect(within(panel).getByRole('table', { name: 'Source attributes' }).textContent).toContain(
      'Steel Frame Design',
    );
    expect(callsOf(viewer, 'flyTo')).toHaveLength(0);
    await userEvent.setup().click(within(panel).getByRole('button', { name: 'Show in view' }));
    expect(callsOf(viewer, 'flyTo')).toEqual([[['B1@L1']]]);
    await userEvent.setup().click(within(panel).getByRole('button', { name: 'Clear selection' }));
    expect(callsOf(viewer, 'select').at(-1)).toEqual([null]);
    expect(within(panel).queryByRole('heading', { level: 3 })).toBeNull();
  });

  it('switches the theme for this visit without saving it as a preference', async () => {
    const user = userEvent.setup();
    const { api, viewer } = await openViewer();
    await user.selectOptions(screen.getByLabelText('Theme'), 'white');
    expect(callsOf(viewer, 'setTheme').at(-1)).toEqual(['white']);
    expect(api.calls.filter((call) => call.method === 'PUT')).toEqual([]);
  });

  it('saves the picture as the thumbnail and says so', async () => {
    const user = userEvent.setup();
    const { api, viewer } = await openViewer('WRITE');
    await user.click(screen.getByRole('button', { name: 'Set as thumbnail' }));
    expect(await screen.findByText('Thumbnail updated')).toBeTruthy();
    expect(callsOf(viewer, 'screenshot')).toHaveLength(1);
    expect(api.callsTo('POST', '/api/images/modelScreenshot')[0]?.options.json).toEqual({
      modelId: 'model-1',
      versionId: 'version-2',
      data: 'data:image/png;base64,iVBORw0KGgo=',
    });
  });

  it('gives a model without a thumbnail one on its own, quietly', async () => {
    const { api, viewer } = await openViewer('ADMIN', { image: null });
    await waitFor(() => expect(api.callsTo('POST', '/api/images/modelScreenshot')).toHaveLength(1));
    expect(callsOf(viewer, 'screenshot')).toHaveLength(1);
    expect(screen.queryByText('Thumbnail updated')).toBeNull();
  });

  it("replaces Gusset's sketch of the model with its first drawing, and never a view someone set", async () => {
    const { api } = await openViewer('ADMIN', { image: '/api/images/blobs/sketch', imageIsSketch: true });
    await waitFor(() => expect(api.callsTo('POST', '/api/images/modelScreenshot')).toHaveLength(1));
    cleanup();
    const chosen = await openViewer('ADMIN', { image: '/api/images/blobs/chosen', imageIsSketch: false });
    expect(chosen.api.callsTo('POST', '/api/images/modelScreenshot')).toEqual([]);
  });

  it('offers readers no thumbnail, and takes none for them', async () => {
    const { api } = await openViewer('READ', { image: null });
    expect(screen.queryByRole('button', { name: 'Set as thumbnail' })).toBeNull();
    expect(api.callsTo('POST', '/api/images/modelScreenshot')).toEqual([]);
  });

  it('opens the version named in the address and switches version from the picker', async () => {
    const user = userEvent.setup();
    const { api, app, viewer } = await openViewer('READ', {
      path: '/model/model-1/visualize/elements?version=version-1',
    });
    expect(callsOf(viewer, 'load')[0]?.[0]).toMatchObject({ versionId: 'version-1' });
    await user.selectOptions(screen.getByLabelText('Version', { selector: 'select' }), 'version-2');
    await waitFor(() => expect(callsOf(viewer, 'load')).toHaveLength(2));
    expect(api.callsTo('GET', '/api/models/model-1/data/versions/version-2/scene')).toHaveLength(1);
    expect(app.router.state.location.search).toBe('?version=version-2');
    // One viewer for the whole visit: the canvas is not rebuilt for another version.
    expect(viewers).toHaveLength(1);
  });

  it("shows the server's message when the scene cannot be loaded, and loads it again on request", async () => {
    const api = serverFor('ADMIN');
    api.answerInTurn('GET /api/models/model-1/data/versions/version-2/scene', [
      { ok: false, status: 404, error: { message: 'This version does not exist.' } },
      ok(sceneOf('version-2')),
    ]);
    await renderApp({ path: '/model/model-1/visualize/elements', http: api.http });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('This version does not exist.');
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(viewers.at(-1)?.calls.some(([method]) => method === 'load')).toBe(true));
  });

  it("is reached from a version of the model's history", async () => {
    const api = serverFor('READ');
    const app = await renderApp({ path: '/model/model-1/history', http: api.http });
    await userEvent.setup().click(await screen.findByRole('link', { name: 'View version 1 in 3D' }));
    expect(await screen.findByRole('heading', { name: 'Tower in 3D', level: 1 })).toBeTruthy();
    expect(app.location()).toBe('/model/model-1/visualize/elements');
    expect(app.router.state.location.search).toBe('?version=version-1');
  });

  it('offers the export of the version shown, which opens the export screen on it (issue #23)', async () => {
    const user = userEvent.setup();
    const { api, app } = await openViewer('READ', {
      path: '/model/model-1/visualize/elements?version=version-1',
    });
    const toolbar = screen.getByRole('toolbar', { name: 'Viewer' });
    expect(within(toolbar).getByRole('link', { name: 'Export the version shown' }).getAttribute('href')).toBe(
      '/model/model-1/settings/export?version=version-1',
    );
    // Another version shown: the link follows it.
    await user.selectOptions(screen.getByLabelText('Version', { selector: 'select' }), 'version-2');
    await waitFor(() =>
      expect(
        within(toolbar).getByRole('link', { name: 'Export the version shown' }).getAttribute('href'),
      ).toBe('/model/model-1/settings/export?version=version-2'),
    );
    api.answer(
      'GET /api/models/imagesAndVersionsByModelIds',
      ok({ data: [{ _id: 'model-1', image: null, versions }] }),
    );
    await user.click(within(toolbar).getByRole('link', { name: 'Export the version shown' }));
    const form = await screen.findByRole('form', { name: 'Export' });
    expect(app.location()).toBe('/model/model-1/settings/export');
    expect((within(form).getByLabelText('Version') as HTMLSelectElement).value).toBe('version-2');
  });
});

describe('the 3D viewer in diff mode', () => {
  async function openComparing(
    path = '/model/model-1/visualize/elements?version=version-2&compare=version-1',
  ) {
    const opened = await openViewer('READ', { path, diff: true });
    await screen.findByTestId('change-list');
    return opened;
  }

  it('colours the new side by change status and lists the changes in engineering terms', async () => {
    const { api, viewer } = await openComparing();
    expect(api.callsTo('GET', '/api/models/model-1/data/diff')[0]?.options.searchParams).toEqual({
      from: 'version-1',
      to: 'version-2',
    });
    await waitFor(() => expect(callsOf(viewer, 'showDiff').at(-1)?.[0]).toBeInstanceOf(Map));
    const statuses = callsOf(viewer, 'showDiff').at(-1)?.[0] as Map<string, string>;
    // The new side: added and modified elements; the removed column is not in this version.
    expect([...statuses.entries()].sort()).toEqual([
      ['B1@L1', 'modified'],
      ['B3@L1', 'added'],
      ['C5@L1', 'modified'],
    ]);
    const list = screen.getByTestId('change-list');
    expect(within(list).getByRole('region', { name: 'Added (1)' })).toBeTruthy();
    expect(within(list).getByRole('region', { name: 'Removed (1)' })).toBeTruthy();
    expect(within(list).getByRole('region', { name: 'Modified (3)' })).toBeTruthy();
    expect(within(list).getByText('Profile: W12X26 → W14X30')).toBeTruthy();
    expect(within(list).getByText('Moved 12 mm in Z')).toBeTruthy();
    expect(within(list).getByText('C5 at Level 1 (was C3@L1)')).toBeTruthy();
    const legend = screen.getByRole('list', { name: 'Legend' });
    expect(
      within(legend)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Added', 'Removed', 'Modified', 'Unchanged']);
  });

  it('selects a clicked change in the viewer, and marks the change of an element picked in the viewer', async () => {
    const user = userEvent.setup();
    const { viewer } = await openComparing();
    await user.click(screen.getByRole('button', { name: 'B1 at Level 1' }));
    expect(callsOf(viewer, 'select').at(-1)).toEqual([['B1@L1']]);
    // The camera flies to it at once, without waiting for its properties.
    expect(callsOf(viewer, 'flyTo')).toEqual([[['B1@L1']]]);
    act(() => viewer.emit('selectionChanged', { selected: [{ index: 6, id: 'C5@L1' }] }));
    // A pick on the canvas does not move the camera.
    expect(callsOf(viewer, 'flyTo')).toHaveLength(1);
    const item = screen
      .getAllByTestId('change-item')
      .find((element) => element.getAttribute('aria-current') === 'true');
    expect(item?.getAttribute('data-key')).toBe('elements:C5@L1');
  });

  it('draws the old version to select a removed element, with the old side coloured', async () => {
    const user = userEvent.setup();
    const { api, app, viewer } = await openComparing();
    await user.click(screen.getByRole('button', { name: 'C4 at Level 1' }));
    await waitFor(() => expect(callsOf(viewer, 'load')).toHaveLength(2));
    expect(callsOf(viewer, 'load')[1]?.[0]).toMatchObject({ versionId: 'version-1' });
    expect(screen.getByTestId('compare-toggle-old').getAttribute('aria-pressed')).toBe('true');
    await waitFor(() => expect(callsOf(viewer, 'select').at(-1)).toEqual([['C4@L1']]));
    // The camera goes to it once the viewer has drawn the old side.
    expect(callsOf(viewer, 'flyTo')).toHaveLength(0);
    act(() => viewer.emit('loaded', { elementCount: 7, drawCalls: 4, buildMs: 3 }));
    await waitFor(() => expect(callsOf(viewer, 'flyTo')).toEqual([[['C4@L1']]]));
    const statuses = callsOf(viewer, 'showDiff').at(-1)?.[0] as Map<string, string>;
    expect([...statuses.entries()].sort()).toEqual([
      ['B1@L1', 'modified'],
      ['C3@L1', 'modified'],
      ['C4@L1', 'removed'],
    ]);
    expect(app.router.state.location.search).toBe('?version=version-1&compare=version-2');
    // The diff is not asked for again: the pair is the same.
    expect(api.callsTo('GET', '/api/models/model-1/data/diff')).toHaveLength(1);
  });

  it('shows root causes above the other changes, each with the changes it explains under it', async () => {
    const user = userEvent.setup();
    const base = aDiffView();
    const diff: DiffViewWire = {
      ...base,
      rootCauses: [
        {
          key: 'levelMoved:L1',
          kind: 'levelMoved',
          text: 'Story L1 and its 1 node moved up 12 mm',
          count: 1,
          keys: ['nodes:5'],
        },
      ],
      changes: base.changes.map((change) =>
        change.key === 'nodes:5' ? { ...change, cause: 'levelMoved:L1' } : change,
      ),
    };
    await openViewer('READ', {
      path: '/model/model-1/visualize/elements?version=version-2&compare=version-1',
      diff,
    });
    const list = await screen.findByTestId('change-list');
    const causes = within(list).getByRole('region', { name: 'Root causes (1)' });
    const cause = within(causes).getByTestId('root-cause');
    expect(within(cause).getByText('Story L1 and its 1 node moved up 12 mm (1)')).toBeTruthy();
    expect(
      within(cause)
        .getAllByTestId('change-item')
        .map((item) => item.getAttribute('data-key')),
    ).toEqual(['nodes:5']);
    // The node sits under its cause, not among the other modified objects.
    expect(within(list).getByRole('region', { name: 'Modified (2)' })).toBeTruthy();
    // Collapsed until opened; opening it is the browser's own <details>, no state of ours.
    expect(cause.hasAttribute('open')).toBe(false);
    await user.click(within(cause).getByText('Story L1 and its 1 node moved up 12 mm (1)'));
    expect(cause.hasAttribute('open')).toBe(true);
  });

  it('narrows the list to one property group and leaves diff mode on request', async () => {
    const user = userEvent.setup();
    const { app, viewer } = await openComparing();
    await user.selectOptions(screen.getByLabelText('Show'), 'Geometry');
    expect(screen.getAllByTestId('change-item').map((item) => item.getAttribute('data-key'))).toEqual([
      'nodes:5',
    ]);
    await user.click(screen.getByRole('button', { name: 'Exit compare' }));
    expect(screen.queryByTestId('change-list')).toBeNull();
    expect(callsOf(viewer, 'showDiff').at(-1)).toEqual([null]);
    expect(app.router.state.location.search).toBe('?version=version-2');
  });

  it('waits for a diff being computed, takes it when VersionDiff arrives, and enters from the picker', async () => {
    const user = userEvent.setup();
    const api = serverFor('READ');
    api.answerInTurn('GET /api/models/model-1/data/diff', [ok(diffRunning, 202), ok(diffDone())]);
    const app = await renderApp({ path: '/model/model-1/visualize/elements', http: api.http });
    await screen.findByRole('heading', { name: 'Tower in 3D', level: 1 });
    await user.selectOptions(await screen.findByLabelText('Compare with'), 'version-1');
    expect(await screen.findByText('Comparing the versions...')).toBeTruthy();
    act(() => app.realtime.publish({ type: 'realtime.event', event: aVersionDiffEvent() }));
    expect(await screen.findByText('Profile: W12X26 → W14X30')).toBeTruthy();
    expect(api.callsTo('GET', '/api/models/model-1/data/diff')).toHaveLength(2);
  });

  it('shows why the diff failed, and asks again on Retry', async () => {
    const user = userEvent.setup();
    const api = serverFor('READ');
    api.answerInTurn('GET /api/models/model-1/data/diff', [
      ok({
        status: 'failed',
        jobId: 'job-diff-1',
        error: 'Gusset could not compare these versions: out of memory',
      }),
      ok(diffDone()),
    ]);
    await renderApp({
      path: '/model/model-1/visualize/elements?version=version-2&compare=version-1',
      http: api.http,
    });
    const alert = await screen.findByText('Gusset could not compare these versions: out of memory');
    await user.click(
      within(alert.closest('[role="alert"]') as HTMLElement).getByRole('button', { name: 'Retry' }),
    );
    expect(await screen.findByTestId('change-list')).toBeTruthy();
  });
});

describe('comparing from the history', () => {
  it('opens diff mode for a version and the one before it; the first version has no such link', async () => {
    const api = serverFor('READ');
    api.answer('GET /api/models/model-1/data/diff', ok(diffDone()));
    const app = await renderApp({ path: '/model/model-1/history', http: api.http });
    const first = await screen.findByRole('listitem', { name: 'Version 1' });
    expect(within(first).queryByRole('link', { name: /Compare/ })).toBeNull();
    await userEvent.setup().click(screen.getByRole('link', { name: 'Compare version 2 with version 1' }));
    expect(await screen.findByTestId('change-list')).toBeTruthy();
    expect(app.location()).toBe('/model/model-1/visualize/elements');
    expect(app.router.state.location.search).toBe('?version=version-2&compare=version-1');
    expect(screen.getByTestId('compare-toggle-new').getAttribute('aria-pressed')).toBe('true');
  });
});
