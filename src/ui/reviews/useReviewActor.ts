import { useActorRef } from '@xstate/react';
import { useMemo } from 'react';
import type { ActorRefFrom, EventFrom } from 'xstate';
import {
  createReviewImplementations,
  reviewMachine,
  type ReviewInput,
} from '../../machines/reviews/reviewMachine';
import { useHttpClient } from '../services/AppServices';

export type ReviewActor = ActorRefFrom<typeof reviewMachine>;
type ReviewEvent = EventFrom<typeof reviewMachine>;

/** The review machine bound to the app's HTTP client, started for one held upload. */
export function useReviewActor(input: ReviewInput): ReviewActor {
  const http = useHttpClient();
  const logic = useMemo(() => reviewMachine.provide(createReviewImplementations({ http })), [http]);
  return useActorRef(logic, { input });
}

/** What the user does on the review screen, memoised: views call these and never build events. */
export function useReviewEvents(actor: ReviewActor) {
  return useMemo(() => {
    const send = (event: ReviewEvent) => actor.send(event);
    return {
      select: (keys: string[], selected: boolean) => send({ type: 'selection.set', keys, selected }),
      selectAll: () => send({ type: 'selection.all' }),
      selectNone: () => send({ type: 'selection.none' }),
      changeMessage: (value: string) => send({ type: 'message.change', value }),
      apply: () => send({ type: 'apply' }),
      discard: () => send({ type: 'discard' }),
      confirmDiscard: () => send({ type: 'discard.confirm' }),
      cancelDiscard: () => send({ type: 'discard.cancel' }),
      retry: () => send({ type: 'retry' }),
      back: () => send({ type: 'back' }),
    };
  }, [actor]);
}
