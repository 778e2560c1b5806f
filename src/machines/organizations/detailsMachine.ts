import { assign, enqueueActions, fromPromise, setup } from 'xstate';
import { getOrganization, updateOrganization } from '../../api/organizations';
import type { ApiResult, HttpClient } from '../../api/types';
import { messages, ownMessages } from '../../contract/errors';
import type { Organization, UpdateOrganizationBody } from '../../contract/http/organizations';
import { failureMessage } from '../auth/failureMessage';
import { promisePlaceholder, unboundImplementation } from '../auth/placeholders';
import { organizationNameProblem } from './nameValidation';

export type DetailsEvent =
  | { type: 'name.change'; value: string }
  /** '' gives the role back to the owner. */
  | { type: 'billingAdministrator.change'; userId: string }
  | { type: 'details.save' }
  | { type: 'organization.retry' };

export interface DetailsContext {
  organizationId: string;
  organization: Organization | null;
  name: string;
  billingAdministratorId: string;
  /** Under the name field. */
  nameError: string | null;
  /** The load's or the save's failure. */
  error: string | null;
}

export type DetailsTag = 'loading' | 'form' | 'busy' | 'failed';

type OrganizationResult = ApiResult<Organization>;

/** The billing administrator as the form holds it: '' while it is the owner (the default). */
function billingAdministratorChoice(organization: Organization | null): string {
  const id = organization?.billingAdministrator?._id ?? '';
  return id === organization?.owner._id ? '' : id;
}

function formFor(organization: Organization) {
  return {
    organization,
    name: organization.name,
    billingAdministratorId: billingAdministratorChoice(organization),
    nameError: null,
    error: null,
  };
}

/** The body of a save: the name, and the billing administrator when the owner changed it (owner only). */
export function detailsChanges(context: DetailsContext): UpdateOrganizationBody {
  const body: UpdateOrganizationBody = { name: context.name.trim() };
  const organization = context.organization;
  if (
    organization?.currentUserRole === 'OWNER' &&
    context.billingAdministratorId !== billingAdministratorChoice(organization)
  ) {
    body.billingAdministratorId =
      context.billingAdministratorId === '' ? null : context.billingAdministratorId;
  }
  return body;
}

/**
 * What a successful save says (spec section 8): 'billing administrator updated' when that changed, 'organization
 * updated' when the name changed or nothing else did. Read before the saved organization replaces the form.
 */
export function savedMessages(context: DetailsContext): string[] {
  const changes = detailsChanges(context);
  const billingAdministratorChanged = changes.billingAdministratorId !== undefined;
  const nameChanged = changes.name !== context.organization?.name;
  return [
    ...(nameChanged || !billingAdministratorChanged ? [ownMessages.organizationUpdated] : []),
    ...(billingAdministratorChanged ? [ownMessages.billingAdministratorUpdated] : []),
  ];
}

/** /organizations/{id}/settings/details: rename; the owner also names the billing administrator. */
export const detailsMachine = setup({
  types: {
    context: {} as DetailsContext,
    events: {} as DetailsEvent,
    input: {} as { organizationId: string },
    tags: {} as DetailsTag,
  },
  actors: {
    loadOrganization: promisePlaceholder<OrganizationResult, { organizationId: string }>('loadOrganization'),
    saveDetails: promisePlaceholder<
      OrganizationResult,
      { organizationId: string; body: UpdateOrganizationBody }
    >('saveDetails'),
  },
  actions: {
    announceSuccess: (_, _params: { message: string }) => {
      throw unboundImplementation('announceSuccess');
    },
    organizationSaved: (_, _params: { organization: Organization }) => {
      throw unboundImplementation('organizationSaved');
    },
  },
  guards: {
    nameIsInvalid: ({ context }) => organizationNameProblem(context.name) !== null,
  },
}).createMachine({
  id: 'organizationDetails',
  context: ({ input }) => ({
    organizationId: input.organizationId,
    organization: null,
    name: '',
    billingAdministratorId: '',
    nameError: null,
    error: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        src: 'loadOrganization',
        input: ({ context }) => ({ organizationId: context.organizationId }),
        onDone: [
          {
            guard: ({ event }) => event.output.ok,
            target: 'editing',
            actions: assign(({ event }) => (event.output.ok ? formFor(event.output.data) : {})),
          },
          {
            target: 'failed',
            actions: assign(({ event }) => ({
              error: event.output.ok ? null : failureMessage(event.output),
            })),
          },
        ],
        onError: { target: 'failed' },
      },
    },
    failed: {
      tags: ['failed'],
      on: { 'organization.retry': { target: 'loading', actions: assign({ error: null }) } },
    },
    editing: {
      tags: ['form'],
      on: {
        'name.change': {
          actions: assign(({ event }) => ({ name: event.value, nameError: null, error: null })),
        },
        'billingAdministrator.change': {
          actions: assign(({ event }) => ({ billingAdministratorId: event.userId, error: null })),
        },
        'details.save': [
          {
            guard: 'nameIsInvalid',
            actions: assign(({ context }) => ({ nameError: organizationNameProblem(context.name) })),
          },
          { target: 'saving' },
        ],
      },
    },
    saving: {
      tags: ['form', 'busy'],
      invoke: {
        src: 'saveDetails',
        input: ({ context }) => ({ organizationId: context.organizationId, body: detailsChanges(context) }),
        onDone: [
          {
            guard: ({ event }) => event.output.ok,
            target: 'editing',
            actions: [
              enqueueActions(({ context, enqueue }) => {
                for (const message of savedMessages(context)) {
                  enqueue({ type: 'announceSuccess', params: { message } });
                }
              }),
              assign(({ event }) => (event.output.ok ? formFor(event.output.data) : {})),
              {
                type: 'organizationSaved',
                params: ({ event }) => {
                  if (!event.output.ok) throw new Error('unreachable: guarded by output.ok');
                  return { organization: event.output.data };
                },
              },
            ],
          },
          {
            target: 'editing',
            actions: assign(({ event }) => ({
              error: event.output.ok ? null : failureMessage(event.output),
            })),
          },
        ],
        onError: { target: 'editing', actions: assign({ error: messages.serverNotResponding }) },
      },
    },
  },
});

export interface DetailsDependencies {
  http: HttpClient;
  announceSuccess: (message: string) => void;
  organizationSaved: (organization: Organization) => void;
}

export function createDetailsImplementations(deps: DetailsDependencies) {
  return {
    actors: {
      loadOrganization: fromPromise<OrganizationResult, { organizationId: string }>(({ input }) =>
        getOrganization(deps.http, input.organizationId),
      ),
      saveDetails: fromPromise<OrganizationResult, { organizationId: string; body: UpdateOrganizationBody }>(
        ({ input }) => updateOrganization(deps.http, input.organizationId, input.body),
      ),
    },
    actions: {
      announceSuccess: (_: unknown, params: { message: string }) => deps.announceSuccess(params.message),
      organizationSaved: (_: unknown, params: { organization: Organization }) =>
        deps.organizationSaved(params.organization),
    },
  };
}
