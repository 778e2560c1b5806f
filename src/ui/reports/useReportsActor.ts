import { useActorRef } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import type { ActorRefFrom, EventFrom } from 'xstate';
import {
  createReportsImplementations,
  reportsMachine,
  type ReportDraft,
  type ReportsInput,
} from '../../machines/reports/reportsMachine';
import { announceSuccess } from '../auth/announce';
import { saveFile } from '../model/saveFile';
import { useAppServices } from '../services/AppServices';

export type ReportsActor = ActorRefFrom<typeof reportsMachine>;
type ReportsEvent = EventFrom<typeof reportsMachine>;

/**
 * The reports machine bound to the app's HTTP client, live feed, toasts and downloads, started for one model
 * (its input is read once, when the screen opens); the model page's versions follow it when they change.
 */
export function useReportsActor(input: ReportsInput): ReportsActor {
  const { http, realtime } = useAppServices();
  const logic = useMemo(
    () =>
      reportsMachine.provide(
        createReportsImplementations({ http, realtime, announce: announceSuccess, saveFile }),
      ),
    [http, realtime],
  );
  const actor = useActorRef(logic, { input });
  const { versions } = input;
  useEffect(() => {
    actor.send({ type: 'versions.updated', versions });
  }, [actor, versions]);
  return actor;
}

/** What the user does on the reports screen, memoised: views call these and never build events. */
export function useReportsEvents(actor: ReportsActor) {
  return useMemo(() => {
    const send = (event: ReportsEvent) => actor.send(event);
    return {
      retryList: () => send({ type: 'list.retry' }),
      create: () => send({ type: 'report.new' }),
      edit: (reportId: string) => send({ type: 'report.edit', reportId }),
      changeDraft: (patch: Partial<Omit<ReportDraft, 'reportId' | 'assignedUserIds'>>) =>
        send({ type: 'draft.change', patch }),
      toggleAssignee: (userId: string) => send({ type: 'draft.toggleAssignee', userId }),
      save: () => send({ type: 'draft.submit' }),
      cancelDraft: () => send({ type: 'draft.cancel' }),
      remove: (reportId: string) => send({ type: 'report.delete', reportId }),
      confirmRemoval: () => send({ type: 'delete.confirm' }),
      cancelRemoval: () => send({ type: 'delete.cancel' }),
      open: (reportId: string) => send({ type: 'report.open', reportId }),
      close: () => send({ type: 'report.close' }),
      retryDiff: () => send({ type: 'diff.retry' }),
      download: () => send({ type: 'report.download' }),
    };
  }, [actor]);
}
