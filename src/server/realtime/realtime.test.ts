import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { generateBuilding } from '../../engine/testing/building';
import { presetParameters } from '../../engine/testing/presets';
import { messages } from '../../contract/errors';
import { modelSchema, type Model } from '../../contract/http/models';
import type { SessionResponse } from '../../contract/http/users';
import { jobSchema, type Job } from '../../contract/http/jobs';
import type { RealtimePayload } from '../../contract/realtime';
import { writeModelJson } from '../../engine/formats/json';
import { addOrganizationMember, createOrganization, grantModelRole, waitForJob } from '../testing/uploads';
import { signUp, uniqueEmail } from '../testing/accounts';
import { putPaymentMethodOnFile } from '../modules/billing/billingTesting';
import { databases } from '../testing/databases';
import { startTestServer, type TestServer } from '../testing/testServer';
import {
  connectAndLogin,
  connection,
  connectLive,
  eventsNamed,
  openSocket,
  type LiveClient,
} from '../testing/sockets';

/** Long enough for an event sent to every socket at once to have reached them all on loopback. */
const SETTLE_MS = 250;
const settle = () => new Promise((resolve) => setTimeout(resolve, SETTLE_MS));

describe.each(databases())('live socket on $kind', ({ kind }) => {
  let server: TestServer;
  let owner: SessionResponse;
  let reader: SessionResponse;
  let limited: SessionResponse;
  let member: SessionResponse;
  let stranger: SessionResponse;
  let organizationId: string;
  const clients: LiveClient[] = [];

  beforeAll(async () => {
    server = await startTestServer(kind);
    owner = await signUp(server, uniqueEmail('owner'), { firstName: 'Olga', lastName: 'Owner' });
    reader = await signUp(server, uniqueEmail('reader'), { firstName: 'Rita', lastName: 'Reader' });
    limited = await signUp(server, uniqueEmail('limited'));
    member = await signUp(server, uniqueEmail('member'), { firstName: 'Max', lastName: 'Member' });
    stranger = await signUp(server, uniqueEmail('stranger'));
    organizationId = await createOrganization(server, owner.user._id, 'Live');
    // More than three models are made here: a card on file keeps the free-model rule (issue #10) out of the way.
    await putPaymentMethodOnFile(server.db, organizationId);
    await addOrganizationMember(server, organizationId, member.user._id, 'MEMBER');
  });
  afterEach(() => {
    for (const client of clients.splice(0)) client.close();
  });
  afterAll(async () => {
    await server?.close();
  });

  async function live(session: SessionResponse): Promise<LiveClient> {
    const client = await connectAndLogin(server.url, session.token, session.user._id);
    clients.push(client);
    return client;
  }

  async function liveAll<T extends SessionResponse[]>(
    ...sessions: T
  ): Promise<{ [K in keyof T]: LiveClient }> {
    return (await Promise.all(sessions.map(live))) as { [K in keyof T]: LiveClient };
  }

  /** A model of the organization with a READ and a LIMITEDVIEW collaborator (granted before anyone logs in). */
  async function sharedModel(name: string): Promise<Model> {
    const created = await server.request('POST', '/api/models', {
      token: owner.token,
      json: { name, organizationId },
    });
    expect(created.status).toBe(201);
    const model = modelSchema.parse(created.body);
    await grantModelRole(server, model._id, reader.user._id, 'READ');
    await grantModelRole(server, model._id, limited.user._id, 'LIMITEDVIEW');
    return model;
  }

  function rename(modelId: string, name: string, headers: Record<string, string> = {}, query = '') {
    return server.request('PUT', `/api/models/${modelId}${query}`, {
      token: owner.token,
      json: { name },
      headers,
    });
  }

  async function upload(
    session: SessionResponse,
    bytes: Uint8Array,
    target: { modelId: string } | { organizationId: string; name: string },
    sessionId?: string,
  ): Promise<Job> {
    const query = new URLSearchParams(target);
    const response = await fetch(`${server.url}/api/v2/uploads?${query}`, {
      method: 'POST',
      headers: {
        authorization: session.token,
        'content-type': 'application/octet-stream',
        'x-file-name': 'tower.json',
        ...(sessionId ? { gussetsessionid: sessionId } : {}),
      },
      body: bytes,
    });
    expect(response.status).toBe(202);
    return jobSchema.parse(await response.json());
  }

  const building = (seed: number) => writeModelJson(generateBuilding(presetParameters('1k', seed))).bytes;
  const about = (modelId: string) => (event: { payload: RealtimePayload }) =>
    (event.payload.data as { modelId?: string } | null)?.modelId === modelId;
  const named = (eventName: string, modelId: string) => (event: { payload: RealtimePayload }) =>
    event.payload.eventName === eventName && about(modelId)(event);

  describe('handshake', () => {
    it('refuses a socket without a token, with a malformed or unknown token, and with a revoked one', async () => {
      const signedOut = await signUp(server, uniqueEmail('signed-out'));
      const logout = await server.request('POST', '/auth/logout', { token: signedOut.token });
      expect(logout.status).toBeLessThan(300);

      for (const auth of [
        undefined,
        {},
        { token: 42 },
        { token: 'short' },
        { token: 'x'.repeat(10_000) },
        { token: 'A'.repeat(43) },
        { token: signedOut.token },
      ]) {
        const socket = openSocket(server.url, auth);
        await expect(connection(socket), JSON.stringify(auth)?.slice(0, 40)).rejects.toThrow(
          messages.sessionExpired,
        );
        socket.disconnect();
      }
      // The same token over REST is refused the same way: one rule for both.
      expect((await server.request('GET', '/api/users', { token: signedOut.token })).status).toBe(403);
    });

    it('accepts a live token; before login the socket is in no room and hears nothing', async () => {
      const model = await sharedModel('Before login');
      const control = await live(owner);
      const waiting = await connectLive(server.url, reader.token);
      clients.push(waiting);
      expect(waiting.socket.connected).toBe(true);
      await rename(model._id, 'Before login 2');
      await control.waitFor(named('ModelUpdated', model._id));
      await settle();
      expect(waiting.events).toEqual([]);
    });
  });

  describe('long polling (the browser’s fallback)', () => {
    it('authenticates, logs in and delivers the same way', async () => {
      const model = await sharedModel('Polled');
      const refused = openSocket(server.url, { token: 'B'.repeat(43) }, 'polling');
      await expect(connection(refused)).rejects.toThrow(messages.sessionExpired);
      refused.disconnect();

      const polled = await connectLive(server.url, reader.token, 'polling');
      clients.push(polled);
      expect(await polled.login(reader.user._id)).toEqual({ ok: true });
      await rename(model._id, 'Polled 2');
      await polled.waitFor(named('ModelUpdated', model._id));
    });
  });

  describe('login', () => {
    it('refuses a login naming another user, and that socket then receives nothing', async () => {
      const model = await sharedModel('Impersonated');
      const control = await live(owner);
      const impostor = await connectLive(server.url, reader.token);
      clients.push(impostor);
      expect(await impostor.login(owner.user._id)).toEqual({
        ok: false,
        message: messages.unauthorizedAccess,
      });

      await rename(model._id, 'Impersonated 2');
      await control.waitFor(named('ModelUpdated', model._id));
      await settle();
      expect(impostor.events).toEqual([]);
      expect(impostor.socket.connected).toBe(true);
    });

    it('refuses malformed login payloads without failing, then accepts the right id', async () => {
      const client = await connectLive(server.url, reader.token);
      clients.push(client);
      for (const payload of [42, { _id: reader.user._id }, 'x'.repeat(10_000), '', null, [reader.user._id]]) {
        expect(await client.login(payload), String(payload).slice(0, 20)).toEqual({
          ok: false,
          message: messages.unauthorizedAccess,
        });
      }
      // Without an acknowledgement, and with extra arguments: ignored, nothing breaks.
      client.socket.emit('login', reader.user._id);
      (client.socket.emit as (...args: unknown[]) => void)('logout', { not: 'an id' });
      (client.socket.emit as (...args: unknown[]) => void)('unknownEvent', 'x'.repeat(1000));
      expect(await client.login(reader.user._id)).toEqual({ ok: true });
      expect(client.socket.connected).toBe(true);
    });
  });

  describe('model events', () => {
    it('tells everyone who can see a model of its rename; a member without access and a stranger get nothing', async () => {
      const model = await sharedModel('Renamed');
      const [ownerClient, readerClient, limitedClient, memberClient, strangerClient] = await liveAll(
        owner,
        reader,
        limited,
        member,
        stranger,
      );
      expect((await rename(model._id, 'Renamed 2', { gussetsessionid: 'tab-rename' })).status).toBe(200);

      for (const client of [ownerClient, readerClient, limitedClient]) {
        const event = await client.waitFor(named('ModelUpdated', model._id));
        expect(event.channel).toBe('fromElementService');
        expect(event.payload).toEqual({
          author: {
            _id: owner.user._id,
            firstName: 'Olga',
            lastName: 'Owner',
            initials: owner.user.initials,
          },
          message: 'success',
          eventName: 'ModelUpdated',
          data: { modelId: model._id, modelName: 'Renamed 2', change: 'renamed', previousName: 'Renamed' },
          showInWebUI: false,
          GussetSessionId: 'tab-rename',
        });
      }
      await settle();
      expect(memberClient.events).toEqual([]);
      expect(strangerClient.events).toEqual([]);
    });

    it('carries the GussetSessionId of the query, and none when the request had none or a malformed one', async () => {
      const model = await sharedModel('Sessions');
      const ownerClient = await live(owner);
      await rename(model._id, 'Sessions 2', {}, '?GussetSessionId=tab-query');
      await rename(model._id, 'Sessions 3');
      await rename(model._id, 'Sessions 4', { gussetsessionid: 'not a valid id!' });
      await ownerClient.waitFor(() => eventsNamed(ownerClient, 'ModelUpdated').length === 3);
      expect(eventsNamed(ownerClient, 'ModelUpdated').map((event) => event.GussetSessionId)).toEqual([
        'tab-query',
        undefined,
        undefined,
      ]);
    });

    it('a reader follows an upload live, ProgressUpdate to done then ModelAdded; LIMITEDVIEW gets neither', async () => {
      const model = await sharedModel('Uploaded');
      const [readerClient, limitedClient, memberClient, strangerClient] = await liveAll(
        reader,
        limited,
        member,
        stranger,
      );
      const job = await upload(owner, building(1), { modelId: model._id }, 'tab-upload');

      const added = await readerClient.waitFor(named('ModelAdded', model._id), 30_000);
      expect(added.payload).toMatchObject({
        author: { _id: owner.user._id },
        message: 'success',
        showInWebUI: true,
        GussetSessionId: 'tab-upload',
        data: { modelId: model._id, versionNumber: 1, organizationId, newModel: false },
      });
      const progress = eventsNamed(readerClient, 'ProgressUpdate').map((event) =>
        jobSchema.parse(event.data),
      );
      expect(progress.every((update) => update._id === job._id)).toBe(true);
      expect(progress[0]?.status).toBe('queued');
      expect(progress.at(-1)).toMatchObject({ status: 'done', progress: 100, modelId: model._id });
      expect(progress.map((update) => update.progress)).toEqual(
        [...progress.map((update) => update.progress)].sort((a, b) => a - b),
      );
      const finished = await waitForJob(server, owner.token, job._id);
      expect((added.payload.data as { versionId: string }).versionId).toBe(finished.versionId);
      for (const payload of eventsNamed(readerClient, 'ProgressUpdate')) {
        expect(payload).toMatchObject({
          showInWebUI: false,
          message: 'progress',
          GussetSessionId: 'tab-upload',
        });
      }

      await settle();
      expect(limitedClient.events).toEqual([]);
      expect(memberClient.events).toEqual([]);
      expect(strangerClient.events).toEqual([]);
    });

    it('a new model’s upload is followed by its uploader; the model’s room then holds the organization owner', async () => {
      const [memberClient, ownerClient, strangerClient] = await liveAll(member, owner, stranger);
      const job = await upload(member, building(2), { organizationId, name: 'Fresh' });
      const added = await memberClient.waitFor(
        (event) =>
          event.payload.eventName === 'ModelAdded' && (event.payload.data as { newModel: boolean }).newModel,
        30_000,
      );
      const modelId = (added.payload.data as { modelId: string }).modelId;
      const progress = eventsNamed(memberClient, 'ProgressUpdate').map((event) =>
        jobSchema.parse(event.data),
      );
      expect(progress[0]).toMatchObject({ _id: job._id, status: 'queued', modelId: null });
      expect(progress.at(-1)).toMatchObject({ status: 'done', modelId });
      // The owner is ADMIN on every model of the organization: told when it appears, not while it was uploading.
      await ownerClient.waitFor(named('ModelAdded', modelId));
      const ownerProgress = eventsNamed(ownerClient, 'ProgressUpdate').map(
        (payload) => jobSchema.parse(payload.data).status,
      );
      expect(ownerProgress.length).toBeGreaterThan(0);
      expect(new Set(ownerProgress)).toEqual(new Set(['done']));

      await rename(modelId, 'Fresh 2');
      await ownerClient.waitFor(named('ModelUpdated', modelId));
      await memberClient.waitFor(named('ModelUpdated', modelId));
      await settle();
      expect(strangerClient.events).toEqual([]);
    });

    it('a failed upload sends ModelError to the uploader and the readers', async () => {
      const model = await sharedModel('Broken');
      const [ownerClient, readerClient, limitedClient] = await liveAll(owner, reader, limited);
      const job = await upload(owner, new TextEncoder().encode('{ not json'), { modelId: model._id });
      const failed = await waitForJob(server, owner.token, job._id);
      expect(failed.status).toBe('failed');
      for (const client of [ownerClient, readerClient]) {
        const error = await client.waitFor(named('ModelError', model._id), 30_000);
        expect(error.payload).toMatchObject({
          message: 'error',
          showInWebUI: true,
          data: { modelId: model._id, jobId: job._id, error: failed.error },
        });
      }
      await settle();
      expect(limitedClient.events).toEqual([]);
    });

    it('a collaborator removed while connected hears nothing more, at once', async () => {
      const model = await sharedModel('Revoked');
      const [ownerClient, readerClient] = await liveAll(owner, reader);
      const removed = await server.request(
        'DELETE',
        `/api/models/${model._id}/collaborators/${reader.user._id}`,
        { token: owner.token },
      );
      expect(removed.status).toBe(200);
      // Out of the room before the answer, not only at the next event.
      const room = server.app.realtime.io.sockets.adapter.rooms.get(`model:${model._id}`);
      expect(room?.has(readerClient.socket.id as string)).toBe(false);
      expect(room?.has(ownerClient.socket.id as string)).toBe(true);
      await upload(owner, building(3), { modelId: model._id });
      await ownerClient.waitFor(named('ModelAdded', model._id), 30_000);
      await rename(model._id, 'Revoked 2');
      await ownerClient.waitFor(named('ModelUpdated', model._id));
      await settle();
      expect(readerClient.events).toEqual([]);
    });

    it('a permission removed behind the rooms’ back is caught when the event is sent', async () => {
      const model = await sharedModel('Behind');
      const [ownerClient, readerClient, limitedClient] = await liveAll(owner, reader, limited);
      await server.db.query(
        'DELETE FROM model_permissions WHERE model_id = $1 AND user_id = ANY($2::uuid[])',
        [model._id, [reader.user._id, limited.user._id]],
      );
      await rename(model._id, 'Behind 2');
      await ownerClient.waitFor(named('ModelUpdated', model._id));
      await settle();
      expect(readerClient.events).toEqual([]);
      expect(limitedClient.events).toEqual([]);
      // And the check took them out of the room.
      const room = server.app.realtime.io.sockets.adapter.rooms.get(`model:${model._id}`);
      expect([...(room ?? [])]).toEqual([ownerClient.socket.id]);
    });

    it('a collaborator added while connected joins the model’s room at once', async () => {
      const model = await sharedModel('Joined');
      const strangerClient = await live(stranger);
      const added = await server.request('POST', `/api/models/${model._id}/collaborators`, {
        token: owner.token,
        json: { emailAddress: stranger.user.emailAddress, type: 'READ' },
      });
      expect(added.status).toBe(201);
      await strangerClient.waitFor(named('ModelUpdated', model._id));
      await upload(owner, building(4), { modelId: model._id });
      await strangerClient.waitFor(named('ModelAdded', model._id), 30_000);
      await server.request('DELETE', `/api/models/${model._id}/collaborators/${stranger.user._id}`, {
        token: owner.token,
      });
    });

    it('ModelRemoved reaches those who could see the deleted model, LIMITEDVIEW included, nobody else', async () => {
      const model = await sharedModel('Deleted');
      const clientsByName = Object.fromEntries(
        await Promise.all(
          Object.entries({ owner, reader, limited, member, stranger }).map(
            async ([name, session]) => [name, await live(session)] as const,
          ),
        ),
      );
      const deleted = await server.request('DELETE', `/api/models/${model._id}`, {
        token: owner.token,
        headers: { gussetsessionid: 'tab-delete' },
      });
      expect(deleted.status).toBe(200);
      for (const name of ['owner', 'reader', 'limited']) {
        const event = await clientsByName[name]!.waitFor(named('ModelRemoved', model._id));
        expect(event.payload).toMatchObject({ showInWebUI: true, GussetSessionId: 'tab-delete' });
      }
      await settle();
      expect(clientsByName.member!.events).toEqual([]);
      expect(clientsByName.stranger!.events).toEqual([]);
      expect(server.app.realtime.io.sockets.adapter.rooms.get(`model:${model._id}`)).toBeUndefined();
    });

    it('ModelCloned goes to the cloning user only, with the model as their list shows it', async () => {
      const model = await sharedModel('Original');
      const [ownerClient, readerClient] = await liveAll(owner, reader);
      const cloned = await server.request('POST', `/api/models/${model._id}/clone`, {
        token: owner.token,
        json: {},
      });
      expect(cloned.status).toBe(201);
      const clone = modelSchema.parse(cloned.body);
      const event = await ownerClient.waitFor((received) => received.payload.eventName === 'ModelCloned');
      expect(event.payload).toMatchObject({ showInWebUI: true, data: { model: clone } });
      const fetched = await server.request('GET', `/api/models/${clone._id}`, { token: owner.token });
      expect((event.payload.data as { model: Model }).model).toEqual(fetched.body);
      // The clone's room holds its owner.
      await rename(clone._id, 'Clone renamed');
      await ownerClient.waitFor(named('ModelUpdated', clone._id));
      await settle();
      expect(readerClient.events).toEqual([]);
    });
  });

  describe('organization events', () => {
    it('a rename tells the members only; a removed member hears nothing more; an added one joins at once', async () => {
      const organization = await server.request('POST', '/api/organizations', {
        token: owner.token,
        json: { name: 'Crew' },
      });
      const crewId = (organization.body as { _id: string })._id;
      await addOrganizationMember(server, crewId, member.user._id, 'ADMIN');
      const [ownerClient, memberClient, strangerClient] = await liveAll(owner, member, stranger);
      const renamed = await server.request('PUT', `/api/organizations/${crewId}`, {
        token: member.token,
        json: { name: 'Crew 2' },
      });
      expect(renamed.status).toBe(200);
      const isCrew = (event: { payload: RealtimePayload }) =>
        event.payload.eventName === 'OrganizationUpdated' &&
        (event.payload.data as { organizationId: string }).organizationId === crewId;
      for (const client of [ownerClient, memberClient]) {
        const event = await client.waitFor(isCrew);
        expect(event.channel).toBe('fromOrganizationService');
        expect(event.payload.author?._id).toBe(member.user._id);
        const data = event.payload.data as { organization: Record<string, unknown> };
        expect(data.organization).toMatchObject({ _id: crewId, name: 'Crew 2' });
        expect(data.organization).not.toHaveProperty('currentUserRole');
      }

      // Removed: hears nothing more. Added: hears the next change at once.
      const removed = await server.request(
        'DELETE',
        `/api/organizations/${crewId}/collaborators/${member.user._id}`,
        {
          token: owner.token,
        },
      );
      expect(removed.status).toBe(204);
      const added = await server.request('POST', `/api/organizations/${crewId}/collaborators`, {
        token: owner.token,
        json: { emailAddress: stranger.user.emailAddress, role: 'MEMBER' },
      });
      expect(added.status).toBe(201);
      await strangerClient.waitFor(isCrew);
      await server.request('PUT', `/api/organizations/${crewId}`, {
        token: owner.token,
        json: { name: 'Crew 3' },
      });
      await strangerClient.waitFor(
        (event) =>
          isCrew(event) &&
          (event.payload.data as { organization: { name: string } }).organization.name === 'Crew 3',
      );
      await settle();
      expect(memberClient.events.filter(isCrew)).toHaveLength(1);
    });
  });

  describe('sessions', () => {
    it('logout leaves the rooms and disconnects; the user’s other sockets still receive', async () => {
      const model = await sharedModel('Logout');
      const [leaving, staying] = await Promise.all([live(reader), live(reader)]);
      const leavingId = leaving.socket.id as string;
      const disconnected = new Promise((resolve) => leaving.socket.once('disconnect', resolve));
      leaving.socket.emit('logout', reader.user._id);
      expect(await disconnected).toBe('io server disconnect');
      await rename(model._id, 'Logout 2');
      await staying.waitFor(named('ModelUpdated', model._id));
      await settle();
      expect(leaving.events).toEqual([]);
      expect(server.app.realtime.io.sockets.sockets.has(leavingId)).toBe(false);
    });

    it('a session revoked while connected is cut off when the next event is sent', async () => {
      const model = await sharedModel('Cut off');
      const second = await signUp(server, uniqueEmail('second'));
      await grantModelRole(server, model._id, second.user._id, 'READ');
      const [ownerClient, secondClient] = await liveAll(owner, second);
      const disconnected = new Promise((resolve) => secondClient.socket.once('disconnect', resolve));
      expect((await server.request('POST', '/auth/logout', { token: second.token })).status).toBeLessThan(
        300,
      );
      await rename(model._id, 'Cut off 2');
      await ownerClient.waitFor(named('ModelUpdated', model._id));
      expect(await disconnected).toBe('io server disconnect');
      expect(secondClient.events).toEqual([]);
      // And it cannot come back with that token.
      const again = openSocket(server.url, { token: second.token });
      await expect(connection(again)).rejects.toThrow(messages.sessionExpired);
      again.disconnect();
    });

    it('the periodic sweep disconnects a socket whose session was revoked, even when nothing is sent', async () => {
      const third = await signUp(server, uniqueEmail('third'));
      const thirdClient = await live(third);
      const ownerClient = await live(owner);
      const disconnected = new Promise((resolve) => thirdClient.socket.once('disconnect', resolve));
      await server.request('POST', '/auth/logout', { token: third.token });
      await server.app.realtime.sweepSessions();
      expect(await disconnected).toBe('io server disconnect');
      expect(ownerClient.socket.connected).toBe(true);
    });
  });
});
