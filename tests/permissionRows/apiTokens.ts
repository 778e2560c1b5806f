import { randomUUID } from 'node:crypto';
import { everyone, type Actor, type Row, type Statuses } from '../permissionMatrix';
import type { PermissionWorld } from '../permissionWorld';

/**
 * Personal API tokens (issue #9): every signed-in user manages their own tokens, and only their own (a token of
 * someone else is 404: tests in src/server/modules/apiTokens pin that and the API-token-authenticated 401).
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
];
