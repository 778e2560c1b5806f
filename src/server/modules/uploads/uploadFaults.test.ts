import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateBuilding } from '../../../engine/testing/building';
import { presetParameters } from '../../../engine/testing/presets';
import { ownMessages } from '../../../contract/errors';
import { jobSchema } from '../../../contract/http/jobs';
import type { SessionResponse } from '../../../contract/http/users';
import { writeModelJson } from '../../../engine/formats/json';
import type { Db, Queryable } from '../../db/db';
import { jobQueue } from '../../jobs/queue';
import { signUp, uniqueEmail } from '../../testing/accounts';
import { databases } from '../../testing/databases';
import { startTestServer, type TestServer } from '../../testing/testServer';
import { countRows, createOrganization, postUpload, waitForJob } from '../../testing/uploads';

/** The failed insert rolls back on a pooled connection too, and the retry starts clean. */
const suiteDatabases = databases('pooled transactions');

/**
 * Issue #22: the database fails inside an upload's store (PGlite out of memory answers SQLSTATE 53200 like this).
 * The store's transaction writes the objects and the model before the version, so a failure at the version
 * insert shows whether anything is left half-written.
 */
describe.each(suiteDatabases)('an upload whose store the database fails, on $kind', ({ kind }) => {
  let server: TestServer;
  let owner: SessionResponse;
  let organizationId: string;
  /** How many more version inserts fail. */
  let failuresLeft = 0;

  const outOfMemory = () => Object.assign(new Error('out of memory'), { code: '53200' });

  function failingVersionInserts(db: Db): Db {
    const guarded = (tx: Queryable): Queryable => ({
      query(sql, params) {
        if (failuresLeft > 0 && sql.trimStart().startsWith('INSERT INTO versions')) {
          failuresLeft -= 1;
          return Promise.reject(outOfMemory());
        }
        return tx.query(sql, params);
      },
      exec: (sql) => tx.exec(sql),
    });
    return {
      kind: db.kind,
      query: (sql, params) => db.query(sql, params),
      exec: (sql) => db.exec(sql),
      transaction: (fn) => db.transaction((tx) => fn(guarded(tx))),
      close: () => db.close(),
    };
  }

  beforeAll(async () => {
    server = await startTestServer(kind, { env: { JOB_MAX_ATTEMPTS: '2' }, wrapDb: failingVersionInserts });
    owner = await signUp(server, uniqueEmail('owner'));
    organizationId = await createOrganization(server, owner.user._id);
  });
  afterAll(async () => {
    await server?.close();
  });

  const building = (seed: number) => writeModelJson(generateBuilding(presetParameters('1k', seed))).bytes;

  async function upload(name: string, seed: number) {
    const accepted = await postUpload(server, owner.token, building(seed), {
      fileName: `${name}.json`,
      organizationId,
      name,
    });
    expect(accepted.status).toBe(202);
    return jobSchema.parse(accepted.body)._id;
  }

  const rowsOfJob = async (table: 'versions' | 'models', jobId: string) =>
    (
      await server.db.query<{ count: number }>(
        table === 'versions'
          ? 'SELECT count(*)::int AS count FROM versions WHERE job_id = $1'
          : 'SELECT count(*)::int AS count FROM models m JOIN jobs j ON j.model_id = m.id WHERE j.id = $1',
        [jobId],
      )
    )[0]?.count;

  it('rolls the attempt back and retries it: one model, one version', async () => {
    failuresLeft = 1;
    const jobId = await upload('Retried', 1);
    const job = await waitForJob(server, owner.token, jobId);
    expect(failuresLeft).toBe(0);
    expect(job).toMatchObject({ status: 'done', error: null });
    expect((await jobQueue.find(server.db, jobId))?.attempts).toBe(2);
    expect(await rowsOfJob('versions', jobId)).toBe(1);
    expect(await rowsOfJob('models', jobId)).toBe(1);
    expect((await server.request('GET', '/health')).status).toBe(200);
  });

  it('fails the job with the reason once the attempts are used up, leaving nothing behind', async () => {
    const [models, objects] = [await countRows(server, 'models'), await countRows(server, 'model_objects')];
    failuresLeft = Number.POSITIVE_INFINITY;
    try {
      const jobId = await upload('Doomed', 2);
      const job = await waitForJob(server, owner.token, jobId);
      expect(job).toMatchObject({
        status: 'failed',
        error: `${ownMessages.uploadGaveUp} ${ownMessages.jobDatabaseOutOfResources}`,
        versionId: null,
      });
      expect(await rowsOfJob('versions', jobId)).toBe(0);
      expect(await countRows(server, 'models')).toBe(models);
      expect(await countRows(server, 'model_objects')).toBe(objects);
    } finally {
      failuresLeft = 0;
    }
    expect((await server.request('GET', '/health')).status).toBe(200);
    expect((await server.request('GET', '/api/models', { token: owner.token })).status).toBe(200);
  });
});
