import { assign, fromPromise, sendTo, setup, type ActorRefFrom } from 'xstate';
import { createModel } from '../../api/models';
import type { ApiResult, HttpClient } from '../../api/types';
import { messages } from '../../contract/errors';
import type { CreateModelBody, Model } from '../../contract/http/models';
import { failureMessage } from '../auth/failureMessage';
import { promisePlaceholder, unboundImplementation } from '../auth/placeholders';
import { billingGatingMachine } from '../billing/billingGatingMachine';
import { selectNextModelIsPaid } from '../billing/gatingSelectors';
import { nameProblem } from '../organizations/nameValidation';

export interface CreateModelInput {
  /** Fixed on an organization's page; null where the user chooses (/models). */
  organizationId: string | null;
}

export type CreateModelEvent =
  | { type: 'name.change'; value: string }
  | { type: 'organization.change'; organizationId: string }
  /** The organizations the user may choose from: with one choice and none made, it is chosen. */
  | { type: 'organizations.offered'; organizationIds: readonly string[] }
  | { type: 'model.create' }
  /** The user agrees that the new model is paid (asked when the free models are used). */
  | { type: 'paid.confirm' }
  | { type: 'paid.cancel' };

export interface CreateModelContext {
  name: string;
  organizationId: string;
  /** Under the name field: 'Name cannot be blank or contain only spaces' and the like. */
  nameError: string | null;
  /** About the form as a whole: 'Organizations details are missing.', the server's other messages. */
  error: string | null;
  /** Kept here so the guards can ask whether the next model would be paid. */
  billingGating: ActorRefFrom<typeof billingGatingMachine>;
}

/** `confirmingPaid`: the new model will be charged; nothing is sent until the user agrees. */
export type CreateModelTag = 'form' | 'busy' | 'confirmingPaid';

/** "New model": a name in an organization, POST /api/models/ → 201, then `modelCreated` (the view navigates). */
export const createModelMachine = setup({
  types: {
    context: {} as CreateModelContext,
    events: {} as CreateModelEvent,
    input: {} as CreateModelInput,
    tags: {} as CreateModelTag,
    children: {} as { billingGating: 'billingGating' },
  },
  actors: {
    createModel: promisePlaceholder<ApiResult<Model>, CreateModelBody>('createModel'),
    /** Free models used, and the payment method step at the limit (src/machines/billing); unbound: never asks. */
    billingGating: billingGatingMachine,
  },
  actions: {
    modelCreated: (_, _params: { model: Model }) => {
      throw unboundImplementation('modelCreated');
    },
    /** The gating statechart follows the organization the model would go to. */
    followOrganization: sendTo('billingGating', ({ context }) => ({
      type: 'organization.change' as const,
      organizationId: context.organizationId === '' ? null : context.organizationId,
    })),
    /** A 402: the quota changed since it was read (another tab, another member); read it again. */
    refreshBilling: sendTo('billingGating', { type: 'billing.refresh' as const }),
  },
  guards: {
    nameIsInvalid: ({ context }) => nameProblem(context.name) !== null,
    organizationIsMissing: ({ context }) => context.organizationId === '',
    nextModelIsPaid: ({ context }) => selectNextModelIsPaid(context.billingGating.getSnapshot()),
  },
}).createMachine({
  id: 'createModel',
  context: ({ input, spawn }) => ({
    name: '',
    organizationId: input.organizationId ?? '',
    nameError: null,
    error: null,
    // Spawned for the form's whole life (as invoked before), but referenced so the guards can read it.
    billingGating: spawn('billingGating', {
      id: 'billingGating',
      input: { organizationId: input.organizationId || null },
    }),
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
              return {
                organizationId: event.organizationIds.length === 1 ? (event.organizationIds[0] ?? '') : '',
              };
            }),
            'followOrganization',
          ],
        },
        'model.create': [
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
          { target: 'saving', actions: assign({ nameError: null, error: null }) },
        ],
      },
    },
    confirmingPaid: {
      tags: ['form', 'confirmingPaid'],
      on: {
        'paid.confirm': { target: 'saving' },
        'paid.cancel': { target: 'editing' },
      },
    },
    saving: {
      tags: ['busy'],
      invoke: {
        src: 'createModel',
        input: ({ context }) => ({ name: context.name.trim(), organizationId: context.organizationId }),
        onDone: [
          {
            guard: ({ event }) => event.output.ok,
            target: 'editing',
            actions: [
              assign({ name: '' }),
              {
                type: 'modelCreated',
                params: ({ event }) => {
                  if (!event.output.ok) throw new Error('unreachable: guarded by output.ok');
                  return { model: event.output.data };
                },
              },
            ],
          },
          {
            // The server judges the name by the same rule: its message goes under the field like ours.
            guard: ({ event }) => !event.output.ok && event.output.error.message === messages.modelNameBlank,
            target: 'editing',
            actions: assign({ nameError: messages.modelNameBlank }),
          },
          {
            // Payment required: the free models are used up. The message says so; the gating catches up.
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

export interface CreateModelDependencies {
  http: HttpClient;
  modelCreated: (model: Model) => void;
  /** The billing gating statechart bound to the server (createBillingGatingImplementations); none: not asked. */
  billingGating?: typeof billingGatingMachine;
}

export function createModelImplementations(deps: CreateModelDependencies) {
  return {
    actors: {
      createModel: fromPromise<ApiResult<Model>, CreateModelBody>(({ input }) =>
        createModel(deps.http, input),
      ),
      ...(deps.billingGating ? { billingGating: deps.billingGating } : {}),
    },
    actions: {
      modelCreated: (_: unknown, params: { model: Model }) => deps.modelCreated(params.model),
    },
  };
}
