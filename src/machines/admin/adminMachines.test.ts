import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import type { ApiResult, HttpClient, RequestOptions } from '../../api/types';
import { messages, ownMessages } from '../../contract/errors';
import { createFakeHttpClient, deferred, failure, ok } from '../auth/fakeHttpClient';
import { anOrganization } from '../organizations/organizationsTestKit';
import {
  createAdminOrganizationsImplementations,
  adminOrganizationsMachine,
} from './adminOrganizationsMachine';
import { adminUsersMachine, createAdminUsersImplementations } from './adminUsersMachine';
import { anAdminUserRow, someUsers } from './adminTestKit';
import { selectUserViews, selectUsersPage } from './selectors';

const john = anAdminUserRow();

function startUsers(fake = createFakeHttpClient(), pageSize = 2) {
  const toasts: string[] = [];
  const actor = createActor(
    adminUsersMachine.provide(createAdminUsersImplementations(fake.http, (message) => toasts.push(message))),
    { input: { pageSize } },
  ).start();
  return { actor, fake, toasts };
}

const shown = (actor: ReturnType<typeof startUsers>['actor']) =>
  waitFor(actor, (snapshot) => snapshot.hasTag('shown') || snapshot.hasTag('failed'));

describe('adminUsersMachine', () => {
  it('pages through every user and stops at the first and last page', async () => {
    const pages = [someUsers(2, 1), someUsers(2, 3), someUsers(1, 5)];
    const asked: unknown[] = [];
    // A client that answers from the page the call asks for, as the server would.
    const http: HttpClient = {
      request: async <T>(_method: string, _path: string, options?: RequestOptions<T>) => {
        asked.push(options?.searchParams);
        const page = Number(options?.searchParams?.page);
        return ok({ data: pages[page - 1] ?? [], total: 5, page, pageSize: 2 }) as ApiResult<T>;
      },
    };
    const { actor } = startUsers({ http, requests: [], answer: () => {} });
    await shown(actor);
    expect(selectUsersPage(actor.getSnapshot())).toEqual({
      page: 1,
      pageCount: 3,
      total: 5,
      hasPrevious: false,
      hasNext: true,
    });

    actor.send({ type: 'page.previous' });
    expect(actor.getSnapshot().hasTag('loading')).toBe(false);

    for (let page = 2; page <= 3; page += 1) {
      actor.send({ type: 'page.next' });
      expect(actor.getSnapshot().hasTag('loading')).toBe(true);
      await shown(actor);
    }
    expect(selectUserViews(actor.getSnapshot()).map((user) => user.row._id)).toEqual(['user-5']);
    expect(selectUsersPage(actor.getSnapshot())?.hasNext).toBe(false);
    actor.send({ type: 'page.next' });
    expect(actor.getSnapshot().hasTag('loading')).toBe(false);
    actor.send({ type: 'page.previous' });
    await shown(actor);
    expect(selectUserViews(actor.getSnapshot()).map((user) => user.row._id)).toEqual(['user-3', 'user-4']);
    expect(asked).toEqual([
      { page: 1, pageSize: 2 },
      { page: 2, pageSize: 2 },
      { page: 3, pageSize: 2 },
      { page: 2, pageSize: 2 },
    ]);
  });

  it('searches with the typo-tolerant search, without paging, and lists everyone again when cleared', async () => {
    const fake = createFakeHttpClient();
    fake.answer('GET /api/users/all', ok({ data: someUsers(2), total: 9, page: 1, pageSize: 2 }));
    fake.answer('GET /api/users/fuzzySearch/', ok({ data: [john] }));
    const { actor } = startUsers(fake);
    await shown(actor);

    actor.send({ type: 'search.change', value: '  Jonh Smiht ' });
    actor.send({ type: 'search.submit' });
    await shown(actor);
    expect(actor.getSnapshot().context.searchTerm).toBe('Jonh Smiht');
    expect(selectUserViews(actor.getSnapshot()).map((user) => user.name)).toEqual(['John Smith']);
    expect(selectUsersPage(actor.getSnapshot())).toBeNull();
    actor.send({ type: 'page.next' });
    expect(actor.getSnapshot().hasTag('loading')).toBe(false);

    actor.send({ type: 'search.clear' });
    await shown(actor);
    expect(actor.getSnapshot().context.searchInput).toBe('');
    expect(selectUserViews(actor.getSnapshot())).toHaveLength(2);
    expect(fake.requests.map((request) => request.path)).toEqual([
      '/api/users/all',
      '/api/users/fuzzySearch/',
      '/api/users/all',
    ]);
  });

  it('a blank search lists everyone from the first page instead of searching', async () => {
    const fake = createFakeHttpClient();
    fake.answer('GET /api/users/all', ok({ data: someUsers(2), total: 2, page: 1, pageSize: 2 }));
    const { actor } = startUsers(fake);
    await shown(actor);
    actor.send({ type: 'search.change', value: '   ' });
    actor.send({ type: 'search.submit' });
    await shown(actor);
    expect(fake.requests.map((request) => request.path)).toEqual(['/api/users/all', '/api/users/all']);
  });

  it('saves a testing group, shows the saved row and announces it', async () => {
    const fake = createFakeHttpClient();
    fake.answer('GET /api/users/all', ok({ data: [john], total: 1, page: 1, pageSize: 2 }));
    const answer = deferred<ReturnType<typeof ok>>();
    fake.answer('POST /api/users/updateTestingGroup/', () => answer.promise);
    const { actor, toasts } = startUsers(fake);
    await shown(actor);

    // Nothing typed, or the same group: nothing to save.
    actor.send({ type: 'testingGroup.save', userId: john._id });
    actor.send({ type: 'testingGroup.change', userId: john._id, value: '   ' });
    actor.send({ type: 'testingGroup.save', userId: john._id });
    expect(fake.requests).toHaveLength(1);

    actor.send({ type: 'testingGroup.change', userId: john._id, value: ' beta ' });
    expect(selectUserViews(actor.getSnapshot())[0]).toMatchObject({
      testingGroupInput: ' beta ',
      changed: true,
    });
    actor.send({ type: 'testingGroup.save', userId: john._id });
    expect(selectUserViews(actor.getSnapshot())[0]?.saving).toBe(true);
    expect(fake.requests.at(-1)).toEqual({
      method: 'POST',
      path: '/api/users/updateTestingGroup/',
      json: { data: { userId: john._id, testingGroup: 'beta' } },
    });

    answer.resolve(ok({ ...john, testingGroup: 'beta' }));
    await waitFor(actor, (snapshot) => !snapshot.hasTag('saving'));
    expect(selectUserViews(actor.getSnapshot())[0]).toMatchObject({
      testingGroupInput: 'beta',
      changed: false,
      saving: false,
      error: null,
    });
    expect(toasts).toEqual([ownMessages.testingGroupUpdated]);
  });

  it('an empty group takes the user out of every group', async () => {
    const fake = createFakeHttpClient();
    const inBeta = anAdminUserRow({ testingGroup: 'beta' });
    fake.answer('GET /api/users/all', ok({ data: [inBeta], total: 1, page: 1, pageSize: 2 }));
    fake.answer('POST /api/users/updateTestingGroup/', ok({ ...inBeta, testingGroup: null }));
    const { actor } = startUsers(fake);
    await shown(actor);
    actor.send({ type: 'testingGroup.change', userId: inBeta._id, value: '' });
    actor.send({ type: 'testingGroup.save', userId: inBeta._id });
    await waitFor(actor, (snapshot) => !snapshot.hasTag('saving'));
    expect(fake.requests.at(-1)?.json).toEqual({ data: { userId: inBeta._id, testingGroup: null } });
    expect(actor.getSnapshot().context.rows[0]?.testingGroup).toBeNull();
  });

  it('keeps the typed group and shows the server’s message beside the row when refused', async () => {
    const fake = createFakeHttpClient();
    fake.answer('GET /api/users/all', ok({ data: [john], total: 1, page: 1, pageSize: 2 }));
    fake.answer(
      'POST /api/users/updateTestingGroup/',
      failure(400, 'Too small: expected string to have >=1'),
    );
    const { actor, toasts } = startUsers(fake);
    await shown(actor);
    actor.send({ type: 'testingGroup.change', userId: john._id, value: 'x' });
    actor.send({ type: 'testingGroup.save', userId: john._id });
    await waitFor(actor, (snapshot) => !snapshot.hasTag('saving'));
    expect(selectUserViews(actor.getSnapshot())[0]).toMatchObject({
      testingGroupInput: 'x',
      error: 'Too small: expected string to have >=1',
    });
    expect(toasts).toEqual([]);
    // Typing again clears the message.
    actor.send({ type: 'testingGroup.change', userId: john._id, value: 'xy' });
    expect(selectUserViews(actor.getSnapshot())[0]?.error).toBeNull();
  });

  it('a non-admin’s 401 fails the list with its message in place of the rows, and retry asks again', async () => {
    const fake = createFakeHttpClient();
    fake.answer('GET /api/users/all', failure(401, messages.unauthorizedAccess));
    const { actor } = startUsers(fake);
    await shown(actor);
    expect(actor.getSnapshot().hasTag('failed')).toBe(true);
    expect(actor.getSnapshot().context.error).toBe(messages.unauthorizedAccess);

    fake.answer('GET /api/users/all', ok({ data: [john], total: 1, page: 1, pageSize: 2 }));
    actor.send({ type: 'list.retry' });
    await shown(actor);
    expect(actor.getSnapshot().hasTag('shown')).toBe(true);
    expect(actor.getSnapshot().context.error).toBeNull();
  });
});

describe('adminOrganizationsMachine', () => {
  it('lists every organization a page at a time', async () => {
    const fake = createFakeHttpClient();
    const acme = anOrganization({ _id: 'org-acme', name: 'Acme' });
    const bravo = anOrganization({ _id: 'org-bravo', name: 'Bravo' });
    fake.answer('GET /api/organizations/all', ok({ data: [acme], total: 2, page: 1, pageSize: 1 }));
    const actor = createActor(
      adminOrganizationsMachine.provide(createAdminOrganizationsImplementations(fake.http)),
      { input: { pageSize: 1 } },
    ).start();
    await waitFor(actor, (snapshot) => snapshot.hasTag('shown'));
    expect(actor.getSnapshot().context.organizations.map((organization) => organization.name)).toEqual([
      'Acme',
    ]);

    fake.answer('GET /api/organizations/all', ok({ data: [bravo], total: 2, page: 2, pageSize: 1 }));
    actor.send({ type: 'page.next' });
    await waitFor(actor, (snapshot) => snapshot.hasTag('shown'));
    expect(actor.getSnapshot().context.organizations.map((organization) => organization.name)).toEqual([
      'Bravo',
    ]);
    actor.send({ type: 'page.next' });
    expect(actor.getSnapshot().hasTag('loading')).toBe(false);
    actor.send({ type: 'page.previous' });
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
  });
});
