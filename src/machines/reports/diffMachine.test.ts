import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { ok, failure } from '../auth/fakeHttpClient';
import { createRecordingHttp } from '../model/modelTestKit';
import { createRealtimeFeed } from '../socket/realtimeFeed';
import {
  createDiffImplementations,
  diffMachine,
  diffStatusOf,
  DIFF_POLL_MS,
  type DiffInput,
} from './diffMachine';
import { aDiffView, aVersionDiffEvent, diffDone, diffRunning } from './reportsTestKit';

const pair: DiffInput = { modelId: 'model-1', from: 'version-1', to: 'version-2', reportId: null };
const diffRoute = 'GET /api/models/model-1/data/diff';

function startDiff(input: DiffInput = pair) {
  const api = createRecordingHttp();
  const feed = createRealtimeFeed();
  const actor = createActor(
    diffMachine.provide(createDiffImplementations({ http: api.http, realtime: feed })),
    {
      input,
    },
  );
  const status = () => diffStatusOf(actor.getSnapshot());
  const publish = (event: ReturnType<typeof aVersionDiffEvent>) =>
    feed.publish({ type: 'realtime.event', event });
  return { api, actor, status, publish };
}

/** Lets settled promises reach the actor (timers are fake here). */
const settle = () => vi.advanceTimersByTimeAsync(0);

describe('the diff of two versions', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows a diff the server has already', async () => {
    const { api, actor, status } = startDiff();
    api.answer(diffRoute, ok(diffDone()));
    actor.start();
    await settle();
    expect(status()).toBe('ready');
    expect(actor.getSnapshot().context.diff).toEqual(aDiffView());
    expect(api.callsTo('GET', '/api/models/model-1/data/diff')[0]?.options.searchParams).toEqual({
      from: 'version-1',
      to: 'version-2',
    });
  });

  it('waits for VersionDiff of its own pair, then asks again', async () => {
    const { api, actor, status, publish } = startDiff();
    api.answerInTurn(diffRoute, [ok(diffRunning, 202), ok(diffDone())]);
    actor.start();
    await settle();
    expect(status()).toBe('waiting');
    publish(aVersionDiffEvent({ from: 'version-0', jobId: 'job-other' }));
    await settle();
    expect(status()).toBe('waiting');
    publish(aVersionDiffEvent());
    await settle();
    expect(status()).toBe('ready');
    expect(api.callsTo('GET', '/api/models/model-1/data/diff')).toHaveLength(2);
  });

  it('asks again every few seconds when no VersionDiff comes (a LIMITEDVIEW socket never gets one)', async () => {
    const { api, actor, status } = startDiff();
    api.answerInTurn(diffRoute, [ok(diffRunning, 202), ok(diffRunning, 202), ok(diffDone())]);
    actor.start();
    await settle();
    await vi.advanceTimersByTimeAsync(DIFF_POLL_MS - 1);
    expect(api.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(api.calls).toHaveLength(2);
    expect(status()).toBe('waiting');
    await vi.advanceTimersByTimeAsync(DIFF_POLL_MS);
    expect(status()).toBe('ready');
  });

  it('shows the failure VersionDiff announces, and asks again on retry', async () => {
    const { api, actor, status, publish } = startDiff();
    api.answerInTurn(diffRoute, [ok(diffRunning, 202), ok(diffDone())]);
    actor.start();
    await settle();
    publish(aVersionDiffEvent({ error: 'Gusset could not compare these versions: bad file' }));
    await settle();
    expect(status()).toBe('failed');
    expect(actor.getSnapshot().context.error).toBe('Gusset could not compare these versions: bad file');
    actor.send({ type: 'diff.retry' });
    await settle();
    expect(status()).toBe('ready');
  });

  it("shows the server's refusal as the failure", async () => {
    const { api, actor, status } = startDiff();
    api.answer(diffRoute, failure(400, 'Choose two different versions to compare.'));
    actor.start();
    await settle();
    expect(status()).toBe('failed');
    expect(actor.getSnapshot().context.error).toBe('Choose two different versions to compare.');
  });

  it("asks for a report's diff through the report, so those it is shared with may read it", async () => {
    const { api, actor, status } = startDiff({ ...pair, reportId: 'report-1' });
    api.answer('GET /api/models/model-1/reports/report-1/diff', ok(diffDone()));
    actor.start();
    await settle();
    expect(status()).toBe('ready');
    expect(api.callsTo('GET', '/api/models/model-1/data/diff')).toEqual([]);
  });
});
