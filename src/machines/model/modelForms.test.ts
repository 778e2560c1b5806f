import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { messages, ownMessages } from '../../contract/errors';
import type { Model, ModelRole } from '../../contract/http/models';
import { failure, ok } from '../auth/fakeHttpClient';
import { collaboratorsMachine, createCollaboratorsImplementations } from './collaboratorsMachine';
import { createDeleteModelImplementations, deleteModelMachine } from './deleteModelMachine';
import { createExportImplementations, exportMachine, type SavedFile } from './exportMachine';
import { aModel, aVersion, createRecordingHttp, grace } from './modelTestKit';
import { createModelSettingsImplementations, modelSettingsMachine } from './modelSettingsMachine';

function formWorld() {
  const api = createRecordingHttp();
  const toasts: string[] = [];
  const shared: Model[] = [];
  const deps = {
    http: api.http,
    announce: (m: string) => toasts.push(m),
    shareModel: (m: Model) => shared.push(m),
  };
  return { api, toasts, shared, deps };
}

describe('model settings (name and units)', () => {
  function startSettings(role: ModelRole = 'WRITE') {
    const world = formWorld();
    const actor = createActor(modelSettingsMachine.provide(createModelSettingsImplementations(world.deps)), {
      input: { model: aModel(role) },
    }).start();
    return { ...world, actor };
  }

  it('sends only what changed, and says the updates were saved', async () => {
    const { actor, api, toasts, shared } = startSettings();
    api.answer('PUT /api/models/model-1', ok(aModel('WRITE', { name: 'Tower B' })));
    actor.send({ type: 'name.change', value: '  Tower B ' });
    actor.send({ type: 'settings.save' });
    await waitFor(actor, (s) => s.hasTag('editable'));
    expect(api.callsTo('PUT', '/api/models/model-1')[0]?.options.json).toEqual({ name: 'Tower B' });
    expect(toasts).toEqual([ownMessages.modelSaved]);
    expect(shared.map((model) => model.name)).toEqual(['Tower B']);
  });

  it('sends the units with the server’s own refusal shown verbatim', async () => {
    const { actor, api, toasts } = startSettings();
    api.answer('PUT /api/models/model-1', failure(400, messages.invalidUnit));
    actor.send({ type: 'units.change', value: 'ft' });
    actor.send({ type: 'settings.save' });
    const failed = await waitFor(actor, (s) => s.hasTag('editable') && s.context.error !== null);
    expect(api.callsTo('PUT', '/api/models/model-1')[0]?.options.json).toEqual({ settings: { units: 'ft' } });
    expect(failed.context.error).toBe(messages.invalidUnit);
    expect(toasts).toEqual([]);
  });

  it('refuses a blank name, and sends nothing when nothing changed', () => {
    const { actor, api } = startSettings();
    actor.send({ type: 'settings.save' });
    actor.send({ type: 'name.change', value: '   ' });
    actor.send({ type: 'settings.save' });
    expect(actor.getSnapshot().context.error).toBe(messages.modelNameBlank);
    expect(api.calls).toEqual([]);
  });

  it('is read-only for READ users', () => {
    const { actor, api } = startSettings('READ');
    actor.send({ type: 'name.change', value: 'Mine now' });
    actor.send({ type: 'settings.save' });
    expect(actor.getSnapshot().hasTag('readOnly')).toBe(true);
    expect(api.calls).toEqual([]);
  });
});

describe('people on the model', () => {
  function startPeople(role: ModelRole = 'ADMIN') {
    const world = formWorld();
    const actor = createActor(collaboratorsMachine.provide(createCollaboratorsImplementations(world.deps)), {
      input: { model: aModel(role) },
    }).start();
    return { ...world, actor };
  }

  it('invites someone by email with a role, then clears the form', async () => {
    const { actor, api, toasts } = startPeople();
    const withAlan = aModel('ADMIN');
    api.answer('POST /api/models/model-1/collaborators', ok(withAlan, 201));
    actor.send({ type: 'invite.emailChange', value: ' alan@example.com ' });
    actor.send({ type: 'invite.roleChange', value: 'WRITE' });
    actor.send({ type: 'invite.submit' });
    const after = await waitFor(actor, (s) => s.hasTag('editable'));
    expect(api.callsTo('POST', '/api/models/model-1/collaborators')[0]?.options.json).toEqual({
      emailAddress: 'alan@example.com',
      type: 'WRITE',
    });
    expect(toasts).toEqual([ownMessages.permissionsUpdated]);
    expect(after.context.emailAddress).toBe('');
  });

  it('checks the address before asking the server', () => {
    const { actor, api } = startPeople();
    actor.send({ type: 'invite.submit' });
    expect(actor.getSnapshot().context.error).toBe(messages.fillOutForm);
    actor.send({ type: 'invite.emailChange', value: 'not-an-address' });
    actor.send({ type: 'invite.submit' });
    expect(actor.getSnapshot().context.error).toBe(messages.enterValidEmail);
    expect(api.calls).toEqual([]);
  });

  it('shows the spec’s permissions message when the server asks for a role type', async () => {
    const { actor, api } = startPeople();
    api.answer(
      `PUT /api/models/model-1/collaborators/${grace._id}`,
      failure(400, ownMessages.permissionTypeRequired),
    );
    actor.send({ type: 'collaborator.changeRole', userId: grace._id, role: 'WRITE' });
    const after = await waitFor(actor, (s) => s.hasTag('editable'));
    expect(after.context.error).toBe(messages.permissionsIssue);
  });

  it('reads the model again when a change answers without it', async () => {
    const { actor, api, shared } = startPeople();
    api.answer(`DELETE /api/models/model-1/collaborators/${grace._id}`, ok(null));
    const withoutGrace = aModel('ADMIN', { permissions: aModel().permissions.slice(0, 1) });
    api.answer('GET /api/models/model-1', ok(withoutGrace));
    actor.send({ type: 'collaborator.remove', userId: grace._id });
    const after = await waitFor(actor, (s) => s.hasTag('editable'));
    expect(after.context.model.permissions).toHaveLength(1);
    expect(shared).toEqual([withoutGrace]);
  });

  it('is read-only for anyone but an ADMIN', () => {
    const { actor, api } = startPeople('WRITE');
    actor.send({ type: 'collaborator.remove', userId: grace._id });
    actor.send({ type: 'invite.emailChange', value: 'alan@example.com' });
    actor.send({ type: 'invite.submit' });
    expect(actor.getSnapshot().hasTag('readOnly')).toBe(true);
    expect(api.calls).toEqual([]);
  });
});

describe('export', () => {
  it('downloads the chosen version in the chosen format and saves it under the server’s name', async () => {
    const api = createRecordingHttp();
    const saved: SavedFile[] = [];
    const blob = new Blob(['FILE']);
    api.answer('GET /api/models/model-1/data/versions/version-2/export', ok({ blob, fileName: 'Tower.s2k' }));
    const actor = createActor(
      exportMachine.provide(
        createExportImplementations({ http: api.http, saveFile: (file) => saved.push(file) }),
      ),
      { input: { modelId: 'model-1', modelName: 'Tower', versions: [aVersion(2), aVersion(1)] } },
    ).start();
    expect(actor.getSnapshot().context.versionId).toBe('version-2');

    actor.send({ type: 'format.choose', format: 's2k' });
    actor.send({ type: 'export.download' });
    await waitFor(actor, (s) => s.hasTag('editable'));
    expect(
      api.callsTo('GET', '/api/models/model-1/data/versions/version-2/export')[0]?.options.searchParams,
    ).toEqual({ format: 's2k' });
    expect(saved).toEqual([{ blob, fileName: 'Tower.s2k' }]);
  });

  it('names the file after the model and version when the server does not', async () => {
    const api = createRecordingHttp();
    const saved: SavedFile[] = [];
    api.answer(
      'GET /api/models/model-1/data/versions/version-1/export',
      ok({ blob: new Blob([]), fileName: null }),
    );
    const actor = createActor(
      exportMachine.provide(
        createExportImplementations({ http: api.http, saveFile: (file) => saved.push(file) }),
      ),
      { input: { modelId: 'model-1', modelName: 'Tower/East', versions: [aVersion(2), aVersion(1)] } },
    ).start();
    actor.send({ type: 'version.choose', versionId: 'version-1' });
    actor.send({ type: 'format.choose', format: 'json' });
    actor.send({ type: 'export.download' });
    await waitFor(actor, (s) => s.hasTag('editable'));
    expect(saved[0]?.fileName).toBe('Tower-East v1.json');
  });
});

describe('deleting the model', () => {
  function startDelete(role: ModelRole = 'ADMIN') {
    const api = createRecordingHttp();
    const toasts: string[] = [];
    const navigations: string[] = [];
    const actor = createActor(
      deleteModelMachine.provide(
        createDeleteModelImplementations({
          http: api.http,
          announce: (message) => toasts.push(message),
          navigateTo: (to) => navigations.push(to),
        }),
      ),
      { input: { model: aModel(role) } },
    ).start();
    return { actor, api, toasts, navigations };
  }

  it('needs the model’s name typed exactly', () => {
    const { actor, api } = startDelete();
    actor.send({ type: 'confirmation.change', value: 'tower' });
    actor.send({ type: 'model.delete' });
    expect(actor.getSnapshot().context.error).toBe(ownMessages.deleteModelNameMismatch);
    expect(api.calls).toEqual([]);
  });

  it('deletes, says so and goes to /models', async () => {
    const { actor, api, toasts, navigations } = startDelete();
    api.answer('DELETE /api/models/model-1', ok(undefined, 204));
    actor.send({ type: 'confirmation.change', value: 'Tower' });
    actor.send({ type: 'model.delete' });
    await waitFor(actor, (s) => s.hasTag('deleted'));
    expect(toasts).toEqual([ownMessages.modelRemoved]);
    expect(navigations).toEqual(['/models']);
  });

  it('is not offered to anyone but an ADMIN', () => {
    const { actor, api } = startDelete('WRITE');
    actor.send({ type: 'confirmation.change', value: 'Tower' });
    actor.send({ type: 'model.delete' });
    expect(actor.getSnapshot().hasTag('readOnly')).toBe(true);
    expect(api.calls).toEqual([]);
  });
});
