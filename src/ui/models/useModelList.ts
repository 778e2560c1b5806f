import { useActorRef } from '@xstate/react';
import { useMemo } from 'react';
import { createModelListImplementations, modelListMachine } from '../../machines/models/modelListMachine';
import { useAppServices } from '../services/AppServices';

/**
 * One model list actor per screen: /models and the dashboard (organizationId null), or one organization's; it
 * follows the live socket's events while the screen is open.
 */
export function useModelList(organizationId: string | null) {
  const { http, realtime } = useAppServices();
  const logic = useMemo(
    () => modelListMachine.provide(createModelListImplementations(http, realtime)),
    [http, realtime],
  );
  return useActorRef(logic, { input: { organizationId } });
}
