import { useActorRef } from '@xstate/react';
import { useMemo } from 'react';
import type { AnyActorRef } from 'xstate';
import { analyticsMachine, createAnalyticsImplementations } from '../../machines/analytics/analyticsMachine';
import { isoDayOf } from '../../machines/analytics/range';
import { subscribeToPushedSummaries } from '../../machines/analytics/socketAnalytics';
import { useAppServices } from '../services/AppServices';

/**
 * The Stats page's actor, bound to the app: the HTTP client, the loading overlay (the root's loading actor, its
 * analytics variant) and the live socket's accepted routesAnalytics events (the root's socket, systemId 'socket').
 */
export function useAnalytics() {
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
