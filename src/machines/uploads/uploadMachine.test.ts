import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { messages, ownMessages } from '../../contract/errors';
import { failure, ok } from '../auth/fakeHttpClient';
import { aVersionDetail, anUploadJob, createRecordingHttp } from '../model/modelTestKit';
import { selectGroupedReport, selectProgress, selectUploadError } from './selectors';
import {
  createUploadImplementations,
  uploadMachine,
  type FinishedVersion,
  type UploadDestination,
} from './uploadMachine';

function startUpload(destination: UploadDestination = { modelId: 'model-1' }, maxBytes?: number) {
  const api = createRecordingHttp();
  const created: FinishedVersion[] = [];
  const actor = createActor(
    uploadMachine.provide(
      createUploadImplementations({
        http: api.http,
        onVersionCreated: (version) => created.push(version),
        pollIntervalMs: 1,
      }),
    ),
    { input: { destination, ...(maxBytes === undefined ? {} : { maxBytes }) } },
  ).start();
  const choose = (name: string, content = '$ PROGRAM INFORMATION\n') =>
    actor.send({ type: 'file.choose', file: new Blob([content]), name });
  const uploads = () => api.callsTo('POST', '/api/v2/uploads');
  const keyOf = (index: number) => uploads()[index]?.options.headers?.['Idempotency-Key'];
  return { actor, api, created, choose, uploads, keyOf };
}

const running = anUploadJob({ status: 'running', stage: 'Reading the file', progress: 40 });
const done = anUploadJob({ status: 'done', stage: 'Done', progress: 100, versionId: 'version-3' });

describe('choosing a file', () => {
  it.each([
    ['frame.dwg', 'content', ownMessages.uploadFormatUnsupported],
    ['e2k', 'content', ownMessages.uploadFormatUnsupported],
    ['empty.e2k', '', ownMessages.uploadFileEmpty],
    ['huge.s2k', 'more than ten bytes', ownMessages.uploadFileTooLarge],
  ])('refuses %s before sending anything', (name, content, message) => {
    const { actor, choose, api } = startUpload({ modelId: 'model-1' }, 10);
    choose(name, content);
    const snapshot = actor.getSnapshot();
    expect(selectUploadError(snapshot)).toBe(message);
    expect(snapshot.hasTag('canStart')).toBe(false);
    actor.send({ type: 'upload.start' });
    expect(api.calls).toEqual([]);
  });

  it('accepts every extension the server does, in any letter case', () => {
    for (const name of ['a.e2k', 'b.$ET', 'c.s2k', 'd.$2k', 'e.JSON']) {
      const { actor, choose } = startUpload();
      choose(name);
      expect(actor.getSnapshot().hasTag('canStart')).toBe(true);
    }
  });

  it('forgets the refusal once a valid file is chosen', () => {
    const { actor, choose } = startUpload();
    choose('notes.txt');
    choose('frame.E2K');
    expect(selectUploadError(actor.getSnapshot())).toBeNull();
    expect(actor.getSnapshot().context.file?.name).toBe('frame.E2K');
  });
});

describe('uploading a new version', () => {
  it('sends the file, follows the translation, then shows the report', async () => {
    const { actor, api, created, choose, uploads, keyOf } = startUpload();
    api.answer('POST /api/v2/uploads', ok(anUploadJob(), 202));
    api.answerInTurn('GET /api/jobs/job-1', [ok(running), ok(running), ok(done)]);
    api.answer('GET /api/models/model-1/versions/version-3', ok(aVersionDetail(3)));

    choose('frame.e2k');
    actor.send({ type: 'upload.start' });
    expect(actor.getSnapshot().hasTag('uploading')).toBe(true);

    const processing = await waitFor(actor, (s) => selectProgress(s)?.percent === 40);
    expect(processing.hasTag('processing')).toBe(true);
    expect(selectProgress(processing)).toEqual({ stage: 'Reading the file', percent: 40 });

    const report = await waitFor(actor, (s) => s.hasTag('report'));
    expect(created).toEqual([{ modelId: 'model-1', versionId: 'version-3' }]);
    const grouped = selectGroupedReport(report);
    expect(grouped?.totals).toEqual({ approximated: 1, dropped: 1, warning: 0 });
    expect(
      grouped?.kinds.map((kind) => [kind.label, kind.groups.map((group) => [group.severity, group.reason])]),
    ).toEqual([
      ['beams', [['approximated', 'Tapered section read as its start section']]],
      ['links', [['dropped', 'Links are not supported yet']]],
    ]);
    expect(report.context.version?.report?.counts).toEqual({ nodes: 12, beams: 8, columns: 6 });

    expect(uploads()).toHaveLength(1);
    expect(keyOf(0)).toMatch(/^[0-9a-f]{32}$/);
    const sent = uploads()[0]?.options;
    expect(sent?.searchParams).toEqual({ modelId: 'model-1' });
    expect(sent?.headers?.['X-File-Name']).toBe('frame.e2k');
    expect(await sent?.body?.text()).toBe('$ PROGRAM INFORMATION\n');

    actor.send({ type: 'report.close' });
    expect(actor.getSnapshot().hasTag('done')).toBe(true);
    actor.send({ type: 'upload.reset' });
    expect(actor.getSnapshot().hasTag('choosing')).toBe(true);
  });

  it('stops at the server’s message when the file cannot be translated, and offers no retry', async () => {
    const { actor, api, created, choose } = startUpload();
    const parseError = 'Line 12: a FRAME needs two points, found one';
    api.answer('POST /api/v2/uploads', ok(anUploadJob(), 202));
    api.answerInTurn('GET /api/jobs/job-1', [
      ok(running),
      ok(anUploadJob({ status: 'failed', stage: 'Failed', error: parseError })),
    ]);

    choose('frame.e2k');
    actor.send({ type: 'upload.start' });
    const failed = await waitFor(actor, (s) => s.hasTag('failed'));
    expect(selectUploadError(failed)).toBe(parseError);
    expect(failed.hasTag('canRetry')).toBe(false);
    expect(created).toEqual([]);

    actor.send({ type: 'upload.retry' });
    expect(api.callsTo('POST', '/api/v2/uploads')).toHaveLength(1);
  });

  it('retries a send that got no answer with the same idempotency key', async () => {
    const { actor, api, created, choose, uploads, keyOf } = startUpload();
    api.answerInTurn('POST /api/v2/uploads', [
      failure(0, messages.serverNotResponding),
      ok(anUploadJob({ status: 'done', progress: 100, versionId: 'version-3' }), 202),
    ]);
    api.answer('GET /api/models/model-1/versions/version-3', ok(aVersionDetail(3)));

    choose('frame.e2k');
    actor.send({ type: 'upload.start' });
    const failed = await waitFor(actor, (s) => s.hasTag('failed'));
    expect(failed.hasTag('canRetry')).toBe(true);
    expect(selectUploadError(failed)).toBe(messages.serverNotResponding);

    actor.send({ type: 'upload.retry' });
    await waitFor(actor, (s) => s.hasTag('report'));
    expect(uploads()).toHaveLength(2);
    expect(keyOf(1)).toBe(keyOf(0));
    expect(created).toHaveLength(1);
  });

  it('gives a newly chosen file a new key', async () => {
    const { actor, api, choose, keyOf } = startUpload();
    api.answer(
      'POST /api/v2/uploads',
      failure(409, 'Another upload to this model is still being processed.'),
    );
    choose('frame.e2k');
    actor.send({ type: 'upload.start' });
    await waitFor(actor, (s) => s.hasTag('failed'));
    actor.send({ type: 'upload.reset' });
    choose('other.e2k');
    actor.send({ type: 'upload.start' });
    await waitFor(actor, (s) => s.hasTag('failed'));
    expect(keyOf(1)).not.toBe(keyOf(0));
  });

  it('follows the same job again, without sending the file twice, when its progress could not be read', async () => {
    const { actor, api, choose, uploads } = startUpload();
    api.answer('POST /api/v2/uploads', ok(anUploadJob(), 202));
    api.answerInTurn('GET /api/jobs/job-1', [failure(0, messages.serverNotResponding), ok(done)]);
    api.answer('GET /api/models/model-1/versions/version-3', ok(aVersionDetail(3)));

    choose('frame.e2k');
    actor.send({ type: 'upload.start' });
    const lost = await waitFor(actor, (s) => s.hasTag('failed'));
    expect(lost.hasTag('canRetry')).toBe(true);

    actor.send({ type: 'upload.retry' });
    await waitFor(actor, (s) => s.hasTag('report'));
    expect(uploads()).toHaveLength(1);
  });

  it('shows a retried upload that already failed on the server as failed', async () => {
    const { actor, api, choose } = startUpload();
    api.answer(
      'POST /api/v2/uploads',
      ok(anUploadJob({ status: 'failed', error: 'Line 3: unknown unit' }), 202),
    );
    choose('frame.e2k');
    actor.send({ type: 'upload.start' });
    const failed = await waitFor(actor, (s) => s.hasTag('failed'));
    expect(selectUploadError(failed)).toBe('Line 3: unknown unit');
    expect(api.callsTo('GET', '/api/jobs/job-1')).toEqual([]);
  });

  it('keeps the new version when only its report cannot be read', async () => {
    const { actor, api, created, choose } = startUpload();
    api.answer('POST /api/v2/uploads', ok(done, 202));
    api.answer('GET /api/models/model-1/versions/version-3', failure(404, ownMessages.versionNotFound));
    choose('frame.e2k');
    actor.send({ type: 'upload.start' });
    const report = await waitFor(actor, (s) => s.hasTag('report'));
    expect(created).toEqual([{ modelId: 'model-1', versionId: 'version-3' }]);
    expect(selectUploadError(report)).toBe(ownMessages.versionNotFound);
  });

  it('stops polling when the panel goes away', async () => {
    const { actor, api, choose } = startUpload();
    api.answer('POST /api/v2/uploads', ok(anUploadJob(), 202));
    api.answer('GET /api/jobs/job-1', ok(running));
    choose('frame.e2k');
    actor.send({ type: 'upload.start' });
    await waitFor(actor, (s) => s.hasTag('processing'));
    actor.stop();
    const polls = api.callsTo('GET', '/api/jobs/job-1').length;
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(api.callsTo('GET', '/api/jobs/job-1').length).toBeLessThanOrEqual(polls + 1);
  });
});

describe('uploading a file as a new model', () => {
  it('names the model after the file unless the user types another name', async () => {
    const { actor, api, created, choose, uploads } = startUpload({ organizationId: 'org-1' });
    api.answer(
      'POST /api/v2/uploads',
      ok(anUploadJob({ modelId: 'model-9', status: 'done', versionId: 'v-1' }), 202),
    );
    api.answer('GET /api/models/model-9/versions/v-1', ok(aVersionDetail(1)));

    choose('RDC tower.e2k');
    expect(actor.getSnapshot().context.modelName).toBe('RDC tower');
    actor.send({ type: 'name.change', value: '   ' });
    actor.send({ type: 'upload.start' });
    expect(selectUploadError(actor.getSnapshot())).toBe(messages.modelNameBlank);
    expect(uploads()).toEqual([]);

    actor.send({ type: 'name.change', value: ' Tower B ' });
    actor.send({ type: 'upload.start' });
    await waitFor(actor, (s) => s.hasTag('report'));
    expect(uploads()[0]?.options.searchParams).toEqual({ organizationId: 'org-1', name: 'Tower B' });
    expect(created).toEqual([{ modelId: 'model-9', versionId: 'v-1' }]);
  });
});
