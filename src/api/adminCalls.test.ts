import { describe, expect, it } from 'vitest';
import { useRecordingApiServer } from '../../tests/recordingApiServer';
import { fuzzySearchUsers, listAllUsers, updateTestingGroup } from './admin';
import { getAnalyticsSummary } from './analytics';
import { removeProfileImage, uploadProfileImage } from './images';

/** Issue #11's calls over real HTTP: what reaches the server (path, query, headers, body) and what comes back. */

const { received, replies, client } = useRecordingApiServer();

const user = {
  _id: 'user-1',
  firstName: 'Ada',
  lastName: 'Lovelace',
  initials: 'AL',
  avatarUrl: `/api/images/blobs/${'c'.repeat(64)}`,
  emailAddress: 'ada@example.com',
  preferences: { colorSchemes: { default: 'light', repair: 'dark' }, testingGroup: null },
  survey: null,
  state: {},
  createdAt: '2025-01-01T00:00:00.000Z',
};

const row = {
  _id: 'user-1',
  firstName: 'Ada',
  lastName: 'Lovelace',
  initials: 'AL',
  avatarUrl: null,
  emailAddress: 'ada@example.com',
  testingGroup: 'beta',
  createdAt: '2025-01-01T00:00:00.000Z',
  organizationCount: 2,
};

describe('the admin calls', () => {
  it('pages users without sending a blank search, and sends a real one trimmed', async () => {
    replies.set('GET /api/users/all', {
      status: 200,
      body: { data: [row], total: 1, page: 2, pageSize: 25 },
    });
    const { http } = client();
    const page = await listAllUsers(http, { page: 2, pageSize: 25, search: '  ' });
    expect(page).toEqual({ ok: true, status: 200, data: { data: [row], total: 1, page: 2, pageSize: 25 } });
    expect(received[0]?.url.searchParams.get('page')).toBe('2');
    expect(received[0]?.url.searchParams.get('pageSize')).toBe('25');
    expect(received[0]?.url.searchParams.has('search')).toBe(false);

    await listAllUsers(http, { page: 1, pageSize: 25, search: ' ada ' });
    expect(received[1]?.url.searchParams.get('search')).toBe('ada');
  });

  it('searches on the spec’s path with its trailing slash, the term as searchTerm', async () => {
    replies.set('GET /api/users/fuzzySearch/', { status: 200, body: { data: [row] } });
    const result = await fuzzySearchUsers(client().http, 'Jonh Smiht');
    expect(result.ok).toBe(true);
    expect(received[0]?.url.pathname).toBe('/api/users/fuzzySearch/');
    expect(received[0]?.url.searchParams.get('searchTerm')).toBe('Jonh Smiht');
    expect(received[0]?.headers.authorization).toBe('stored-token');
  });

  it('sets a testing group with the spec’s { data } body', async () => {
    replies.set('POST /api/users/updateTestingGroup/', { status: 200, body: row });
    await updateTestingGroup(client().http, 'user-1', 'beta');
    expect(JSON.parse(received[0]?.body.toString() ?? '')).toEqual({
      data: { userId: 'user-1', testingGroup: 'beta' },
    });
  });
});

describe('the profile image calls', () => {
  it('sends the image itself as the body with its type, without the global loader', async () => {
    replies.set('POST /api/images/profileImage', { status: 200, body: user });
    const { http, loaderShown } = client();
    const bytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);
    const result = await uploadProfileImage(http, new Blob([bytes]), 'image/png');
    expect(result).toEqual({ ok: true, status: 200, data: user });
    expect(received[0]?.headers['content-type']).toBe('image/png');
    expect([...(received[0]?.body ?? [])]).toEqual([...bytes]);
    expect(loaderShown()).toBe(0);
  });

  it('hands back the server’s message for a refused image, without a toast', async () => {
    replies.set('POST /api/images/profileImage', {
      status: 413,
      body: { message: 'This image is too large. Choose an image of at most 5 MB.' },
    });
    const { http, toasts } = client();
    const result = await uploadProfileImage(http, new Blob(['x']), 'image/jpeg');
    expect(result).toEqual({
      ok: false,
      status: 413,
      error: { message: 'This image is too large. Choose an image of at most 5 MB.' },
    });
    expect(toasts).toEqual([]);
  });

  it('removes the avatar with DELETE /api/images/users', async () => {
    replies.set('DELETE /api/images/users', { status: 200, body: { ...user, avatarUrl: null } });
    const result = await removeProfileImage(client().http);
    expect(result.ok && result.data.avatarUrl).toBeNull();
  });
});

describe('the analytics summary call', () => {
  it('asks for the range without the global loader (the page shows the analytics overlay)', async () => {
    const summary = {
      from: '2025-03-01',
      to: '2025-03-02',
      days: [],
      routes: [],
      translations: [],
      totalRequests: 0,
    };
    replies.set('GET /api/analytics/summary', { status: 200, body: summary });
    const { http, loaderShown } = client();
    const result = await getAnalyticsSummary(http, { from: '2025-03-01', to: '2025-03-02' });
    expect(result).toEqual({ ok: true, status: 200, data: summary });
    expect(received[0]?.url.searchParams.get('from')).toBe('2025-03-01');
    expect(received[0]?.url.searchParams.get('to')).toBe('2025-03-02');
    expect(received[0]?.headers['x-show-loader']).toBe('false');
    expect(loaderShown()).toBe(0);
  });
});
