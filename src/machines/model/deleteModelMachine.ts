import { assign, fromPromise, setup } from 'xstate';
import { deleteModel } from '../../api/models';
import type { HttpClient } from '../../api/types';
import { ownMessages } from '../../contract/errors';
import type { Model } from '../../contract/http/models';
import { promisePlaceholder, unboundImplementation } from '../auth/placeholders';
import { abilitiesOf } from './abilities';
import { formMessageOf, unwrap } from './failure';

export interface DeleteModelContext {
  model: Model;
  confirmation: string;
  error: string | null;
}

export type DeleteModelEvent = { type: 'confirmation.change'; value: string } | { type: 'model.delete' };

/** `editable` for ADMINs, `readOnly` for the others, `busy` while deleting, `deleted` at the end. */
export type DeleteModelTag = 'editable' | 'readOnly' | 'busy' | 'deleted';

/** /model/{id}/settings/deleteModel: the user types the model's name to confirm; then DELETE and go to /models. */
export const deleteModelMachine = setup({
  types: {
    context: {} as DeleteModelContext,
    events: {} as DeleteModelEvent,
    input: {} as { model: Model },
    tags: {} as DeleteModelTag,
  },
  actors: {
    deleteModel: promisePlaceholder<unknown, { modelId: string }>('deleteModel'),
  },
  actions: {
    announce: (_, _params: { message: string }) => {
      throw unboundImplementation('announce');
    },
    navigateTo: (_, _params: { to: string }) => {
      throw unboundImplementation('navigateTo');
    },
  },
  guards: {
    mayAdminister: ({ context }) => abilitiesOf(context.model.currentUserRole).canAdminister,
    nameMatches: ({ context }) => context.confirmation.trim() === context.model.name,
  },
}).createMachine({
  id: 'deleteModel',
  context: ({ input }) => ({ model: input.model, confirmation: '', error: null }),
  initial: 'deciding',
  states: {
    deciding: {
      always: [{ guard: 'mayAdminister', target: 'confirming' }, { target: 'readOnly' }],
    },
    readOnly: { tags: ['readOnly'] },
    confirming: {
      tags: ['editable'],
      on: {
        'confirmation.change': { actions: assign({ confirmation: ({ event }) => event.value, error: null }) },
        'model.delete': [
          { guard: 'nameMatches', target: 'deleting' },
          { actions: assign({ error: ownMessages.deleteModelNameMismatch }) },
        ],
      },
    },
    deleting: {
      tags: ['busy'],
      invoke: {
        id: 'deleteModel',
        src: 'deleteModel',
        input: ({ context }) => ({ modelId: context.model._id }),
        onDone: {
          target: 'deleted',
          actions: [
            { type: 'announce', params: { message: ownMessages.modelRemoved } },
            { type: 'navigateTo', params: { to: '/models' } },
          ],
        },
        onError: {
          target: 'confirming',
          actions: assign({ error: ({ event }) => formMessageOf(event.error) }),
        },
      },
    },
    deleted: { type: 'final', tags: ['deleted'] },
  },
});

export function createDeleteModelImplementations(deps: {
  http: HttpClient;
  announce: (message: string) => void;
  navigateTo: (to: string) => void;
}) {
  return {
    actors: {
      deleteModel: fromPromise<unknown, { modelId: string }>(async ({ input }) =>
        unwrap(await deleteModel(deps.http, input.modelId)),
      ),
    },
    actions: {
      announce: (_: unknown, params: { message: string }) => deps.announce(params.message),
      navigateTo: (_: unknown, params: { to: string }) => deps.navigateTo(params.to),
    },
  };
}
