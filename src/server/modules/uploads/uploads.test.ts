import { randomUUID } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateBuilding } from '../../../engine/testing/building';
import { presetParameters } from '../../../engine/testing/presets';
import { messages, ownMessages } from '../../../contract/errors';
import { versionDetailSchema } from '../../../contract/http/versions';
import { jobSchema } from '../../../contract/http/jobs';
import type { SessionResponse } from '../../../contract/http/users';
import { writeModelJson } from '../../../engine/formats/json';
import { translatorForFile } from '../../../engine/formats/registry';
import { FIXTURES_SKIP_NOTE, fixturesPresent, readFixture } from '../../../engine/testing/fixtures';
import { jobQueue } from '../../jobs/queue';
import { signUp, uniqueEmail } from '../../testing/accounts';
import { databases } from '../../testing/databases';
import { createTestClock, startTestServer, type TestServer } from '../../testing/testServer';
import {
  addOrganizationMember,
  countRows,
  createOrganization,
  grantModelRole,
  postUpload,
  uploadAndWait,
  waitForJob,
} from '../../testing/uploads';

const EJEMPLO = 'RDC_PERFORM__Ejemplo.e2k';
const EJEMPLO_NEW = 'RDC_PERFORM__EjemploNew.e2k';
const UPLOAD_LIMIT = 2_000_000;

/** Files under the directory, but the derived cache (minimal models by version id). */
async function filesUnder(directory: string): Promise<string[]> {
  const entries = await readdir(directory, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter((file) => !path.relative(directory, file).startsWith(`derived${path.sep}`));
}

describe.each(databases())('uploads on $kind', ({ kind }) => {
  let server: TestServer;
  let owner: SessionResponse;
  let member: SessionResponse;
  let reader: SessionResponse;
  let stranger: SessionResponse;
  let organizationId: string;

  beforeAll(async () => {
    server = await startTestServer(kind, { env: { UPLOAD_MAX_BYTES: String(UPLOAD_LIMIT) } });
    owner = await signUp(server, uniqueEmail('owner'), { firstName: 'Olga', lastName: 'Owner' });
    member = await signUp(server, uniqueEmail('member'));
    reader = await signUp(server, uniqueEmail('reader'));
    stranger = await signUp(server, uniqueEmail('stranger'));
    organizationId = await createOrganization(server, owner.user._id);
    await addOrganizationMember(server, organizationId, member.user._id, 'MEMBER');
  });
  afterAll(async () => {
    await server?.close();
  });

  const newModel = (name = 'Tower') => ({ organizationId, name });

  describe.skipIf(!fixturesPresent)(`ETABS fixtures${FIXTURES_SKIP_NOTE}`, () => {
    let modelId: string;

    it('uploads an .e2k as a new model: the job ends done with version 1, its report and counts', async () => {
      const bytes = readFixture('e2k', EJEMPLO);
      const accepted = await postUpload(server, owner.token, bytes, { fileName: EJEMPLO, ...newModel() });
      expect(accepted.status).toBe(202);
      const queued = jobSchema.parse(accepted.body);
      expect(queued).toMatchObject({ fileName: EJEMPLO, error: null, versionId: null });

      const job = await waitForJob(server, owner.token, queued._id);
      expect(job).toMatchObject({ status: 'done', progress: 100, error: null });
      modelId = job.modelId as string;

      const version = await server.request('GET', `/api/models/${modelId}/versions/${job.versionId}`, {
        token: owner.token,
      });
      expect(version.status).toBe(200);
      const detail = versionDetailSchema.parse(version.body);
      const expected = await translatorForFile(EJEMPLO)?.read(bytes);
      expect(detail).toMatchObject({
        number: 1,
        Author: { _id: owner.user._id },
        origin: { kind: 'upload', fileName: EJEMPLO, format: 'e2k', sizeBytes: bytes.length },
      });
      expect(detail.counts).toEqual(expected?.report.counts);
      expect(detail.counts.columns).toBeGreaterThan(0);
      expect(detail.report?.items).toEqual(expected?.report.items);

      // The model exists now, named as asked, with its creator as ADMIN.
      const rows = await server.db.query<{ name: string; role: string }>(
        `SELECT m.name, p.role FROM models m JOIN model_permissions p ON p.model_id = m.id WHERE m.id = $1`,
        [modelId],
      );
      expect(rows).toEqual([{ name: 'Tower', role: 'ADMIN' }]);
    });

    it('uploads EjemploNew.e2k to the same model as version 2', async () => {
      const job = await uploadAndWait(server, owner.token, readFixture('e2k', EJEMPLO_NEW), {
        fileName: EJEMPLO_NEW,
        modelId,
      });
      expect(job.modelId).toBe(modelId);
      const detail = versionDetailSchema.parse(
        (
          await server.request('GET', `/api/models/${modelId}/versions/${job.versionId}`, {
            token: owner.token,
          })
        ).body,
      );
      expect(detail.number).toBe(2);
    });

    it('stores each object once: the same file again adds a version and no model_objects row', async () => {
      const before = await countRows(server, 'model_objects');
      const versionsBefore = await countRows(server, 'versions');
      await uploadAndWait(server, owner.token, readFixture('e2k', EJEMPLO), { fileName: EJEMPLO, modelId });
      expect(await countRows(server, 'model_objects')).toBe(before);
      expect(await countRows(server, 'versions')).toBe(versionsBefore + 1);
    });

    it('keeps only the base name of a path-traversal file name, and names blobs by hash only', async () => {
      const job = await uploadAndWait(server, owner.token, readFixture('e2k', EJEMPLO), {
        fileName: '../../etc/passwd.e2k',
        modelId,
      });
      expect(job.fileName).toBe('passwd.e2k');
      const blobFiles = await filesUnder(server.config.uploads.blobDir);
      expect(blobFiles.length).toBeGreaterThan(0);
      for (const file of blobFiles) expect(path.basename(file)).toMatch(/^[0-9a-f]{64}$/);
      const windows = await postUpload(server, owner.token, readFixture('e2k', EJEMPLO), {
        fileName: '..\\..\\x.e2k',
        modelId,
      });
      expect(jobSchema.parse(windows.body).fileName).toBe('x.e2k');
      await waitForJob(server, owner.token, jobSchema.parse(windows.body)._id);
    });

    it('answers 409 to a second upload while the first is unfinished, and the first still completes', async () => {
      await server.app.jobRunner.stop();
      const versionsBefore = await countRows(server, 'versions');
      const first = await postUpload(server, owner.token, readFixture('e2k', EJEMPLO_NEW), {
        fileName: EJEMPLO_NEW,
        modelId,
      });
      expect(first.status).toBe(202);
      const second = await postUpload(server, owner.token, readFixture('e2k', EJEMPLO), {
        fileName: EJEMPLO,
        modelId,
      });
      expect(second).toMatchObject({ status: 409, body: { message: ownMessages.uploadInProgress } });
      server.app.jobRunner.start();
      const job = await waitForJob(server, owner.token, jobSchema.parse(first.body)._id);
      expect(job.status).toBe('done');
      expect(await countRows(server, 'versions')).toBe(versionsBefore + 1);
    });

    it('makes one job and one version for two POSTs with one Idempotency-Key', async () => {
      await server.app.jobRunner.stop();
      const versionsBefore = await countRows(server, 'versions');
      const key = randomUUID();
      const options = { fileName: EJEMPLO, modelId, idempotencyKey: key };
      const first = await postUpload(server, owner.token, readFixture('e2k', EJEMPLO), options);
      const retry = await postUpload(server, owner.token, readFixture('e2k', EJEMPLO), options);
      expect(first.status).toBe(202);
      expect(retry.status).toBe(200);
      const job = jobSchema.parse(first.body);
      expect(jobSchema.parse(retry.body)._id).toBe(job._id);
      server.app.jobRunner.start();
      await waitForJob(server, owner.token, job._id);
      // After it is done, the same key still answers with the same job.
      const late = await postUpload(server, owner.token, readFixture('e2k', EJEMPLO), options);
      expect(late.status).toBe(200);
      expect(jobSchema.parse(late.body)).toMatchObject({ _id: job._id, status: 'done' });
      expect(await countRows(server, 'versions')).toBe(versionsBefore + 1);
    });

    it('lets a READ user see the job and version data of a model but not upload to it', async () => {
      await grantModelRole(server, modelId, reader.user._id, 'READ');
      const refused = await postUpload(server, reader.token, readFixture('e2k', EJEMPLO), {
        fileName: EJEMPLO,
        modelId,
      });
      expect(refused).toMatchObject({ status: 401, body: { message: messages.unauthorizedAccess } });
      const jobs = await server.db.query<{ id: string }>('SELECT id FROM jobs WHERE model_id = $1 LIMIT 1', [
        modelId,
      ]);
      const jobId = jobs[0]?.id as string;
      expect((await server.request('GET', `/api/v2/uploads/${jobId}`, { token: reader.token })).status).toBe(
        200,
      );
      for (const token of [stranger.token]) {
        expect(await server.request('GET', `/api/v2/uploads/${jobId}`, { token })).toMatchObject({
          status: 404,
          body: { message: ownMessages.uploadNotFound },
        });
      }
      await grantModelRole(server, modelId, reader.user._id, 'LIMITEDVIEW');
      expect((await server.request('GET', `/api/v2/uploads/${jobId}`, { token: reader.token })).status).toBe(
        404,
      );
      const strangerUpload = await postUpload(server, stranger.token, readFixture('e2k', EJEMPLO), {
        fileName: EJEMPLO,
        modelId,
      });
      expect(strangerUpload).toMatchObject({ status: 404, body: { message: ownMessages.modelNotFound } });
    });

    it('fails an unreadable file with the line, and makes no model, version or object', async () => {
      const good = new TextDecoder('latin1').decode(readFixture('e2k', EJEMPLO));
      const lines = good.split('\n');
      // Line 7 gives the units; a second UNITS at line 8 is an error the reader names by line.
      expect(lines[6]).toMatch(/^\s*UNITS/);
      const broken = [...lines.slice(0, 7), '  UNITS  "KN"  "M"  "C"', ...lines.slice(7)].join('\n');
      const counts = {
        models: await countRows(server, 'models'),
        versions: await countRows(server, 'versions'),
        objects: await countRows(server, 'model_objects'),
      };
      const accepted = await postUpload(server, owner.token, new TextEncoder().encode(broken), {
        fileName: 'broken.e2k',
        ...newModel('Broken'),
      });
      expect(accepted.status).toBe(202);
      const job = await waitForJob(server, owner.token, jobSchema.parse(accepted.body)._id);
      expect(job.status).toBe('failed');
      expect(job.error).toBe('Gusset could not read broken.e2k: ETABS e2k: line 8: UNITS given twice');
      expect(job.versionId).toBeNull();
      expect(job.modelId).toBeNull();
      expect({
        models: await countRows(server, 'models'),
        versions: await countRows(server, 'versions'),
        objects: await countRows(server, 'model_objects'),
      }).toEqual(counts);
    });
  });

  describe('bad input is refused before anything is queued', () => {
    const someBytes = new TextEncoder().encode('$ File\n');

    it('refuses an unsupported extension with the supported ones listed', async () => {
      const jobs = await countRows(server, 'jobs');
      const response = await postUpload(server, owner.token, someBytes, {
        fileName: 'model.txt',
        ...newModel(),
      });
      expect(response).toMatchObject({ status: 400, body: { message: ownMessages.uploadFormatUnsupported } });
      for (const extension of ['.e2k', '.$et', '.s2k', '.$2k', '.json']) {
        expect(ownMessages.uploadFormatUnsupported).toContain(extension);
      }
      expect(await countRows(server, 'jobs')).toBe(jobs);
    });

    it('refuses a zero-byte file and a missing file name', async () => {
      const empty = await postUpload(server, owner.token, new Uint8Array(0), {
        fileName: 'a.e2k',
        ...newModel(),
      });
      expect(empty).toMatchObject({ status: 400, body: { message: ownMessages.uploadFileEmpty } });
      const nameless = await postUpload(server, owner.token, someBytes, {
        fileName: 'a.e2k',
        rawFileNameHeader: null,
        ...newModel(),
      });
      expect(nameless).toMatchObject({ status: 400, body: { message: ownMessages.uploadFileNameMissing } });
      const onlyDots = await postUpload(server, owner.token, someBytes, { fileName: '../..', ...newModel() });
      expect(onlyDots.status).toBe(400);
    });

    it('answers 413 over UPLOAD_MAX_BYTES, declared or streamed, and keeps no partial file', async () => {
      const tooBig = new Uint8Array(UPLOAD_LIMIT + 1).fill(0x41);
      const declared = await postUpload(server, owner.token, tooBig, { fileName: 'big.e2k', ...newModel() });
      expect(declared).toMatchObject({ status: 413, body: { message: ownMessages.uploadFileTooLarge } });

      // Chunked: no Content-Length, so the limit is enforced while the bytes stream in.
      const chunk = new Uint8Array(256 * 1024).fill(0x42);
      let sent = 0;
      const stream = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (sent > UPLOAD_LIMIT * 2) controller.close();
          else {
            sent += chunk.length;
            controller.enqueue(chunk);
          }
        },
      });
      const query = new URLSearchParams({ organizationId, name: 'Big' });
      const response = await fetch(`${server.url}/api/v2/uploads?${query}`, {
        method: 'POST',
        headers: {
          authorization: owner.token,
          'content-type': 'application/octet-stream',
          'x-file-name': 'big.e2k',
        },
        body: stream,
        duplex: 'half',
      } as RequestInit);
      expect(response.status).toBe(413);
      expect(await response.json()).toEqual({ message: ownMessages.uploadFileTooLarge });
      expect(await filesUnder(path.join(server.config.uploads.blobDir, 'tmp'))).toEqual([]);
      const blobs = await filesUnder(server.config.uploads.blobDir);
      for (const file of blobs) expect(path.basename(file)).toMatch(/^[0-9a-f]{64}$/);
    });

    it('needs a model, or an organization and a model name', async () => {
      expect(await postUpload(server, owner.token, someBytes, { fileName: 'a.e2k' })).toMatchObject({
        status: 400,
        body: { message: messages.organizationDetailsMissing },
      });
      expect(
        await postUpload(server, owner.token, someBytes, { fileName: 'a.e2k', organizationId, name: '   ' }),
      ).toMatchObject({ status: 400, body: { message: messages.modelNameBlank } });
      expect(
        await postUpload(server, stranger.token, someBytes, { fileName: 'a.e2k', organizationId, name: 'X' }),
      ).toMatchObject({ status: 404, body: { message: ownMessages.organizationNotFound } });
      expect(
        await postUpload(server, owner.token, someBytes, { fileName: 'a.e2k', modelId: randomUUID() }),
      ).toMatchObject({ status: 404, body: { message: ownMessages.modelNotFound } });
    });

    it('answers 403 without a session and 404 for unknown jobs', async () => {
      const anonymous = await fetch(`${server.url}/api/v2/uploads?organizationId=${organizationId}&name=X`, {
        method: 'POST',
        headers: { 'content-type': 'application/octet-stream', 'x-file-name': 'a.e2k' },
        body: someBytes,
      });
      expect(anonymous.status).toBe(403);
      for (const id of [randomUUID(), 'not-a-uuid']) {
        expect(await server.request('GET', `/api/v2/uploads/${id}`, { token: owner.token })).toMatchObject({
          status: 404,
          body: { message: ownMessages.uploadNotFound },
        });
      }
    });
  });

  describe('canonical JSON uploads', () => {
    it('an organization MEMBER creates a model; a 1% change adds about 1% of the rows', async () => {
      const model = generateBuilding(presetParameters('1k', 7));
      const first = await uploadAndWait(server, member.token, writeModelJson(model).bytes, {
        fileName: 'building.json',
        ...newModel('Generated'),
      });
      const objectsBefore = await countRows(server, 'model_objects');

      const changed = structuredClone(model);
      let changes = 0;
      changed.elements.forEach((element, index) => {
        if (index % 100 === 0) {
          element.name = `${element.name} (revised)`;
          changes++;
        }
      });
      await uploadAndWait(server, member.token, writeModelJson(changed).bytes, {
        fileName: 'building-revised.json',
        modelId: first.modelId,
      });
      const added = (await countRows(server, 'model_objects')) - objectsBefore;
      const objectsInModel = model.nodes.length + model.elements.length + model.loads.length;
      expect(added).toBe(changes);
      expect(added / objectsInModel).toBeLessThan(0.011);
    });
  });
});

describe.each(databases('job queue leases'))('upload jobs survive dead workers on $kind', ({ kind }) => {
  let server: TestServer;
  let owner: SessionResponse;
  let organizationId: string;
  const testClock = createTestClock();

  beforeAll(async () => {
    server = await startTestServer(kind, { clock: testClock.clock, startJobRunner: false });
    owner = await signUp(server, uniqueEmail('owner'));
    organizationId = await createOrganization(server, owner.user._id);
  });
  afterAll(async () => {
    await server?.close();
  });

  const building = () => writeModelJson(generateBuilding(presetParameters('10k', 3))).bytes;

  async function versionsOfJob(jobId: string): Promise<number> {
    const rows = await server.db.query('SELECT id FROM versions WHERE job_id = $1', [jobId]);
    return rows.length;
  }

  it('claims again a job whose worker died (lease run out) and finishes it exactly once', async () => {
    const accepted = await postUpload(server, owner.token, building(), {
      fileName: 'building.json',
      organizationId,
      name: 'Dead worker',
    });
    const jobId = jobSchema.parse(accepted.body)._id;
    // Another process claimed it and died: the row says running, with a lease that will run out.
    const now = testClock.clock();
    const claimed = await jobQueue.claim(server.db, now, new Date(now.getTime() + 60_000));
    expect(claimed).toMatchObject({ id: jobId, status: 'running', attempts: 1 });

    server.app.jobRunner.start();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await jobQueue.find(server.db, jobId))?.attempts).toBe(1);
    testClock.advanceHours(61 / 3600);
    server.app.jobRunner.wake();
    const job = await waitForJob(server, owner.token, jobId);
    expect(job.status).toBe('done');
    expect((await jobQueue.find(server.db, jobId))?.attempts).toBe(2);
    expect(await versionsOfJob(jobId)).toBe(1);
    await server.app.jobRunner.stop();
  });

  it('finishes exactly once after the process running it is killed mid-translation', async () => {
    const modelsBefore = await countRows(server, 'models');
    server.app.jobRunner.start();
    const accepted = await postUpload(server, owner.token, building(), {
      fileName: 'building.json',
      organizationId,
      name: 'Killed',
    });
    const jobId = jobSchema.parse(accepted.body)._id;
    for (let tries = 0; (await jobQueue.find(server.db, jobId))?.status !== 'running'; tries++) {
      if (tries > 500) throw new Error('the job never started');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(server.app.jobRunner.running).toBe(1);
    await server.app.jobRunner.crash();
    expect(server.app.jobRunner.running).toBe(0);
    const abandoned = await jobQueue.find(server.db, jobId);
    expect(abandoned).toMatchObject({ status: 'running', attempts: 1 });
    expect(await versionsOfJob(jobId)).toBe(0);

    // A new process starts; once the lease has run out it takes the job over.
    testClock.advanceHours(2 / 60);
    server.app.jobRunner.start();
    const job = await waitForJob(server, owner.token, jobId);
    expect(job.status).toBe('done');
    expect((await jobQueue.find(server.db, jobId))?.attempts).toBe(2);
    expect(await versionsOfJob(jobId)).toBe(1);
    expect(await countRows(server, 'models')).toBe(modelsBefore + 1);
    await server.app.jobRunner.stop();
  });

  it('gives up after the maximum attempts with a clear error', async () => {
    server.app.jobRunner.start();
    await server.app.jobRunner.stop();
    const accepted = await postUpload(server, owner.token, new TextEncoder().encode('{}'), {
      fileName: 'x.json',
      organizationId,
      name: 'Doomed',
    });
    const jobId = jobSchema.parse(accepted.body)._id;
    // Three processes claimed it and died.
    for (let attempt = 1; attempt <= server.config.uploads.maxAttempts; attempt++) {
      const now = testClock.clock();
      expect(await jobQueue.claim(server.db, now, now)).toMatchObject({ id: jobId, attempts: attempt });
      testClock.advanceHours(1 / 3600);
    }
    server.app.jobRunner.start();
    const job = await waitForJob(server, owner.token, jobId);
    expect(job).toMatchObject({ status: 'failed', error: ownMessages.uploadGaveUp });
    await server.app.jobRunner.stop();
  });
});
