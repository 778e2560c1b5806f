import { describe, expect, it } from 'vitest';
import { ownMessages } from '../../contract/errors';
import {
  selectEmptyMessage,
  selectError,
  selectFilter,
  selectPanelOpen,
  selectProperties,
  selectScreenshotRequest,
  selectSectionBoxFields,
  selectThumbnail,
  selectViewChoices,
  selectViewerStatus,
  selectViewMode,
  selectViewModeLine,
} from './selectors';
import {
  aScene,
  anElementProperties,
  drawnScene,
  flush,
  startViewer,
  twoVersions,
  type ViewerHarness,
} from './viewerTestKit';
import { viewerMessages } from './viewerMachine';

/** Opens the screen and lets the scene arrive and be drawn. */
async function shown(harness: ViewerHarness, scene = aScene()) {
  harness.sceneCalls.at(-1)?.resolve(scene);
  await flush();
  harness.actor.send({ type: 'viewer.loaded', drawn: drawnScene });
  return harness;
}

const snapshotOf = (harness: ViewerHarness) => harness.actor.getSnapshot();

describe('viewer machine: which version is shown', () => {
  it('opens the latest version when the address names none, and shows it once loaded', async () => {
    const harness = startViewer();
    expect(selectViewerStatus(snapshotOf(harness))).toBe('loading');
    expect(snapshotOf(harness).hasTag('busy')).toBe(true);
    expect(harness.sceneCalls.map((call) => call.input)).toEqual([
      { modelId: 'model-1', versionId: 'version-2' },
    ]);
    await shown(harness);
    expect(selectViewerStatus(snapshotOf(harness))).toBe('ready');
    expect(snapshotOf(harness).hasTag('busy')).toBe(false);
  });

  it('opens the version the address names, and the latest when the model has no such version', () => {
    expect(startViewer({ versionId: 'version-1' }).sceneCalls[0]?.input.versionId).toBe('version-1');
    expect(startViewer({ versionId: 'version-9' }).sceneCalls[0]?.input.versionId).toBe('version-2');
  });

  it("shows the server's message when the scene cannot be loaded, and loads again on retry", async () => {
    const harness = startViewer();
    harness.sceneCalls[0]?.reject(new Error('This version does not exist.'));
    await flush();
    expect(selectViewerStatus(snapshotOf(harness))).toBe('failed');
    expect(selectError(snapshotOf(harness))).toBe('This version does not exist.');
    harness.actor.send({ type: 'scene.retry' });
    expect(selectViewerStatus(snapshotOf(harness))).toBe('loading');
    await shown(harness);
    expect(harness.sceneCalls).toHaveLength(2);
    expect(selectViewerStatus(snapshotOf(harness))).toBe('ready');
    expect(selectError(snapshotOf(harness))).toBeNull();
  });

  it('switches version from the picker: loads it, forgets the selection, ignores the version shown', async () => {
    const harness = await shown(startViewer());
    harness.actor.send({ type: 'viewer.selectionChanged', ids: ['B1@L1'] });
    harness.actor.send({ type: 'version.select', versionId: 'version-2' });
    expect(harness.sceneCalls).toHaveLength(1);
    harness.actor.send({ type: 'version.select', versionId: 'version-1' });
    expect(selectViewerStatus(snapshotOf(harness))).toBe('loading');
    expect(harness.sceneCalls.at(-1)?.input).toEqual({ modelId: 'model-1', versionId: 'version-1' });
    expect(snapshotOf(harness).context.selectedId).toBeNull();
    // A second choice while the first loads asks for that one instead.
    harness.actor.send({ type: 'version.select', versionId: 'version-2' });
    expect(harness.sceneCalls.at(-1)?.input.versionId).toBe('version-2');
    expect(harness.sceneCalls).toHaveLength(3);
  });

  it('says why there is nothing to draw: no versions yet, or a role that may not read them', async () => {
    const empty = startViewer({ versions: [] });
    expect(selectViewerStatus(snapshotOf(empty))).toBe('empty');
    expect(selectEmptyMessage(snapshotOf(empty))).toBe(viewerMessages.noVersions);
    const limited = startViewer({ versions: [], role: 'LIMITEDVIEW' });
    expect(selectEmptyMessage(snapshotOf(limited))).toBe(ownMessages.limitedViewOnly);

    // The first upload arrives while the screen is open: it is loaded at once.
    empty.actor.send({ type: 'versions.updated', versions: twoVersions });
    expect(selectViewerStatus(snapshotOf(empty))).toBe('loading');
    expect(empty.sceneCalls[0]?.input.versionId).toBe('version-2');
  });

  it('turns a viewer failure (no WebGL, a broken scene) into the failed screen with its message', async () => {
    const harness = await shown(startViewer());
    harness.actor.send({ type: 'viewer.failed', message: 'WebGL is not available in this browser.' });
    expect(selectViewerStatus(snapshotOf(harness))).toBe('failed');
    expect(selectError(snapshotOf(harness))).toBe('WebGL is not available in this browser.');
  });

  it('tells the view when the graphics context is lost and when it is back', async () => {
    const harness = await shown(startViewer());
    harness.actor.send({ type: 'viewer.contextLost' });
    expect(snapshotOf(harness).hasTag('contextLost')).toBe(true);
    harness.actor.send({ type: 'viewer.contextRestored' });
    expect(snapshotOf(harness).hasTag('contextLost')).toBe(false);
  });
});

describe('viewer machine: theme', () => {
  it("starts from the user's preference, light when there is none, and switches for this session", () => {
    expect(snapshotOf(startViewer({ theme: 'dark' })).context.theme).toBe('dark');
    const harness = startViewer();
    expect(snapshotOf(harness).context.theme).toBe('light');
    harness.actor.send({ type: 'theme.set', theme: 'white' });
    expect(snapshotOf(harness).context.theme).toBe('white');
  });
});

describe('viewer machine: side panels', () => {
  const openPanels = (harness: ViewerHarness) =>
    (['filters', 'properties', 'changes'] as const).filter((panel) =>
      selectPanelOpen(panel)(snapshotOf(harness)),
    );

  it('opens with the filters and properties collapsed, so the canvas has the room', () => {
    // The change list is only shown in diff mode, where it is what the user reads.
    expect(openPanels(startViewer())).toEqual(['changes']);
  });

  it('opens and collapses a panel on panel.toggle, whatever the scene is doing', async () => {
    const harness = startViewer();
    harness.actor.send({ type: 'panel.toggle', panel: 'filters' });
    expect(openPanels(harness)).toEqual(['filters', 'changes']);
    await shown(harness);
    harness.actor.send({ type: 'panel.toggle', panel: 'changes' });
    harness.actor.send({ type: 'panel.toggle', panel: 'filters' });
    expect(openPanels(harness)).toEqual([]);
  });

  it('opens the properties when an element is picked, again after the user collapsed them', async () => {
    const harness = await shown(startViewer());
    harness.actor.send({ type: 'viewer.selectionChanged', ids: ['B1@L1'] });
    expect(selectPanelOpen('properties')(snapshotOf(harness))).toBe(true);
    harness.actor.send({ type: 'panel.toggle', panel: 'properties' });
    // The view echoing the same selection is no new pick: the panel stays as the user left it.
    harness.actor.send({ type: 'viewer.selectionChanged', ids: ['B1@L1'] });
    expect(selectPanelOpen('properties')(snapshotOf(harness))).toBe(false);
    harness.actor.send({ type: 'viewer.selectionChanged', ids: ['C1@L1'] });
    expect(selectPanelOpen('properties')(snapshotOf(harness))).toBe(true);
  });

  it('leaves the properties collapsed when the selection is cleared', async () => {
    const harness = await shown(startViewer());
    harness.actor.send({ type: 'viewer.selectionChanged', ids: [] });
    expect(selectPanelOpen('properties')(snapshotOf(harness))).toBe(false);
  });
});

describe('viewer machine: selection and properties', () => {
  it("loads the picked element's properties and shows them; the echo of its own selection changes nothing", async () => {
    const harness = await shown(startViewer());
    harness.actor.send({ type: 'viewer.selectionChanged', ids: ['B1@L1'] });
    expect(snapshotOf(harness).hasTag('elementLoading')).toBe(true);
    expect(harness.elementCalls.map((call) => call.input)).toEqual([
      { modelId: 'model-1', versionId: 'version-2', elementId: 'B1@L1' },
    ]);
    harness.elementCalls[0]?.resolve(anElementProperties());
    await flush();
    expect(selectProperties(snapshotOf(harness))?.title).toBe('B1');
    // Picking leaves the picture as it is: nothing to wait for, no redraw.
    expect(snapshotOf(harness).hasTag('busy')).toBe(false);
    expect(snapshotOf(harness).matches({ scene: { ready: { canvas: 'drawn' } } })).toBe(true);

    harness.actor.send({ type: 'viewer.selectionChanged', ids: ['B1@L1'] });
    expect(harness.elementCalls).toHaveLength(1);
    expect(selectProperties(snapshotOf(harness))?.title).toBe('B1');

    harness.actor.send({ type: 'viewer.selectionChanged', ids: [] });
    expect(selectProperties(snapshotOf(harness))).toBeNull();
    expect(snapshotOf(harness).context.selectedId).toBeNull();
  });

  it('a newer pick replaces one still loading, and a missing element says so', async () => {
    const harness = await shown(startViewer());
    harness.actor.send({ type: 'viewer.selectionChanged', ids: ['C1@L1'] });
    harness.actor.send({ type: 'viewer.selectionChanged', ids: ['C2@L1'] });
    harness.elementCalls[0]?.resolve(anElementProperties({ element: { id: 'C1@L1', name: 'C1' } }));
    harness.elementCalls[1]?.reject(new Error('Element not found'));
    await flush();
    expect(selectProperties(snapshotOf(harness))).toBeNull();
    expect(snapshotOf(harness).context.elementError).toBe('Element not found');
    harness.actor.send({ type: 'selection.clear' });
    expect(snapshotOf(harness).context.elementError).toBeNull();
  });
});

describe('viewer machine: filters, isolation and section box', () => {
  it('sends the checked values of each checklist, and an empty list (show none) when every box is cleared', async () => {
    const harness = await shown(startViewer());
    expect(selectFilter(snapshotOf(harness))).toEqual({
      types: null,
      levels: null,
      profiles: null,
      materials: null,
      search: '',
    });
    harness.actor.send({ type: 'filter.toggle', facet: 'types', value: 'Floor' });
    expect(selectFilter(snapshotOf(harness)).types).toEqual(['Beam', 'Column']);
    harness.actor.send({ type: 'filter.toggle', facet: 'types', value: 'Beam' });
    harness.actor.send({ type: 'filter.toggle', facet: 'types', value: 'Column' });
    expect(selectFilter(snapshotOf(harness)).types).toEqual([]);
    harness.actor.send({ type: 'filter.toggle', facet: 'types', value: 'Column' });
    expect(selectFilter(snapshotOf(harness)).types).toEqual(['Column']);
    harness.actor.send({ type: 'filter.showAll', facet: 'types' });
    expect(selectFilter(snapshotOf(harness)).types).toBeNull();
    harness.actor.send({ type: 'filter.search', text: '  b1 ' });
    expect(selectFilter(snapshotOf(harness)).search).toBe('b1');
    harness.actor.send({ type: 'level.isolate', levelId: 'L1' });
    expect(snapshotOf(harness).context.isolatedLevel).toBe('L1');
  });

  it('opens the section box around the model and moves its bounds in display units', async () => {
    const harness = await shown(startViewer());
    harness.actor.send({ type: 'sectionBox.toggle' });
    expect(snapshotOf(harness).context.sectionBox).toEqual({ min: [0, 0, 0], max: [6000, 4000, 3000] });
    expect(selectSectionBoxFields(snapshotOf(harness))).toEqual({
      unit: 'm',
      min: [0, 0, 0],
      max: [6, 4, 3],
    });
    harness.actor.send({ type: 'sectionBox.change', axis: 2, bound: 'max', value: 1.5 });
    expect(snapshotOf(harness).context.sectionBox?.max).toEqual([6000, 4000, 1500]);
    // A top below the bottom would be no box: it stops at the bottom.
    harness.actor.send({ type: 'sectionBox.change', axis: 2, bound: 'min', value: 2 });
    expect(snapshotOf(harness).context.sectionBox?.min).toEqual([0, 0, 1500]);
    harness.actor.send({ type: 'sectionBox.toggle' });
    expect(snapshotOf(harness).context.sectionBox).toBeNull();
  });

  it('asks the camera to move once per request, even for the same view twice', async () => {
    const harness = await shown(startViewer());
    harness.actor.send({ type: 'view.set', view: 'top' });
    const first = snapshotOf(harness).context.camera;
    harness.actor.send({ type: 'view.set', view: 'top' });
    expect(snapshotOf(harness).context.camera?.kind).toBe('top');
    expect(snapshotOf(harness).context.camera?.serial).toBe((first?.serial ?? 0) + 1);
    harness.actor.send({ type: 'view.fit' });
    expect(snapshotOf(harness).context.camera?.kind).toBe('fit');
  });

  it('flies to the selected element when asked, and only when something is selected', async () => {
    const harness = await shown(startViewer());
    harness.actor.send({ type: 'selection.show' });
    expect(snapshotOf(harness).context.camera).toBeNull();
    harness.actor.send({ type: 'viewer.selectionChanged', ids: ['B1@L1'] });
    // A pick on the canvas does not move the camera.
    expect(snapshotOf(harness).context.camera).toBeNull();
    harness.actor.send({ type: 'selection.show' });
    expect(snapshotOf(harness).context.camera).toEqual({ kind: 'elements', ids: ['B1@L1'], serial: 1 });
    harness.actor.send({ type: 'selection.show' });
    expect(snapshotOf(harness).context.camera?.serial).toBe(2);
  });

  it('switches glyph layers one at a time', async () => {
    const harness = await shown(startViewer());
    const before = snapshotOf(harness).context.layers;
    harness.actor.send({ type: 'layer.toggle', layer: 'loads' });
    expect(snapshotOf(harness).context.layers).toEqual({ ...before, loads: !before.loads });
  });
});

describe('viewer machine: thumbnails', () => {
  it('captures the picture and saves it as the thumbnail when an admin asks, then says so', async () => {
    const harness = await shown(startViewer());
    expect(selectThumbnail(snapshotOf(harness))).toMatchObject({ offered: true, enabled: true });
    harness.actor.send({ type: 'thumbnail.requested' });
    const serial = selectScreenshotRequest(snapshotOf(harness));
    expect(serial).not.toBeNull();
    expect(selectThumbnail(snapshotOf(harness))).toMatchObject({ enabled: false, saving: true });
    harness.actor.send({ type: 'viewer.screenshotTaken', dataUrl: 'data:image/png;base64,iVBORw0KGgo=' });
    expect(harness.screenshotCalls.map((call) => call.input)).toEqual([
      { modelId: 'model-1', versionId: 'version-2', data: 'data:image/png;base64,iVBORw0KGgo=' },
    ]);
    harness.screenshotCalls[0]?.resolve({});
    await flush();
    expect(harness.announced).toEqual([viewerMessages.thumbnailUpdated]);
    expect(selectThumbnail(snapshotOf(harness))).toMatchObject({ enabled: true, saving: false, error: null });
  });

  it('shows why a thumbnail was not saved, and offers it only to those who may change the model', async () => {
    const harness = await shown(startViewer({ role: 'WRITE' }));
    harness.actor.send({ type: 'thumbnail.requested' });
    harness.actor.send({ type: 'viewer.screenshotTaken', dataUrl: 'data:image/png;base64,AAAA' });
    harness.screenshotCalls[0]?.reject(new Error('The screenshot must be a PNG or JPEG image.'));
    await flush();
    expect(selectThumbnail(snapshotOf(harness)).error).toBe('The screenshot must be a PNG or JPEG image.');
    expect(harness.announced).toEqual([]);

    const reader = await shown(startViewer({ role: 'READ' }));
    expect(selectThumbnail(snapshotOf(reader)).offered).toBe(false);
    reader.actor.send({ type: 'thumbnail.requested' });
    expect(selectScreenshotRequest(snapshotOf(reader))).toBeNull();
  });

  it('gives a model without a thumbnail one after the first drawing, quietly and only once', async () => {
    const harness = await shown(startViewer({ role: 'WRITE', hasThumbnail: false }));
    expect(selectScreenshotRequest(snapshotOf(harness))).not.toBeNull();
    harness.actor.send({ type: 'viewer.screenshotTaken', dataUrl: 'data:image/png;base64,AAAA' });
    harness.screenshotCalls[0]?.reject(new Error('Internal server error'));
    await flush();
    // Not asked for, so a failure is not the user's news.
    expect(selectThumbnail(snapshotOf(harness)).error).toBeNull();
    expect(harness.announced).toEqual([]);
    // Another version drawn later does not try again.
    harness.actor.send({ type: 'version.select', versionId: 'version-1' });
    await shown(harness);
    expect(selectScreenshotRequest(snapshotOf(harness))).toBeNull();
  });

  it('never takes one automatically for readers, nor for a model that has a thumbnail', async () => {
    const reader = await shown(startViewer({ role: 'READ', hasThumbnail: false }));
    expect(selectScreenshotRequest(snapshotOf(reader))).toBeNull();
    const illustrated = await shown(startViewer({ role: 'ADMIN', hasThumbnail: true }));
    expect(selectScreenshotRequest(snapshotOf(illustrated))).toBeNull();
  });
});

describe('viewer machine: plans and elevations', () => {
  const gridded = () =>
    aScene({
      grids: [
        { id: 'G/A', label: 'A', system: 'G', start: [0, -1000], end: [0, 5000] },
        { id: 'G/1', label: '1', system: 'G', start: [-1000, 0], end: [7000, 0] },
        { id: 'H/A', label: 'A', system: 'H', start: [6000, -1000], end: [6000, 5000] },
      ],
    });

  it('offers each level from the top with its elevation in the model units, and each grid line', async () => {
    const harness = await shown(startViewer(), gridded());
    expect(selectViewChoices(snapshotOf(harness))).toEqual({
      plans: [
        { id: 'L1', label: 'Level 1 (+3.000 m)' },
        { id: 'BASE', label: 'Base (±0.000 m)' },
      ],
      // Two systems name a line A: their system tells them apart.
      elevations: [
        { id: 'G/A', label: 'A (G)' },
        { id: 'G/1', label: '1' },
        { id: 'H/A', label: 'A (H)' },
      ],
    });
  });

  it('shows the plan of a level, the elevation on a grid, and goes back to 3-D', async () => {
    const harness = await shown(startViewer(), gridded());
    expect(selectViewMode(snapshotOf(harness))).toEqual({ kind: '3d' });
    expect(selectViewModeLine(snapshotOf(harness))).toBeNull();
    harness.actor.send({ type: 'view.plan', levelId: 'L1' });
    expect(selectViewMode(snapshotOf(harness))).toEqual({ kind: 'plan', levelId: 'L1' });
    expect(selectViewModeLine(snapshotOf(harness))).toBe('Plan: Level 1');
    harness.actor.send({ type: 'view.elevation', gridId: 'H/A' });
    expect(selectViewMode(snapshotOf(harness))).toEqual({ kind: 'elevation', gridId: 'H/A' });
    expect(selectViewModeLine(snapshotOf(harness))).toBe('Elevation: A (H)');
    harness.actor.send({ type: 'view.perspective' });
    expect(selectViewMode(snapshotOf(harness))).toEqual({ kind: '3d' });
    // A standard direction is a 3-D view too.
    harness.actor.send({ type: 'view.plan', levelId: 'BASE' });
    harness.actor.send({ type: 'view.set', view: 'iso' });
    expect(selectViewMode(snapshotOf(harness))).toEqual({ kind: '3d' });
  });

  it('ignores a level or grid the scene does not have', async () => {
    const harness = await shown(startViewer(), gridded());
    harness.actor.send({ type: 'view.plan', levelId: 'L9' });
    harness.actor.send({ type: 'view.elevation', gridId: 'Z' });
    expect(selectViewMode(snapshotOf(harness))).toEqual({ kind: '3d' });
  });

  it('keeps a plan across versions while its level exists, and returns to 3-D when it does not', async () => {
    const harness = await shown(startViewer(), gridded());
    harness.actor.send({ type: 'view.plan', levelId: 'L1' });
    harness.actor.send({ type: 'version.select', versionId: 'version-1' });
    await shown(harness, gridded());
    expect(selectViewMode(snapshotOf(harness))).toEqual({ kind: 'plan', levelId: 'L1' });
    harness.actor.send({ type: 'version.select', versionId: 'version-2' });
    await shown(harness, aScene({ levels: [{ id: 'BASE', name: 'Base', elevation: 0 }] }));
    expect(selectViewMode(snapshotOf(harness))).toEqual({ kind: '3d' });
  });
});
