import type { ModelRole } from '../../../contract/http/models';
import type { Queryable } from '../../db/db';
import type { RealtimeAccess } from '../../realtime/access';
import { isUuid, rolesAllowedTo } from './access';

/**
 * Token hashes are hex: joined into one text parameter and split again in SQL (the PostgreSQL driver sends a
 * text[] of 2,000 hashes ten times slower). Every query answers with the exceptions only (usually none), so its
 * cost does not grow with the rows a driver has to build.
 */
const SEPARATOR = ',';
const joined = (tokenHashes: readonly string[]) => tokenHashes.join(SEPARATOR);
/** Each of the hashes, with its session when it is live (auth's findLiveSession rule: not revoked, not expired). */
const sessionsOf = (hashes: string, now: string) =>
  `string_to_table(${hashes}::text, '${SEPARATOR}') AS h (token_hash)
   LEFT JOIN sessions s ON s.token_hash = h.token_hash AND s.revoked_at IS NULL AND s.expires_at > ${now}`;

/**
 * The live socket's access port (realtime/access.ts): the questions it asks for many sockets at once, so one emit
 * costs a fixed number of queries whatever their number. They apply the rules access.ts applies to one user (the
 * organization owner is ADMIN on its models; a member is the owner, a collaborator or the billing administrator)
 * and the session rule of auth's findLiveSession (not revoked, not expired). `organizationIdsOf` is the
 * organizations module's idsOfMember, handed in by app.ts (organizations uses access: importing it would close a
 * cycle).
 */
export function createRealtimeAccess(
  db: Queryable,
  organizationIdsOf: (userId: string) => Promise<string[]>,
): RealtimeAccess {
  return {
    /** Those of the sessions that were revoked or expired. */
    async endedSessions(tokenHashes, now) {
      if (tokenHashes.length === 0) return new Set();
      const rows = await db.query<{ token_hash: string }>(
        `SELECT h.token_hash FROM ${sessionsOf('$1', '$2')} WHERE s.token_hash IS NULL`,
        [joined(tokenHashes), now],
      );
      return new Set(rows.map((row) => row.token_hash));
    },

    /** The sessions whose user may not receive a model's event that needs `requirement`, and why. */
    async modelRefusals(modelId, tokenHashes, requirement, now) {
      if (tokenHashes.length === 0) return new Map();
      const { minimumAbility, onlyRoles } = requirement;
      const allowedRoles = rolesAllowedTo(minimumAbility).filter(
        (role) => !onlyRoles || onlyRoles.includes(role),
      );
      const rows = await db.query<{ token_hash: string; live: boolean; role: ModelRole | null }>(
        `WITH target AS (SELECT m.id, o.owner_id FROM models m JOIN organizations o ON o.id = m.organization_id
                          WHERE m.id = $1),
              seen AS (SELECT h.token_hash, s.user_id IS NOT NULL AS live,
                              CASE WHEN t.owner_id = s.user_id THEN 'ADMIN' ELSE p.role END AS role
                         FROM ${sessionsOf('$2', '$3')}
                         LEFT JOIN target t ON true
                         LEFT JOIN model_permissions p ON p.model_id = t.id AND p.user_id = s.user_id)
         SELECT token_hash, live, role FROM seen
          WHERE NOT live OR role IS NULL OR role <> ALL($4::text[])`,
        [isUuid(modelId) ? modelId : null, joined(tokenHashes), now, allowedRoles],
      );
      return new Map(
        rows.map((row) => [row.token_hash, !row.live ? 'ended' : row.role === null ? 'none' : 'weaker']),
      );
    },

    /** The sessions whose user may not receive an organization's event (not a member), and why. */
    async organizationRefusals(organizationId, tokenHashes, now) {
      if (tokenHashes.length === 0) return new Map();
      const rows = await db.query<{ token_hash: string; live: boolean }>(
        `SELECT h.token_hash, s.user_id IS NOT NULL AS live
           FROM ${sessionsOf('$2', '$3')}
           LEFT JOIN organizations o ON o.id = $1
          WHERE s.user_id IS NULL
             OR NOT (COALESCE(o.owner_id = s.user_id, false)
                     OR COALESCE(o.billing_admin_id = s.user_id, false)
                     OR EXISTS (SELECT 1 FROM organization_collaborators c
                                 WHERE c.organization_id = o.id AND c.user_id = s.user_id))`,
        [isUuid(organizationId) ? organizationId : null, joined(tokenHashes), now],
      );
      return new Map(rows.map((row) => [row.token_hash, row.live ? 'none' : 'ended']));
    },

    /** Everyone with a role on the model: its organization's owner and every permission row. */
    async modelAudience(modelId) {
      if (!isUuid(modelId)) return [];
      const rows = await db.query<{ user_id: string }>(
        `SELECT o.owner_id AS user_id FROM models m JOIN organizations o ON o.id = m.organization_id
          WHERE m.id = $1
         UNION
         SELECT user_id FROM model_permissions WHERE model_id = $1`,
        [modelId],
      );
      return rows.map((row) => row.user_id);
    },

    /** The organizations the user is a member of and the models they have a role on: their rooms. */
    async roomsOf(userId) {
      if (!isUuid(userId)) return { organizationIds: [], modelIds: [] };
      const [organizationIds, models] = await Promise.all([
        organizationIdsOf(userId),
        db.query<{ id: string }>(
          `SELECT m.id FROM models m JOIN organizations o ON o.id = m.organization_id
            WHERE o.owner_id = $1
           UNION
           SELECT model_id AS id FROM model_permissions WHERE user_id = $1`,
          [userId],
        ),
      ]);
      return { organizationIds, modelIds: models.map((row) => row.id) };
    },
  };
}
