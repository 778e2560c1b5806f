import { useActorRef } from '@xstate/react';
import { useMemo } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';
import type { ActorRefFrom, EventFrom } from 'xstate';
import { supportRequestKindSchema, type SupportRequestKind } from '../../contract/http/requests';
import {
  bugReportMachine,
  createBugReportImplementations,
  type BugReportField,
} from '../../machines/bugReport/bugReportMachine';
import { useHttpClient } from '../services/AppServices';

export type BugReportActor = ActorRefFrom<typeof bugReportMachine>;
type BugReportEvent = EventFrom<typeof bugReportMachine>;

/**
 * The bug report machine bound to the app's HTTP client. Its input is read once from the address:
 * `?kind=contact` opens a contact message, router state `{ from }` names the page the user came from.
 */
export function useBugReportActor(): BugReportActor {
  const http = useHttpClient();
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const logic = useMemo(() => bugReportMachine.provide(createBugReportImplementations(http)), [http]);
  const kind = supportRequestKindSchema.safeParse(searchParams.get('kind'));
  const from: unknown = (location.state as { from?: unknown } | null)?.from;
  return useActorRef(logic, {
    input: {
      kind: kind.success ? kind.data : 'bug',
      page: typeof from === 'string' ? from : null,
    },
  });
}

/** What the user does on the bug report form, memoised: views call these and never build events. */
export function useBugReportEvents(actor: BugReportActor) {
  return useMemo(() => {
    const send = (event: BugReportEvent) => actor.send(event);
    return {
      chooseKind: (kind: SupportRequestKind) => send({ type: 'kind.change', kind }),
      changeField: (field: BugReportField, value: string) => send({ type: 'field.change', field, value }),
      chooseScreenshot: (file: File) => send({ type: 'screenshot.choose', file, name: file.name }),
      removeScreenshot: () => send({ type: 'screenshot.remove' }),
      submit: () => send({ type: 'report.submit' }),
      startAnother: () => send({ type: 'report.new' }),
    };
  }, [actor]);
}
