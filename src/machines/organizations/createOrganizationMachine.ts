import { assign, fromPromise, setup } from 'xstate';
import { createOrganization } from '../../api/organizations';
import type { ApiResult, HttpClient } from '../../api/types';
import { messages } from '../../contract/errors';
import type { CreateOrganizationBody, Organization } from '../../contract/http/organizations';
import { failureMessage } from '../auth/failureMessage';
import { promisePlaceholder, unboundImplementation } from '../auth/placeholders';
import { organizationNameProblem } from './nameValidation';

export type CreateOrganizationEvent =
  { type: 'name.change'; value: string } | { type: 'organization.create' };

export interface CreateOrganizationContext {
  name: string;
  /** Shown under the name field: validation, or the server's 400/409 message. */
  error: string | null;
}

export type CreateOrganizationTag = 'form' | 'busy';

/**
 * "New organization": one name, checked like the server checks it before anything is sent. After a success
 * the form is blank again and `organizationCreated` tells the world (the directory, and a navigation where the
 * form is a step on the way to something else).
 */
export const createOrganizationMachine = setup({
  types: {
    context: {} as CreateOrganizationContext,
    events: {} as CreateOrganizationEvent,
    tags: {} as CreateOrganizationTag,
  },
  actors: {
    createOrganization: promisePlaceholder<ApiResult<Organization>, CreateOrganizationBody>(
      'createOrganization',
    ),
  },
  actions: {
    organizationCreated: (_, _params: { organization: Organization }) => {
      throw unboundImplementation('organizationCreated');
    },
  },
  guards: {
    nameIsInvalid: ({ context }) => organizationNameProblem(context.name) !== null,
  },
}).createMachine({
  id: 'createOrganization',
  context: { name: '', error: null },
  initial: 'editing',
  states: {
    editing: {
      tags: ['form'],
      on: {
        'name.change': { actions: assign(({ event }) => ({ name: event.value, error: null })) },
        'organization.create': [
          {
            guard: 'nameIsInvalid',
            actions: assign(({ context }) => ({ error: organizationNameProblem(context.name) })),
          },
          { target: 'saving' },
        ],
      },
    },
    saving: {
      tags: ['busy'],
      invoke: {
        src: 'createOrganization',
        input: ({ context }) => ({ name: context.name.trim() }),
        onDone: [
          {
            guard: ({ event }) => event.output.ok,
            target: 'editing',
            actions: [
              assign({ name: '', error: null }),
              {
                type: 'organizationCreated',
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

export interface CreateOrganizationDependencies {
  http: HttpClient;
  organizationCreated: (organization: Organization) => void;
}

export function createOrganizationImplementations(deps: CreateOrganizationDependencies) {
  return {
    actors: {
      createOrganization: fromPromise<ApiResult<Organization>, CreateOrganizationBody>(({ input }) =>
        createOrganization(deps.http, input),
      ),
    },
    actions: {
      organizationCreated: (_: unknown, params: { organization: Organization }) =>
        deps.organizationCreated(params.organization),
    },
  };
}
