import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock, waitFor } from 'xstate';
import { ok } from '../auth/fakeHttpClient';
import { REMOTE_RELOAD_DELAY_MS } from '../socket/eventRules';
import { createRealtimeFeed } from '../socket/realtimeFeed';
import { aRealtimeEvent, flush } from '../socket/socketTestKit';
import type { EventOrigin } from '../socket/types';
import { createModelPageImplementations, modelPageMachine } from './modelMachine';
import { aModel, anUploadJob, aVersion, createRecordingHttp } from './modelTestKit';
import { selectLiveUploads, selectOpenReport, selectVersions } from './selectors';

/** The model page of model-1 (versions 1 and 2) over a fake server and a feed the test publishes on. */
async function startPage() {
  const api = createRecordingHttp();
  api.answer('GET /api/models/model-1', ok(aModel('READ', { versions: [aVersion(2), aVersion(1)] })));
  api.answer('GET /api/models/model-1/data/versions/version-1', ok({ ...aVersion(1), report: null }));
  const feed = createRealtimeFeed();
  const clock = new SimulatedClock();
  const actor = createActor(
    modelPageMachine.provide(createModelPageImplementations({ http: api.http, realtime: feed })),
    { input: { modelId: 'model-1' }, clock },
  ).start();
  await waitFor(actor, (s) => s.hasTag('ready'));
  const fetches = () => api.callsTo('GET', '/api/models/model-1').length;
  const publish = (event: ReturnType<typeof aRealtimeEvent>) =>
    feed.publish({ type: 'realtime.event', event });
  return { actor, api, feed, clock, fetches, publish };
}

const versionAdded = (versionId: string, origin: EventOrigin = 'anotherUser') =>
  aRealtimeEvent(
    {
      eventName: 'ModelAdded',
      data: { modelId: 'model-1', versionId, versionNumber: 3, organizationId: 'org-1', newModel: false },
    },
    origin,
  );

const progress = (job: ReturnType<typeof anUploadJob>, origin: EventOrigin = 'anotherUser') =>
  aRealtimeEvent({ eventName: 'ProgressUpdate', message: 'progress', data: job }, origin);

describe('the model page, live', () => {
  it('shows another person’s upload with its progress, until it finishes', async () => {
    const { actor, publish } = await startPage();
    publish(progress(anUploadJob({ status: 'running', progress: 40, stage: 'Reading the file' })));
    expect(selectLiveUploads(actor.getSnapshot())).toMatchObject([{ _id: 'job-1', progress: 40 }]);
    publish(progress(anUploadJob({ status: 'running', progress: 80 })));
    expect(selectLiveUploads(actor.getSnapshot())).toMatchObject([{ _id: 'job-1', progress: 80 }]);
    publish(progress(anUploadJob({ status: 'done', progress: 100, versionId: 'version-3' })));
    expect(selectLiveUploads(actor.getSnapshot())).toEqual([]);
  });

  it('leaves this tab’s own upload to its panel, and other models’ uploads out', async () => {
    const { actor, publish } = await startPage();
    publish(progress(anUploadJob({ status: 'running' }), 'thisTab'));
    publish(progress(anUploadJob({ _id: 'job-2', status: 'running', modelId: 'model-2' })));
    expect(selectLiveUploads(actor.getSnapshot())).toEqual([]);
  });

  it('forgets a live upload that failed', async () => {
    const { actor, publish } = await startPage();
    publish(progress(anUploadJob({ status: 'running' })));
    publish(
      aRealtimeEvent({
        eventName: 'ModelError',
        message: 'error',
        data: { modelId: 'model-1', jobId: 'job-1', error: 'x' },
      }),
    );
    expect(selectLiveUploads(actor.getSnapshot())).toEqual([]);
  });

  it('rule (c): another user’s new version raises the reload flag, then re-fetches, keeping the open report', async () => {
    const { actor, api, clock, fetches, publish } = await startPage();
    actor.send({ type: 'report.toggle', versionId: 'version-1' });
    await waitFor(actor, (s) => !s.hasTag('reportLoading'));

    api.answer(
      'GET /api/models/model-1',
      ok(aModel('READ', { versions: [aVersion(3), aVersion(2), aVersion(1)] })),
    );
    publish(versionAdded('version-3'));
    expect(actor.getSnapshot().hasTag('reloadRequested')).toBe(true);
    expect(actor.getSnapshot().context.remoteChange?.payload.eventName).toBe('ModelAdded');
    expect(fetches()).toBe(1);

    clock.increment(REMOTE_RELOAD_DELAY_MS);
    expect(actor.getSnapshot().hasTag('refreshing')).toBe(true);
    await waitFor(actor, (s) => !s.hasTag('refreshing'));
    expect(fetches()).toBe(2);
    expect(selectVersions(actor.getSnapshot()).map((version) => version.number)).toEqual([3, 2, 1]);
    expect(actor.getSnapshot().context.remoteChange).toBeNull();
    expect(selectOpenReport(actor.getSnapshot())?.versionId).toBe('version-1');
  });

  it('does not fetch again for a version it already shows (this tab’s own upload reloaded it)', async () => {
    const { actor, publish } = await startPage();
    publish(versionAdded('version-2', 'thisTab'));
    expect(actor.getSnapshot().hasTag('reloadRequested')).toBe(false);
    publish(versionAdded('version-3', 'thisTab'));
    expect(actor.getSnapshot().hasTag('reloadRequested')).toBe(true);
  });

  it('ignores the user’s own change made elsewhere, other models, and fetches again after a reconnect', async () => {
    const { actor, feed, clock, fetches, publish } = await startPage();
    publish(aRealtimeEvent({ eventName: 'ModelUpdated', data: { modelId: 'model-1' } }, 'currentUser'));
    publish(aRealtimeEvent({ eventName: 'ModelUpdated', data: { modelId: 'model-2' } }, 'anotherUser'));
    expect(actor.getSnapshot().hasTag('reloadRequested')).toBe(false);

    feed.publish({ type: 'socket.resynced' });
    clock.increment(REMOTE_RELOAD_DELAY_MS);
    await flush();
    await waitFor(actor, (s) => !s.hasTag('refreshing'));
    expect(fetches()).toBe(2);
  });
});
