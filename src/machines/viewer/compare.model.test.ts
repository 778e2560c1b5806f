/**
 * Model-based tests of the viewer's diff mode. A user-flow model (what an engineer does when comparing two
 * versions in 3-D and what they should see) drives the production viewer machine through @xstate/test, with the
 * scene, element and diff calls answered by the test and VersionDiff published on a test feed.
 */
import { createTestModel } from '@xstate/test';
import { describe, expect, it } from 'vitest';
import { setup } from 'xstate';
import { aVersionDiffEvent, diffDone, diffRunning } from '../reports/reportsTestKit';
import {
  selectActiveChangeKey,
  selectChangeList,
  selectCompareBar,
  selectComparedVersionId,
  selectDiffStatuses,
  selectSelectedId,
  selectVersionId,
  selectViewerStatus,
} from './selectors';
import {
  aScene,
  anElementProperties,
  drawnScene,
  flush,
  startViewer,
  type ViewerHarness,
} from './viewerTestKit';

type CompareFlowEvent =
  | { type: 'open.comparing' }
  | { type: 'open.plain' }
  | { type: 'compareWithPrevious' }
  | { type: 'diffAnnounced' }
  | { type: 'showOld' }
  | { type: 'showNew' }
  | { type: 'pickRemovedInList' }
  | { type: 'pickModifiedInList' }
  | { type: 'pickNodeInList' }
  | { type: 'pickModifiedInViewer' }
  | { type: 'exit' };

const compareUserFlow = setup({ types: { events: {} as CompareFlowEvent } }).createMachine({
  id: 'compareUserFlow',
  initial: 'closed',
  states: {
    closed: { on: { 'open.comparing': 'newSide', 'open.plain': 'plain' } },
    plain: { on: { compareWithPrevious: 'waitingForDiff' } },
    waitingForDiff: { on: { diffAnnounced: 'newSide' } },
    newSide: {
      on: {
        showOld: 'oldSide',
        pickRemovedInList: 'removedSelected',
        pickModifiedInList: 'modifiedFlownTo',
        pickNodeInList: 'nodeMarked',
        pickModifiedInViewer: 'modifiedMarked',
        exit: 'exited',
      },
    },
    oldSide: { on: { showNew: 'newSide', exit: 'exitedOnOld' } },
    removedSelected: { on: { showNew: 'newSide' } },
    modifiedFlownTo: {},
    nodeMarked: { on: { pickModifiedInViewer: 'modifiedMarked' } },
    modifiedMarked: {},
    exited: {},
    exitedOnOld: {},
  },
});

const colouredOn = (harness: ViewerHarness) =>
  [...(selectDiffStatuses(harness.actor.getSnapshot())?.entries() ?? [])].sort();

describe('viewer diff mode (model-based, @xstate/test)', () => {
  const model = createTestModel(compareUserFlow);
  const paths = model.getShortestPaths();

  it('covers every state of the model', () => {
    const reached = new Set(
      paths.flatMap((path) => [path.state, ...path.steps.map((step) => step.state)]).map((s) => s.value),
    );
    expect([...reached].sort()).toEqual(Object.keys(compareUserFlow.config.states ?? {}).sort());
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
      const answerDiff = async () => {
        sut().diffCalls.at(-1)?.resolve(diffDone());
        await flush();
      };
      const scenesLoaded = () => sut().sceneCalls.map((call) => call.input.versionId);

      await path.test({
        states: {
          closed: () => {},
          plain: () => {
            expect(selectCompareBar(snapshot())).toBeNull();
            expect(selectDiffStatuses(snapshot())).toBeNull();
          },
          waitingForDiff: () => {
            expect(selectCompareBar(snapshot())?.status).toBe('waiting');
            expect(selectChangeList(snapshot())).toBeNull();
            // Diff mode draws what was shown: the latest version is the new side.
            expect(selectCompareBar(snapshot())?.side).toBe('new');
          },
          newSide: () => {
            expect(selectViewerStatus(snapshot())).toBe('ready');
            expect(selectVersionId(snapshot())).toBe('version-2');
            expect(selectCompareBar(snapshot())).toMatchObject({
              side: 'new',
              status: 'ready',
              fromNumber: 1,
              toNumber: 2,
            });
            expect(colouredOn(sut())).toEqual([
              ['B1@L1', 'modified'],
              ['B3@L1', 'added'],
              ['C5@L1', 'modified'],
            ]);
            expect(selectComparedVersionId(snapshot())).toBe('version-1');
          },
          oldSide: () => {
            expect(selectVersionId(snapshot())).toBe('version-1');
            expect(colouredOn(sut())).toEqual([
              ['B1@L1', 'modified'],
              ['C3@L1', 'modified'],
              ['C4@L1', 'removed'],
            ]);
            // The diff is the same pair: it is not asked for again.
            expect(sut().diffCalls).toHaveLength(1);
          },
          removedSelected: () => {
            expect(selectVersionId(snapshot())).toBe('version-1');
            expect(selectSelectedId(snapshot())).toBe('C4@L1');
            expect(selectActiveChangeKey(snapshot())).toBe('elements:C4@L1');
            expect(sut().elementCalls.at(-1)?.input).toMatchObject({
              versionId: 'version-1',
              elementId: 'C4@L1',
            });
            // The camera flies to it once the old side is drawn.
            expect(snapshot().context.camera).toMatchObject({ kind: 'elements', ids: ['C4@L1'] });
          },
          modifiedFlownTo: () => {
            // On the side drawn: selected and flown to at once, before its properties arrive.
            expect(scenesLoaded()).toEqual(['version-2']);
            expect(selectSelectedId(snapshot())).toBe('B1@L1');
            expect(snapshot().context.camera).toMatchObject({ kind: 'elements', ids: ['B1@L1'] });
            expect(snapshot().hasTag('elementLoading')).toBe(true);
          },
          nodeMarked: () => {
            expect(selectActiveChangeKey(snapshot())).toBe('nodes:5');
            expect(scenesLoaded()).toEqual(['version-2']);
          },
          modifiedMarked: () => {
            expect(selectActiveChangeKey(snapshot())).toBe('elements:B1@L1');
            // A pick on the canvas selects without moving the camera.
            expect(snapshot().context.camera?.kind).not.toBe('elements');
          },
          exited: () => {
            expect(selectCompareBar(snapshot())).toBeNull();
            expect(selectDiffStatuses(snapshot())).toBeNull();
            expect(selectVersionId(snapshot())).toBe('version-2');
          },
          exitedOnOld: () => {
            // Leaving diff mode keeps the version drawn.
            expect(selectCompareBar(snapshot())).toBeNull();
            expect(selectVersionId(snapshot())).toBe('version-1');
            expect(selectViewerStatus(snapshot())).toBe('ready');
          },
        },
        events: {
          'open.comparing': async () => {
            harness = startViewer({ role: 'READ', versionId: 'version-2', compareVersionId: 'version-1' });
            await draw();
            expect(sut().diffCalls[0]?.input).toEqual({
              modelId: 'model-1',
              from: 'version-1',
              to: 'version-2',
              reportId: null,
            });
            await answerDiff();
          },
          'open.plain': async () => {
            harness = startViewer({ role: 'READ' });
            await draw();
          },
          compareWithPrevious: async () => {
            sut().actor.send({ type: 'compare.start', versionId: 'version-1' });
            sut().diffCalls.at(-1)?.resolve(diffRunning);
            await flush();
          },
          diffAnnounced: async () => {
            // Another pair's news changes nothing; this pair's makes the diff asked for again.
            sut().feed.publish({
              type: 'realtime.event',
              event: aVersionDiffEvent({ from: 'version-0', jobId: 'job-other' }),
            });
            expect(sut().diffCalls).toHaveLength(1);
            sut().feed.publish({ type: 'realtime.event', event: aVersionDiffEvent() });
            expect(sut().diffCalls).toHaveLength(2);
            await answerDiff();
          },
          showOld: async () => {
            sut().actor.send({ type: 'compare.side', side: 'old' });
            await draw();
          },
          showNew: async () => {
            sut().actor.send({ type: 'compare.side', side: 'new' });
            await draw();
          },
          pickRemovedInList: async () => {
            sut().actor.send({ type: 'change.select', key: 'elements:C4@L1' });
            // Not before the side it is on is drawn: the viewer would not know where it is.
            expect(snapshot().context.camera?.kind).not.toBe('elements');
            await draw();
            sut()
              .elementCalls.at(-1)
              ?.resolve(anElementProperties({ element: { id: 'C4@L1', name: 'C4' } }));
            await flush();
          },
          pickModifiedInList: () => sut().actor.send({ type: 'change.select', key: 'elements:B1@L1' }),
          pickNodeInList: () => sut().actor.send({ type: 'change.select', key: 'nodes:5' }),
          pickModifiedInViewer: async () => {
            sut().actor.send({ type: 'viewer.selectionChanged', ids: ['B1@L1'] });
            sut().elementCalls.at(-1)?.resolve(anElementProperties());
            await flush();
          },
          exit: () => sut().actor.send({ type: 'compare.exit' }),
        },
      });
    });
  }
});

describe('viewer diff mode: a change named in the address (a report line)', () => {
  const open = (changeKey: string) =>
    startViewer({ role: 'READ', versionId: 'version-2', compareVersionId: 'version-1', changeKey });
  const draw = async (harness: ViewerHarness, index = -1) => {
    harness.sceneCalls.at(index)?.resolve(aScene());
    await flush();
    harness.actor.send({ type: 'viewer.loaded', drawn: drawnScene });
  };

  it('is chosen and flown to once the scene and the diff are both in, whichever comes first', async () => {
    for (const diffFirst of [false, true]) {
      const harness = open('elements:B1@L1');
      if (diffFirst) {
        harness.diffCalls.at(-1)?.resolve(diffDone());
        await flush();
        expect(selectSelectedId(harness.actor.getSnapshot())).toBeNull();
        await draw(harness);
      } else {
        await draw(harness);
        expect(selectSelectedId(harness.actor.getSnapshot())).toBeNull();
        harness.diffCalls.at(-1)?.resolve(diffDone());
        await flush();
      }
      const snapshot = harness.actor.getSnapshot();
      expect(selectSelectedId(snapshot)).toBe('B1@L1');
      expect(selectActiveChangeKey(snapshot)).toBe('elements:B1@L1');
      expect(snapshot.context.camera).toMatchObject({ kind: 'elements', ids: ['B1@L1'] });
      expect(snapshot.context.pendingChangeKey).toBeNull();
      harness.actor.stop();
    }
  });

  it('draws the other side for a removed element, then flies to it', async () => {
    const harness = open('elements:C4@L1');
    await draw(harness);
    harness.diffCalls.at(-1)?.resolve(diffDone());
    await flush();
    expect(harness.sceneCalls.map((call) => call.input.versionId)).toEqual(['version-2', 'version-1']);
    await draw(harness);
    expect(harness.actor.getSnapshot().context.camera).toMatchObject({ kind: 'elements', ids: ['C4@L1'] });
    // Chosen once: leaving the element does not bring it back.
    harness.actor.send({ type: 'selection.clear' });
    expect(selectSelectedId(harness.actor.getSnapshot())).toBeNull();
  });
});
