import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { ownMessages } from '../../contract/errors';
import type { BillingQuotaResponse } from '../../contract/http/billing';
import { failure, ok } from '../auth/fakeHttpClient';
import { billingGatingMachine, createBillingGatingImplementations } from '../billing/billingGatingMachine';
import { aPaymentMethodAdded, aQuota, atLimit, localSetup, paid, quotaPath } from '../billing/billingTestKit';
import { selectCreationBlocked, selectGatingPaymentForm } from '../billing/gatingSelectors';
import { aVersionDetail, anUploadJob, createRecordingHttp } from '../model/modelTestKit';
import {
  selectCanStart,
  selectConfirmingPaidUpload,
  selectUploadBillingGating,
  selectUploadError,
  selectUploadStep,
} from './selectors';
import { createUploadImplementations, uploadMachine, type UploadDestination } from './uploadMachine';

/** The upload panel's machine with the billing gating statechart bound to the same fake server. */
function startUpload(destination: UploadDestination, quota: BillingQuotaResponse | null = null) {
  const api = createRecordingHttp();
  if (quota) api.answer(`GET ${quotaPath}`, ok(quota));
  api.answer('GET /stripe/config', ok(localSetup));
  const toasts: string[] = [];
  const billingGating = billingGatingMachine.provide(
    createBillingGatingImplementations({
      http: api.http,
      announceSuccess: (message) => toasts.push(message),
    }),
  );
  const actor = createActor(
    uploadMachine.provide(
      createUploadImplementations({ http: api.http, onVersionCreated: () => {}, billingGating }),
    ),
    { input: { destination } },
  ).start();
  const gating = () => {
    const ref = selectUploadBillingGating(actor.getSnapshot());
    if (!ref) throw new Error('the upload has no billing gating');
    return ref;
  };
  const choose = (name = 'tower.e2k') =>
    actor.send({ type: 'file.choose', file: new Blob(['$ PROGRAM INFORMATION\n']), name });
  const uploads = () => api.callsTo('POST', '/api/v2/uploads');
  const quotaReads = () => api.callsTo('GET', quotaPath).length;
  return { api, actor, gating, choose, uploads, quotaReads, toasts };
}

const newModelInOrg1: UploadDestination = { organizationId: 'org-1' };
const finishedNewModel = anUploadJob({ modelId: 'model-9', status: 'done', progress: 100, versionId: 'v-1' });

describe('a new model from a file, at the free-model limit', () => {
  it('sends nothing while the gating says creation is blocked', async () => {
    const { actor, gating, choose, uploads } = startUpload(newModelInOrg1, atLimit());
    await waitFor(gating(), (s) => s.hasTag('atLimit'));
    choose();
    actor.send({ type: 'upload.start' });

    expect(selectUploadStep(actor.getSnapshot())).toBe('choosing');
    expect(actor.getSnapshot().context.file?.name).toBe('tower.e2k');
    expect(uploads()).toEqual([]);
    expect(selectCreationBlocked(gating().getSnapshot())).toBe(true);
  });

  it('also holds the upload while a member who cannot pay is told whom to ask', async () => {
    const { actor, gating, choose, uploads } = startUpload(
      newModelInOrg1,
      atLimit({ canManageBilling: false }),
    );
    await waitFor(gating(), (s) => s.hasTag('atLimit'));
    gating().send({ type: 'paymentMethod.add' });
    choose();
    actor.send({ type: 'upload.start' });
    expect(gating().getSnapshot().hasTag('atLimit')).toBe(true);
    expect(uploads()).toEqual([]);
  });

  it('sends the file once a payment method is added in place', async () => {
    const { api, actor, gating, choose, uploads, toasts } = startUpload(newModelInOrg1, atLimit());
    await waitFor(gating(), (s) => s.hasTag('atLimit'));
    choose();
    gating().send({ type: 'paymentMethod.add' });
    await waitFor(gating(), (s) => selectGatingPaymentForm(s) !== undefined);
    const form = selectGatingPaymentForm(gating().getSnapshot());
    if (!form) throw new Error('the payment method form did not open');
    api.answer('POST /api/organizations/org-1/billing/paymentMethods', ok(aPaymentMethodAdded(), 201));
    api.answer(`GET ${quotaPath}`, ok(atLimit({ canCreatePaidModels: true })));
    form.send({ type: 'card.change', field: 'number', value: '4242 4242 4242 4242' });
    form.send({ type: 'card.change', field: 'expMonth', value: '12' });
    form.send({ type: 'card.change', field: 'expYear', value: '2030' });
    form.send({ type: 'card.change', field: 'cvc', value: '123' });
    // Still filling the form: creation stays blocked.
    actor.send({ type: 'upload.start' });
    expect(uploads()).toEqual([]);

    form.send({ type: 'paymentMethod.submit' });
    await waitFor(gating(), (s) => s.hasTag('paid'));
    expect(toasts).toEqual([ownMessages.paymentMethodAdded]);

    api.answer('POST /api/v2/uploads', ok(finishedNewModel, 202));
    api.answer('GET /api/models/model-9/versions/v-1', ok(aVersionDetail(1)));
    actor.send({ type: 'upload.start' });
    // The fourth model is paid now: the charge is confirmed first.
    expect(selectConfirmingPaidUpload(actor.getSnapshot())).toBe(true);
    expect(uploads()).toEqual([]);
    actor.send({ type: 'paid.confirm' });
    await waitFor(actor, (s) => s.hasTag('report'));
    expect(uploads()).toHaveLength(1);
    expect(uploads()[0]?.options.searchParams).toEqual({ organizationId: 'org-1', name: 'tower' });
  });

  it('shows the server’s 402 message, keeps the file, and makes the gating read the quota again', async () => {
    const { api, actor, gating, choose, uploads, quotaReads } = startUpload(
      newModelInOrg1,
      aQuota({ freeModels: 2 }),
    );
    await waitFor(gating(), (s) => s.hasTag('free'));
    // Another member made the third free model meanwhile.
    api.answer('POST /api/v2/uploads', failure(402, ownMessages.freeModelsUsed));
    api.answer(`GET ${quotaPath}`, ok(atLimit()));
    choose();
    actor.send({ type: 'upload.start' });
    await waitFor(actor, (s) => !s.hasTag('busy'));

    expect(selectUploadError(actor.getSnapshot())).toBe(ownMessages.freeModelsUsed);
    expect(selectUploadStep(actor.getSnapshot())).toBe('choosing');
    expect(actor.getSnapshot().context.file?.name).toBe('tower.e2k');
    await waitFor(gating(), (s) => s.hasTag('atLimit'));
    expect(quotaReads()).toBe(2);
    actor.send({ type: 'upload.start' });
    expect(uploads()).toHaveLength(1);
  });

  it('reads the quota again once the new model exists', async () => {
    const { api, actor, gating, choose, quotaReads } = startUpload(newModelInOrg1, aQuota({ freeModels: 2 }));
    await waitFor(gating(), (s) => s.hasTag('free'));
    api.answer('POST /api/v2/uploads', ok(finishedNewModel, 202));
    api.answer('GET /api/models/model-9/versions/v-1', ok(aVersionDetail(1)));
    api.answer(`GET ${quotaPath}`, ok(atLimit()));
    choose();
    actor.send({ type: 'upload.start' });
    await waitFor(actor, (s) => s.hasTag('report'));
    await waitFor(gating(), (s) => s.hasTag('atLimit'));
    expect(quotaReads()).toBe(2);
  });
});

describe('a new model from a file that will be paid', () => {
  it('asks to confirm the charge: cancelling keeps the file and sends nothing, confirming sends it once', async () => {
    const { api, actor, gating, choose, uploads } = startUpload(newModelInOrg1, paid());
    await waitFor(gating(), (s) => s.hasTag('paid'));
    choose();
    actor.send({ type: 'upload.start' });
    expect(selectConfirmingPaidUpload(actor.getSnapshot())).toBe(true);
    expect(selectUploadStep(actor.getSnapshot())).toBe('choosing');
    expect(selectCanStart(actor.getSnapshot())).toBe(false);

    actor.send({ type: 'paid.cancel' });
    expect(selectConfirmingPaidUpload(actor.getSnapshot())).toBe(false);
    expect(selectCanStart(actor.getSnapshot())).toBe(true);
    expect(actor.getSnapshot().context.file?.name).toBe('tower.e2k');
    expect(uploads()).toEqual([]);

    api.answer('POST /api/v2/uploads', ok(finishedNewModel, 202));
    api.answer('GET /api/models/model-9/versions/v-1', ok(aVersionDetail(1)));
    actor.send({ type: 'upload.start' });
    actor.send({ type: 'paid.confirm' });
    await waitFor(actor, (s) => s.hasTag('report'));
    expect(uploads()).toHaveLength(1);
    expect(uploads()[0]?.options.searchParams).toEqual({ organizationId: 'org-1', name: 'tower' });
  });

  it('asks while the quota is re-read, when the last count said the next model is paid', async () => {
    const { actor, gating, choose, uploads } = startUpload(newModelInOrg1, paid());
    await waitFor(gating(), (s) => s.hasTag('paid'));
    gating().send({ type: 'billing.refresh' });
    expect(gating().getSnapshot().hasTag('checking')).toBe(true);
    choose();
    actor.send({ type: 'upload.start' });
    expect(selectConfirmingPaidUpload(actor.getSnapshot())).toBe(true);
    expect(uploads()).toEqual([]);
  });

  it('does not ask for a free model', async () => {
    const { api, actor, gating, choose, uploads } = startUpload(newModelInOrg1, aQuota({ freeModels: 2 }));
    await waitFor(gating(), (s) => s.hasTag('free'));
    api.answer('POST /api/v2/uploads', ok(finishedNewModel, 202));
    api.answer('GET /api/models/model-9/versions/v-1', ok(aVersionDetail(1)));
    choose();
    actor.send({ type: 'upload.start' });
    expect(selectConfirmingPaidUpload(actor.getSnapshot())).toBe(false);
    await waitFor(actor, (s) => s.hasTag('report'));
    expect(uploads()).toHaveLength(1);
  });
});

describe('a new version of an existing model', () => {
  it('is never gated: no quota is read and the file is sent', async () => {
    const { api, actor, choose, uploads } = startUpload({ modelId: 'model-1' });
    expect(selectUploadBillingGating(actor.getSnapshot())).toBeNull();
    api.answer('POST /api/v2/uploads', ok(anUploadJob({ status: 'done', versionId: 'v-2' }), 202));
    api.answer('GET /api/models/model-1/versions/v-2', ok(aVersionDetail(2)));
    choose();
    actor.send({ type: 'upload.start' });
    await waitFor(actor, (s) => s.hasTag('report'));

    expect(uploads()).toHaveLength(1);
    expect(api.calls.some((call) => call.path.includes('/billing'))).toBe(false);
  });
});
