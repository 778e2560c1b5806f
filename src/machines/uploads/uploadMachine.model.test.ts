/**
 * Model-based test of the upload journey: xstate/graph walks the production machine (actor results and job
 * updates fed in as events, since a traversal steps pure transitions only), and every path is replayed on a
 * real actor whose actors never answer by themselves. After each step we check what the user would notice:
 * which step the panel shows, whether a retry is offered, which Idempotency-Key the next send would carry,
 * and how often the page was told about a new version.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, type AnyEventObject } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import type { VersionDetail } from '../../contract/http/versions';
import type { Job } from '../../contract/http/jobs';
import { aVersionDetail, anUploadJob } from '../model/modelTestKit';
import { selectUploadStep } from './selectors';
import { uploadMachine, type FinishedVersion, type UploadFileInput, type UploadInput } from './uploadMachine';

const queued = anUploadJob();
const running = anUploadJob({ status: 'running', stage: 'Reading the file', progress: 40 });
const done = anUploadJob({ status: 'done', progress: 100, versionId: 'version-3' });
const reviewMade = anUploadJob({ status: 'done', progress: 100, reviewId: 'review-1' });
const failedJob = anUploadJob({
  status: 'failed',
  stage: 'Failed',
  error: 'Line 12: a FRAME needs two points',
});

const sampleEvents = [
  { type: 'file.choose', file: new Blob(['$ STORIES']), name: 'frame.e2k' },
  { type: 'file.choose', file: new Blob(['hello']), name: 'notes.txt' },
  { type: 'name.change', value: '' },
  { type: 'name.change', value: 'Tower' },
  { type: 'review.toggle', value: true },
  { type: 'review.toggle', value: false },
  { type: 'upload.start' },
  { type: 'upload.retry' },
  { type: 'upload.reset' },
  { type: 'report.close' },
  { type: 'job.updated', job: running },
  { type: 'job.updated', job: done },
  { type: 'job.updated', job: reviewMade },
  { type: 'job.updated', job: failedJob },
  { type: 'job.unreachable', message: "Server isn't responding! Please contact Administrator." },
  { type: 'xstate.done.actor.uploadFile', output: queued },
  { type: 'xstate.done.actor.uploadFile', output: done },
  { type: 'xstate.done.actor.uploadFile', output: reviewMade },
  { type: 'xstate.done.actor.uploadFile', output: failedJob },
  { type: 'xstate.error.actor.uploadFile', error: new Error('The file is too large.') },
  { type: 'xstate.done.actor.fetchVersionReport', output: aVersionDetail(3) },
  { type: 'xstate.error.actor.fetchVersionReport', error: new Error('This version does not exist.') },
] as const;

type TraversalEvent = Parameters<typeof uploadMachine.transition>[1];
// The machine's own event type cannot name actor results; the traversal only reads type and payload.
const traversalEvents = sampleEvents as unknown as readonly TraversalEvent[];

const destinations: Record<string, UploadInput> = {
  'a new version': { destination: { modelId: 'model-1' }, versionCount: 2 },
  'the first version of an empty model': { destination: { modelId: 'model-1' }, versionCount: 0 },
  'a new model': { destination: { organizationId: 'org-1' } },
};

type GraphPath = ReturnType<typeof getShortestPaths<typeof uploadMachine>>[number];

/** The key is random per file; what the user sees is the state, the chosen file, the name and the job. */
const serializeState = (snapshot: GraphPath['state']) =>
  JSON.stringify([
    snapshot.value,
    snapshot.context.file?.name ?? null,
    snapshot.context.modelName.trim() === '',
    snapshot.context.job?.status ?? null,
    snapshot.context.error !== null,
    snapshot.context.version !== null,
    snapshot.context.review,
  ]);

interface Walk {
  state: GraphPath['state'];
  events: AnyEventObject[];
}

/**
 * Shortest paths to every state, plus every continuation after a retry from a retryable failure: a retried
 * state looks like one reached directly, so shortest paths alone would never retry.
 */
function walksFor(input: UploadInput): Walk[] {
  const eventsOf = (path: GraphPath) => path.steps.slice(1).map((step) => step.event);
  const shortest = getShortestPaths(uploadMachine, {
    input,
    events: traversalEvents,
    serializeState,
  });
  const walks: Walk[] = shortest.map((path) => ({ state: path.state, events: eventsOf(path) }));
  for (const failure of shortest.filter((path) => path.state.hasTag('canRetry'))) {
    const onward = getShortestPaths(uploadMachine, {
      fromState: failure.state,
      events: traversalEvents,
      serializeState,
    });
    for (const path of onward.filter((candidate) => candidate.steps[1]?.event.type === 'upload.retry')) {
      walks.push({ state: path.state, events: [...eventsOf(failure), ...eventsOf(path)] });
    }
  }
  return walks;
}

function replay(input: UploadInput, walk: Walk) {
  const created: FinishedVersion[] = [];
  const sent: UploadFileInput[] = [];
  const actor = createActor(
    uploadMachine.provide({
      actors: {
        uploadFile: fromPromise<Job, UploadFileInput>(({ input: sending }) => {
          sent.push(sending);
          return new Promise<Job>(() => {});
        }),
        watchJob: fromCallback<AnyEventObject, { jobId: string }>(() => {}),
        fetchVersionReport: fromPromise<VersionDetail, FinishedVersion>(
          () => new Promise<VersionDetail>(() => {}),
        ),
      },
      actions: { versionCreated: (_, params) => created.push(params) },
    }),
    { input },
  ).start();
  const observe = () => {
    const snapshot = actor.getSnapshot();
    return {
      snapshot,
      step: selectUploadStep(snapshot),
      key: snapshot.context.idempotencyKey,
      created: created.length,
      sent: sent.length,
    };
  };
  const steps: Array<{
    event: AnyEventObject;
    before: ReturnType<typeof observe>;
    after: ReturnType<typeof observe>;
  }> = [];
  for (const event of walk.events) {
    const before = observe();
    actor.send(event as TraversalEvent);
    steps.push({ event, before, after: observe() });
  }
  return { actor, steps, sent };
}

describe('the upload machine graph', () => {
  for (const [name, input] of Object.entries(destinations)) {
    describe(`for ${name}`, () => {
      const walks = walksFor(input);
      const reviewOffered = 'modelId' in input.destination && (input.versionCount ?? 0) > 0;

      it('reaches every step of the journey, and retries from every failure that offers it', () => {
        const reached = new Set(walks.map((walk) => JSON.stringify(walk.state.value)));
        for (const state of [
          'idle',
          'selected',
          'uploading',
          'processing',
          'finished',
          'report',
          'done',
          { failed: 'sending' },
          { failed: 'following' },
          { failed: 'translation' },
          'reviewReady',
        ]) {
          expect(reached).toContain(JSON.stringify(state));
        }
        const retried = walks.filter((walk) => walk.events.some((event) => event.type === 'upload.retry'));
        expect(retried.some((walk) => walk.state.matches('report'))).toBe(true);
      });

      for (const walk of walks) {
        const description = walk.events
          .map((event) => ('name' in event ? `${event.type} ${String(event.name)}` : event.type))
          .join(' → ');
        it(`after ${description || 'opening the panel'}`, () => {
          const { actor, steps, sent } = replay(input, walk);
          expect(actor.getSnapshot().value).toEqual(walk.state.value);

          for (const { event, before, after } of steps) {
            const tags = after.snapshot.tags;
            // A retry is offered only on a failure, and sending is possible only with a valid file.
            if (tags.has('canRetry')) expect(after.step).toBe('failed');
            if (tags.has('canStart')) expect(after.snapshot.context.file).not.toBeNull();
            if (after.step === 'failed') expect(after.snapshot.context.error).not.toBeNull();
            // The key belongs to the chosen file: only choosing a file or starting over changes it.
            if (event.type !== 'file.choose' && event.type !== 'upload.reset')
              expect(after.key).toBe(before.key);
            if (event.type === 'upload.retry' && before.step === 'failed' && after.step === 'uploading') {
              expect(after.key).toBe(before.key);
            }
            if (after.step === 'uploading' || after.step === 'processing') {
              expect(after.snapshot.context.file).not.toBeNull();
              expect(after.key).not.toBeNull();
            }
            // Review is chosen only where it is offered (a model with a version to compare with), and an upload
            // sends the choice: a review upload makes no version.
            if (!reviewOffered) expect(after.snapshot.context.review).toBe(false);
            if (after.sent > before.sent) expect(sent.at(-1)?.review).toBe(after.snapshot.context.review);
            if (after.step === 'reviewReady') expect(after.snapshot.context.job?.reviewId).toBe('review-1');
            // The page hears about a new version once, when the job finishes with one.
            const finishedNow = after.snapshot.matches('finished') && !before.snapshot.matches('finished');
            expect(after.created).toBe(before.created + (finishedNow ? 1 : 0));
          }
          actor.stop();
        });
      }
    });
  }
});
