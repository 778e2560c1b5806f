/**
 * The free-model rule under concurrency (issue #10): the check and the insert are one transaction with the
 * organization row locked, so parallel requests cannot exceed the quota, and a payment method cannot be removed
 * while a paid model is being made with it. On PostgreSQL the requests really run at once (a connection pool).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateBuilding } from '../../../engine/testing/building';
import { messages, ownMessages } from '../../../contract/errors';
import { writeModelJson } from '../../../engine/formats/json';
import { modelSchema } from '../../../contract/http/models';
import { jobSchema } from '../../../contract/http/jobs';
import type { SessionResponse } from '../../../contract/http/users';
import { signUp, uniqueEmail } from '../../testing/accounts';
import { databases } from '../../testing/databases';
import { startTestServer, type TestServer } from '../../testing/testServer';
import { createOrganization, postUpload } from '../../testing/uploads';
import { putPaymentMethodOnFile } from './billingTesting';

const parallelRequests = 10;

describe.each(databases('pooled transactions'))('free-model quota under concurrency on $kind', ({ kind }) => {
  let server: TestServer;
  let owner: SessionResponse;

  beforeAll(async () => {
    server = await startTestServer(kind);
    owner = await signUp(server, uniqueEmail('owner'));
  });
  afterAll(async () => {
    await server?.close();
  });

  async function organizationWithFreeModels(freeModels: number): Promise<string> {
    const organizationId = await createOrganization(server, owner.user._id, 'Parallel & Sons');
    for (let index = 0; index < freeModels; index += 1) {
      const made = await server.request('POST', '/api/models', {
        token: owner.token,
        json: { name: `Seed ${index + 1}`, organizationId },
      });
      expect(made.status).toBe(201);
    }
    return organizationId;
  }

  async function plans(organizationId: string): Promise<string[]> {
    const rows = await server.db.query<{ plan: string }>(
      'SELECT plan FROM models WHERE organization_id = $1 ORDER BY plan',
      [organizationId],
    );
    return rows.map((row) => row.plan);
  }

  it(`lets exactly one of ${parallelRequests} parallel creations through with 2 free models and no payment method`, async () => {
    const organizationId = await organizationWithFreeModels(2);
    const answers = await Promise.all(
      Array.from({ length: parallelRequests }, (_, index) =>
        server.request('POST', '/api/models', {
          token: owner.token,
          json: { name: `Parallel ${index}`, organizationId },
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([201, ...Array<number>(parallelRequests - 1).fill(402)]);
    for (const refused of answers.filter((answer) => answer.status === 402)) {
      expect(refused.body).toEqual({ message: ownMessages.freeModelsUsed });
    }
    expect(await plans(organizationId)).toEqual(['FREE', 'FREE', 'FREE']);
  });

  it('makes exactly one more free model and the rest paid when a payment method is on file', async () => {
    const organizationId = await organizationWithFreeModels(2);
    await putPaymentMethodOnFile(server.db, organizationId);
    const answers = await Promise.all(
      Array.from({ length: parallelRequests }, (_, index) =>
        server.request('POST', '/api/models', {
          token: owner.token,
          json: { name: `Parallel ${index}`, organizationId },
        }),
      ),
    );
    expect(answers.every((answer) => answer.status === 201)).toBe(true);
    const made = answers.map((answer) => modelSchema.parse(answer.body).plan);
    expect(made.filter((plan) => plan === 'FREE')).toHaveLength(1);
    expect(made.filter((plan) => plan === 'PAID')).toHaveLength(parallelRequests - 1);
    expect(await plans(organizationId)).toEqual([
      ...Array<string>(3).fill('FREE'),
      ...Array<string>(parallelRequests - 1).fill('PAID'),
    ]);
  });

  it(`lets exactly one of ${parallelRequests} parallel clones through with 2 free models`, async () => {
    const organizationId = await organizationWithFreeModels(2);
    const [source] = await server.db.query<{ id: string }>(
      'SELECT id FROM models WHERE organization_id = $1',
      [organizationId],
    );
    if (!source) throw new Error('no model');
    const answers = await Promise.all(
      Array.from({ length: parallelRequests }, () =>
        server.request('POST', `/api/models/${source.id}/clone`, { token: owner.token, json: {} }),
      ),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([201, ...Array<number>(parallelRequests - 1).fill(402)]);
  });

  it('never both removes the last payment method and makes a paid model with it', async () => {
    for (let round = 0; round < 5; round += 1) {
      const organizationId = await organizationWithFreeModels(3);
      const methodId = await putPaymentMethodOnFile(server.db, organizationId);
      const [created, removed] = await Promise.all([
        server.request('POST', '/api/models', {
          token: owner.token,
          json: { name: 'Racer', organizationId },
        }),
        server.request('DELETE', `/api/organizations/${organizationId}/billing/paymentMethods/${methodId}`, {
          token: owner.token,
        }),
      ]);
      // Either order is fine; both succeeding would leave a paid model with nothing to pay for it.
      if (created.status === 201) {
        expect(removed.status).toBe(409);
        expect(removed.body).toEqual({ message: messages.freeModelsOnly });
      } else {
        expect(created.status).toBe(402);
        expect(removed.status).toBe(204);
      }
    }
  });

  it("refuses an upload's new model when the job finds the free models used, even though the upload was accepted", async () => {
    const organizationId = await organizationWithFreeModels(2);
    await server.app.jobRunner.stop();
    try {
      const file = writeModelJson(
        generateBuilding({
          storeys: 1,
          baysX: 1,
          baysY: 1,
          braceEvery: 0,
          coreBaysX: 0,
          coreBaysY: 0,
          seed: 3,
        }),
      ).bytes;
      const accepted = await postUpload(server, owner.token, file, {
        fileName: 'late.json',
        organizationId,
        name: 'Late upload',
      });
      expect(accepted.status).toBe(202);
      const job = jobSchema.parse(accepted.body);
      // Meanwhile the third free model is made through the API.
      const third = await server.request('POST', '/api/models', {
        token: owner.token,
        json: { name: 'Third', organizationId },
      });
      expect(third.status).toBe(201);
      server.app.jobRunner.start();
      const failed = await waitForJob(
        job._id,
        (state) => state.status === 'failed' || state.status === 'done',
      );
      expect(failed.status).toBe('failed');
      expect(failed.error).toBe(ownMessages.freeModelsUsed);
      expect(await plans(organizationId)).toEqual(['FREE', 'FREE', 'FREE']);
    } finally {
      server.app.jobRunner.start();
    }
  });

  async function waitForJob(jobId: string, finished: (job: { status: string }) => boolean) {
    for (let attempt = 0; attempt < 300; attempt += 1) {
      const answer = await server.request('GET', `/api/v2/uploads/${jobId}`, { token: owner.token });
      const job = jobSchema.parse(answer.body);
      if (finished(job)) return job;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`job ${jobId} did not finish`);
  }
});
