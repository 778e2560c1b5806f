import { useActorRef } from '@xstate/react';
import { useMemo } from 'react';
import type { ActorRefFrom, EventFrom } from 'xstate';
import type { OperationId } from '../../engine/repair/types';
import {
  createRepairImplementations,
  repairMachine,
  type RepairInput,
} from '../../machines/repair/repairMachine';
import type { ToleranceName } from '../../machines/repair/tolerances';
import { useAppServices } from '../services/AppServices';

export type RepairActor = ActorRefFrom<typeof repairMachine>;
type RepairEvent = EventFrom<typeof repairMachine>;

/** The repair machine bound to the app's HTTP client and live feed, started for one version. */
export function useRepairActor(input: RepairInput): RepairActor {
  const { http, realtime } = useAppServices();
  const logic = useMemo(
    () => repairMachine.provide(createRepairImplementations({ http, realtime })),
    [http, realtime],
  );
  return useActorRef(logic, { input });
}

/** What the user does on the repair screen, memoised: views call these and never build events. */
export function useRepairEvents(actor: RepairActor) {
  return useMemo(() => {
    const send = (event: RepairEvent) => actor.send(event);
    return {
      check: () => send({ type: 'repair.check' }),
      changeTolerance: (name: ToleranceName, value: string) =>
        send({ type: 'repair.tolerance.changed', name, value }),
      start: () => send({ type: 'repair.start' }),
      selectIssue: (issueId: string) => send({ type: 'repair.issue.selected', issueId }),
      focusOperation: (operationId: string) => send({ type: 'repair.operation.focused', operationId }),
      clearFocus: () => send({ type: 'repair.focus.cleared' }),
      nextIssue: () => send({ type: 'repair.issue.next' }),
      previousIssue: () => send({ type: 'repair.issue.previous' }),
      filterLevel: (levelId: string | null) => send({ type: 'repair.level.filtered', levelId }),
      toggleIsolation: () => send({ type: 'repair.isolation.toggled' }),
      acceptOperation: (operationId: string, accepted: boolean) =>
        send({ type: 'repair.operation.toggled', operationId, accepted }),
      acceptCategory: (operation: OperationId, accepted: boolean) =>
        send({ type: 'repair.category.toggled', operation, accepted }),
      toggleSide: () => send({ type: 'repair.side.toggled' }),
      changeMessage: (value: string) => send({ type: 'repair.message.changed', value }),
      commit: () => send({ type: 'repair.commit' }),
      cancel: () => send({ type: 'repair.cancel' }),
      retry: () => send({ type: 'repair.retry' }),
      retryScene: () => send({ type: 'repair.scene.retry' }),
    };
  }, [actor]);
}
