/**
 * A merge seen from elsewhere: the model's history of ANOTHER user (and the merging user's other tabs) fetches
 * the model again when VersionMerged announces the new version, so it appears live (issue #7 acceptance).
 */
import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock, waitFor } from 'xstate';
import { ok } from '../auth/fakeHttpClient';
import { createModelPageImplementations, modelPageMachine } from '../model/modelMachine';
import { aModel, aVersion, createRecordingHttp } from '../model/modelTestKit';
import { selectVersions } from '../model/selectors';
import { isNewVersionFor, mergedVersionOf, REMOTE_RELOAD_DELAY_MS } from '../socket/eventRules';
import { createRealtimeFeed } from '../socket/realtimeFeed';
import { aRealtimeEvent, flush } from '../socket/socketTestKit';
import type { EventOrigin } from '../socket/types';

const merged = (
  origin: EventOrigin,
  data: unknown = { modelId: 'model-1', jobId: 'job-9', versionId: 'version-3', versionNumber: 3 },
) => aRealtimeEvent({ eventName: 'VersionMerged', message: 'success', data }, origin);

async function historyPage() {
  const api = createRecordingHttp();
  api.answerInTurn('GET /api/models/model-1', [
    ok(aModel('READ', { versions: [aVersion(2), aVersion(1)] })),
    ok(
      aModel('READ', {
        versions: [
          aVersion(3, {
            origin: { kind: 'merge', sourceVersionId: 'version-1', sourceNumber: 1, changeCount: 4 },
          }),
          aVersion(2),
          aVersion(1),
        ],
      }),
    ),
  ]);
  const feed = createRealtimeFeed();
  const clock = new SimulatedClock();
  const actor = createActor(
    modelPageMachine.provide(createModelPageImplementations({ http: api.http, realtime: feed })),
    { input: { modelId: 'model-1' }, clock },
  ).start();
  await waitFor(actor, (s) => s.hasTag('ready'));
  const numbers = () => selectVersions(actor.getSnapshot()).map((version) => version.number);
  return { actor, feed, clock, numbers, fetches: () => api.callsTo('GET', '/api/models/model-1').length };
}

describe('a merge, live on the history page', () => {
  for (const origin of ['anotherUser', 'currentUser'] as const) {
    it(`shows the merged version when VersionMerged comes from ${origin === 'anotherUser' ? 'another user' : 'the user’s other tab'}`, async () => {
      const { feed, clock, numbers, fetches } = await historyPage();
      expect(numbers()).toEqual([2, 1]);
      feed.publish({ type: 'realtime.event', event: merged(origin) });
      clock.increment(REMOTE_RELOAD_DELAY_MS);
      await flush();
      expect(fetches()).toBe(2);
      expect(numbers()).toEqual([3, 2, 1]);
    });
  }

  it('does not fetch for the empty "done" mark, nor for another model’s merge', async () => {
    const { feed, clock, fetches } = await historyPage();
    feed.publish({ type: 'realtime.event', event: merged('thisTab', {}) });
    feed.publish({
      type: 'realtime.event',
      event: merged('anotherUser', { modelId: 'model-2', jobId: 'job-4', versionId: 'v', versionNumber: 8 }),
    });
    clock.increment(REMOTE_RELOAD_DELAY_MS);
    await flush();
    expect(fetches()).toBe(1);
  });

  it('reads the version from VersionMerged with data only', () => {
    expect(mergedVersionOf(merged('thisTab'))?.versionId).toBe('version-3');
    expect(mergedVersionOf(merged('thisTab', {}))).toBeNull();
    expect(isNewVersionFor(merged('thisTab', {}), { kind: 'model', modelId: 'model-1' })).toBe(false);
  });
});
