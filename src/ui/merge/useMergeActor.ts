import { useActorRef } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import type { ActorRefFrom, EventFrom } from 'xstate';
import {
  createMergeImplementations,
  mergeMachine,
  type MergeInput,
  type Resolution,
} from '../../machines/merge/mergeMachine';
import { useAppServices } from '../services/AppServices';

export type MergeActor = ActorRefFrom<typeof mergeMachine>;
type MergeEvent = EventFrom<typeof mergeMachine>;

/**
 * The merge machine bound to the app's HTTP client and live feed, started for one model; the model page's
 * versions follow it when they change (a live reload of the page).
 */
export function useMergeActor(input: MergeInput): MergeActor {
  const { http, realtime } = useAppServices();
  const logic = useMemo(
    () => mergeMachine.provide(createMergeImplementations({ http, realtime })),
    [http, realtime],
  );
  const actor = useActorRef(logic, { input });
  const { versions } = input;
  useEffect(() => {
    actor.send({ type: 'versions.updated', versions });
  }, [actor, versions]);
  return actor;
}

/** What the user does on the merge screen, memoised: views call these and never build events. */
export function useMergeEvents(actor: MergeActor) {
  return useMemo(() => {
    const send = (event: MergeEvent) => actor.send(event);
    return {
      chooseTargetModel: (modelId: string) => send({ type: 'target.model', modelId }),
      chooseTargetVersion: (versionId: string | null) => send({ type: 'target.version', versionId }),
      chooseBaseVersion: (versionId: string | null) => send({ type: 'base.version', versionId }),
      preview: () => send({ type: 'preview' }),
      cancel: () => send({ type: 'cancel' }),
      back: () => send({ type: 'back' }),
      retry: () => send({ type: 'retry' }),
      resolveConflict: (key: string, resolution: Resolution) =>
        send({ type: 'conflict.resolve', key, resolution }),
      select: (keys: string[], selected: boolean) => send({ type: 'selection.set', keys, selected }),
      selectAll: () => send({ type: 'selection.all' }),
      selectNone: () => send({ type: 'selection.none' }),
      changeMessage: (value: string) => send({ type: 'message.change', value }),
      merge: () => send({ type: 'merge.start' }),
      mergeAgain: () => send({ type: 'merge.again' }),
    };
  }, [actor]);
}
