import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { ok } from '../auth/fakeHttpClient';
import { aVersionDetail, anUploadJob, createRecordingHttp } from '../model/modelTestKit';
import { createRealtimeFeed } from '../socket/realtimeFeed';
import { aRealtimeEvent } from '../socket/socketTestKit';
import type { EventOrigin } from '../socket/types';
import { selectProgress, selectUploadStep } from './selectors';
import { JOB_SAFETY_NET_INTERVAL_MS } from '../jobs/watchJob';
import { createUploadImplementations, uploadMachine } from './uploadMachine';

const at = (second: number) => `2025-03-03T10:00:${String(second).padStart(2, '0')}.000Z`;
const queued = anUploadJob({ updatedAt: at(0) });

/** An upload under way (the POST answered with a queued job), its progress coming live or polled. */
async function startProcessing(status: 'online' | 'reconnecting') {
  const api = createRecordingHttp();
  api.answer('POST /api/v2/uploads', ok(queued, 202));
  api.answer('GET /api/jobs/job-1', ok(anUploadJob({ status: 'running', progress: 10, updatedAt: at(1) })));
  api.answer('GET /api/models/model-1/data/versions/version-3', ok(aVersionDetail(3)));
  const feed = createRealtimeFeed();
  feed.publish({ type: 'socket.status', status });
  const actor = createActor(
    uploadMachine.provide(
      createUploadImplementations({ http: api.http, realtime: feed, onVersionCreated: () => {} }),
    ),
    { input: { destination: { modelId: 'model-1' } } },
  ).start();
  actor.send({ type: 'file.choose', file: new Blob(['$ STORIES']), name: 'frame.e2k' });
  actor.send({ type: 'upload.start' });
  await vi.advanceTimersByTimeAsync(0);
  expect(selectUploadStep(actor.getSnapshot())).toBe('processing');
  const polls = () => api.callsTo('GET', '/api/jobs/job-1').length;
  const progressEvent = (job: ReturnType<typeof anUploadJob>, origin: EventOrigin = 'thisTab') =>
    feed.publish({
      type: 'realtime.event',
      event: aRealtimeEvent({ eventName: 'ProgressUpdate', message: 'progress', data: job }, origin),
    });
  return { actor, api, feed, polls, progressEvent };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the upload’s progress', () => {
  it('moves live with ProgressUpdate events for its job while the socket is online, without polling', async () => {
    const { actor, polls, progressEvent } = await startProcessing('online');
    progressEvent(
      anUploadJob({ status: 'running', progress: 40, stage: 'Reading the file', updatedAt: at(2) }),
    );
    expect(selectProgress(actor.getSnapshot())).toEqual({ stage: 'Reading the file', percent: 40 });
    // Another job's progress is not this panel's.
    progressEvent(anUploadJob({ _id: 'job-2', status: 'running', progress: 90, updatedAt: at(3) }));
    expect(selectProgress(actor.getSnapshot())?.percent).toBe(40);

    await vi.advanceTimersByTimeAsync(JOB_SAFETY_NET_INTERVAL_MS - 1);
    expect(polls()).toBe(0);
    progressEvent(anUploadJob({ status: 'done', progress: 100, versionId: 'version-3', updatedAt: at(4) }));
    await vi.advanceTimersByTimeAsync(0);
    expect(selectUploadStep(actor.getSnapshot())).toBe('report');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(polls()).toBe(0);
  });

  it('still asks every 10 s while online, in case an event was lost', async () => {
    const { polls } = await startProcessing('online');
    await vi.advanceTimersByTimeAsync(JOB_SAFETY_NET_INTERVAL_MS);
    expect(polls()).toBe(1);
  });

  it('polls every second while the socket is not online, and slows down once it is', async () => {
    const { feed, polls } = await startProcessing('reconnecting');
    await vi.advanceTimersByTimeAsync(3000);
    expect(polls()).toBe(3);
    feed.publish({ type: 'socket.status', status: 'online' });
    await vi.advanceTimersByTimeAsync(5000);
    expect(polls()).toBe(3);
    feed.publish({ type: 'socket.status', status: 'offline' });
    await vi.advanceTimersByTimeAsync(1000);
    expect(polls()).toBe(4);
  });

  it('never moves the bar back for an answer older than what it shows', async () => {
    const { actor, polls, progressEvent } = await startProcessing('reconnecting');
    progressEvent(anUploadJob({ status: 'running', progress: 60, updatedAt: at(5) }));
    await vi.advanceTimersByTimeAsync(1000);
    expect(polls()).toBe(1);
    // The poll answered progress 10 from second 1.
    expect(selectProgress(actor.getSnapshot())?.percent).toBe(60);
  });

  it('asks the job at once when a ModelError names it, and after a reconnect', async () => {
    const { feed, polls } = await startProcessing('online');
    feed.publish({
      type: 'realtime.event',
      event: aRealtimeEvent(
        {
          eventName: 'ModelError',
          message: 'error',
          data: { modelId: 'model-1', jobId: 'job-1', error: 'x' },
        },
        'thisTab',
      ),
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(polls()).toBe(1);
    feed.publish({ type: 'socket.resynced' });
    await vi.advanceTimersByTimeAsync(0);
    expect(polls()).toBe(2);
  });
});
