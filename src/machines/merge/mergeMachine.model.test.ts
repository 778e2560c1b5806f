/**
 * Model-based tests of the merge screen's statechart. A user-flow model (what an engineer does on
 * /model/{id}/visualize/merge and what they should see) drives the production machine through @xstate/test, on
 * the real HTTP bindings over a recording fake server and a realtime feed the test publishes to. Below it,
 * xstate/graph walks the production machine itself: every state is reachable, and the screen's promises hold in
 * every state it can be in.
 */
import { createTestModel } from '@xstate/test';
import { describe, expect, it } from 'vitest';
import { setup, type AnyEventObject, type SnapshotFrom } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { messages, ownMessages } from '../../contract/errors';
import type { MergeBody } from '../../contract/http/merge';
import { failure, ok } from '../auth/fakeHttpClient';
import { aVersion } from '../model/modelTestKit';
import type { MergeEvent, MergeInput } from './mergeMachine';
import { mergeMachine } from './mergeMachine';
import { aPreview, mergeJob, settle, startMergeHarness, type MergeHarness } from './mergeTestKit';
import {
  selectCanRetryMerge,
  selectMergeError,
  selectMergeProgress,
  selectMergeStep,
  selectOutcome,
  selectTargets,
  selectTargetsError,
  selectTargetVersions,
} from './selectors';

type UserFlowEvent =
  | { type: 'open' }
  | { type: 'openWhileTheListFails' }
  | { type: 'previewWithoutVersion' }
  | { type: 'preview' }
  | { type: 'previewRefused' }
  | { type: 'chooseAnotherModel' }
  | { type: 'mergeNothing' }
  | { type: 'pickAndMerge' }
  | { type: 'mergeRefused' }
  | { type: 'takeTheirs' }
  | { type: 'back' }
  | { type: 'progress' }
  | { type: 'finishWithEmptyEvent' }
  | { type: 'finishWithVersion' }
  | { type: 'failJob' }
  | { type: 'anotherMergeEnds' }
  | { type: 'loseTrack' }
  | { type: 'retry' }
  | { type: 'mergeAgain' };

const mergeUserFlow = setup({ types: { events: {} as UserFlowEvent } }).createMachine({
  id: 'mergeUserFlow',
  initial: 'closed',
  states: {
    closed: { on: { open: 'choosing', openWhileTheListFails: 'choosingThisModelOnly' } },
    choosingThisModelOnly: {},
    choosing: {
      on: {
        previewWithoutVersion: 'refusedBeforeAsking',
        preview: 'selecting',
        previewRefused: 'previewRefusedByServer',
        chooseAnotherModel: 'choosingAnotherModel',
      },
    },
    refusedBeforeAsking: {},
    previewRefusedByServer: {},
    choosingAnotherModel: {},
    selecting: {
      on: {
        mergeNothing: 'nothingSelected',
        pickAndMerge: 'merging',
        mergeRefused: 'mergeRefusedByServer',
        takeTheirs: 'conflictDecided',
        back: 'choosing',
      },
    },
    nothingSelected: {},
    conflictDecided: {},
    mergeRefusedByServer: { on: { back: 'selecting' } },
    merging: {
      on: {
        progress: 'progressing',
        finishWithEmptyEvent: 'doneFromEmptyEvent',
        finishWithVersion: 'done',
        failJob: 'failed',
        loseTrack: 'lostTrack',
        anotherMergeEnds: 'stillMerging',
      },
    },
    stillMerging: {},
    progressing: { on: { finishWithVersion: 'done' } },
    lostTrack: { on: { retry: 'merging' } },
    failed: { on: { back: 'choosing' } },
    done: { on: { mergeAgain: 'choosing' } },
    doneFromEmptyEvent: {},
  },
});

describe('merge user flow (model-based, @xstate/test)', () => {
  const model = createTestModel(mergeUserFlow);
  const paths = model.getShortestPaths();

  it('covers every state of the model', () => {
    const reached = new Set(
      paths.flatMap((path) => [path.state, ...path.steps.map((step) => step.state)]).map((s) => s.value),
    );
    expect([...reached].sort()).toEqual(Object.keys(mergeUserFlow.config.states ?? {}).sort());
  });

  for (const path of paths) {
    it(path.description, async () => {
      let harness: MergeHarness | undefined;
      const sut = (): MergeHarness => {
        if (!harness) throw new Error('the screen was not opened');
        return harness;
      };
      const snapshot = () => sut().actor.getSnapshot();
      const send = (event: MergeEvent) => sut().actor.send(event);
      const mergeBodies = () =>
        sut()
          .api.callsTo('POST', '/api/models/model-1/merge')
          .map((call) => call.options.json as MergeBody);
      const previewAndSelect = async () => {
        send({ type: 'target.version', versionId: 'version-1' });
        send({ type: 'preview' });
        await settle();
      };

      try {
        await path.test({
          states: {
            closed: () => {},
            choosing: () => {
              expect(selectMergeStep(snapshot())).toBe('choosing');
              expect(selectMergeError(snapshot())).toBeNull();
              // This model first, then the other model they may read; never one they see only reports of.
              expect(selectTargets(snapshot()).map((target) => target.modelId)).toEqual([
                'model-1',
                'model-2',
              ]);
              expect(snapshot().context.targetModelId).toBe('model-1');
            },
            choosingThisModelOnly: () => {
              expect(selectMergeStep(snapshot())).toBe('choosing');
              expect(selectTargets(snapshot()).map((target) => target.modelId)).toEqual(['model-1']);
              expect(selectTargetsError(snapshot())).toBe('Internal Server Error');
            },
            refusedBeforeAsking: () => {
              expect(selectMergeStep(snapshot())).toBe('choosing');
              expect(selectMergeError(snapshot())).toBe(messages.targetVersionMissing);
              expect(sut().api.callsTo('POST', '/api/models/model-1/merge/preview')).toEqual([]);
            },
            previewRefusedByServer: () => {
              expect(selectMergeStep(snapshot())).toBe('choosing');
              expect(selectMergeError(snapshot())).toBe(ownMessages.mergeSameVersion);
            },
            choosingAnotherModel: () => {
              expect(selectTargetVersions(snapshot()).map((version) => version.ID)).toEqual([
                'annex-2',
                'annex-1',
              ]);
              expect(snapshot().context.targetVersionId).toBeNull();
            },
            selecting: () => {
              expect(selectMergeStep(snapshot())).toBe('selecting');
              expect(snapshot().context.preview?.conflicts).toHaveLength(1);
              const asked = sut().api.callsTo('POST', '/api/models/model-1/merge/preview').at(-1);
              expect(asked?.options.json).toEqual({ targetId: 'model-1', targetVersion: 'version-1' });
            },
            nothingSelected: () => {
              expect(selectMergeStep(snapshot())).toBe('selecting');
              expect(selectMergeError(snapshot())).toBe(ownMessages.nothingSelected);
              expect(mergeBodies()).toEqual([]);
            },
            conflictDecided: () => {
              expect(snapshot().context.resolutions).toEqual({ 'elements:B1': 'source' });
              // Taking theirs takes their change.
              expect(snapshot().context.selected.has('elements:B1')).toBe(true);
            },
            mergeRefusedByServer: () => {
              expect(selectMergeStep(snapshot())).toBe('failed');
              expect(selectMergeError(snapshot())).toBe(messages.targetVersionMissing);
              expect(selectCanRetryMerge(snapshot())).toBe(false);
            },
            merging: () => {
              expect(selectMergeStep(snapshot())).toBe('merging');
              expect(selectMergeProgress(snapshot())).not.toBeNull();
              // The element by id, the node by its type (N9 came along with N5).
              expect(mergeBodies().at(-1)).toEqual({
                targetId: 'model-1',
                targetVersion: 'version-1',
                targetElements: ['B2'],
                categories: { types: ['Node'] },
              });
            },
            stillMerging: () => {
              expect(selectMergeStep(snapshot())).toBe('merging');
              expect(selectOutcome(snapshot())).toBeNull();
            },
            progressing: () => {
              expect(selectMergeProgress(snapshot())).toEqual({ stage: 'Merging', percent: 40 });
            },
            lostTrack: () => {
              expect(selectMergeStep(snapshot())).toBe('failed');
              expect(selectCanRetryMerge(snapshot())).toBe(true);
              expect(selectMergeError(snapshot())).toBe(messages.serverNotResponding);
            },
            failed: () => {
              expect(selectMergeStep(snapshot())).toBe('failed');
              expect(selectMergeError(snapshot())).toBe('The merge could not be completed: B2 has no nodes');
            },
            done: () => {
              expect(selectMergeStep(snapshot())).toBe('done');
              expect(selectOutcome(snapshot())).toEqual({ versionId: 'version-3', versionNumber: 3 });
            },
            doneFromEmptyEvent: () => {
              expect(selectMergeStep(snapshot())).toBe('done');
              // The empty event names no version: the job's record does.
              expect(selectOutcome(snapshot())?.versionId).toBe('version-3');
            },
          },
          events: {
            open: async () => {
              harness = startMergeHarness();
              await settle();
            },
            openWhileTheListFails: async () => {
              harness = startMergeHarness({ listFails: true });
              await settle();
            },
            previewWithoutVersion: () => send({ type: 'preview' }),
            preview: previewAndSelect,
            previewRefused: async () => {
              sut().api.answer(
                'POST /api/models/model-1/merge/preview',
                failure(400, ownMessages.mergeSameVersion),
              );
              await previewAndSelect();
            },
            chooseAnotherModel: () => {
              send({ type: 'target.version', versionId: 'version-1' });
              send({ type: 'target.model', modelId: 'model-2' });
            },
            mergeNothing: () => send({ type: 'merge.start' }),
            pickAndMerge: async () => {
              send({ type: 'selection.none' });
              send({ type: 'selection.set', keys: ['elements:B2', 'nodes:N5'], selected: true });
              send({ type: 'merge.start' });
              await settle();
            },
            mergeRefused: async () => {
              sut().api.answer('POST /api/models/model-1/merge', failure(400, messages.targetVersionMissing));
              send({ type: 'selection.set', keys: ['elements:B2'], selected: true });
              send({ type: 'merge.start' });
              await settle();
              // What the next attempt answers.
              sut().api.answer('POST /api/models/model-1/merge', ok(mergeJob(), 202));
            },
            takeTheirs: () => send({ type: 'conflict.resolve', key: 'elements:B1', resolution: 'source' }),
            back: () => send({ type: 'back' }),
            progress: () => {
              const later = '2025-03-03T10:00:05.000Z';
              sut().publish({
                eventName: 'ProgressUpdate',
                message: 'progress',
                data: mergeJob({ status: 'running', stage: 'Merging', progress: 40, updatedAt: later }),
              });
              // Another job's progress is not this merge's.
              sut().publish({
                eventName: 'ProgressUpdate',
                message: 'progress',
                data: mergeJob({
                  _id: 'job-7',
                  status: 'running',
                  stage: 'Other',
                  progress: 90,
                  updatedAt: later,
                }),
              });
            },
            finishWithEmptyEvent: async () => {
              sut().api.answer(
                'GET /api/jobs/job-9',
                ok(mergeJob({ status: 'done', versionId: 'version-3' })),
              );
              sut().publish({ eventName: 'VersionMerged', message: 'success', data: {} });
              await settle();
            },
            finishWithVersion: async () => {
              sut().publish(
                {
                  eventName: 'VersionMerged',
                  message: 'success',
                  data: { modelId: 'model-1', jobId: 'job-9', versionId: 'version-3', versionNumber: 3 },
                },
                'currentUser',
              );
              await settle();
            },
            anotherMergeEnds: async () => {
              // Someone else's merge: its done mark and its version are not this merge's.
              sut().publish({ eventName: 'VersionMerged', message: 'success', data: {} }, 'anotherUser');
              sut().publish(
                {
                  eventName: 'VersionMerged',
                  message: 'success',
                  data: { modelId: 'model-1', jobId: 'job-5', versionId: 'version-9', versionNumber: 9 },
                },
                'anotherUser',
              );
              await settle();
            },
            failJob: () =>
              sut().publish({
                eventName: 'ModelError',
                message: 'error',
                data: {
                  modelId: 'model-1',
                  jobId: 'job-9',
                  error: 'The merge could not be completed: B2 has no nodes',
                },
              }),
            loseTrack: async () => {
              sut().api.answer('GET /api/jobs/job-9', failure(0, messages.serverNotResponding));
              sut().feed.publish({ type: 'socket.status', status: 'reconnecting' });
              await settle(30);
            },
            retry: async () => {
              sut().api.answer('GET /api/jobs/job-9', ok(mergeJob({ status: 'running', progress: 10 })));
              send({ type: 'retry' });
              await settle(30);
              sut().feed.publish({ type: 'socket.status', status: 'online' });
            },
            mergeAgain: () => send({ type: 'merge.again' }),
          },
        });
      } finally {
        harness?.actor.stop();
      }
    });
  }
});

describe('merge production machine (xstate/graph)', () => {
  type MergeSnapshot = SnapshotFrom<typeof mergeMachine>;
  const done = (id: string, output: unknown): AnyEventObject => ({ type: `xstate.done.actor.${id}`, output });
  const failed = (id: string, message: string): AnyEventObject => ({
    type: `xstate.error.actor.${id}`,
    error: new Error(message),
  });
  const running = mergeJob({ status: 'running', progress: 40 });
  const finished = mergeJob({ status: 'done', progress: 100, versionId: 'version-3' });
  const jobFailed = mergeJob({ status: 'failed', error: 'The merge could not be completed: x' });
  const event = (payload: Record<string, unknown>, origin = 'thisTab'): AnyEventObject => ({
    type: 'realtime.event',
    event: {
      channel: 'fromElementService',
      origin,
      payload: { author: null, message: 'success', showInWebUI: false, ...payload },
    },
  });
  const events = [
    { type: 'target.version', versionId: 'version-1' },
    { type: 'target.version', versionId: null },
    { type: 'preview' },
    { type: 'cancel' },
    { type: 'back' },
    { type: 'retry' },
    { type: 'selection.set', keys: ['elements:B2'], selected: true },
    { type: 'selection.none' },
    { type: 'merge.start' },
    { type: 'merge.again' },
    { type: 'job.updated', job: running },
    { type: 'job.updated', job: finished },
    { type: 'job.updated', job: jobFailed },
    { type: 'job.unreachable', message: messages.serverNotResponding },
    event({ eventName: 'VersionMerged', data: {} }),
    event({ eventName: 'VersionMerged', data: {} }, 'anotherUser'),
    event({
      eventName: 'VersionMerged',
      data: { modelId: 'model-1', jobId: 'job-9', versionId: 'v', versionNumber: 3 },
    }),
    event({ eventName: 'ModelError', data: { modelId: 'model-1', jobId: 'job-9', error: 'boom' } }),
    done('loadTargets', []),
    failed('loadTargets', 'Internal Server Error'),
    done('previewMerge', aPreview()),
    failed('previewMerge', messages.targetIdMissing),
    done('startMerge', mergeJob()),
    done('startMerge', finished),
    done('startMerge', jobFailed),
    failed('startMerge', messages.targetVersionMissing),
    done('readJob', finished),
    failed('readJob', 'gone'),
  ] as unknown as MergeEvent[];
  const input: MergeInput = {
    modelId: 'model-1',
    modelName: 'Tower',
    organizationName: 'Acme Structures',
    versions: [aVersion(2), aVersion(1)],
  };
  const serializeState = (snapshot: MergeSnapshot) =>
    JSON.stringify([
      snapshot.value,
      snapshot.context.targetVersionId,
      snapshot.context.preview !== null,
      snapshot.context.selected.size,
      snapshot.context.job?.status ?? null,
      snapshot.context.outcome,
      snapshot.context.error,
    ]);
  const snapshots = getShortestPaths(mergeMachine, { input, events, serializeState }).map(
    (path) => path.state,
  );

  it('reaches every state', () => {
    const leaves = new Set(snapshots.map((snapshot) => JSON.stringify(snapshot.value)));
    for (const state of [
      'loading',
      'choosing',
      'previewing',
      'selecting',
      'merging',
      'following',
      { done: 'reading' },
      { done: 'shown' },
      { failed: 'starting' },
      { failed: 'job' },
      { failed: 'following' },
    ]) {
      expect(leaves).toContain(JSON.stringify(state));
    }
  });

  it('keeps its promises in every state', () => {
    for (const snapshot of snapshots) {
      const step = selectMergeStep(snapshot);
      // A failure always says why; a retry is offered only when following the job again can help.
      if (step === 'failed') expect(snapshot.context.error).not.toBeNull();
      if (selectCanRetryMerge(snapshot)) expect(snapshot.matches({ failed: 'following' })).toBe(true);
      // A merge is only ever started with a preview and something ticked.
      if (step === 'merging') {
        expect(snapshot.context.preview).not.toBeNull();
        expect(snapshot.context.selected.size).toBeGreaterThan(0);
      }
      if (snapshot.matches('following')) expect(snapshot.context.job).not.toBeNull();
      // Done means a job was started; another user's empty VersionMerged never ends this one.
      if (step === 'done') expect(snapshot.context.job).not.toBeNull();
      if (step === 'selecting') expect(snapshot.context.preview).not.toBeNull();
    }
  });
});
