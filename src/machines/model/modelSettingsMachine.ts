import { assign, fromPromise, setup } from 'xstate';
import { updateModel } from '../../api/models';
import type { HttpClient } from '../../api/types';
import { messages, ownMessages } from '../../contract/errors';
import type { Model, UpdateModelBody } from '../../contract/http/models';
import type { DisplayUnit } from '../../engine/schema';
import { promisePlaceholder, unboundImplementation } from '../auth/placeholders';
import { abilitiesOf } from './abilities';
import { formMessageOf, unwrap } from './failure';

export interface ModelSettingsContext {
  model: Model;
  name: string;
  units: DisplayUnit;
  error: string | null;
}

export type ModelSettingsEvent =
  | { type: 'name.change'; value: string }
  | { type: 'units.change'; value: DisplayUnit }
  | { type: 'settings.save' };

/** `editable` for WRITE+, `readOnly` for the others, `saving` while the server answers. */
export type ModelSettingsTag = 'editable' | 'readOnly' | 'saving';

/** /model/{id}/settings/settings: the model's name and display units (PUT /api/models/{id}). */
export const modelSettingsMachine = setup({
  types: {
    context: {} as ModelSettingsContext,
    events: {} as ModelSettingsEvent,
    input: {} as { model: Model },
    tags: {} as ModelSettingsTag,
  },
  actors: {
    saveModel: promisePlaceholder<Model, { modelId: string; changes: UpdateModelBody }>('saveModel'),
  },
  actions: {
    announce: (_, _params: { message: string }) => {
      throw unboundImplementation('announce');
    },
    /** Hands the saved model to the model page, so its header and the other screens follow. */
    shareModel: (_, _params: { model: Model }) => {
      throw unboundImplementation('shareModel');
    },
  },
  guards: {
    mayUpdate: ({ context }) => abilitiesOf(context.model.currentUserRole).canUpdate,
    nameIsBlank: ({ context }) => context.name.trim() === '',
    nothingChanged: ({ context }) => !hasChanges(context),
  },
}).createMachine({
  id: 'modelSettings',
  context: ({ input }) => ({ ...formFor(input.model), error: null }),
  initial: 'deciding',
  states: {
    deciding: {
      always: [{ guard: 'mayUpdate', target: 'editing' }, { target: 'readOnly' }],
    },
    readOnly: { tags: ['readOnly'] },
    editing: {
      tags: ['editable'],
      on: {
        'name.change': { actions: assign({ name: ({ event }) => event.value, error: null }) },
        'units.change': { actions: assign({ units: ({ event }) => event.value, error: null }) },
        'settings.save': [
          { guard: 'nameIsBlank', actions: assign({ error: messages.modelNameBlank }) },
          // The save button is disabled then; a stray submit (Enter) sends nothing.
          { guard: 'nothingChanged' },
          { target: 'saving' },
        ],
      },
    },
    saving: {
      tags: ['saving'],
      invoke: {
        id: 'saveModel',
        src: 'saveModel',
        input: ({ context }) => ({ modelId: context.model._id, changes: changesOf(context) }),
        onDone: {
          target: 'editing',
          actions: [
            assign(({ event }) => ({ ...formFor(event.output), error: null })),
            { type: 'shareModel', params: ({ event }) => ({ model: event.output }) },
            { type: 'announce', params: { message: ownMessages.modelSaved } },
          ],
        },
        onError: { target: 'editing', actions: assign({ error: ({ event }) => formMessageOf(event.error) }) },
      },
    },
  },
});

function formFor(model: Model): Omit<ModelSettingsContext, 'error'> {
  return { model, name: model.name, units: model.settings.units };
}

/** Only what changed, so a rename never rewrites the units someone else just set (and vice versa). */
function changesOf(context: ModelSettingsContext): UpdateModelBody {
  const changes: UpdateModelBody = {};
  const name = context.name.trim();
  if (name !== context.model.name) changes.name = name;
  if (context.units !== context.model.settings.units) changes.settings = { units: context.units };
  return changes;
}

/** Whether the form differs from the saved model. */
export function hasChanges(context: ModelSettingsContext): boolean {
  return Object.keys(changesOf(context)).length > 0;
}

export interface ModelFormDependencies {
  http: HttpClient;
  announce: (message: string) => void;
  shareModel: (model: Model) => void;
}

export function createModelSettingsImplementations(deps: ModelFormDependencies) {
  return {
    actors: {
      saveModel: fromPromise<Model, { modelId: string; changes: UpdateModelBody }>(async ({ input }) =>
        unwrap(await updateModel(deps.http, input.modelId, input.changes)),
      ),
    },
    actions: {
      announce: (_: unknown, params: { message: string }) => deps.announce(params.message),
      shareModel: (_: unknown, params: { model: Model }) => deps.shareModel(params.model),
    },
  };
}
