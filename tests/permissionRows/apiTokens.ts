import { randomBytes, randomUUID } from 'node:crypto';
import { hashToken } from '../../src/server/modules/auth/tokens';
import { strongPassword } from '../../src/server/testing/accounts';
import { everyone, type Actor, type CellRequest, type Row, type Statuses } from '../permissionMatrix';
import type { PermissionWorld } from '../permissionWorld';

/**
 * Personal API tokens (issue #9): every signed-in user manages their own tokens, and only their own (a token of
 * someone else is 404: tests in src/server/modules/apiTokens pin that). Issue #22: a request an API token
 * authenticated may not manage tokens nor change the password (401 with its message, for every actor).
 */

/** A live token of the actor, inserted in SQL (a random hash: no cell needs its secret). */
async function tokenOf(world: PermissionWorld, actor: Actor): Promise<string> {
  const id = randomUUID();
  if (actor === 'noToken') return id;
  await world.db.query(
    `INSERT INTO api_tokens (id, user_id, name, token_hash, prefix, created_at)
     VALUES ($1, $2, 'Matrix token', $3, 'gst_matrix00', $4)`,
    [id, world.users[actor].user._id, randomUUID(), new Date()],
  );
  return id;
}

/**
 * A request made with a fresh live API token of the actor instead of their session (noToken sends none). The
 * secret is known here, so the cell authenticates with it as a script would.
 */
async function withApiTokenOf(world: PermissionWorld, actor: Actor, cell: CellRequest): Promise<CellRequest> {
  if (actor === 'noToken') return cell;
  const secret = `gst_${randomBytes(32).toString('base64url')}`;
  await world.db.query(
    `INSERT INTO api_tokens (id, user_id, name, token_hash, prefix, created_at)
     VALUES ($1, $2, 'Matrix script', $3, $4, $5)`,
    [randomUUID(), world.users[actor].user._id, hashToken(secret), secret.slice(0, 12), new Date()],
  );
  return { ...cell, headers: { ...cell.headers, authorization: `Bearer ${secret}` } };
}

//                                      owner billing member mAdmin mWrite mRead mLimit strngr iAdmin none
const refusedToTokens: Statuses = [401, 401, 401, 401, 401, 401, 401, 401, 401, 403];

const created: Statuses = [201, 201, 201, 201, 201, 201, 201, 201, 201, 403];

export const apiTokenRows: Row[] = [
  {
    method: 'GET',
    route: '/api/users/me/tokens',
    request: async () => ({ path: '/api/users/me/tokens' }),
    expected: everyone,
  },
  {
    method: 'POST',
    route: '/api/users/me/tokens',
    request: async () => ({ path: '/api/users/me/tokens', json: { name: 'Matrix script' } }),
    expected: created,
  },
  {
    method: 'DELETE',
    route: '/api/users/me/tokens/:tokenId',
    request: async (world, actor) => ({ path: `/api/users/me/tokens/${await tokenOf(world, actor)}` }),
    expected: everyone,
  },
  // The same routes with an API token instead of a session: refused, whoever holds it.
  {
    method: 'GET',
    route: '/api/users/me/tokens',
    request: async (world, actor) => withApiTokenOf(world, actor, { path: '/api/users/me/tokens' }),
    expected: refusedToTokens,
  },
  {
    method: 'POST',
    route: '/api/users/me/tokens',
    request: async (world, actor) =>
      withApiTokenOf(world, actor, { path: '/api/users/me/tokens', json: { name: 'Minted by a token' } }),
    expected: refusedToTokens,
  },
  {
    method: 'DELETE',
    route: '/api/users/me/tokens/:tokenId',
    request: async (world, actor) =>
      withApiTokenOf(world, actor, { path: `/api/users/me/tokens/${await tokenOf(world, actor)}` }),
    expected: refusedToTokens,
  },
  {
    method: 'PUT',
    route: '/api/users/password',
    request: async (world, actor) =>
      withApiTokenOf(world, actor, {
        path: '/api/users/password',
        json: { currentPassword: strongPassword, newPassword: strongPassword },
      }),
    expected: refusedToTokens,
  },
];
