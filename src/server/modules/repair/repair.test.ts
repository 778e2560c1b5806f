import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownMessages } from '../../../contract/errors';
import {
  commitRepairResponse,
  connectivityResponse,
  previewRepairResponse,
  repairResponse,
  repairSceneResponse,
  startRepairResponse,
  type ConnectivityView,
  type RepairResponse,
} from '../../../contract/http/repair';
import type { SessionResponse } from '../../../contract/http/users';
import { versionSchema } from '../../../contract/http/versions';
import { jobSchema } from '../../../contract/http/jobs';
import { CHECK_IDS, OPERATION_TITLES, type CheckId } from '../../../engine/repair';
import { gridBuilding, injectDefects } from '../../../engine/repair/testing/defects';
import type { Model } from '../../../engine/schema';
import { connectAndLogin, eventsNamed } from '../../testing/sockets';
import { signUp, uniqueEmail } from '../../testing/accounts';
import { databases } from '../../testing/databases';
import { startTestServer, type TestServer } from '../../testing/testServer';
import { createOrganization, grantModelRole, uploadAndWait } from '../../testing/uploads';
import { loadVersionModel } from '../versions/storedModels';

/**
 * Connectivity checks and repair (issue #8) over HTTP and a real socket, on one server per database. The model is
 * a generated grid building with defects injected at known places: the generator's oracle, not the engine, says
 * which issues each check must find.
 */

const INJECTED = injectDefects(
  gridBuilding({ bays: [8, 6], stories: 6, bay: 6000, storyHeight: 3500, seed: 8 }),
  { C01: 3, C03: 2, C05: 1, C08: 1, seed: 8 },
);
const MODEL: Model = INJECTED.model;
const ORACLE = INJECTED.oracle;
const bytesOf = (model: Model) => new TextEncoder().encode(JSON.stringify(model));

const expectedCounts = Object.fromEntries(
  CHECK_IDS.map((check) => [check, (ORACLE[check] ?? []).length]),
) as Record<CheckId, number>;
const issueIdsByCheck = (view: ConnectivityView) =>
  Object.fromEntries(
    CHECK_IDS.map((check) => [
      check,
      view.issues
        .filter((issue) => issue.check === check)
        .map((issue) => issue.id)
        .sort(),
    ]),
  );
const oracleIdsByCheck = Object.fromEntries(
  CHECK_IDS.map((check) => [check, [...(ORACLE[check] ?? [])].sort()]),
);
const totalIssues = (counts: Record<string, number>) => Object.values(counts).reduce((sum, n) => sum + n, 0);

describe.each(databases())('connectivity checks and repair on $kind', ({ kind }) => {
  let server: TestServer;
  let owner: SessionResponse;
  let writer: SessionResponse;
  let reader: SessionResponse;
  let limited: SessionResponse;
  let stranger: SessionResponse;
  let organizationId: string;

  beforeAll(async () => {
    server = await startTestServer(kind);
    owner = await signUp(server, uniqueEmail('owner'), { firstName: 'Rita', lastName: 'Repair' });
    writer = await signUp(server, uniqueEmail('writer'));
    reader = await signUp(server, uniqueEmail('reader'));
    limited = await signUp(server, uniqueEmail('limited'));
    stranger = await signUp(server, uniqueEmail('stranger'));
    organizationId = await createOrganization(server, owner.user._id);
  });
  afterAll(async () => {
    await server?.close();
  });

  async function newModel(name: string) {
    const job = await uploadAndWait(server, owner.token, bytesOf(MODEL), {
      fileName: `${name}.json`,
      organizationId,
      name,
    });
    await grantModelRole(server, job.modelId, writer.user._id, 'WRITE');
    await grantModelRole(server, job.modelId, reader.user._id, 'READ');
    await grantModelRole(server, job.modelId, limited.user._id, 'LIMITEDVIEW');
    return { modelId: job.modelId, versionId: job.versionId };
  }

  const connectivity = (token: string, modelId: string, query = '') =>
    server.request('GET', `/api/models/${modelId}/data/connectivity${query ? `?${query}` : ''}`, { token });

  /** Asks until the report is there (each 202 names the job; the job's event says when to ask again). */
  async function reportOf(modelId: string, query = ''): Promise<ConnectivityView> {
    for (let tries = 0; tries < 400; tries++) {
      const answer = connectivityResponse.parse((await connectivity(reader.token, modelId, query)).body);
      if (answer.status === 'done') return answer.report;
      if (answer.status === 'failed') throw new Error(answer.error);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('no connectivity report');
  }

  /** Starts a repair and waits for its plan (ModelRepaired on the owner's socket). */
  async function readyRepair(modelId: string, body: object = {}): Promise<RepairResponse> {
    const live = await connectAndLogin(server.url, owner.token, owner.user._id);
    try {
      const started = await server.request('POST', `/api/models/${modelId}/repairs`, {
        token: owner.token,
        json: body,
      });
      expect(started.status).toBe(202);
      const { repair } = startRepairResponse.parse(started.body);
      const repaired = await live.waitFor(
        (event) =>
          event.payload.eventName === 'ModelRepaired' &&
          (event.payload.data as { repairId: string }).repairId === repair._id,
        30_000,
      );
      expect(repaired.payload.data).toMatchObject({ error: null });
      const shown = await server.request('GET', `/api/models/${modelId}/repairs/${repair._id}`, {
        token: reader.token,
      });
      expect(shown.status).toBe(200);
      return repairResponse.parse(shown.body);
    } finally {
      live.close();
    }
  }

  const post = (token: string, modelId: string, repairId: string, action: string, json: unknown) =>
    server.request('POST', `/api/models/${modelId}/repairs/${repairId}/${action}`, { token, json });

  describe('connectivity', () => {
    let modelId: string;
    let versionId: string;

    beforeAll(async () => {
      ({ modelId, versionId } = await newModel('Checked'));
    });

    it('checks a version in a job, tells its readers ModelConnectivity with the counts, then answers from the cache', async () => {
      const live = await connectAndLogin(server.url, reader.token, reader.user._id);
      try {
        const first = await connectivity(reader.token, modelId);
        expect(first.status).toBe(202);
        const queued = connectivityResponse.parse(first.body);
        if (queued.status !== 'queued' && queued.status !== 'running') throw new Error('expected a job');

        const told = await live.waitFor((event) => event.payload.eventName === 'ModelConnectivity', 30_000);
        expect(told.payload.data).toEqual({
          modelId,
          versionId,
          jobId: queued.jobId,
          error: null,
          counts: expectedCounts,
        });

        const second = await connectivity(reader.token, modelId);
        expect(second.status).toBe(200);
        const done = connectivityResponse.parse(second.body);
        if (done.status !== 'done') throw new Error('expected the report');
        expect(done.versionId).toBe(versionId);
        expect(done.report.counts).toEqual(expectedCounts);
        // Exactly the injected issues, check by check.
        expect(issueIdsByCheck(done.report)).toEqual(oracleIdsByCheck);
        expect(done.report.titles.C01).toBe('Coincident nodes');
        expect(done.report.issues.every((issue) => issue.text.length > 0)).toBe(true);
      } finally {
        live.close();
      }
    });

    it('shows tolerances in the model’s display unit, and other tolerances are another report', async () => {
      const report = await reportOf(modelId, `versionId=${versionId}`);
      const units = MODEL.units;
      expect(report.units).toBe(units);
      // Section 7's 1 mm (0.1 in imperial) merge tolerance, in the model's unit.
      const mmPerUnit = { mm: 1, cm: 10, m: 1000, in: 25.4, ft: 304.8 }[units];
      const imperial = units === 'in' || units === 'ft';
      expect(report.tolerances.merge * mmPerUnit).toBeCloseTo(imperial ? 2.54 : 1, 9);

      const wider = await connectivity(reader.token, modelId, `merge=${report.tolerances.merge * 2}`);
      expect(wider.status).toBe(202);
    });

    it('is READ and up: LIMITEDVIEW 401, a stranger 404, an unknown version 404', async () => {
      expect((await connectivity(limited.token, modelId)).status).toBe(401);
      expect((await connectivity(stranger.token, modelId)).status).toBe(404);
      expect(await connectivity(reader.token, modelId, `versionId=${randomUUID()}`)).toMatchObject({
        status: 404,
        body: { message: ownMessages.versionNotFound },
      });
      const bad = await connectivity(reader.token, modelId, 'merge=-1');
      expect(bad.status).toBe(400);
    });
  });

  describe('the model’s tolerances', () => {
    it('are the ones its last repair was started with: its checks use them from then on', async () => {
      const { modelId } = await newModel('Own tolerances');
      const defaults = await reportOf(modelId);
      const wider = defaults.tolerances.merge * 3;
      await readyRepair(modelId, { tolerances: { merge: wider } });
      // Asked without tolerances, the check now uses the model's own, in its display unit.
      const after = await reportOf(modelId);
      expect(after.tolerances.merge).toBeCloseTo(wider, 9);
      expect(after.tolerances.snap).toBeCloseTo(defaults.tolerances.snap, 9);
      const again = await readyRepair(modelId);
      expect(again.repair.tolerances.merge).toBeCloseTo(wider, 9);
    });
  });

  describe('repair', () => {
    let modelId: string;
    let v1: string;
    let plan: NonNullable<RepairResponse['plan']>;
    let repairId: string;

    beforeAll(async () => {
      ({ modelId, versionId: v1 } = await newModel('Repaired'));
      const ready = await readyRepair(modelId);
      if (!ready.plan) throw new Error('a ready repair has its plan');
      plan = ready.plan;
      repairId = ready.repair._id;
    });

    it('plans a repair in a job with progress, and shows the plan with the checks before and after', async () => {
      const live = await connectAndLogin(server.url, reader.token, reader.user._id);
      try {
        const started = await server.request('POST', `/api/models/${modelId}/repairs`, {
          token: writer.token,
          json: { operations: ['R01', 'R04'] },
        });
        expect(started.status).toBe(202);
        const { repair, job } = startRepairResponse.parse(started.body);
        expect(repair).toMatchObject({
          modelId,
          versionId: v1,
          versionNumber: 1,
          status: 'running',
          operations: ['R01', 'R04'],
          units: MODEL.units,
          createdBy: { _id: writer.user._id },
          committedVersionId: null,
        });
        expect(job).toMatchObject({ kind: 'repair', fileName: 'Repair of version 1', versionId: null });

        const repaired = await live.waitFor(
          (event) =>
            event.payload.eventName === 'ModelRepaired' &&
            (event.payload.data as { repairId: string }).repairId === repair._id,
          30_000,
        );
        expect(repaired.payload.data).toEqual({
          modelId,
          repairId: repair._id,
          jobId: job._id,
          versionId: v1,
          error: null,
        });
        const progress = eventsNamed(live, 'ProgressUpdate')
          .map((payload) => jobSchema.parse(payload.data))
          .filter((update) => update._id === job._id);
        expect(progress.every((update) => update.kind === 'repair')).toBe(true);
        expect(progress.at(-1)).toMatchObject({ status: 'done', progress: 100 });

        const shown = repairResponse.parse(
          (
            await server.request('GET', `/api/models/${modelId}/repairs/${repair._id}`, {
              token: reader.token,
            })
          ).body,
        );
        expect(shown.repair.status).toBe('ready');
        // Only the operations asked for.
        expect(new Set(shown.plan?.operations.map((operation) => operation.operation))).toEqual(
          new Set(['R01', 'R04']),
        );
      } finally {
        live.close();
      }
    });

    it('answers the default plan: the checks before are the oracle, coincident nodes are gone after', () => {
      expect(plan.before.counts).toEqual(expectedCounts);
      expect(plan.operations.length).toBeGreaterThan(0);
      expect(plan.operations.every((operation) => operation.text.length > 0)).toBe(true);
      // Every injected coincident node is merged by an operation that needs no confirmation.
      const merges = plan.operations.filter((operation) => operation.operation === 'R01');
      expect(merges.length).toBe(expectedCounts.C01);
      expect(merges.every((operation) => !operation.requiresConfirmation)).toBe(true);
      expect(plan.after.counts.C01).toBe(0);
      expect(totalIssues(plan.after.counts)).toBeLessThan(totalIssues(plan.before.counts));
      expect(plan.diff.changes.length).toBeGreaterThan(0);
    });

    it('previews exactly the accepted operations', async () => {
      const [merge] = plan.operations.filter((operation) => operation.operation === 'R01');
      if (!merge) throw new Error('the plan merges nodes');
      const answer = await post(reader.token, modelId, repairId, 'preview', { accepted: [merge.id] });
      expect(answer.status).toBe(200);
      const preview = previewRepairResponse.parse(answer.body);
      expect(preview.skipped).toEqual([]);
      expect(preview.after.counts.C01).toBe(expectedCounts.C01 - 1);
      expect(preview.after.issues.map((issue) => issue.id)).not.toContain(merge.issueId);
      // The merged node is the one change of the nodes.
      const nodeChanges = preview.diff.changes.filter((change) => change.key.startsWith('nodes:'));
      expect(nodeChanges.length).toBeGreaterThan(0);

      const nothing = previewRepairResponse.parse(
        (await post(reader.token, modelId, repairId, 'preview', { accepted: [] })).body,
      );
      expect(nothing.after.counts).toEqual(expectedCounts);
      expect(nothing.diff.changes).toEqual([]);
    });

    it('draws the repaired model: merged nodes are gone from the scene', async () => {
      const merges = plan.operations.filter((operation) => operation.operation === 'R01');
      const answer = await post(reader.token, modelId, repairId, 'scene', {
        accepted: merges.map((operation) => operation.id),
      });
      expect(answer.status).toBe(200);
      const scene = repairSceneResponse.parse(answer.body);
      expect(scene).toMatchObject({ modelId, versionId: v1, units: MODEL.units });
      const merged = merges.reduce((sum, operation) => sum + operation.nodeIds.length - 1, 0);
      expect(merged).toBeGreaterThan(0);
      expect(scene.nodes.ids.length).toBe(MODEL.nodes.length - merged);
      expect((await post(limited.token, modelId, repairId, 'scene', { accepted: [] })).status).toBe(401);
    });

    it('refuses bad bodies with a message', async () => {
      const cases: Array<[string, unknown]> = [
        ['repairs', { tolerances: { merge: -1 } }],
        ['repairs', { operations: ['R99'] }],
        ['repairs', { surprise: true }],
      ];
      for (const [, json] of cases) {
        const answer = await server.request('POST', `/api/models/${modelId}/repairs`, {
          token: owner.token,
          json,
        });
        expect(answer.status).toBe(400);
        expect((answer.body as { message: string }).message.length).toBeGreaterThan(0);
      }
      const notAList = await post(owner.token, modelId, repairId, 'preview', { accepted: 'all' });
      expect(notAList.status).toBe(400);
      expect(await post(owner.token, modelId, repairId, 'commit', { accepted: [] })).toMatchObject({
        status: 400,
        body: { message: ownMessages.repairNothingAccepted },
      });
      expect(
        await post(owner.token, modelId, repairId, 'commit', { accepted: ['R01:nothing'] }),
      ).toMatchObject({
        status: 400,
        body: { message: ownMessages.repairNothingAccepted },
      });
      expect(
        await server.request('GET', `/api/models/${modelId}/repairs/${randomUUID()}`, {
          token: reader.token,
        }),
      ).toMatchObject({ status: 404, body: { message: ownMessages.repairNotFound } });
      // A reader may look but not commit.
      const merge = plan.operations.find((operation) => operation.operation === 'R01');
      expect((await post(reader.token, modelId, repairId, 'commit', { accepted: [merge?.id] })).status).toBe(
        401,
      );
    });

    it('discards a repair: 204, then it shows discarded and cannot be committed', async () => {
      const other = await readyRepair(modelId, { operations: ['R01'] });
      const path = `/api/models/${modelId}/repairs/${other.repair._id}`;
      const discarded = await server.request('DELETE', path, { token: writer.token });
      expect(discarded.status).toBe(204);
      const shown = repairResponse.parse((await server.request('GET', path, { token: reader.token })).body);
      expect(shown).toMatchObject({ repair: { status: 'discarded' }, plan: null });
      const accepted = other.plan?.operations.map((operation) => operation.id) ?? [];
      expect(await post(owner.token, modelId, other.repair._id, 'commit', { accepted })).toMatchObject({
        status: 409,
        body: { message: ownMessages.repairClosed },
      });
      expect(await server.request('DELETE', path, { token: writer.token })).toMatchObject({
        status: 409,
        body: { message: ownMessages.repairClosed },
      });
    });

    it('commits accepted operations as a version whose message lists them, live for another user', async () => {
      // Another repair of the same version, ready before the commit: it is outdated after it.
      const stale = await readyRepair(modelId, { operations: ['R01'] });
      const merges = plan.operations.filter((operation) => operation.operation === 'R01');
      const others = plan.operations.filter(
        (operation) => operation.operation !== 'R01' && operation.dependsOn.length === 0,
      );
      const accepted = [...merges, ...others.slice(0, 1)];
      const tab = `repair-${randomUUID().slice(0, 8)}`;

      const author = await connectAndLogin(server.url, writer.token, writer.user._id);
      const other = await connectAndLogin(server.url, reader.token, reader.user._id);
      try {
        const answer = await server.request('POST', `/api/models/${modelId}/repairs/${repairId}/commit`, {
          token: writer.token,
          json: { accepted: accepted.map((operation) => operation.id) },
          headers: { GussetSessionId: tab },
        });
        expect(answer.status).toBe(202);
        const job = commitRepairResponse.parse(answer.body);
        expect(job).toMatchObject({ kind: 'repairCommit', modelId, fileName: 'Repair of version 1' });

        const committed = await other.waitFor(
          (event) => event.payload.eventName === 'ModelRepairCommit',
          30_000,
        );
        expect(committed.payload.data).toMatchObject({ modelId, repairId, jobId: job._id, versionNumber: 2 });
        expect(committed.payload.GussetSessionId).toBe(tab);
        const versionId = (committed.payload.data as { versionId: string }).versionId;
        const added = await other.waitFor((event) => event.payload.eventName === 'ModelAdded');
        expect(added.payload.data).toMatchObject({ modelId, versionId, versionNumber: 2, newModel: false });
        await author.waitFor(
          (event) =>
            event.payload.eventName === 'ProgressUpdate' &&
            jobSchema.parse(event.payload.data).status === 'done' &&
            jobSchema.parse(event.payload.data)._id === job._id,
        );
        const progress = eventsNamed(author, 'ProgressUpdate')
          .map((payload) => jobSchema.parse(payload.data))
          .filter((update) => update._id === job._id);
        expect(progress.every((update) => update.kind === 'repairCommit')).toBe(true);

        const version = versionSchema.parse(
          (
            await server.request('GET', `/api/models/${modelId}/versions/${versionId}`, {
              token: owner.token,
            })
          ).body,
        );
        expect(version.origin).toEqual({
          kind: 'repair',
          repairId,
          repairedVersionId: v1,
          repairedNumber: 1,
          operationCount: accepted.length,
        });
        const parts = [...new Set(accepted.map((operation) => operation.operation))].map((id) => {
          const count = accepted.filter((operation) => operation.operation === id).length;
          return `${count} × ${OPERATION_TITLES[id]} (${id})`;
        });
        expect(version.message).toBe(`Repair of version 1: ${parts.join(', ')}`);
        expect(version.Author).toMatchObject({ _id: writer.user._id });

        // The repaired version has no coincident nodes left, and fewer issues.
        const stored = await loadVersionModel(server.db, modelId, versionId);
        expect(stored?.model.nodes.length).toBeLessThan(MODEL.nodes.length);
        const after = await reportOf(modelId, `versionId=${versionId}`);
        expect(after.counts.C01).toBe(0);
        expect(totalIssues(after.counts)).toBeLessThan(totalIssues(expectedCounts));

        const shown = repairResponse.parse(
          (await server.request('GET', `/api/models/${modelId}/repairs/${repairId}`, { token: reader.token }))
            .body,
        );
        expect(shown.repair).toMatchObject({ status: 'committed', committedVersionId: versionId });
        expect(
          await post(writer.token, modelId, repairId, 'commit', { accepted: [accepted[0]?.id] }),
        ).toMatchObject({ status: 409, body: { message: ownMessages.repairClosed } });

        const outdated = await post(writer.token, modelId, stale.repair._id, 'commit', {
          accepted: stale.plan?.operations.map((operation) => operation.id) ?? [],
        });
        expect(outdated).toMatchObject({ status: 409, body: { message: ownMessages.repairOutdated } });
      } finally {
        author.close();
        other.close();
      }
    });

    it('refuses a repair while another repair or writer of the model is unfinished (409 repairInProgress)', async () => {
      // Jobs another process holds (their lease far ahead), so this server's runner leaves them alone.
      for (const kind of ['repair', 'merge', 'repairCommit']) {
        const held = randomUUID();
        await server.db.query(
          `INSERT INTO jobs (id, kind, model_id, created_by, payload, status, stage, progress, attempts, lease_until,
                             created_at, updated_at)
           VALUES ($1, $2, $3, $4, '{"fileName":"Held"}'::jsonb, 'running', 'Working', 40, 1,
                   now() + interval '1 hour', now(), now())`,
          [held, kind, modelId, owner.user._id],
        );
        try {
          const refused = await server.request('POST', `/api/models/${modelId}/repairs`, {
            token: owner.token,
            json: {},
          });
          expect(refused).toMatchObject({ status: 409, body: { message: ownMessages.repairInProgress } });
        } finally {
          await server.db.query('DELETE FROM jobs WHERE id = $1', [held]);
        }
      }
    });

    it('fails a commit whose repair is gone with ModelError naming the job', async () => {
      const live = await connectAndLogin(server.url, owner.token, owner.user._id);
      try {
        const jobId = randomUUID();
        const payload = {
          fileName: 'Repair of version 9',
          repairId: randomUUID(),
          accepted: ['x'],
          message: null,
        };
        await server.db.query(
          `INSERT INTO jobs (id, kind, model_id, created_by, payload, status, stage, progress, attempts,
                             created_at, updated_at)
           VALUES ($1, 'repairCommit', $2, $3, $4::jsonb, 'queued', 'Waiting for a worker', 0, 0, now(), now())`,
          [jobId, modelId, owner.user._id, JSON.stringify(payload)],
        );
        server.app.jobRunner.wake();
        const failed = await live.waitFor(
          (event) =>
            event.payload.eventName === 'ModelError' &&
            (event.payload.data as { jobId: string }).jobId === jobId,
          20_000,
        );
        expect(failed.payload.data).toEqual({ modelId, jobId, error: ownMessages.repairNotFound });
      } finally {
        live.close();
      }
    });
  });
});
