import { assign, fromPromise, sendTo, setup, type ActorRefFrom } from 'xstate';
import { cloneModel } from '../../api/models';
import type { ApiResult, HttpClient } from '../../api/types';
import { messages } from '../../contract/errors';
import type { CloneModelBody, Model } from '../../contract/http/models';
import type { Organization } from '../../contract/http/organizations';
import { failureMessage } from '../auth/failureMessage';
import { promisePlaceholder, unboundImplementation } from '../auth/placeholders';
import { billingGatingMachine } from '../billing/billingGatingMachine';
import { selectNextModelIsPaid } from '../billing/gatingSelectors';
import { nameProblem } from '../organizations/nameValidation';

export type CloneModelEvent =
  | { type: 'name.change'; value: string }
  | { type: 'organization.change'; organizationId: string }
  /** The organizations the user may create models in (owner, ADMIN and MEMBER: not the billing administrator). */
  | { type: 'organizations.offered'; organizationIds: readonly string[] }
  | { type: 'model.clone' }
  /** The user agrees that the copy is a paid model (asked when the target's free models are used). */
  | { type: 'paid.confirm' }
  | { type: 'paid.cancel' };

export interface CloneModelContext {
  source: Model;
  name: string;
  /** Where the copy goes; '' until the user may create models somewhere. */
  organizationId: string;
  nameError: string | null;
  error: string | null;
  /** Kept here so the guards can ask whether the copy would be paid. */
  billingGating: ActorRefFrom<typeof billingGatingMachine>;
}

/** `confirmingPaid`: the copy will be charged; nothing is sent until the user agrees. */
export type CloneModelTag = 'form' | 'busy' | 'confirmingPaid';

/** The organizations of the directory a user may create (and clone) models in. */
export function cloneTargets(organizations: readonly Organization[]): Organization[] {
  return organizations.filter((organization) =>
    ['OWNER', 'ADMIN', 'MEMBER'].includes(organization.currentUserRole),
  );
}

const gatingInputOf = (organizationId: string) => (organizationId === '' ? null : organizationId);

/**
 * Clone a model (POST /api/models/{id}/clone): a name and the organization the copy goes to, its own by default.
 * The copy counts against that organization's free models, so the billing gating statechart follows the choice.
 */
export const cloneModelMachine = setup({
  types: {
    context: {} as CloneModelContext,
    events: {} as CloneModelEvent,
    input: {} as { model: Model },
    tags: {} as CloneModelTag,
    children: {} as { billingGating: 'billingGating' },
  },
  actors: {
    cloneModel: promisePlaceholder<ApiResult<Model>, { modelId: string; body: CloneModelBody }>('cloneModel'),
    billingGating: billingGatingMachine,
  },
  actions: {
    modelCloned: (_, _params: { model: Model }) => {
      throw unboundImplementation('modelCloned');
    },
    followOrganization: sendTo('billingGating', ({ context }) => ({
      type: 'organization.change' as const,
      organizationId: gatingInputOf(context.organizationId),
    })),
    refreshBilling: sendTo('billingGating', { type: 'billing.refresh' as const }),
  },
  guards: {
    nameIsInvalid: ({ context }) => nameProblem(context.name) !== null,
    organizationIsMissing: ({ context }) => context.organizationId === '',
    nextModelIsPaid: ({ context }) => selectNextModelIsPaid(context.billingGating.getSnapshot()),
  },
}).createMachine({
  id: 'cloneModel',
  context: ({ input, spawn }) => ({
    source: input.model,
    name: `${input.model.name} (copy)`,
    organizationId: '',
    nameError: null,
    error: null,
    // For the form's whole life, referenced so the guards can read it.
    billingGating: spawn('billingGating', { id: 'billingGating', input: { organizationId: null } }),
  }),
  initial: 'editing',
  states: {
    editing: {
      tags: ['form'],
      on: {
        'name.change': {
          actions: assign(({ event }) => ({ name: event.value, nameError: null, error: null })),
        },
        'organization.change': {
          actions: [
            assign(({ event }) => ({ organizationId: event.organizationId, error: null })),
            'followOrganization',
          ],
        },
        'organizations.offered': {
          actions: [
            assign(({ context, event }) => {
              if (event.organizationIds.includes(context.organizationId)) return {};
              const own = context.source.organization._id;
              if (event.organizationIds.includes(own)) return { organizationId: own };
              return {
                organizationId: event.organizationIds.length === 1 ? (event.organizationIds[0] ?? '') : '',
              };
            }),
            'followOrganization',
          ],
        },
        'model.clone': [
          {
            guard: 'nameIsInvalid',
            actions: assign(({ context }) => ({ nameError: nameProblem(context.name), error: null })),
          },
          {
            guard: 'organizationIsMissing',
            actions: assign({ nameError: null, error: messages.organizationDetailsMissing }),
          },
          {
            guard: 'nextModelIsPaid',
            target: 'confirmingPaid',
            actions: assign({ nameError: null, error: null }),
          },
          { target: 'cloning', actions: assign({ nameError: null, error: null }) },
        ],
      },
    },
    confirmingPaid: {
      tags: ['form', 'confirmingPaid'],
      on: {
        'paid.confirm': { target: 'cloning' },
        'paid.cancel': { target: 'editing' },
      },
    },
    cloning: {
      tags: ['busy'],
      invoke: {
        id: 'cloneModel',
        src: 'cloneModel',
        input: ({ context }) => ({
          modelId: context.source._id,
          body: { name: context.name.trim(), organizationId: context.organizationId },
        }),
        onDone: [
          {
            guard: ({ event }) => event.output.ok,
            target: 'editing',
            actions: {
              type: 'modelCloned',
              params: ({ event }) => {
                if (!event.output.ok) throw new Error('unreachable: guarded by output.ok');
                return { model: event.output.data };
              },
            },
          },
          {
            // Payment required: the target organization's free models are used up.
            guard: ({ event }) => !event.output.ok && event.output.status === 402,
            target: 'editing',
            actions: [
              assign(({ event }) => ({ error: event.output.ok ? null : event.output.error.message })),
              'refreshBilling',
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

export interface CloneModelDependencies {
  http: HttpClient;
  modelCloned: (model: Model) => void;
  /** The billing gating statechart bound to the server; none: the quota is not asked. */
  billingGating?: typeof billingGatingMachine;
}

export function createCloneModelImplementations(deps: CloneModelDependencies) {
  return {
    actors: {
      cloneModel: fromPromise<ApiResult<Model>, { modelId: string; body: CloneModelBody }>(({ input }) =>
        cloneModel(deps.http, input.modelId, input.body),
      ),
      ...(deps.billingGating ? { billingGating: deps.billingGating } : {}),
    },
    actions: {
      modelCloned: (_: unknown, params: { model: Model }) => deps.modelCloned(params.model),
    },
  };
}
