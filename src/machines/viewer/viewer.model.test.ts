/**
 * Model-based tests of the viewer screen's statechart. A user-flow model (what an engineer does on
 * /model/{id}/visualize/elements and what they should see) drives the production machine through @xstate/test,
 * with the scene, element and screenshot calls answered by the test; the model has no invoke, which
 * createTestModel refuses. Below it, xstate/graph walks the production machine itself for four kinds of user and
 * (its adjacency map) and checks that every state is reachable, none is a dead end, and the screen's promises hold in every state.
 */
import { createTestModel } from '@xstate/test';
import { describe, expect, it } from 'vitest';
import { setup, type AnyEventObject, type SnapshotFrom } from 'xstate';
import { getAdjacencyMap } from 'xstate/graph';
import {
  selectEmptyMessage,
  selectError,
  selectFilter,
  selectProperties,
  selectScreenshotRequest,
  selectThumbnail,
  selectVersionId,
  selectViewerStatus,
} from './selectors';
import type { ViewerEvent, ViewerInput } from './types';
import { viewerMachine, viewerMessages } from './viewerMachine';
import {
  aScene,
  anElementProperties,
  drawnScene,
  flush,
  startViewer,
  twoVersions,
  type ViewerHarness,
} from './viewerTestKit';

type ViewerSnapshot = SnapshotFrom<typeof viewerMachine>;

type UserFlowEvent =
  | { type: 'open.asAdmin' }
  | { type: 'open.failing' }
  | { type: 'open.asReader' }
  | { type: 'open.withoutThumbnail' }
  | { type: 'open.emptyModel' }
  | { type: 'retry' }
  | { type: 'pick' }
  | { type: 'clearSelection' }
  | { type: 'hideColumns' }
  | { type: 'showAllTypes' }
  | { type: 'setThumbnail' }
  | { type: 'switchVersion' };

const viewerUserFlow = setup({ types: { events: {} as UserFlowEvent } }).createMachine({
  id: 'viewerUserFlow',
  initial: 'closed',
  states: {
    closed: {
      on: {
        'open.asAdmin': 'viewing',
        'open.failing': 'failed',
        'open.asReader': 'reading',
        'open.withoutThumbnail': 'thumbnailTakenForThem',
        'open.emptyModel': 'nothingToShow',
      },
    },
    failed: { on: { retry: 'viewing' } },
    viewing: {
      on: {
        pick: 'inspecting',
        hideColumns: 'filtered',
        setThumbnail: 'thumbnailSaved',
        switchVersion: 'olderVersion',
      },
    },
    inspecting: { on: { clearSelection: 'viewing', switchVersion: 'olderVersion' } },
    filtered: { on: { showAllTypes: 'viewing' } },
    thumbnailSaved: {},
    olderVersion: {},
    reading: { on: { pick: 'readerInspecting' } },
    readerInspecting: {},
    thumbnailTakenForThem: {},
    nothingToShow: {},
  },
});

describe('viewer user flow (model-based, @xstate/test)', () => {
  const model = createTestModel(viewerUserFlow);
  const paths = model.getShortestPaths();

  it('covers every state of the model', () => {
    const reached = new Set(
      paths.flatMap((path) => [path.state, ...path.steps.map((step) => step.state)]).map((s) => s.value),
    );
    expect([...reached].sort()).toEqual(Object.keys(viewerUserFlow.config.states ?? {}).sort());
  });

  for (const path of paths) {
    it(path.description, async () => {
      let harness: ViewerHarness | undefined;
      const sut = (): ViewerHarness => {
        if (!harness) throw new Error('the screen was not opened');
        return harness;
      };
      const snapshot = () => sut().actor.getSnapshot();
      const draw = async () => {
        sut().sceneCalls.at(-1)?.resolve(aScene());
        await flush();
        sut().actor.send({ type: 'viewer.loaded', drawn: drawnScene });
      };
      const open = async (input: Partial<ViewerInput>) => {
        harness = startViewer(input);
        await draw();
      };
      /** What every shown, untouched scene looks like. */
      const showsLatestScene = () => {
        expect(selectViewerStatus(snapshot())).toBe('ready');
        expect(snapshot().hasTag('busy')).toBe(false);
        expect(selectError(snapshot())).toBeNull();
        expect(selectVersionId(snapshot())).toBe('version-2');
        expect(selectProperties(snapshot())).toBeNull();
      };

      await path.test({
        states: {
          closed: () => {},
          failed: () => {
            expect(selectViewerStatus(snapshot())).toBe('failed');
            expect(selectError(snapshot())).toBe('This version could not be read.');
          },
          viewing: () => {
            showsLatestScene();
            expect(selectFilter(snapshot()).types).toBeNull();
            expect(selectThumbnail(snapshot())).toEqual({
              offered: true,
              enabled: true,
              saving: false,
              error: null,
            });
          },
          inspecting: () => {
            expect(selectProperties(snapshot())?.rows).toContainEqual({ label: 'Length', value: '6 m' });
            expect(selectProperties(snapshot())?.title).toBe('B1');
          },
          filtered: () => {
            expect(selectFilter(snapshot()).types).toEqual(['Beam', 'Floor']);
          },
          thumbnailSaved: () => {
            expect(sut().announced).toEqual([viewerMessages.thumbnailUpdated]);
            expect(sut().screenshotCalls.map((call) => call.input.versionId)).toEqual(['version-2']);
            expect(selectThumbnail(snapshot()).saving).toBe(false);
          },
          olderVersion: () => {
            expect(selectViewerStatus(snapshot())).toBe('ready');
            expect(selectVersionId(snapshot())).toBe('version-1');
            expect(sut().sceneCalls.map((call) => call.input.versionId)).toEqual(['version-2', 'version-1']);
            expect(selectProperties(snapshot())).toBeNull();
          },
          reading: () => {
            showsLatestScene();
            expect(selectThumbnail(snapshot()).offered).toBe(false);
            expect(selectScreenshotRequest(snapshot())).toBeNull();
          },
          readerInspecting: () => {
            expect(selectProperties(snapshot())?.title).toBe('B1');
            expect(sut().screenshotCalls).toEqual([]);
          },
          thumbnailTakenForThem: () => {
            showsLatestScene();
            expect(sut().screenshotCalls).toHaveLength(1);
            expect(sut().announced).toEqual([]);
            expect(snapshot().context.hasThumbnail).toBe(true);
          },
          nothingToShow: () => {
            expect(selectViewerStatus(snapshot())).toBe('empty');
            expect(selectEmptyMessage(snapshot())).toBe(viewerMessages.noVersions);
            expect(sut().sceneCalls).toEqual([]);
          },
        },
        events: {
          'open.asAdmin': () => open({ role: 'ADMIN' }),
          'open.asReader': () => open({ role: 'READ', hasThumbnail: false }),
          'open.failing': async () => {
            harness = startViewer();
            sut().sceneCalls[0]?.reject(new Error('This version could not be read.'));
            await flush();
          },
          'open.withoutThumbnail': async () => {
            await open({ role: 'WRITE', hasThumbnail: false });
            sut().actor.send({ type: 'viewer.screenshotTaken', dataUrl: 'data:image/png;base64,AAAA' });
            sut().screenshotCalls[0]?.resolve({});
            await flush();
          },
          'open.emptyModel': () => {
            harness = startViewer({ versions: [] });
          },
          retry: async () => {
            sut().actor.send({ type: 'scene.retry' });
            await draw();
          },
          pick: async () => {
            sut().actor.send({ type: 'viewer.selectionChanged', ids: ['B1@L1'] });
            sut().elementCalls.at(-1)?.resolve(anElementProperties());
            await flush();
          },
          clearSelection: () => sut().actor.send({ type: 'selection.clear' }),
          hideColumns: () => sut().actor.send({ type: 'filter.toggle', facet: 'types', value: 'Column' }),
          showAllTypes: () => sut().actor.send({ type: 'filter.showAll', facet: 'types' }),
          setThumbnail: async () => {
            sut().actor.send({ type: 'thumbnail.requested' });
            sut().actor.send({ type: 'viewer.screenshotTaken', dataUrl: 'data:image/png;base64,AAAA' });
            sut().screenshotCalls.at(-1)?.resolve({});
            await flush();
          },
          switchVersion: async () => {
            sut().actor.send({ type: 'version.select', versionId: 'version-1' });
            await draw();
          },
        },
      });
    });
  }
});

describe('viewer production machine (xstate/graph)', () => {
  const graphMachine = viewerMachine.provide({ actions: { announce: () => {} } });

  // The graph steps pure transitions and never starts actors, so their completions are fed in as events.
  const done = (id: string, output: unknown): AnyEventObject => ({ type: `xstate.done.actor.${id}`, output });
  const failed = (id: string): AnyEventObject => ({
    type: `xstate.error.actor.${id}`,
    error: new Error(`${id} failed`),
  });
  const userEvents: ViewerEvent[] = [
    { type: 'version.select', versionId: 'version-1' },
    { type: 'version.select', versionId: 'version-2' },
    { type: 'versions.updated', versions: twoVersions },
    { type: 'scene.retry' },
    { type: 'selection.clear' },
    { type: 'thumbnail.requested' },
  ];
  const viewerEvents: ViewerEvent[] = [
    { type: 'viewer.loaded', drawn: drawnScene },
    { type: 'viewer.selectionChanged', ids: ['B1@L1'] },
    { type: 'viewer.selectionChanged', ids: [] },
    { type: 'viewer.failed', message: 'WebGL is not available.' },
    { type: 'viewer.contextLost' },
    { type: 'viewer.contextRestored' },
    { type: 'viewer.screenshotTaken', dataUrl: 'data:image/png;base64,AAAA' },
    { type: 'viewer.screenshotFailed', message: 'The canvas could not be read.' },
  ];
  const actorEvents: AnyEventObject[] = [
    done('loadScene', aScene()),
    failed('loadScene'),
    done('loadElement', anElementProperties()),
    failed('loadElement'),
    done('postScreenshot', {}),
    failed('postScreenshot'),
  ];
  // Actor completions are not part of the machine's public event type, hence the widening.
  const events = [...userEvents, ...viewerEvents, ...actorEvents] as ViewerEvent[];
  const serializeState = (snapshot: ViewerSnapshot) =>
    JSON.stringify([
      snapshot.value,
      snapshot.context.versionId,
      snapshot.context.scene !== null,
      snapshot.context.selectedId,
      snapshot.context.element !== null,
      snapshot.context.drawn !== null,
      snapshot.context.hasThumbnail,
      snapshot.context.automaticThumbnail,
      snapshot.context.automaticThumbnailTried,
      snapshot.context.error !== null,
      snapshot.context.thumbnailError !== null,
    ]);
  const base: ViewerInput = {
    modelId: 'model-1',
    versions: twoVersions,
    versionId: null,
    theme: null,
    role: 'ADMIN',
    hasThumbnail: true,
  };
  const inputs: ViewerInput[] = [
    base,
    { ...base, role: 'WRITE', hasThumbnail: false },
    { ...base, role: 'READ', hasThumbnail: false },
    { ...base, versions: [] },
  ];
  // Every state reachable from each input, with its transitions.
  const graphs = inputs.map((input) =>
    Object.values(getAdjacencyMap(graphMachine, { input, events, serializeState })),
  );
  const snapshots = graphs.flatMap((graph) => graph.map((node) => node.state));
  const drawn = (snapshot: ViewerSnapshot) => snapshot.matches({ scene: { ready: { canvas: 'drawn' } } });

  /** The states of a graph from which no sequence of events leads to a drawn scene (walked backwards). */
  function deadEnds(graph: (typeof graphs)[number]): ViewerSnapshot[] {
    const predecessors = new Map<string, string[]>();
    for (const node of graph) {
      const targets: Array<{ state: ViewerSnapshot }> = Object.values(node.transitions);
      for (const { state } of targets) {
        const into = serializeState(state);
        predecessors.set(into, [...(predecessors.get(into) ?? []), serializeState(node.state)]);
      }
    }
    const canReach = new Set(
      graph.filter((node) => drawn(node.state)).map((node) => serializeState(node.state)),
    );
    const queue = [...canReach];
    for (let next = queue.pop(); next !== undefined; next = queue.pop()) {
      for (const before of predecessors.get(next) ?? []) {
        if (!canReach.has(before)) {
          canReach.add(before);
          queue.push(before);
        }
      }
    }
    return graph.map((node) => node.state).filter((state) => !canReach.has(serializeState(state)));
  }

  it('reaches every state', () => {
    const leaves = new Set<string>();
    for (const snapshot of snapshots) {
      const { scene } = snapshot.value as { scene: string | { ready: Record<string, string> } };
      if (typeof scene === 'string') leaves.add(scene);
      else {
        const { canvas, selection, thumbnail } = scene.ready;
        leaves.add(`canvas.${canvas}`).add(`selection.${selection}`).add(`thumbnail.${thumbnail}`);
      }
    }
    expect([...leaves].sort()).toEqual(
      [
        'empty',
        'loading',
        'failed',
        'canvas.drawing',
        'canvas.drawn',
        'canvas.contextLost',
        'selection.none',
        'selection.loading',
        'selection.shown',
        'selection.unavailable',
        'thumbnail.idle',
        'thumbnail.capturing',
        'thumbnail.posting',
      ].sort(),
    );
  });

  it('can always get back to a drawn scene (no dead end), an empty model once a version arrives', () => {
    expect(snapshots.some(drawn)).toBe(true);
    expect(graphs.flatMap(deadEnds).map((snapshot) => snapshot.value)).toEqual([]);
  });

  it('takes pictures only for those who may change the model, and automatically at most once', () => {
    const capturing = snapshots.filter((snapshot) => selectScreenshotRequest(snapshot) !== null);
    expect(capturing.length).toBeGreaterThan(0);
    for (const snapshot of snapshots) {
      if (snapshot.hasTag('capturing') || snapshot.hasTag('savingThumbnail')) {
        expect(snapshot.context.abilities.canUpdate).toBe(true);
        expect(snapshot.context.drawn).not.toBeNull();
      }
      if (snapshot.context.automaticThumbnail) expect(snapshot.context.automaticThumbnailTried).toBe(true);
      if (!snapshot.context.abilities.canUpdate) expect(selectThumbnail(snapshot).offered).toBe(false);
    }
  });

  it('shows properties only for the selected element, and busy only while the scene loads or draws', () => {
    for (const snapshot of snapshots) {
      if (snapshot.context.element !== null) {
        expect(snapshot.context.selectedId).not.toBeNull();
        expect(snapshot.matches({ scene: { ready: { selection: 'shown' } } })).toBe(true);
      }
      const waiting =
        snapshot.matches({ scene: 'loading' }) ||
        snapshot.matches({ scene: { ready: { canvas: 'drawing' } } });
      expect(snapshot.hasTag('busy')).toBe(waiting);
      if (snapshot.matches({ scene: 'failed' })) expect(selectError(snapshot)).not.toBeNull();
    }
  });
});
