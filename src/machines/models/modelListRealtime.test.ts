import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock, waitFor } from 'xstate';
import type { ApiResult } from '../../api/types';
import type { BatchImageUrls } from '../../contract/http/images';
import type { Model } from '../../contract/http/models';
import { createFakeHttpClient, deferred, ok } from '../auth/fakeHttpClient';
import { aModel } from '../organizations/organizationsTestKit';
import { aVersion } from '../model/modelTestKit';
import { REMOTE_RELOAD_DELAY_MS } from '../socket/eventRules';
import { createRealtimeFeed } from '../socket/realtimeFeed';
import { aRealtimeEvent, flush } from '../socket/socketTestKit';
import type { EventOrigin } from '../socket/types';
import { createModelListImplementations, modelListMachine } from './modelListMachine';

/** A model list of one organization over a fake server and a realtime feed the test publishes on. */
async function startList(models: Model[], organizationId: string | null = 'org-1') {
  const fake = createFakeHttpClient();
  fake.answer('GET /api/models', ok({ data: models }));
  fake.answer('GET /api/organizations/org-1', ok({ _id: 'org-1' }));
  const feed = createRealtimeFeed();
  const clock = new SimulatedClock();
  const actor = createActor(modelListMachine.provide(createModelListImplementations(fake.http, feed)), {
    input: { organizationId },
    clock,
  }).start();
  await waitFor(actor, (s) => s.hasTag('loaded'));
  const fetches = () => fake.requests.filter((request) => request.path === '/api/models').length;
  const publish = (event: ReturnType<typeof aRealtimeEvent>) =>
    feed.publish({ type: 'realtime.event', event });
  return { actor, fake, feed, clock, fetches, publish };
}

const tower = aModel({ _id: 'model-1', name: 'Tower', versions: [aVersion(1)] });
const annex = aModel({ _id: 'model-2', name: 'Annex' });
const names = (models: readonly Model[]) => models.map((model) => model.name);

describe('the model list, live', () => {
  it('rule (b): puts a clone made by this user at the front at once, without fetching', async () => {
    const { actor, publish, fetches } = await startList([tower]);
    const clone = aModel({ _id: 'model-9', name: 'Tower (copy)' });
    for (const origin of ['thisTab', 'thisTab'] as EventOrigin[]) {
      publish(aRealtimeEvent({ eventName: 'ModelCloned', data: { model: clone } }, origin));
    }
    expect(names(actor.getSnapshot().context.models)).toEqual(['Tower (copy)', 'Tower']);
    expect(actor.getSnapshot().hasTag('reloadRequested')).toBe(false);
    expect(fetches()).toBe(1);
  });

  it('rule (c): another user’s change raises the reload flag, then fetches once for a burst', async () => {
    const { actor, fake, clock, publish, fetches } = await startList([tower, annex]);
    const change = aRealtimeEvent({ eventName: 'ModelUpdated', data: { modelId: 'model-1' } });
    publish(change);
    publish(aRealtimeEvent({ eventName: 'ModelUpdated', data: { modelId: 'model-2' } }));
    expect(actor.getSnapshot().hasTag('reloadRequested')).toBe(true);
    expect(actor.getSnapshot().context.remoteChange?.payload.data).toEqual({ modelId: 'model-2' });
    expect(actor.getSnapshot().hasTag('loaded')).toBe(true);
    expect(fetches()).toBe(1);

    fake.answer('GET /api/models', ok({ data: [aModel({ _id: 'model-1', name: 'Tower renamed' }), annex] }));
    clock.increment(REMOTE_RELOAD_DELAY_MS);
    expect(actor.getSnapshot().hasTag('refreshing')).toBe(true);
    await waitFor(actor, (s) => !s.hasTag('refreshing'));
    expect(fetches()).toBe(2);
    expect(names(actor.getSnapshot().context.models)).toEqual(['Tower renamed', 'Annex']);
    expect(actor.getSnapshot().context.remoteChange).toBeNull();
  });

  it('rule (c): a model another user removed leaves the list before the list is fetched again', async () => {
    const { actor, publish } = await startList([tower, annex]);
    publish(aRealtimeEvent({ eventName: 'ModelRemoved', data: { modelId: 'model-2' } }));
    expect(names(actor.getSnapshot().context.models)).toEqual(['Tower']);
    expect(actor.getSnapshot().hasTag('reloadRequested')).toBe(true);
  });

  it('ignores the user’s own changes made elsewhere, and events about models of other organizations', async () => {
    const { actor, publish } = await startList([tower]);
    publish(aRealtimeEvent({ eventName: 'ModelUpdated', data: { modelId: 'model-1' } }, 'currentUser'));
    publish(aRealtimeEvent({ eventName: 'ModelUpdated', data: { modelId: 'model-7' } }, 'anotherUser'));
    expect(actor.getSnapshot().hasTag('reloadRequested')).toBe(false);
  });

  it('fetches again for a new version or model it does not show yet, whoever made it', async () => {
    const { actor, publish } = await startList([tower]);
    const added = (versionId: string, modelId: string) =>
      aRealtimeEvent(
        {
          eventName: 'ModelAdded',
          data: {
            modelId,
            versionId,
            versionNumber: 2,
            organizationId: 'org-1',
            newModel: modelId !== 'model-1',
          },
        },
        'thisTab',
      );
    publish(added('version-1', 'model-1'));
    expect(actor.getSnapshot().hasTag('reloadRequested')).toBe(false);
    publish(added('version-5', 'model-5'));
    expect(actor.getSnapshot().hasTag('reloadRequested')).toBe(true);
  });

  it('fetches again after the socket reconnects', async () => {
    const { actor, feed, clock, fetches } = await startList([tower]);
    feed.publish({ type: 'socket.resynced' });
    clock.increment(REMOTE_RELOAD_DELAY_MS);
    await flush();
    await waitFor(actor, (s) => !s.hasTag('refreshing'));
    expect(fetches()).toBe(2);
  });

  describe('thumbnails', () => {
    const thumbnailChanged = (modelId: string, origin: EventOrigin = 'anotherUser') =>
      aRealtimeEvent({ eventName: 'ModelUpdated', data: { modelId, thumbnail: true } }, origin);
    const imageCalls = (fake: ReturnType<typeof createFakeHttpClient>) =>
      fake.requests.filter((request) => request.path === '/api/images/getBatchImageUrls');
    const imageOf = (actor: Awaited<ReturnType<typeof startList>>['actor'], id: string) =>
      actor.getSnapshot().context.models.find((model) => model._id === id)?.image;

    it('refreshes only the images when screenshots change thumbnails: one call for a burst, no list reload', async () => {
      const { actor, fake, clock, publish, fetches } = await startList([tower, annex]);
      fake.answer(
        'PUT /api/images/getBatchImageUrls',
        ok({
          data: [
            { modelId: 'model-1', imageUrl: '/api/images/blobs/new-tower' },
            { modelId: 'model-2', imageUrl: '/api/images/blobs/new-annex' },
          ],
        }),
      );
      // Another user's screenshot, then this tab's own: both apply, whoever took them.
      publish(thumbnailChanged('model-1'));
      publish(thumbnailChanged('model-2', 'thisTab'));
      publish(thumbnailChanged('model-1'));
      expect(actor.getSnapshot().hasTag('imagesRequested')).toBe(true);
      expect(actor.getSnapshot().hasTag('reloadRequested')).toBe(false);

      clock.increment(REMOTE_RELOAD_DELAY_MS);
      await waitFor(actor, (s) => !s.hasTag('refreshingImages'));
      expect(imageCalls(fake).map((request) => request.json)).toEqual([{ modelIds: ['model-1', 'model-2'] }]);
      expect(imageOf(actor, 'model-1')).toBe('/api/images/blobs/new-tower');
      expect(imageOf(actor, 'model-2')).toBe('/api/images/blobs/new-annex');
      expect(fetches()).toBe(1);
      expect(actor.getSnapshot().context.changedThumbnails).toEqual([]);
    });

    it('asks again for a thumbnail that changes while the images are being fetched', async () => {
      const { actor, fake, clock, publish } = await startList([tower, annex]);
      const first = deferred<ApiResult<BatchImageUrls>>();
      fake.answer('PUT /api/images/getBatchImageUrls', () => first.promise);
      publish(thumbnailChanged('model-1'));
      clock.increment(REMOTE_RELOAD_DELAY_MS);
      expect(actor.getSnapshot().hasTag('refreshingImages')).toBe(true);
      publish(thumbnailChanged('model-2'));
      fake.answer(
        'PUT /api/images/getBatchImageUrls',
        ok({
          data: [
            { modelId: 'model-1', imageUrl: '/api/images/blobs/t2' },
            { modelId: 'model-2', imageUrl: '/api/images/blobs/a2' },
          ],
        }),
      );
      first.resolve(ok({ data: [{ modelId: 'model-1', imageUrl: '/api/images/blobs/t1' }] }));
      clock.increment(REMOTE_RELOAD_DELAY_MS);
      await waitFor(actor, (s) => !s.hasTag('refreshingImages') && !s.hasTag('imagesRequested'));
      expect(imageCalls(fake).map((request) => request.json)).toEqual([
        { modelIds: ['model-1'] },
        { modelIds: ['model-1', 'model-2'] },
      ]);
      expect([imageOf(actor, 'model-1'), imageOf(actor, 'model-2')]).toEqual([
        '/api/images/blobs/t2',
        '/api/images/blobs/a2',
      ]);
    });

    it('ignores thumbnails of models it does not show, and still reloads for other changes', async () => {
      const { actor, publish } = await startList([tower]);
      publish(thumbnailChanged('model-7'));
      expect(actor.getSnapshot().hasTag('imagesRequested')).toBe(false);
      publish(aRealtimeEvent({ eventName: 'ModelUpdated', data: { modelId: 'model-1' } }));
      expect(actor.getSnapshot().hasTag('reloadRequested')).toBe(true);
      expect(actor.getSnapshot().hasTag('imagesRequested')).toBe(false);
    });
  });
});
