import { useActorRef } from '@xstate/react';
import { useMemo } from 'react';
import { createModelListImplementations, modelListMachine } from '../../machines/models/modelListMachine';
import { useHttpClient } from '../app/hooks';

/** One model list actor per screen: /models and the dashboard (organizationId null), or one organization's. */
export function useModelList(organizationId: string | null) {
  const http = useHttpClient();
  const logic = useMemo(() => modelListMachine.provide(createModelListImplementations(http)), [http]);
  return useActorRef(logic, { input: { organizationId } });
}
