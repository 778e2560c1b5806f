import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import type { HttpClient, RequestOptions } from '../../api/types';
import { messages, ownMessages } from '../../contract/errors';
import type { Model } from '../../contract/http/models';
import { createFakeHttpClient, failure, ok } from '../auth/fakeHttpClient';
import { aModel, anOrganization } from '../organizations/organizationsTestKit';
import { createModelImplementations, createModelMachine } from './createModelMachine';
import { createModelListImplementations, modelListMachine } from './modelListMachine';
import { selectVisibleModels } from './selectors';

/** The fake records paths; this also keeps each call's query, which is what the list's flags are about. */
function withQueries(http: HttpClient) {
  const queries: Array<Record<string, unknown>> = [];
  const recording: HttpClient = {
    request: <T>(method: Parameters<HttpClient['request']>[0], path: string, options?: RequestOptions<T>) => {
      queries.push({ ...options?.searchParams });
      return http.request(method, path, options);
    },
  };
  return { http: recording, queries };
}

describe('modelListMachine', () => {
  it('loads all my models with thumbnails, versions and reports, then searches and sorts them', async () => {
    const fake = createFakeHttpClient();
    const { http, queries } = withQueries(fake.http);
    fake.answer(
      'GET /api/models',
      ok({
        data: [
          aModel({ _id: 'a', name: 'Tower', updatedAt: '2025-02-01T00:00:00.000Z' }),
          aModel({ _id: 'b', name: 'Annex', updatedAt: '2025-01-01T00:00:00.000Z' }),
        ],
      }),
    );
    const actor = createActor(modelListMachine.provide(createModelListImplementations(http)), {
      input: { organizationId: null },
    }).start();
    await waitFor(actor, (s) => s.hasTag('loaded'));

    expect(queries).toEqual([{ getImages: 'true', getVersions: 'true', getReports: 'true' }]);
    expect(selectVisibleModels(actor.getSnapshot()).map((m) => m.name)).toEqual(['Tower', 'Annex']);
    actor.send({ type: 'sort.change', sort: 'name' });
    expect(selectVisibleModels(actor.getSnapshot()).map((m) => m.name)).toEqual(['Annex', 'Tower']);
    actor.send({ type: 'search.change', value: 'tow' });
    expect(selectVisibleModels(actor.getSnapshot()).map((m) => m.name)).toEqual(['Tower']);
  });

  it('loads one organization with its models, asking only for that organization’s', async () => {
    const fake = createFakeHttpClient();
    const { http, queries } = withQueries(fake.http);
    fake.answer('GET /api/organizations/org-1', ok(anOrganization()));
    fake.answer('GET /api/models', ok({ data: [aModel()] }));
    const actor = createActor(modelListMachine.provide(createModelListImplementations(http)), {
      input: { organizationId: 'org-1' },
    }).start();
    const loaded = await waitFor(actor, (s) => s.hasTag('loaded'));

    expect(loaded.context.organization?.name).toBe('Acme Structures');
    expect(queries).toContainEqual({
      getImages: 'true',
      getVersions: 'true',
      getReports: 'true',
      organizationId: 'org-1',
    });
  });

  it('says so when the organization is unknown to the user, and loads again on request', async () => {
    const fake = createFakeHttpClient();
    fake.answer('GET /api/organizations/org-x', failure(404, ownMessages.organizationNotFound));
    fake.answer('GET /api/models', ok({ data: [] }));
    const actor = createActor(modelListMachine.provide(createModelListImplementations(fake.http)), {
      input: { organizationId: 'org-x' },
    }).start();
    const failed = await waitFor(actor, (s) => s.hasTag('failed'));
    expect(failed.context.error).toBe(ownMessages.organizationNotFound);

    fake.answer('GET /api/organizations/org-x', ok(anOrganization({ _id: 'org-x' })));
    actor.send({ type: 'models.reload' });
    await waitFor(actor, (s) => s.hasTag('loaded'));
  });

  it('does not repeat a failure the client has already announced (no answer, 5xx)', async () => {
    const fake = createFakeHttpClient();
    fake.answer('GET /api/models', failure(0, 'offline'));
    const actor = createActor(modelListMachine.provide(createModelListImplementations(fake.http)), {
      input: { organizationId: null },
    }).start();
    const failed = await waitFor(actor, (s) => s.hasTag('failed'));
    expect(failed.context.error).toBeNull();
  });
});

function startCreateModel(organizationId: string | null) {
  const fake = createFakeHttpClient();
  const created: Model[] = [];
  const actor = createActor(
    createModelMachine.provide(
      createModelImplementations({ http: fake.http, modelCreated: (m) => created.push(m) }),
    ),
    { input: { organizationId } },
  ).start();
  return { fake, actor, created };
}

describe('createModelMachine', () => {
  it('shows ‘Name cannot be blank or contain only spaces’ under the name, without calling the server', () => {
    const { fake, actor } = startCreateModel('org-1');
    actor.send({ type: 'name.change', value: '  ' });
    actor.send({ type: 'model.create' });
    expect(actor.getSnapshot().context.nameError).toBe(messages.modelNameBlank);
    expect(fake.requests).toEqual([]);
    actor.send({ type: 'name.change', value: 'T' });
    expect(actor.getSnapshot().context.nameError).toBeNull();
  });

  it('asks for an organization where the user has to choose one', () => {
    const { fake, actor } = startCreateModel(null);
    actor.send({ type: 'name.change', value: 'Tower' });
    actor.send({ type: 'model.create' });
    expect(actor.getSnapshot().context.error).toBe(messages.organizationDetailsMissing);
    expect(fake.requests).toEqual([]);
  });

  it('chooses the organization when there is only one, and not when there are several', () => {
    const { actor } = startCreateModel(null);
    actor.send({ type: 'organizations.offered', organizationIds: ['org-1', 'org-2'] });
    expect(actor.getSnapshot().context.organizationId).toBe('');
    actor.send({ type: 'organizations.offered', organizationIds: ['org-2'] });
    expect(actor.getSnapshot().context.organizationId).toBe('org-2');
    actor.send({ type: 'organization.change', organizationId: 'org-2' });
    actor.send({ type: 'organizations.offered', organizationIds: ['org-1', 'org-2'] });
    expect(actor.getSnapshot().context.organizationId).toBe('org-2');
  });

  it('creates the model in the organization and hands it on', async () => {
    const { fake, actor, created } = startCreateModel('org-1');
    const model = aModel({ _id: 'model-9', name: 'Tower' });
    fake.answer('POST /api/models/', ok(model, 201));
    actor.send({ type: 'name.change', value: ' Tower ' });
    actor.send({ type: 'model.create' });
    await waitFor(actor, (s) => s.hasTag('form'));
    expect(fake.requests).toEqual([
      { method: 'POST', path: '/api/models/', json: { name: 'Tower', organizationId: 'org-1' } },
    ]);
    expect(created).toEqual([model]);
    expect(actor.getSnapshot().context.name).toBe('');
  });

  it('puts the server’s name message under the field and its other messages on the form', async () => {
    const { fake, actor, created } = startCreateModel('org-1');
    fake.answer('POST /api/models/', failure(400, messages.modelNameBlank));
    actor.send({ type: 'name.change', value: 'x' });
    actor.send({ type: 'model.create' });
    await waitFor(actor, (s) => s.hasTag('form'));
    expect(actor.getSnapshot().context.nameError).toBe(messages.modelNameBlank);

    fake.answer('POST /api/models/', failure(400, messages.organizationDetailsMissing));
    actor.send({ type: 'model.create' });
    await waitFor(actor, (s) => s.hasTag('form'));
    expect(actor.getSnapshot().context).toMatchObject({
      nameError: null,
      error: messages.organizationDetailsMissing,
    });
    expect(created).toEqual([]);
  });
});
