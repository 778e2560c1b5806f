/**
 * Model-based tests of the repair screen's statechart. A user-flow model (what an engineer does on
 * /model/{id}/visualize/repair and what they should see) drives the production machine through @xstate/test, on
 * the real HTTP bindings over a recording fake server and a realtime feed the test publishes to. Below it,
 * xstate/graph walks the production machine itself: every state is reachable, and the screen's promises hold in
 * every state it can be in.
 */
import { createTestModel } from '@xstate/test';
import { describe, expect, it } from 'vitest';
import { setup, type AnyEventObject, type SnapshotFrom } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { messages, ownMessages } from '../../contract/errors';
import type { CommitRepairBody, PreviewRepairBody } from '../../contract/http/repair';
import { failure, ok } from '../auth/fakeHttpClient';
import { PREVIEW_DEBOUNCE_MS, repairMachine, type RepairEvent, type RepairInput } from './repairMachine';
import {
  aReadyRepair,
  aReport,
  aRepair,
  commitJob,
  repairJob,
  settle,
  startRepairHarness,
  versionScene,
  type RepairHarness,
} from './repairTestKit';
import {
  selectCheckCounts,
  selectFocusView,
  selectHighlight,
  selectIsolation,
  selectIssueGroups,
  selectLevelOptions,
  selectIssueTotals,
  selectOperationGroups,
  selectRepairError,
  selectRepairProgress,
  selectRepairScene,
  selectRepairStep,
} from './selectors';
import { toleranceMessages } from './tolerances';

type UserFlowEvent =
  | { type: 'open' }
  | { type: 'openAsReader' }
  | { type: 'checkWithBadTolerance' }
  | { type: 'check' }
  | { type: 'checkWhileAJobRuns' }
  | { type: 'connectivityReady' }
  | { type: 'checkFails' }
  | { type: 'retry' }
  | { type: 'recheckWithTolerance' }
  | { type: 'tryToRepair' }
  | { type: 'startRepair' }
  | { type: 'progress' }
  | { type: 'repairJobFails' }
  | { type: 'repairReady' }
  | { type: 'acceptDependent' }
  | { type: 'rejectCategory' }
  | { type: 'showAfter' }
  | { type: 'rejectEverything' }
  | { type: 'commit' }
  | { type: 'commitRefused' }
  | { type: 'commitDone' }
  | { type: 'cancel' }
  | { type: 'stepThroughIssues' }
  | { type: 'filterByLevel' }
  | { type: 'showWholeModel' }
  | { type: 'focusOperation' };

const repairUserFlow = setup({ types: { events: {} as UserFlowEvent } }).createMachine({
  id: 'repairUserFlow',
  initial: 'closed',
  states: {
    closed: { on: { open: 'idle', openAsReader: 'readerIdle' } },
    idle: {
      on: {
        checkWithBadTolerance: 'toleranceRefused',
        check: 'reviewing',
        checkWhileAJobRuns: 'waitingForCheck',
        checkFails: 'checkFailed',
      },
    },
    toleranceRefused: {},
    waitingForCheck: { on: { connectivityReady: 'reviewingAfterJob' } },
    reviewingAfterJob: {},
    checkFailed: { on: { retry: 'reviewing' } },
    readerIdle: { on: { check: 'readerReviewing' } },
    readerReviewing: { on: { tryToRepair: 'readerRefused' } },
    readerRefused: {},
    reviewing: {
      on: {
        recheckWithTolerance: 'recheckedWithTolerance',
        startRepair: 'repairing',
        cancel: 'cancelledBeforeRepair',
        stepThroughIssues: 'issueFocusedByKey',
        filterByLevel: 'levelFiltered',
      },
    },
    issueFocusedByKey: { on: { showWholeModel: 'wholeModelShown' } },
    wholeModelShown: {},
    levelFiltered: {},
    recheckedWithTolerance: {},
    cancelledBeforeRepair: {},
    repairing: { on: { progress: 'progressing', repairJobFails: 'repairFailed', repairReady: 'previewing' } },
    progressing: {},
    repairFailed: { on: { retry: 'repairing' } },
    previewing: {
      on: {
        acceptDependent: 'acceptedWithDependency',
        rejectCategory: 'categoryRejected',
        showAfter: 'showingAfter',
        rejectEverything: 'nothingAccepted',
        commit: 'committing',
        commitRefused: 'commitFailed',
        cancel: 'cancelledRepair',
        focusOperation: 'operationFocused',
      },
    },
    operationFocused: {},
    acceptedWithDependency: {},
    categoryRejected: {},
    showingAfter: {},
    nothingAccepted: {},
    commitFailed: { on: { retry: 'previewing' } },
    cancelledRepair: {},
    committing: { on: { commitDone: 'committed' } },
    committed: {},
  },
});

describe('repair user flow (model-based, @xstate/test)', () => {
  const model = createTestModel(repairUserFlow);
  const paths = model.getShortestPaths();

  it('covers every state of the model', () => {
    const reached = new Set(
      paths.flatMap((path) => [path.state, ...path.steps.map((step) => step.state)]).map((s) => s.value),
    );
    expect([...reached].sort()).toEqual(Object.keys(repairUserFlow.config.states ?? {}).sort());
  });

  for (const path of paths) {
    it(path.description, async () => {
      let harness: RepairHarness | undefined;
      const sut = (): RepairHarness => {
        if (!harness) throw new Error('the screen was not opened');
        return harness;
      };
      const snapshot = () => sut().actor.getSnapshot();
      const send = (event: RepairEvent) => sut().actor.send(event);
      const connectivityCalls = () => sut().api.callsTo('GET', '/api/models/model-1/data/connectivity');
      const previewBodies = () =>
        sut()
          .api.callsTo('POST', '/api/models/model-1/repairs/repair-1/preview')
          .map((call) => call.options.json as PreviewRepairBody);
      const commitBodies = () =>
        sut()
          .api.callsTo('POST', '/api/models/model-1/repairs/repair-1/commit')
          .map((call) => call.options.json as CommitRepairBody);
      const acceptedIds = () => [...snapshot().context.accepted].sort();
      const rested = async () => {
        sut().clock.increment(PREVIEW_DEBOUNCE_MS);
        await settle();
      };
      const open = async (role: 'WRITE' | 'READ') => {
        harness = startRepairHarness({ role });
        await settle();
      };
      const check = async () => {
        send({ type: 'repair.check' });
        await settle();
      };
      const expectReviewing = () => {
        expect(selectRepairStep(snapshot())).toBe('reviewing');
        expect(selectIssueGroups(snapshot()).map((group) => [group.title, group.count])).toEqual([
          ['Coincident nodes', 1],
          ['Node on member span', 1],
          ['Free member ends', 1],
        ]);
        // Errors red, warnings amber, on the version as it is: the members named, and those on the nodes named
        // (coincident nodes 5 and 9 show through C1 and B1).
        expect([...selectHighlight(snapshot())]).toEqual([
          ['C1@L1', 'removed'],
          ['B1@L1', 'removed'],
          ['C2@L1', 'removed'],
          ['B2@L1', 'modified'],
          ['C3@L1', 'modified'],
        ]);
      };

      try {
        await path.test({
          states: {
            closed: () => {},
            idle: () => {
              expect(selectRepairStep(snapshot())).toBe('idle');
              // The version is drawn while nothing has been checked yet.
              expect(selectRepairScene(snapshot())?.elements.ids).toEqual(versionScene().elements.ids);
              expect(connectivityCalls()).toEqual([]);
            },
            toleranceRefused: () => {
              expect(selectRepairStep(snapshot())).toBe('idle');
              expect(selectRepairError(snapshot())).toBe(toleranceMessages.invalid);
              expect(connectivityCalls()).toEqual([]);
            },
            waitingForCheck: () => {
              expect(selectRepairStep(snapshot())).toBe('checking');
              expect(connectivityCalls()).toHaveLength(1);
            },
            reviewingAfterJob: () => {
              expectReviewing();
              // Asked again once ModelConnectivity named our job; another model's event asked nothing.
              expect(connectivityCalls()).toHaveLength(2);
            },
            checkFailed: () => {
              expect(selectRepairStep(snapshot())).toBe('failed');
              expect(selectRepairError(snapshot())).toBe('Gusset could not check this version: no nodes');
            },
            readerIdle: () => expect(selectRepairStep(snapshot())).toBe('idle'),
            readerReviewing: () => expectReviewing(),
            readerRefused: () => {
              expect(selectRepairStep(snapshot())).toBe('reviewing');
              expect(selectRepairError(snapshot())).toBe(ownMessages.permissionTypeRequired);
              expect(sut().api.callsTo('POST', '/api/models/model-1/repairs')).toEqual([]);
            },
            reviewing: () => {
              expectReviewing();
              expect(connectivityCalls().at(-1)?.options.searchParams).toEqual({ versionId: 'version-2' });
            },
            issueFocusedByKey: () => {
              // j, j, k: the second issue of the list, then back to the first; the camera flies to its box
              // (node 5 and column C1) and only what lies within reach of it is shown.
              expect(snapshot().context.focus).toMatchObject({ kind: 'issue', id: 'C01:5,9' });
              expect(selectFocusView(snapshot())).toEqual({
                box: { min: [0, 0, 0], max: [0, 0, 3000] },
                shown: ['C1@L1', 'C4@L1', 'B1@L1', 'B2@L1'],
              });
              expect(selectIsolation(snapshot())).toBe('neighbourhood');
            },
            wholeModelShown: () => {
              expect(selectIsolation(snapshot())).toBe('all');
              // Still flown to, now with the whole model around it.
              expect(selectFocusView(snapshot())).toEqual({
                box: { min: [0, 0, 0], max: [0, 0, 3000] },
                shown: null,
              });
            },
            levelFiltered: () => {
              // Every finding of the frame is on Level 1 (nodes at 3 m); the base has none.
              expect(selectLevelOptions(snapshot())).toEqual([{ id: 'L1', name: 'Level 1', count: 3 }]);
              expect(selectIssueGroups(snapshot()).map((group) => [group.title, group.count])).toEqual([
                ['Coincident nodes', 0],
                ['Node on member span', 0],
                ['Free member ends', 0],
              ]);
              // Stepping through an empty list focuses nothing.
              send({ type: 'repair.issue.next' });
              expect(snapshot().context.focus).toBeNull();
              send({ type: 'repair.level.filtered', levelId: 'L1' });
              expect(selectIssueGroups(snapshot()).map((group) => group.count)).toEqual([1, 1, 1]);
              send({ type: 'repair.issue.previous' });
              expect(snapshot().context.focus).toMatchObject({ id: 'C08:B2@L1' });
            },
            operationFocused: () => {
              expect(snapshot().context.focus).toMatchObject({ kind: 'operation', id: 'R07:B2@L1' });
              // B2 and node 7, at (0, 4 m, 3 m) to (6 m, 4 m, 3 m).
              expect(selectFocusView(snapshot()).box).toEqual({
                min: [0, 4000, 3000],
                max: [6000, 4000, 3000],
              });
              expect(selectCheckCounts(snapshot())).toEqual([
                { check: 'C01', title: 'Coincident nodes', before: 1, after: 0 },
                { check: 'C03', title: 'Node on member span', before: 1, after: 0 },
                { check: 'C08', title: 'Free member ends', before: 1, after: 1 },
              ]);
            },
            recheckedWithTolerance: () => {
              expect(selectRepairStep(snapshot())).toBe('reviewing');
              expect(connectivityCalls().at(-1)?.options.searchParams).toEqual({
                versionId: 'version-2',
                merge: 0.002,
              });
            },
            cancelledBeforeRepair: () => {
              expect(selectRepairStep(snapshot())).toBe('cancelled');
              // Nothing was started, so nothing is discarded.
              expect(sut().api.callsTo('DELETE', '/api/models/model-1/repairs/repair-1')).toEqual([]);
            },
            repairing: () => {
              expect(selectRepairStep(snapshot())).toBe('repairing');
              expect(sut().api.callsTo('POST', '/api/models/model-1/repairs').at(-1)?.options.json).toEqual({
                versionId: 'version-2',
              });
              expect(selectRepairProgress(snapshot())).not.toBeNull();
            },
            progressing: () => {
              expect(selectRepairProgress(snapshot())).toEqual({ stage: 'Merging nodes', percent: 40 });
            },
            repairFailed: () => {
              expect(selectRepairStep(snapshot())).toBe('failed');
              expect(selectRepairError(snapshot())).toBe('The repair could not be prepared: out of memory');
            },
            previewing: () => {
              expect(selectRepairStep(snapshot())).toBe('previewing');
              // What is within tolerance, and not what hangs on the extension awaiting confirmation.
              expect(acceptedIds()).toEqual(['R01:5,9', 'R02:6,B1@L1']);
              expect(selectIssueTotals(snapshot())).toEqual({ before: 3, after: 1 });
              expect(
                selectOperationGroups(snapshot()).map((group) => [group.operation, group.state]),
              ).toEqual([
                ['R01', 'all'],
                ['R07', 'none'],
                ['R02', 'some'],
              ]);
            },
            acceptedWithDependency: () => {
              expect(acceptedIds()).toEqual(['R01:5,9', 'R02:6,B1@L1', 'R02:7,C3@L1', 'R07:B2@L1']);
              // One preview for the rested selection, in plan order.
              expect(previewBodies()).toEqual([
                { accepted: ['R01:5,9', 'R07:B2@L1', 'R02:6,B1@L1', 'R02:7,C3@L1'] },
              ]);
              expect(selectIssueTotals(snapshot())).toEqual({ before: 3, after: 0 });
            },
            categoryRejected: () => {
              // Rejecting the merges rejects the split that needs one.
              expect(acceptedIds()).toEqual([]);
              expect(previewBodies()).toEqual([{ accepted: [] }]);
            },
            showingAfter: () => {
              expect(snapshot().context.side).toBe('after');
              const scenes = sut().api.callsTo('POST', '/api/models/model-1/repairs/repair-1/scene');
              expect(scenes.map((call) => call.options.json)).toEqual([
                { accepted: ['R01:5,9', 'R02:6,B1@L1'] },
              ]);
              expect(selectRepairScene(snapshot())).not.toBeNull();
              // Repaired elements green; B2's free end still amber.
              expect([...selectHighlight(snapshot())]).toEqual([
                ['C1@L1', 'added'],
                ['B1@L1', 'added'],
                ['C2@L1', 'added'],
                ['B2@L1', 'modified'],
                ['C3@L1', 'modified'],
              ]);
            },
            nothingAccepted: () => {
              expect(selectRepairStep(snapshot())).toBe('previewing');
              expect(selectRepairError(snapshot())).toBe(ownMessages.repairNothingAccepted);
              expect(commitBodies()).toEqual([]);
            },
            commitFailed: () => {
              expect(selectRepairStep(snapshot())).toBe('failed');
              expect(selectRepairError(snapshot())).toBe(ownMessages.repairOutdated);
            },
            cancelledRepair: () => {
              expect(selectRepairStep(snapshot())).toBe('cancelled');
              expect(sut().api.callsTo('DELETE', '/api/models/model-1/repairs/repair-1')).toHaveLength(1);
            },
            committing: () => {
              expect(selectRepairStep(snapshot())).toBe('committing');
              expect(commitBodies().at(-1)).toEqual({ accepted: ['R01:5,9', 'R02:6,B1@L1'] });
            },
            committed: () => {
              expect(selectRepairStep(snapshot())).toBe('committed');
              expect(snapshot().context.committed).toEqual({ versionId: 'version-3', versionNumber: 3 });
            },
          },
          events: {
            open: () => open('WRITE'),
            openAsReader: () => open('READ'),
            checkWithBadTolerance: async () => {
              send({ type: 'repair.tolerance.changed', name: 'merge', value: '0' });
              await check();
            },
            check,
            checkWhileAJobRuns: async () => {
              sut().api.answerInTurn('GET /api/models/model-1/data/connectivity', [
                ok({ status: 'running', jobId: 'job-k' }, 202),
                ok({ status: 'done', versionId: 'version-2', report: aReport() }),
              ]);
              await check();
              // Another model's checks are not ours.
              sut().publish({
                eventName: 'ModelConnectivity',
                message: 'success',
                data: { modelId: 'model-9', versionId: 'v-9', jobId: 'job-x', error: null, counts: null },
              });
              await settle();
            },
            connectivityReady: async () => {
              sut().publish({
                eventName: 'ModelConnectivity',
                message: 'success',
                data: {
                  modelId: 'model-1',
                  versionId: 'version-2',
                  jobId: 'job-k',
                  error: null,
                  counts: null,
                },
              });
              await settle();
            },
            checkFails: async () => {
              sut().api.answerInTurn('GET /api/models/model-1/data/connectivity', [
                ok({
                  status: 'failed',
                  jobId: 'job-k',
                  error: 'Gusset could not check this version: no nodes',
                }),
                ok({ status: 'done', versionId: 'version-2', report: aReport() }),
              ]);
              await check();
            },
            retry: async () => {
              send({ type: 'repair.retry' });
              await settle();
            },
            recheckWithTolerance: async () => {
              send({ type: 'repair.tolerance.changed', name: 'merge', value: '0.002' });
              await check();
            },
            tryToRepair: () => send({ type: 'repair.start' }),
            stepThroughIssues: () => {
              send({ type: 'repair.issue.next' });
              send({ type: 'repair.issue.next' });
              expect(snapshot().context.focus).toMatchObject({ id: 'C03:6,B1@L1' });
              send({ type: 'repair.issue.previous' });
              send({ type: 'repair.issue.previous' });
            },
            showWholeModel: () => send({ type: 'repair.isolation.toggled' }),
            filterByLevel: () => send({ type: 'repair.level.filtered', levelId: 'BASE' }),
            focusOperation: () => send({ type: 'repair.operation.focused', operationId: 'R07:B2@L1' }),
            startRepair: async () => {
              send({ type: 'repair.start' });
              await settle();
            },
            progress: () => {
              const later = '2025-03-03T10:00:05.000Z';
              sut().publish({
                eventName: 'ProgressUpdate',
                message: 'progress',
                data: repairJob({
                  status: 'running',
                  stage: 'Merging nodes',
                  progress: 40,
                  updatedAt: later,
                }),
              });
              // Another job's progress is not this repair's.
              sut().publish({
                eventName: 'ProgressUpdate',
                message: 'progress',
                data: repairJob({
                  _id: 'job-7',
                  status: 'running',
                  stage: 'Other',
                  progress: 90,
                  updatedAt: later,
                }),
              });
            },
            repairJobFails: async () => {
              sut().publish({
                eventName: 'ModelError',
                message: 'error',
                data: {
                  modelId: 'model-1',
                  jobId: 'job-r',
                  error: 'The repair could not be prepared: out of memory',
                },
              });
              await settle();
            },
            repairReady: async () => {
              // Someone else's repair being ready is not ours.
              sut().publish(
                {
                  eventName: 'ModelRepaired',
                  message: 'success',
                  data: {
                    modelId: 'model-1',
                    repairId: 'repair-8',
                    jobId: 'job-8',
                    versionId: 'version-2',
                    error: null,
                  },
                },
                'anotherUser',
              );
              await settle();
              expect(selectRepairStep(snapshot())).toBe('repairing');
              sut().publish({
                eventName: 'ModelRepaired',
                message: 'success',
                data: {
                  modelId: 'model-1',
                  repairId: 'repair-1',
                  jobId: 'job-r',
                  versionId: 'version-2',
                  error: null,
                },
              });
              await settle();
            },
            acceptDependent: async () => {
              // Ticking boxes in a row asks for one preview once the selection rests.
              send({ type: 'repair.operation.toggled', operationId: 'R02:6,B1@L1', accepted: false });
              send({ type: 'repair.operation.toggled', operationId: 'R02:6,B1@L1', accepted: true });
              sut().api.answer(
                'POST /api/models/model-1/repairs/repair-1/preview',
                ok({ after: aReport([]), diff: aReadyRepair().plan?.diff, skipped: [] }),
              );
              send({ type: 'repair.operation.toggled', operationId: 'R02:7,C3@L1', accepted: true });
              await rested();
            },
            rejectCategory: async () => {
              send({ type: 'repair.category.toggled', operation: 'R01', accepted: false });
              await rested();
            },
            showAfter: async () => {
              send({ type: 'repair.side.toggled' });
              await settle();
            },
            rejectEverything: async () => {
              send({ type: 'repair.category.toggled', operation: 'R01', accepted: false });
              send({ type: 'repair.commit' });
              await settle();
            },
            commit: async () => {
              send({ type: 'repair.commit' });
              await settle();
            },
            commitRefused: async () => {
              sut().api.answer(
                'POST /api/models/model-1/repairs/repair-1/commit',
                failure(409, ownMessages.repairOutdated),
              );
              send({ type: 'repair.commit' });
              await settle();
              sut().api.answer('POST /api/models/model-1/repairs/repair-1/commit', ok(commitJob(), 202));
            },
            commitDone: async () => {
              sut().publish({
                eventName: 'ModelRepairCommit',
                message: 'success',
                data: {
                  modelId: 'model-1',
                  repairId: 'repair-1',
                  jobId: 'job-c',
                  versionId: 'version-3',
                  versionNumber: 3,
                },
              });
              await settle();
            },
            cancel: async () => {
              send({ type: 'repair.cancel' });
              await settle();
            },
          },
        });
      } finally {
        harness?.actor.stop();
      }
    });
  }
});

describe('repair production machine (xstate/graph)', () => {
  type RepairSnapshot = SnapshotFrom<typeof repairMachine>;
  const done = (id: string, output: unknown): AnyEventObject => ({ type: `xstate.done.actor.${id}`, output });
  const failed = (id: string, message: string): AnyEventObject => ({
    type: `xstate.error.actor.${id}`,
    error: new Error(message),
  });
  const event = (payload: Record<string, unknown>, origin = 'thisTab'): AnyEventObject => ({
    type: 'realtime.event',
    event: {
      channel: 'fromElementService',
      origin,
      payload: { author: null, message: 'success', showInWebUI: false, ...payload },
    },
  });
  const ready = aReadyRepair();
  const events = [
    { type: 'repair.check' },
    { type: 'repair.start' },
    { type: 'repair.retry' },
    { type: 'repair.cancel' },
    { type: 'repair.commit' },
    { type: 'repair.side.toggled' },
    { type: 'repair.category.toggled', operation: 'R01', accepted: false },
    { type: 'repair.operation.toggled', operationId: 'R07:B2@L1', accepted: true },
    { type: 'job.updated', job: repairJob({ status: 'done', progress: 100 }) },
    { type: 'job.updated', job: repairJob({ status: 'failed', error: 'boom' }) },
    { type: 'job.updated', job: commitJob({ status: 'done', versionId: 'version-3' }) },
    { type: 'job.unreachable', message: messages.serverNotResponding },
    event({
      eventName: 'ModelConnectivity',
      data: { modelId: 'model-1', versionId: 'version-2', jobId: 'job-k', error: null, counts: null },
    }),
    event({
      eventName: 'ModelRepaired',
      data: { modelId: 'model-1', repairId: 'repair-1', jobId: 'job-r', versionId: 'version-2', error: null },
    }),
    event({
      eventName: 'ModelRepairCommit',
      data: {
        modelId: 'model-1',
        repairId: 'repair-1',
        jobId: 'job-c',
        versionId: 'version-3',
        versionNumber: 3,
      },
    }),
    done('getConnectivity', { status: 'done', versionId: 'version-2', report: aReport() }),
    done('getConnectivity', { status: 'running', jobId: 'job-k' }),
    failed('getConnectivity', 'Internal Server Error'),
    done('startRepair', { repair: aRepair(), job: repairJob() }),
    failed('startRepair', ownMessages.repairInProgress),
    done('getRepair', ready),
    done('getRepair', {
      repair: aRepair({ status: 'failed', error: 'The repair could not be prepared: x' }),
      plan: null,
    }),
    done('commitRepair', commitJob()),
    failed('commitRepair', ownMessages.repairOutdated),
    done('discardRepair', undefined),
    done('loadVersionScene', versionScene()),
  ] as unknown as RepairEvent[];
  const input: RepairInput = { modelId: 'model-1', versionId: 'version-2', role: 'WRITE' };
  const serializeState = (snapshot: RepairSnapshot) =>
    JSON.stringify([
      snapshot.value,
      snapshot.context.report !== null,
      snapshot.context.repair?._id ?? null,
      snapshot.context.plan !== null,
      [...snapshot.context.accepted].sort(),
      snapshot.context.job?.status ?? null,
      snapshot.context.committed,
      snapshot.context.error,
    ]);
  const snapshots = getShortestPaths(repairMachine, { input, events, serializeState }).map(
    (path) => path.state,
  );

  it('reaches every step', () => {
    const flows = new Set(
      snapshots.map((snapshot) => JSON.stringify((snapshot.value as { flow: unknown }).flow)),
    );
    for (const state of [
      'idle',
      { checking: 'asking' },
      { checking: 'waiting' },
      'reviewing',
      { repairing: 'starting' },
      { repairing: 'following' },
      { repairing: 'loading' },
      { previewing: 'settled' },
      { previewing: 'debouncing' },
      { committing: 'sending' },
      { committing: 'following' },
      'committed',
      { failed: 'checking' },
      { failed: 'repairing' },
      { failed: 'committing' },
      { failed: 'following' },
      { cancelled: 'discarding' },
      { cancelled: 'done' },
    ]) {
      expect(flows).toContain(JSON.stringify(state));
    }
  });

  it('keeps its promises in every state', () => {
    for (const snapshot of snapshots) {
      const step = selectRepairStep(snapshot);
      const { context } = snapshot;
      // A failure always says why.
      if (step === 'failed') expect(context.error).not.toBeNull();
      // The accepted set never holds an operation without what it depends on.
      for (const op of context.plan?.operations ?? []) {
        if (context.accepted.has(op.id))
          expect(op.dependsOn.every((id) => context.accepted.has(id))).toBe(true);
      }
      // A commit is only ever sent with a plan and something accepted.
      if (snapshot.matches({ flow: { committing: 'sending' } })) {
        expect(context.plan).not.toBeNull();
        expect(context.accepted.size).toBeGreaterThan(0);
      }
      if (step === 'previewing') expect(context.plan).not.toBeNull();
      // The after side is only drawn for a plan.
      if (snapshot.matches({ view: 'after' })) expect(context.plan).not.toBeNull();
      // Committed only from the commit's own job or event, never from a check or a repair job.
      if (step === 'committed') {
        expect(context.committed).not.toBeNull();
        expect(context.repair).not.toBeNull();
      }
    }
  });

  it('never lets a READ user start a repair', () => {
    const reader = getShortestPaths(repairMachine, {
      input: { ...input, role: 'READ' },
      events,
      serializeState,
    }).map((path) => path.state);
    expect(reader.some((snapshot) => selectRepairStep(snapshot) === 'reviewing')).toBe(true);
    expect(reader.some((snapshot) => selectRepairStep(snapshot) === 'repairing')).toBe(false);
  });
});
