import { assign, fromPromise, setup } from 'xstate';
import { updateModel } from '../../api/models';
import type { ApiResult } from '../../api/types';
import { messages, ownMessages } from '../../contract/errors';
import type { ModelPlan } from '../../contract/http/billing';
import type { Model } from '../../contract/http/models';
import { failureMessage } from '../auth/failureMessage';
import { promisePlaceholder, unboundImplementation } from '../auth/placeholders';
import { abilitiesOf } from './abilities';
import type { ModelFormDependencies } from './modelSettingsMachine';

export type ModelPlanEvent = { type: 'plan.change'; plan: ModelPlan };

export interface ModelPlanContext {
  model: Model;
  /** Why the change was refused: 402 (no payment method for a paid model), 409 (the free models are taken). */
  error: string | null;
}

/** `editable` for the model's admins (the organization owner is one), `readOnly` for the others. */
export type ModelPlanTag = 'editable' | 'readOnly' | 'saving';

/**
 * A model's plan (billing, issue #10): one of the organization's three free models, or a paid one. Demoting a paid
 * model frees the payment method (the spec: "remove or demote your paid models"); promoting needs a payment method.
 */
export const modelPlanMachine = setup({
  types: {
    context: {} as ModelPlanContext,
    events: {} as ModelPlanEvent,
    input: {} as { model: Model },
    tags: {} as ModelPlanTag,
  },
  actors: {
    savePlan: promisePlaceholder<ApiResult<Model>, { modelId: string; plan: ModelPlan }>('savePlan'),
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
    isOtherPlan: ({ context, event }) => event.plan !== context.model.plan,
  },
}).createMachine({
  id: 'modelPlan',
  context: ({ input }) => ({ model: input.model, error: null }),
  initial: 'deciding',
  states: {
    deciding: { always: [{ guard: 'mayAdminister', target: 'editing' }, { target: 'readOnly' }] },
    readOnly: { tags: ['readOnly'] },
    editing: {
      tags: ['editable'],
      on: { 'plan.change': { guard: 'isOtherPlan', target: 'saving', actions: assign({ error: null }) } },
    },
    saving: {
      tags: ['editable', 'saving'],
      invoke: {
        id: 'savePlan',
        src: 'savePlan',
        input: ({ context, event }) => ({
          modelId: context.model._id,
          plan: event.type === 'plan.change' ? event.plan : context.model.plan,
        }),
        onDone: [
          {
            guard: ({ event }) => event.output.ok,
            target: 'editing',
            actions: [
              assign(({ context, event }) => ({
                model: event.output.ok ? event.output.data : context.model,
              })),
              { type: 'shareModel', params: ({ context }) => ({ model: context.model }) },
              { type: 'announce', params: { message: ownMessages.modelSaved } },
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

export function createModelPlanImplementations(deps: ModelFormDependencies) {
  return {
    actors: {
      savePlan: fromPromise<ApiResult<Model>, { modelId: string; plan: ModelPlan }>(({ input }) =>
        updateModel(deps.http, input.modelId, { plan: input.plan }),
      ),
    },
    actions: {
      announce: (_: unknown, params: { message: string }) => deps.announce(params.message),
      shareModel: (_: unknown, params: { model: Model }) => deps.shareModel(params.model),
    },
  };
}
