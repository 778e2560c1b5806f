import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateBuilding } from '../../../engine/testing/building';
import { presetParameters } from '../../../engine/testing/presets';
import { ownMessages } from '../../../contract/errors';
import { jobSchema } from '../../../contract/http/jobs';
import type { SessionResponse } from '../../../contract/http/users';
import { writeModelJson } from '../../../engine/formats/json';
import { jobQueue } from '../../jobs/queue';
import { signUp, uniqueEmail } from '../../testing/accounts';
import { databases } from '../../testing/databases';
import { startTestServer, type TestServer } from '../../testing/testServer';
import { createOrganization, uploadAndWait } from '../../testing/uploads';

describe.each(databases())('GET /api/jobs/{jobId} on $kind', ({ kind }) => {
  let server: TestServer;
  let owner: SessionResponse;
  let stranger: SessionResponse;
  let upload: Awaited<ReturnType<typeof uploadAndWait>>;

  beforeAll(async () => {
    server = await startTestServer(kind);
    owner = await signUp(server, uniqueEmail('owner'));
    stranger = await signUp(server, uniqueEmail('stranger'));
    const organizationId = await createOrganization(server, owner.user._id);
    upload = await uploadAndWait(
      server,
      owner.token,
      writeModelJson(generateBuilding(presetParameters('1k'))).bytes,
      {
        fileName: 'tower.json',
        organizationId,
        name: 'Tower',
      },
    );
  });
  afterAll(async () => {
    await server?.close();
  });

  it('answers an upload job as the older upload route does: done, with its model and version', async () => {
    const answer = await server.request('GET', `/api/jobs/${upload._id}`, { token: owner.token });
    expect(answer.status).toBe(200);
    const job = jobSchema.parse(answer.body);
    expect(job).toMatchObject({
      status: 'done',
      kind: 'upload',
      fileName: 'tower.json',
      modelId: upload.modelId,
      versionId: upload.versionId,
    });
    const older = await server.request('GET', `/api/v2/uploads/${upload._id}`, { token: owner.token });
    expect(older.body).toEqual(answer.body);
  });

  it('says the job does not exist to a stranger, for an unknown id and for a malformed one', async () => {
    for (const [token, id] of [
      [stranger.token, upload._id],
      [owner.token, randomUUID()],
      [owner.token, 'not-a-uuid'],
    ] as const) {
      expect(await server.request('GET', `/api/jobs/${id}`, { token })).toMatchObject({
        status: 404,
        body: { message: ownMessages.jobNotFound },
      });
    }
  });

  it('does not show jobs of kinds no screen follows, even to their creator', async () => {
    const internal = await jobQueue.insert(
      server.db,
      {
        id: randomUUID(),
        kind: 'diff',
        modelId: upload.modelId,
        createdBy: owner.user._id,
        idempotencyKey: null,
        payload: { fileName: 'x' },
      },
      new Date(),
    );
    expect(await server.request('GET', `/api/jobs/${internal.id}`, { token: owner.token })).toMatchObject({
      status: 404,
      body: { message: ownMessages.jobNotFound },
    });
  });
});
