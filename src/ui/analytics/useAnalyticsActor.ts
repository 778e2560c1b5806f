import { useActorRef } from '@xstate/react';
import { useMemo } from 'react';
import type { ActorRefFrom, AnyActorRef, EventFrom } from 'xstate';
import { analyticsMachine, createAnalyticsImplementations } from '../../machines/analytics/analyticsMachine';
import { isoDayOf, type DayRange } from '../../machines/analytics/range';
import { subscribeToPushedSummaries } from '../../machines/analytics/socketAnalytics';
import { useAppServices } from '../services/AppServices';

export type AnalyticsActor = ActorRefFrom<typeof analyticsMachine>;
type AnalyticsEvent = EventFrom<typeof analyticsMachine>;

/**
 * The Stats page's actor, bound to the app: the HTTP client, the loading overlay (the root's loading actor, its
 * analytics variant) and the live socket's accepted routesAnalytics events (the root's socket, systemId 'socket').
 */
export function useAnalyticsActor(): AnalyticsActor {
  const { http, realtime, loading, session } = useAppServices();
  const logic = useMemo(
    () =>
      analyticsMachine.provide(
        createAnalyticsImplementations({
          http,
          realtime,
          overlay: {
            show: () => loading.send({ type: 'loading.started', variant: 'analytics' }),
            hide: () => loading.send({ type: 'loading.finished', variant: 'analytics' }),
            socketDataLoading: (busy) => loading.send({ type: 'socketData.loadingChanged', loading: busy }),
          },
          subscribeToPushedSummaries: (listener) =>
            subscribeToPushedSummaries(
              () => session.system.get('socket') as AnyActorRef | undefined,
              realtime,
              listener,
            ),
        }),
      ),
    [http, realtime, loading, session],
  );
  return useActorRef(logic, { input: { today: isoDayOf(new Date()) } });
}

/** What an admin does on the Stats page, memoised: views call these and never build events. */
export function useAnalyticsEvents(actor: AnalyticsActor) {
  return useMemo(() => {
    const send = (event: AnalyticsEvent) => actor.send(event);
    return {
      changeRange: (field: keyof DayRange, value: string) => send({ type: 'range.change', field, value }),
      applyRange: () => send({ type: 'range.apply' }),
      reload: () => send({ type: 'summary.reload' }),
    };
  }, [actor]);
}
