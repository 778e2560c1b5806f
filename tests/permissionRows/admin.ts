import sharp from 'sharp';
import { strongPassword } from '../../src/server/testing/accounts';
import { everyone, type Row, type Statuses } from '../permissionMatrix';

/** The permission matrix's rows for the admin area, usage analytics, profile images, password and bug reports. */

//                                owner billing member mAdmin mWrite mRead mLimit strngr iAdmin none
const internalAdminsOnly: Statuses = [401, 401, 401, 401, 401, 401, 401, 401, 200, 403];
const everyoneSignedIn = (ok: number): Statuses => [ok, ok, ok, ok, ok, ok, ok, ok, ok, 403];

let avatar: Promise<Uint8Array> | undefined;
/** A small PNG, made once. */
function avatarPng(): Promise<Uint8Array> {
  avatar ??= sharp({ create: { width: 32, height: 32, channels: 3, background: '#808080' } })
    .png()
    .toBuffer()
    .then((buffer) => new Uint8Array(buffer));
  return avatar;
}

const testingGroupBody = (userId: string) => ({ data: { userId, testingGroup: 'matrix' } });

export const adminRows: Row[] = [
  // The internal admin area: accounts only, for GUSSET_ADMINS (the spec spells two routes with a slash).
  {
    method: 'GET',
    route: '/api/users/all',
    request: async () => ({ path: '/api/users/all?page=1&pageSize=5' }),
    expected: internalAdminsOnly,
  },
  {
    method: 'GET',
    route: '/api/users/fuzzySearch/',
    request: async () => ({ path: '/api/users/fuzzySearch/?searchTerm=Lovelace' }),
    expected: internalAdminsOnly,
  },
  {
    method: 'GET',
    route: '/api/users/fuzzySearch',
    request: async () => ({ path: '/api/users/fuzzySearch?searchTerm=Lovlace' }),
    expected: internalAdminsOnly,
  },
  {
    method: 'POST',
    route: '/api/users/updateTestingGroup/',
    request: async (world) => ({
      path: '/api/users/updateTestingGroup/',
      json: testingGroupBody(world.users.stranger.user._id),
    }),
    expected: internalAdminsOnly,
  },
  {
    method: 'POST',
    route: '/api/users/updateTestingGroup',
    request: async (world) => ({
      path: '/api/users/updateTestingGroup',
      json: testingGroupBody(world.users.stranger.user._id),
    }),
    expected: internalAdminsOnly,
  },
  {
    method: 'GET',
    route: '/api/analytics/summary',
    request: async () => ({ path: '/api/analytics/summary' }),
    expected: internalAdminsOnly,
  },

  // Profile: each actor acts on their own account.
  {
    method: 'POST',
    route: '/api/images/profileImage',
    request: async () => ({
      path: '/api/images/profileImage',
      bytes: await avatarPng(),
      headers: { 'content-type': 'image/png' },
    }),
    expected: everyone,
  },
  {
    method: 'DELETE',
    route: '/api/images/users',
    request: async () => ({ path: '/api/images/users' }),
    expected: everyone,
  },
  {
    method: 'GET',
    route: '/api/images/blobs/:hash',
    // Public by content hash (an <img> sends no token): nobody gets 403, and a hash that is no avatar or
    // thumbnail is 404 for everyone. Serving a real avatar is pinned in images.test.ts.
    request: async () => ({ path: `/api/images/blobs/${'0'.repeat(64)}` }),
    expected: [404, 404, 404, 404, 404, 404, 404, 404, 404, 404],
  },
  {
    method: 'PUT',
    route: '/api/users/password',
    // The same password again: a real change that leaves every actor able to sign in as before.
    request: async () => ({
      path: '/api/users/password',
      json: { currentPassword: strongPassword, newPassword: strongPassword },
    }),
    expected: everyoneSignedIn(204),
  },

  // Bug reports and contact: any signed-in user.
  {
    method: 'POST',
    route: '/api/v2/requests',
    request: async () => ({
      path: '/api/v2/requests',
      json: { kind: 'bug', subject: 'Matrix', message: 'A report from the permission matrix.' },
    }),
    expected: everyoneSignedIn(201),
  },
];
