import { assign, fromPromise, setup } from 'xstate';
import {
  addOrganizationCollaborator,
  getOrganization,
  removeOrganizationCollaborator,
  updateOrganizationCollaborator,
} from '../../api/organizations';
import type { ApiResult, HttpClient } from '../../api/types';
import { messages, ownMessages } from '../../contract/errors';
import type {
  AddOrganizationCollaboratorBody,
  Organization,
  OrganizationRole,
} from '../../contract/http/organizations';
import { failureMessage } from '../auth/failureMessage';
import { promisePlaceholder, unboundImplementation } from '../auth/placeholders';
import { validateEmailForm } from '../auth/validation';

export type InviteField = 'emailAddress' | 'firstName' | 'lastName';

export interface InviteForm {
  emailAddress: string;
  role: OrganizationRole;
  firstName: string;
  lastName: string;
}

export type PeopleEvent =
  | { type: 'invite.field'; field: InviteField; value: string }
  | { type: 'invite.role'; role: OrganizationRole }
  | { type: 'invite.submit' }
  | { type: 'invite.cancel' }
  | { type: 'role.change'; userId: string; role: OrganizationRole }
  | { type: 'collaborator.remove'; userId: string }
  | { type: 'removal.confirm' }
  | { type: 'removal.cancel' }
  | { type: 'organization.retry' };

export interface PeopleContext {
  organizationId: string;
  organization: Organization | null;
  loadError: string | null;
  invite: InviteForm;
  /** Under the invite form: validation and the server's messages. */
  inviteError: string | null;
  /** Why the names are asked for: the server's 'User does not exist We need a little more info…'. */
  inviteNotice: string | null;
  /** A role change or removal the server refused. */
  actionError: string | null;
  /** The collaborator the user asked to remove, waiting for confirmation. */
  pendingRemoval: string | null;
}

export type PeopleTag = 'loading' | 'ready' | 'failed' | 'busy' | 'askingNames' | 'confirmingRemoval';

export interface PeopleInput {
  organizationId: string;
}

const blankInvite: InviteForm = { emailAddress: '', role: 'MEMBER', firstName: '', lastName: '' };

type OrganizationResult = ApiResult<Organization>;

const isOk = ({ event }: { event: { output: OrganizationResult } }) => event.output.ok;
const needsNames = ({ event }: { event: { output: OrganizationResult } }) =>
  !event.output.ok && event.output.status === 404 && event.output.error.message === messages.inviteNeedsInfo;
const messageOf = (output: OrganizationResult) => (output.ok ? null : failureMessage(output));
const organizationOf = (output: OrganizationResult): Organization => {
  if (!output.ok) throw new Error('unreachable: guarded by output.ok');
  return output.data;
};

/**
 * /organizations/{id}/people: the owner and collaborators with their roles, invitations by email (an address
 * without an account makes the server ask for the person's name first), role changes and removals.
 */
export const peopleMachine = setup({
  types: {
    context: {} as PeopleContext,
    events: {} as PeopleEvent,
    input: {} as PeopleInput,
    tags: {} as PeopleTag,
  },
  actors: {
    loadOrganization: promisePlaceholder<OrganizationResult, { organizationId: string }>('loadOrganization'),
    addCollaborator: promisePlaceholder<
      OrganizationResult,
      { organizationId: string; body: AddOrganizationCollaboratorBody }
    >('addCollaborator'),
    changeRole: promisePlaceholder<
      OrganizationResult,
      { organizationId: string; userId: string; role: OrganizationRole }
    >('changeRole'),
    removeCollaborator: promisePlaceholder<OrganizationResult, { organizationId: string; userId: string }>(
      'removeCollaborator',
    ),
  },
  actions: {
    announceSuccess: (_, _params: { message: string }) => {
      throw unboundImplementation('announceSuccess');
    },
    /** The directory (user menu, dashboard) learns the organization's new state. */
    organizationSaved: (_, _params: { organization: Organization }) => {
      throw unboundImplementation('organizationSaved');
    },
    rememberOrganization: assign((_, params: { organization: Organization }) => ({
      organization: params.organization,
    })),
    clearInvite: assign({ invite: blankInvite, inviteError: null, inviteNotice: null }),
  },
  guards: {
    emailIsInvalid: ({ context }) => validateEmailForm(context.invite.emailAddress) !== null,
    namesAreMissing: ({ context }) =>
      context.invite.firstName.trim() === '' || context.invite.lastName.trim() === '',
  },
}).createMachine({
  id: 'organizationPeople',
  context: ({ input }) => ({
    organizationId: input.organizationId,
    organization: null,
    loadError: null,
    invite: blankInvite,
    inviteError: null,
    inviteNotice: null,
    actionError: null,
    pendingRemoval: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'loadOrganization',
        src: 'loadOrganization',
        input: ({ context }) => ({ organizationId: context.organizationId }),
        onDone: [
          {
            guard: isOk,
            target: 'ready',
            actions: {
              type: 'rememberOrganization',
              params: ({ event }) => ({ organization: organizationOf(event.output) }),
            },
          },
          { target: 'failed', actions: assign(({ event }) => ({ loadError: messageOf(event.output) })) },
        ],
        onError: { target: 'failed' },
      },
    },
    failed: {
      tags: ['failed'],
      on: { 'organization.retry': { target: 'loading', actions: assign({ loadError: null }) } },
    },
    ready: {
      tags: ['ready'],
      initial: 'idle',
      on: {
        'invite.field': {
          actions: assign(({ context, event }) => ({
            invite: { ...context.invite, [event.field]: event.value },
            inviteError: null,
          })),
        },
        'invite.role': {
          actions: assign(({ context, event }) => ({ invite: { ...context.invite, role: event.role } })),
        },
      },
      states: {
        idle: {
          on: {
            'invite.submit': [
              {
                guard: 'emailIsInvalid',
                actions: assign(({ context }) => ({
                  inviteError: validateEmailForm(context.invite.emailAddress),
                })),
              },
              { target: 'inviting', actions: assign({ inviteError: null, actionError: null }) },
            ],
            'role.change': { target: 'changingRole', actions: assign({ actionError: null }) },
            'collaborator.remove': {
              target: 'confirmingRemoval',
              actions: assign(({ event }) => ({ pendingRemoval: event.userId, actionError: null })),
            },
          },
        },
        inviting: {
          tags: ['busy'],
          // The form is frozen while it is on its way: what the context holds is what was sent.
          on: { 'invite.field': {}, 'invite.role': {} },
          invoke: {
            id: 'addCollaborator',
            src: 'addCollaborator',
            input: ({ context }) => ({
              organizationId: context.organizationId,
              body: { emailAddress: context.invite.emailAddress.trim(), role: context.invite.role },
            }),
            onDone: [
              {
                guard: isOk,
                target: 'idle',
                actions: [
                  {
                    type: 'rememberOrganization',
                    params: ({ event }) => ({ organization: organizationOf(event.output) }),
                  },
                  {
                    type: 'organizationSaved',
                    params: ({ event }) => ({ organization: organizationOf(event.output) }),
                  },
                  { type: 'clearInvite' },
                  { type: 'announceSuccess', params: { message: ownMessages.permissionsUpdated } },
                ],
              },
              {
                guard: needsNames,
                target: 'askingNames',
                actions: assign({ inviteNotice: messages.inviteNeedsInfo }),
              },
              { target: 'idle', actions: assign(({ event }) => ({ inviteError: messageOf(event.output) })) },
            ],
            onError: { target: 'idle', actions: assign({ inviteError: messages.serverNotResponding }) },
          },
        },
        askingNames: {
          tags: ['askingNames'],
          on: {
            // Another address: the names asked for belonged to the previous one.
            'invite.field': {
              guard: ({ event }) => event.field === 'emailAddress',
              target: 'idle',
              actions: assign(({ context, event }) => ({
                invite: { ...context.invite, emailAddress: event.value, firstName: '', lastName: '' },
                inviteError: null,
                inviteNotice: null,
              })),
            },
            'invite.submit': [
              { guard: 'namesAreMissing', actions: assign({ inviteError: messages.fillOutForm }) },
              { target: 'invitingWithNames', actions: assign({ inviteError: null }) },
            ],
            'invite.cancel': { target: 'idle', actions: 'clearInvite' },
          },
        },
        invitingWithNames: {
          tags: ['busy', 'askingNames'],
          // The form is frozen while it is on its way: what the context holds is what was sent.
          on: { 'invite.field': {}, 'invite.role': {} },
          invoke: {
            id: 'addCollaborator',
            src: 'addCollaborator',
            input: ({ context }) => ({
              organizationId: context.organizationId,
              body: {
                emailAddress: context.invite.emailAddress.trim(),
                role: context.invite.role,
                firstName: context.invite.firstName.trim(),
                lastName: context.invite.lastName.trim(),
              },
            }),
            onDone: [
              {
                guard: isOk,
                target: 'idle',
                actions: [
                  {
                    type: 'rememberOrganization',
                    params: ({ event }) => ({ organization: organizationOf(event.output) }),
                  },
                  {
                    type: 'organizationSaved',
                    params: ({ event }) => ({ organization: organizationOf(event.output) }),
                  },
                  { type: 'clearInvite' },
                  { type: 'announceSuccess', params: { message: ownMessages.permissionsUpdated } },
                ],
              },
              {
                target: 'askingNames',
                actions: assign(({ event }) => ({ inviteError: messageOf(event.output) })),
              },
            ],
            onError: {
              target: 'askingNames',
              actions: assign({ inviteError: messages.serverNotResponding }),
            },
          },
        },
        changingRole: {
          tags: ['busy'],
          invoke: {
            id: 'changeRole',
            src: 'changeRole',
            input: ({ context, event }) => {
              if (event.type !== 'role.change') throw new Error('unreachable: entered by role.change');
              return { organizationId: context.organizationId, userId: event.userId, role: event.role };
            },
            onDone: [
              {
                guard: isOk,
                target: 'idle',
                actions: [
                  {
                    type: 'rememberOrganization',
                    params: ({ event }) => ({ organization: organizationOf(event.output) }),
                  },
                  {
                    type: 'organizationSaved',
                    params: ({ event }) => ({ organization: organizationOf(event.output) }),
                  },
                  { type: 'announceSuccess', params: { message: ownMessages.permissionsUpdated } },
                ],
              },
              { target: 'idle', actions: assign(({ event }) => ({ actionError: messageOf(event.output) })) },
            ],
            onError: { target: 'idle', actions: assign({ actionError: messages.serverNotResponding }) },
          },
        },
        confirmingRemoval: {
          tags: ['confirmingRemoval'],
          on: {
            'removal.confirm': 'removing',
            'removal.cancel': { target: 'idle', actions: assign({ pendingRemoval: null }) },
          },
        },
        removing: {
          tags: ['busy'],
          invoke: {
            id: 'removeCollaborator',
            src: 'removeCollaborator',
            input: ({ context }) => ({
              organizationId: context.organizationId,
              userId: context.pendingRemoval ?? '',
            }),
            onDone: [
              {
                guard: isOk,
                target: 'idle',
                actions: [
                  assign({ pendingRemoval: null }),
                  {
                    type: 'rememberOrganization',
                    params: ({ event }) => ({ organization: organizationOf(event.output) }),
                  },
                  {
                    type: 'organizationSaved',
                    params: ({ event }) => ({ organization: organizationOf(event.output) }),
                  },
                  { type: 'announceSuccess', params: { message: ownMessages.permissionsUpdated } },
                ],
              },
              {
                target: 'idle',
                actions: assign(({ event }) => ({
                  actionError: messageOf(event.output),
                  pendingRemoval: null,
                })),
              },
            ],
            onError: {
              target: 'idle',
              actions: assign({ actionError: messages.serverNotResponding, pendingRemoval: null }),
            },
          },
        },
      },
    },
  },
});

export interface PeopleDependencies {
  http: HttpClient;
  announceSuccess: (message: string) => void;
  organizationSaved: (organization: Organization) => void;
}

export function createPeopleImplementations(deps: PeopleDependencies) {
  const { http } = deps;
  return {
    actors: {
      loadOrganization: fromPromise<OrganizationResult, { organizationId: string }>(({ input }) =>
        getOrganization(http, input.organizationId),
      ),
      addCollaborator: fromPromise<
        OrganizationResult,
        { organizationId: string; body: AddOrganizationCollaboratorBody }
      >(({ input }) => addOrganizationCollaborator(http, input.organizationId, input.body)),
      changeRole: fromPromise<
        OrganizationResult,
        { organizationId: string; userId: string; role: OrganizationRole }
      >(({ input }) =>
        updateOrganizationCollaborator(http, input.organizationId, input.userId, { role: input.role }),
      ),
      removeCollaborator: fromPromise<OrganizationResult, { organizationId: string; userId: string }>(
        ({ input }) => removeOrganizationCollaborator(http, input.organizationId, input.userId),
      ),
    },
    actions: {
      announceSuccess: (_: unknown, params: { message: string }) => deps.announceSuccess(params.message),
      organizationSaved: (_: unknown, params: { organization: Organization }) =>
        deps.organizationSaved(params.organization),
    },
  };
}
