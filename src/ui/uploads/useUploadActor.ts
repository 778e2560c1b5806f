import { useActorRef } from '@xstate/react';
import { useEffect, useMemo, useRef } from 'react';
import type { ActorRefFrom, EventFrom } from 'xstate';
import {
  createUploadImplementations,
  uploadMachine,
  type FinishedVersion,
  type UploadDestination,
} from '../../machines/uploads/uploadMachine';
import type { AttachableStripeConfirmer } from '../billing/stripeConfirmer';
import { useBillingGatingLogic } from '../billing/useBillingGating';
import { useAppServices } from '../services/AppServices';

export type UploadActor = ActorRefFrom<typeof uploadMachine>;
type UploadEvent = EventFrom<typeof uploadMachine>;

export interface UploadBinding {
  destination: UploadDestination;
  /** A model's versions so far; the machine hears when the count changes. */
  versionCount?: number;
  onVersionCreated?: (version: FinishedVersion) => void;
}

/**
 * The upload machine bound to the app's HTTP client, live feed and billing gating (its child), with the Stripe
 * port the gating's in-place payment form uses.
 */
export function useUploadActor({ destination, versionCount, onVersionCreated }: UploadBinding): {
  actor: UploadActor;
  stripeConfirmer: AttachableStripeConfirmer;
} {
  const { http, realtime } = useAppServices();
  const { gatingLogic, stripeConfirmer } = useBillingGatingLogic();
  // The latest callback, without rebuilding the machine when the parent passes a new function.
  const latestOnVersionCreated = useRef(onVersionCreated);
  useEffect(() => {
    latestOnVersionCreated.current = onVersionCreated;
  });
  const logic = useMemo(
    () =>
      uploadMachine.provide(
        createUploadImplementations({
          http,
          realtime,
          onVersionCreated: (version) => latestOnVersionCreated.current?.(version),
          billingGating: gatingLogic,
        }),
      ),
    [http, realtime, gatingLogic],
  );
  const actor = useActorRef(logic, {
    input: { destination, ...(versionCount === undefined ? {} : { versionCount }) },
  });
  useEffect(() => {
    if (versionCount !== undefined) actor.send({ type: 'versions.counted', count: versionCount });
  }, [actor, versionCount]);
  return { actor, stripeConfirmer };
}

/** What the user does in the upload panel, memoised: views call these and never build events. */
export function useUploadEvents(actor: UploadActor) {
  return useMemo(() => {
    const send = (event: UploadEvent) => actor.send(event);
    return {
      chooseFile: (file: Blob, name: string) => send({ type: 'file.choose', file, name }),
      changeName: (value: string) => send({ type: 'name.change', value }),
      chooseReview: (value: boolean) => send({ type: 'review.toggle', value }),
      start: () => send({ type: 'upload.start' }),
      retry: () => send({ type: 'upload.retry' }),
      reset: () => send({ type: 'upload.reset' }),
      closeReport: () => send({ type: 'report.close' }),
      confirmPaid: () => send({ type: 'paid.confirm' }),
      cancelPaid: () => send({ type: 'paid.cancel' }),
    };
  }, [actor]);
}
