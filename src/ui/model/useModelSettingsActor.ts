import { useActorRef } from '@xstate/react';
import { useMemo } from 'react';
import type { ActorRefFrom, EventFrom } from 'xstate';
import type { Model } from '../../contract/http/models';
import type { DisplayUnit } from '../../engine/schema';
import {
  createModelSettingsImplementations,
  modelSettingsMachine,
} from '../../machines/model/modelSettingsMachine';
import { useModelFormDependencies } from './useModelFormDependencies';

export type ModelSettingsActor = ActorRefFrom<typeof modelSettingsMachine>;
type ModelSettingsEvent = EventFrom<typeof modelSettingsMachine>;

/** The model settings machine for one model, bound through the model page's form dependencies. */
export function useModelSettingsActor(model: Model): ModelSettingsActor {
  const deps = useModelFormDependencies();
  const logic = useMemo(() => modelSettingsMachine.provide(createModelSettingsImplementations(deps)), [deps]);
  return useActorRef(logic, { input: { model } });
}

/** What the user does on the model settings form, memoised: views call these and never build events. */
export function useModelSettingsEvents(actor: ModelSettingsActor) {
  return useMemo(() => {
    const send = (event: ModelSettingsEvent) => actor.send(event);
    return {
      changeName: (value: string) => send({ type: 'name.change', value }),
      changeUnits: (value: DisplayUnit) => send({ type: 'units.change', value }),
      save: () => send({ type: 'settings.save' }),
    };
  }, [actor]);
}
