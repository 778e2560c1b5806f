import { useActorRef } from '@xstate/react';
import { useMemo } from 'react';
import type { ActorRefFrom, EventFrom } from 'xstate';
import type { ModelPlan } from '../../contract/http/billing';
import type { Model } from '../../contract/http/models';
import { createModelPlanImplementations, modelPlanMachine } from '../../machines/model/modelPlanMachine';
import { useModelFormDependencies } from './useModelFormDependencies';

export type ModelPlanActor = ActorRefFrom<typeof modelPlanMachine>;
type ModelPlanEvent = EventFrom<typeof modelPlanMachine>;

/** The model's plan machine for one model, bound through the model page's form dependencies. */
export function useModelPlanActor(model: Model): ModelPlanActor {
  const deps = useModelFormDependencies();
  const logic = useMemo(() => modelPlanMachine.provide(createModelPlanImplementations(deps)), [deps]);
  return useActorRef(logic, { input: { model } });
}

/** What the model's admins do with its plan, memoised: views call these and never build events. */
export function useModelPlanEvents(actor: ModelPlanActor) {
  return useMemo(() => {
    const send = (event: ModelPlanEvent) => actor.send(event);
    return {
      changePlan: (plan: ModelPlan) => send({ type: 'plan.change', plan }),
    };
  }, [actor]);
}
