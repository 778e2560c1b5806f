import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { ownMessages } from '../../contract/errors';
import type { ModelRole } from '../../contract/http/models';
import { deferred, failure, ok } from '../auth/fakeHttpClient';
import { createModelPageImplementations, modelPageMachine } from './modelMachine';
import { aModel, aVersion, aVersionDetail, createRecordingHttp } from './modelTestKit';
import {
  selectAbilities,
  selectIsLimitedView,
  selectIsRestorable,
  selectModelPageStatus,
  selectRestoreCandidate,
  selectVersions,
} from './selectors';

const versions = [aVersion(1), aVersion(2), aVersion(3)];

function startModelPage(role: ModelRole = 'ADMIN') {
  const api = createRecordingHttp();
  api.answer('GET /api/models/model-1', ok(aModel(role)));
  api.answer(
    'GET /api/models/imagesAndVersionsByModelIds',
    ok({ data: [{ _id: 'model-1', image: null, versions }] }),
  );
  const start = () =>
    createActor(modelPageMachine.provide(createModelPageImplementations({ http: api.http })), {
      input: { modelId: 'model-1' },
    }).start();
  return { api, start };
}

const ready = (actor: ReturnType<ReturnType<typeof startModelPage>['start']>) =>
  waitFor(actor, (s) => s.hasTag('ready') && !s.hasTag('refreshing'));

describe('loading the model page', () => {
  it('shows the versions newest first, whatever order they arrive in', async () => {
    const { api, start } = startModelPage();
    const actor = start();
    expect(selectModelPageStatus(actor.getSnapshot())).toBe('loading');
    const snapshot = await ready(actor);
    expect(selectVersions(snapshot).map((version) => version.number)).toEqual([3, 2, 1]);
    expect(api.callsTo('GET', '/api/models/imagesAndVersionsByModelIds')[0]?.options.searchParams).toEqual({
      modelIds: 'model-1',
    });
  });

  it('uses the versions the model came with, when it came with them', async () => {
    const { api, start } = startModelPage();
    api.answer('GET /api/models/model-1', ok(aModel('READ', { versions: [aVersion(2), aVersion(1)] })));
    const snapshot = await ready(start());
    expect(selectVersions(snapshot).map((version) => version.number)).toEqual([2, 1]);
    expect(api.callsTo('GET', '/api/models/imagesAndVersionsByModelIds')).toEqual([]);
  });

  it('does not ask a LIMITEDVIEW user’s versions, and says what they can see', async () => {
    const { api, start } = startModelPage('LIMITEDVIEW');
    const snapshot = await ready(start());
    expect(selectIsLimitedView(snapshot)).toBe(true);
    expect(selectVersions(snapshot)).toEqual([]);
    expect(selectAbilities(snapshot)).toEqual({
      canViewVersions: false,
      canUpdate: false,
      canAdminister: false,
    });
    expect(api.callsTo('GET', '/api/models/imagesAndVersionsByModelIds')).toEqual([]);
  });

  it('explains a model that does not exist or was not shared', async () => {
    const { api, start } = startModelPage();
    api.answer('GET /api/models/model-1', failure(404, ownMessages.modelNotFound));
    const actor = start();
    const snapshot = await waitFor(actor, (s) => s.hasTag('unavailable'));
    expect(snapshot.context.loadError).toBe(ownMessages.modelNotFound);
  });

  it.each([
    ['ADMIN', { canViewVersions: true, canUpdate: true, canAdminister: true }],
    ['WRITE', { canViewVersions: true, canUpdate: true, canAdminister: false }],
    ['READ', { canViewVersions: true, canUpdate: false, canAdminister: false }],
  ] as const)('gives %s what its role allows', async (role, abilities) => {
    const { start } = startModelPage(role);
    expect(selectAbilities(await ready(start()))).toEqual(abilities);
  });
});

describe('restoring a version', () => {
  it('asks first, then makes a new version equal to the old one', async () => {
    const { api, start } = startModelPage('WRITE');
    const restored = aVersion(4, {
      origin: { kind: 'restore', restoredVersionId: 'version-1', restoredNumber: 1 },
    });
    api.answer('POST /api/models/model-1/versions/version-1/restore', ok(restored, 201));
    const actor = start();
    await ready(actor);

    actor.send({ type: 'version.restore', versionId: 'version-1' });
    expect(selectRestoreCandidate(actor.getSnapshot())?.number).toBe(1);
    expect(api.callsTo('POST', '/api/models/model-1/versions/version-1/restore')).toEqual([]);

    api.answer(
      'GET /api/models/imagesAndVersionsByModelIds',
      ok({ data: [{ _id: 'model-1', image: null, versions: [...versions, restored] }] }),
    );
    actor.send({ type: 'restore.confirm' });
    expect(actor.getSnapshot().hasTag('restoring')).toBe(true);
    const after = await waitFor(actor, (s) => !s.hasTag('restoring') && !s.hasTag('refreshing'));
    expect(selectVersions(after).map((version) => version.number)).toEqual([4, 3, 2, 1]);
    expect(api.callsTo('POST', '/api/models/model-1/versions/version-1/restore')).toHaveLength(1);
    expect(selectRestoreCandidate(after)).toBeNull();
  });

  it('does nothing when the user cancels', async () => {
    const { api, start } = startModelPage('ADMIN');
    const actor = start();
    await ready(actor);
    actor.send({ type: 'version.restore', versionId: 'version-2' });
    actor.send({ type: 'restore.cancel' });
    expect(selectRestoreCandidate(actor.getSnapshot())).toBeNull();
    expect(api.calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('is offered neither on the latest version nor to READ users', async () => {
    const writer = startModelPage('WRITE');
    const writerPage = await ready(writer.start());
    expect(selectIsRestorable(writerPage, 'version-3')).toBe(false);
    expect(selectIsRestorable(writerPage, 'version-2')).toBe(true);

    const reader = startModelPage('READ');
    const actor = reader.start();
    const readerPage = await ready(actor);
    expect(selectIsRestorable(readerPage, 'version-2')).toBe(false);
    actor.send({ type: 'version.restore', versionId: 'version-2' });
    expect(selectRestoreCandidate(actor.getSnapshot())).toBeNull();
  });

  it('shows why the server refused', async () => {
    const { api, start } = startModelPage('ADMIN');
    api.answer(
      'POST /api/models/model-1/versions/version-1/restore',
      failure(409, 'Another upload to this model is still being processed. Try again when it has finished.'),
    );
    const actor = start();
    await ready(actor);
    actor.send({ type: 'version.restore', versionId: 'version-1' });
    actor.send({ type: 'restore.confirm' });
    const after = await waitFor(actor, (s) => !s.hasTag('restoring'));
    expect(after.context.restoreError).toMatch(/^Another upload/);
    expect(selectVersions(after)).toHaveLength(3);
  });
});

describe('a version’s translation report', () => {
  it('opens, and closes when toggled again', async () => {
    const { api, start } = startModelPage('READ');
    const reply = deferred<ReturnType<typeof ok>>();
    api.answer('GET /api/models/model-1/versions/version-2', () => reply.promise);
    const actor = start();
    await ready(actor);

    actor.send({ type: 'report.toggle', versionId: 'version-2' });
    expect(actor.getSnapshot().hasTag('reportLoading')).toBe(true);
    reply.resolve(ok(aVersionDetail(2)));
    const open = await waitFor(actor, (s) => !s.hasTag('reportLoading'));
    expect(open.context.report?.detail?.report?.items).toHaveLength(2);

    actor.send({ type: 'report.toggle', versionId: 'version-2' });
    expect(actor.getSnapshot().context.report).toBeNull();
  });
});

describe('other screens', () => {
  it('replace the model with the one they saved', async () => {
    const { start } = startModelPage();
    const actor = start();
    await ready(actor);
    actor.send({ type: 'model.replace', model: aModel('ADMIN', { name: 'Tower B' }) });
    expect(actor.getSnapshot().context.model?.name).toBe('Tower B');
    expect(selectVersions(actor.getSnapshot())).toHaveLength(3);
  });
});
