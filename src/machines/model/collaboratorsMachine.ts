import { assign, fromPromise, setup } from 'xstate';
import {
  addModelCollaborator,
  getModel,
  removeModelCollaborator,
  updateModelCollaborator,
} from '../../api/models';
import { messages, ownMessages } from '../../contract/errors';
import { emailAddressSchema } from '../../contract/http/auth';
import type { Model, ModelRole } from '../../contract/http/models';
import { promisePlaceholder, unboundImplementation } from '../auth/placeholders';
import { abilitiesOf } from './abilities';
import { formMessageOf, unwrap } from './failure';
import type { ModelFormDependencies } from './modelSettingsMachine';

export interface CollaboratorsContext {
  model: Model;
  emailAddress: string;
  role: ModelRole;
  /** The person whose role is being changed or who is being removed. */
  pendingUserId: string | null;
  error: string | null;
}

export type CollaboratorsEvent =
  | { type: 'invite.emailChange'; value: string }
  | { type: 'invite.roleChange'; value: ModelRole }
  | { type: 'invite.submit' }
  | { type: 'collaborator.changeRole'; userId: string; role: ModelRole }
  | { type: 'collaborator.remove'; userId: string };

/** `editable` for the model's ADMINs, `readOnly` for everyone else, `busy` while the server answers. */
export type CollaboratorsTag = 'editable' | 'readOnly' | 'busy';

export type CollaboratorChange =
  | { kind: 'invite'; modelId: string; emailAddress: string; role: ModelRole }
  | { kind: 'changeRole'; modelId: string; userId: string; role: ModelRole }
  | { kind: 'remove'; modelId: string; userId: string };

/** /model/{id}/people: who has which role on the model; ADMINs invite, change roles and remove people. */
export const collaboratorsMachine = setup({
  types: {
    context: {} as CollaboratorsContext,
    events: {} as CollaboratorsEvent,
    input: {} as { model: Model },
    tags: {} as CollaboratorsTag,
  },
  actors: {
    changeCollaborators: promisePlaceholder<Model, CollaboratorChange>('changeCollaborators'),
  },
  actions: {
    announce: (_, _params: { message: string }) => {
      throw unboundImplementation('announce');
    },
    shareModel: (_, _params: { model: Model }) => {
      throw unboundImplementation('shareModel');
    },
  },
  guards: {
    mayAdminister: ({ context }) => abilitiesOf(context.model.currentUserRole).canAdminister,
    emailIsBlank: ({ context }) => context.emailAddress.trim() === '',
    emailIsInvalid: ({ context }) => !emailAddressSchema.safeParse(context.emailAddress.trim()).success,
    isCollaborator: ({ context, event }) =>
      (event.type === 'collaborator.changeRole' || event.type === 'collaborator.remove') &&
      context.model.permissions.some((permission) => permission.user._id === event.userId),
  },
}).createMachine({
  id: 'collaborators',
  context: ({ input }) => ({
    model: input.model,
    emailAddress: '',
    role: 'READ',
    pendingUserId: null,
    error: null,
  }),
  initial: 'deciding',
  states: {
    deciding: {
      always: [{ guard: 'mayAdminister', target: 'editing' }, { target: 'readOnly' }],
    },
    readOnly: { tags: ['readOnly'] },
    editing: {
      tags: ['editable'],
      on: {
        'invite.emailChange': { actions: assign({ emailAddress: ({ event }) => event.value, error: null }) },
        'invite.roleChange': { actions: assign({ role: ({ event }) => event.value, error: null }) },
        'invite.submit': [
          { guard: 'emailIsBlank', actions: assign({ error: messages.fillOutForm }) },
          { guard: 'emailIsInvalid', actions: assign({ error: messages.enterValidEmail }) },
          {
            target: 'saving',
            actions: assign({
              pendingUserId: null,
              error: null,
            }),
          },
        ],
        'collaborator.changeRole': {
          guard: 'isCollaborator',
          target: 'saving',
          actions: assign({ pendingUserId: ({ event }) => event.userId, error: null }),
        },
        'collaborator.remove': {
          guard: 'isCollaborator',
          target: 'saving',
          actions: assign({ pendingUserId: ({ event }) => event.userId, error: null }),
        },
      },
    },
    saving: {
      tags: ['busy'],
      invoke: {
        id: 'changeCollaborators',
        src: 'changeCollaborators',
        input: ({ context, event }) => changeFor(context, event),
        onDone: {
          target: 'editing',
          actions: [
            assign(({ context, event }) => ({
              model: event.output,
              // An invitation that went through clears the form for the next one.
              emailAddress: context.pendingUserId === null ? '' : context.emailAddress,
              pendingUserId: null,
            })),
            { type: 'shareModel', params: ({ event }) => ({ model: event.output }) },
            { type: 'announce', params: { message: ownMessages.permissionsUpdated } },
          ],
        },
        onError: {
          target: 'editing',
          actions: assign({ pendingUserId: null, error: ({ event }) => formMessageOf(event.error) }),
        },
      },
    },
  },
});

function changeFor(context: CollaboratorsContext, event: CollaboratorsEvent): CollaboratorChange {
  const modelId = context.model._id;
  if (event.type === 'collaborator.changeRole') {
    return { kind: 'changeRole', modelId, userId: event.userId, role: event.role };
  }
  if (event.type === 'collaborator.remove') return { kind: 'remove', modelId, userId: event.userId };
  return { kind: 'invite', modelId, emailAddress: context.emailAddress.trim(), role: context.role };
}

function sendChange(deps: ModelFormDependencies, change: CollaboratorChange) {
  if (change.kind === 'invite') {
    const body = { emailAddress: change.emailAddress, type: change.role };
    return addModelCollaborator(deps.http, change.modelId, body);
  }
  if (change.kind === 'changeRole') {
    return updateModelCollaborator(deps.http, change.modelId, change.userId, { type: change.role });
  }
  return removeModelCollaborator(deps.http, change.modelId, change.userId);
}

export function createCollaboratorsImplementations(deps: ModelFormDependencies) {
  return {
    actors: {
      changeCollaborators: fromPromise<Model, CollaboratorChange>(async ({ input }) => {
        const changed = unwrap(await sendChange(deps, input));
        // The contract lets these calls answer without the model: then read it again.
        return changed ?? unwrap(await getModel(deps.http, input.modelId));
      }),
    },
    actions: {
      announce: (_: unknown, params: { message: string }) => deps.announce(params.message),
      shareModel: (_: unknown, params: { model: Model }) => deps.shareModel(params.model),
    },
  };
}
