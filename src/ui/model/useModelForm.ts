import { useActorRef } from '@xstate/react';
import { useMemo } from 'react';
import type { Model } from '../../contract/http/models';
import {
  createCollaboratorsImplementations,
  collaboratorsMachine,
} from '../../machines/model/collaboratorsMachine';
import {
  createModelSettingsImplementations,
  modelSettingsMachine,
  type ModelFormDependencies,
} from '../../machines/model/modelSettingsMachine';
import { useHttpClient } from '../services/AppServices';
import { announceSuccess } from '../auth/announce';
import { useModelPageEvents } from './ModelPageContext';

/** What the model's forms need from the page: the HTTP client, the toast, and the way back to the page. */
function useModelFormDependencies(): ModelFormDependencies {
  const http = useHttpClient();
  const { replaceModel } = useModelPageEvents();
  return useMemo(() => ({ http, announce: announceSuccess, shareModel: replaceModel }), [http, replaceModel]);
}

export function useModelSettingsActor(model: Model) {
  const deps = useModelFormDependencies();
  const logic = useMemo(() => modelSettingsMachine.provide(createModelSettingsImplementations(deps)), [deps]);
  return useActorRef(logic, { input: { model } });
}

export function useCollaboratorsActor(model: Model) {
  const deps = useModelFormDependencies();
  const logic = useMemo(() => collaboratorsMachine.provide(createCollaboratorsImplementations(deps)), [deps]);
  return useActorRef(logic, { input: { model } });
}
