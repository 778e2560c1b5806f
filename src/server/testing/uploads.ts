import { randomUUID } from 'node:crypto';
import { jobSchema, type Job } from '../../contract/http/jobs';
import type { HttpResult, TestServer } from './testServer';

/**
 * Helpers for upload tests and benchmarks (no Vitest import, so bench/ can use them). Organizations and roles are
 * set up in SQL, so these suites depend on the upload and version routes only.
 */

export async function createOrganization(
  server: TestServer,
  ownerId: string,
  name = 'Acme',
): Promise<string> {
  const id = randomUUID();
  const now = new Date();
  await server.db.query(
    'INSERT INTO organizations (id, name, owner_id, created_at, updated_at) VALUES ($1, $2, $3, $4, $4)',
    [id, name, ownerId, now],
  );
  return id;
}

export async function addOrganizationMember(
  server: TestServer,
  organizationId: string,
  userId: string,
  role: 'ADMIN' | 'MEMBER',
): Promise<void> {
  await server.db.query(
    'INSERT INTO organization_collaborators (organization_id, user_id, role, created_at) VALUES ($1, $2, $3, $4)',
    [organizationId, userId, role, new Date()],
  );
}

export async function grantModelRole(
  server: TestServer,
  modelId: string,
  userId: string,
  role: 'ADMIN' | 'WRITE' | 'READ' | 'LIMITEDVIEW',
): Promise<void> {
  await server.db.query(
    `INSERT INTO model_permissions (model_id, user_id, role, created_at) VALUES ($1, $2, $3, $4)
     ON CONFLICT (model_id, user_id) DO UPDATE SET role = EXCLUDED.role`,
    [modelId, userId, role, new Date()],
  );
}

export interface UploadOptions {
  fileName: string;
  modelId?: string;
  organizationId?: string;
  name?: string;
  message?: string;
  idempotencyKey?: string;
  /** review=true: the upload becomes a review instead of a version (issue #7). */
  review?: boolean;
  /** The GussetSessionId header (the browser tab). */
  sessionId?: string;
  /** Sent as is instead of the encoded file name (null: no header). */
  rawFileNameHeader?: string | null;
  contentType?: string;
}

/** POST /api/v2/uploads as the browser does: the file as the body, the rest in the query and headers. */
export async function postUpload(
  server: TestServer,
  token: string,
  bytes: Uint8Array,
  options: UploadOptions,
): Promise<HttpResult> {
  const query = new URLSearchParams();
  for (const key of ['modelId', 'organizationId', 'name', 'message'] as const) {
    const value = options[key];
    if (value !== undefined) query.set(key, value);
  }
  if (options.review) query.set('review', 'true');
  const headers: Record<string, string> = {
    'content-type': options.contentType ?? 'application/octet-stream',
  };
  if (options.rawFileNameHeader !== null) {
    headers['x-file-name'] = options.rawFileNameHeader ?? encodeURIComponent(options.fileName);
  }
  if (options.idempotencyKey !== undefined) headers['idempotency-key'] = options.idempotencyKey;
  if (options.sessionId !== undefined) headers.GussetSessionId = options.sessionId;
  return server.request('POST', `/api/v2/uploads?${query}`, { token, bytes, headers });
}

/** Polls GET /api/jobs/{jobId} until the job is done or failed. */
export async function waitForJob(
  server: TestServer,
  token: string,
  jobId: string,
  timeoutMs = 60_000,
  pollMs = 50,
): Promise<Job> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await server.request('GET', `/api/jobs/${jobId}`, { token });
    if (response.status !== 200)
      throw new Error(`GET job answered ${response.status}: ${JSON.stringify(response.body)}`);
    const job = jobSchema.parse(response.body);
    if (job.status === 'done' || job.status === 'failed') return job;
    if (Date.now() > deadline)
      throw new Error(`job ${jobId} still ${job.status} (${job.stage}) after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}

/** Uploads and waits for the job; throws unless it is accepted (202) and ends done. */
export async function uploadAndWait(
  server: TestServer,
  token: string,
  bytes: Uint8Array,
  options: UploadOptions,
  timeoutMs?: number,
): Promise<Job & { modelId: string; versionId: string }> {
  const response = await postUpload(server, token, bytes, options);
  if (response.status !== 202)
    throw new Error(`upload answered ${response.status}: ${JSON.stringify(response.body)}`);
  const job = await waitForJob(server, token, jobSchema.parse(response.body)._id, timeoutMs);
  if (job.status !== 'done') throw new Error(`upload job ${job.status}: ${job.error ?? ''}`);
  if (!job.modelId || !job.versionId) throw new Error('a done job names its model and version');
  return { ...job, modelId: job.modelId, versionId: job.versionId };
}

export async function countRows(
  server: TestServer,
  table: 'model_objects' | 'versions' | 'models' | 'jobs' | 'blobs',
) {
  const rows = await server.db.query<{ count: number }>(`SELECT count(*)::int AS count FROM ${table}`);
  return rows[0]?.count ?? 0;
}
