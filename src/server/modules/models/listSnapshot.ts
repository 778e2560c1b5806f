import { MODEL_ROLES, type ModelRole } from '../../../contract/http/models';
import type { Queryable } from '../../db/db';
import { modelAbilities, roleAtLeast } from '../access/access';
import { modelColumns, modelFrom, type ModelRow, type PermissionRow } from './repository';
import { versionSummaryColumns, type PublicUserRow, type VersionRow } from './versionRows';

/** A model the reading user has a role on. */
export type VisibleModelRow = ModelRow & { role: ModelRole };

/** Per model the user may view: how many versions, the newest with its author, and every author in order. */
export interface VersionFactsRow {
  model_id: string;
  count: number;
  latest_id: string;
  latest_author_id: string | null;
  /** Every version's author, oldest version first (an author repeats once per version). */
  author_ids: string[];
}

export interface ReportSummaryRow {
  id: string;
  model_id: string;
  created_at: string;
  current_version_id: string;
  comparison_version_id: string;
  created_by: string | null;
}

/**
 * Everything a list of models needs, as rows: the models (newest updated first), their permission rows (oldest
 * grant first), version facts, the version rows themselves when asked, the reports the user may see (newest
 * first) and every user those name.
 */
export interface ModelListSnapshot {
  models: VisibleModelRow[];
  permissions: PermissionRow[];
  versionFacts: VersionFactsRow[];
  versions: VersionRow[];
  reports: ReportSummaryRow[];
  users: PublicUserRow[];
  /** The model list generation (migration 011) this snapshot saw: it names the snapshot for listCache.ts. */
  generation: string;
}

/** Roles that read versions (the rest, LIMITEDVIEW, see a model's summary only). */
const VERSION_READERS: readonly ModelRole[] = MODEL_ROLES.filter((role) =>
  roleAtLeast(role, modelAbilities.view),
);

/**
 * The statement behind every model list and single model answer: one round trip whatever the number of models
 * (issue #22: six queries a request were most of the list's cost under load). Each part is aggregated to JSON by
 * the database and the whole comes back as one text value, so the driver parses no rows and no dates.
 *
 * Parameters: $1 the user, $2 an organization or null, $3 model ids or null, $4 the roles that read versions,
 * $5 whether the version rows are wanted.
 */
const snapshotSql = `
WITH visible AS (
  SELECT ${modelColumns} ${modelFrom}
   WHERE (o.owner_id = $1 OR p.role IS NOT NULL)
     AND ($2::uuid IS NULL OR m.organization_id = $2::uuid)
     AND ($3::uuid[] IS NULL OR m.id = ANY($3::uuid[]))
),
readable AS (SELECT id FROM visible WHERE role = ANY($4::text[])),
permission_rows AS (
  SELECT model_id, user_id, role, created_at FROM model_permissions WHERE model_id IN (SELECT id FROM visible)
),
version_facts AS (
  SELECT model_id, count(*)::int AS count,
         (array_agg(id ORDER BY number DESC))[1] AS latest_id,
         (array_agg(author_id ORDER BY number DESC))[1] AS latest_author_id,
         COALESCE(json_agg(author_id ORDER BY number) FILTER (WHERE author_id IS NOT NULL), '[]') AS author_ids
    FROM versions WHERE model_id IN (SELECT id FROM readable)
   GROUP BY model_id
),
version_rows AS (
  SELECT ${versionSummaryColumns('v')} FROM versions v
   WHERE $5::boolean AND v.model_id IN (SELECT id FROM readable)
),
report_rows AS (
  -- A LIMITEDVIEW collaborator sees (and counts) only the reports assigned to them.
  SELECT r.id, r.model_id, r.created_at, r.current_version_id, r.comparison_version_id, r.created_by
    FROM reports r JOIN visible ON visible.id = r.model_id
   WHERE visible.role <> 'LIMITEDVIEW'
      OR EXISTS (SELECT 1 FROM report_assignees a WHERE a.report_id = r.id AND a.user_id = $1)
),
people AS (
  SELECT id, email, first_name, last_name, avatar_url FROM users
   WHERE id IN (SELECT owner_id FROM visible UNION SELECT created_by FROM visible
                UNION SELECT updated_by FROM visible UNION SELECT user_id FROM permission_rows
                UNION SELECT created_by FROM report_rows
                UNION SELECT author_id FROM versions WHERE model_id IN (SELECT id FROM readable))
)
SELECT json_build_object(
  'models', COALESCE((SELECT json_agg(visible ORDER BY updated_at DESC, created_at DESC, id) FROM visible), '[]'),
  'permissions', COALESCE((SELECT json_agg(permission_rows ORDER BY created_at, user_id) FROM permission_rows), '[]'),
  'versionFacts', COALESCE((SELECT json_agg(version_facts) FROM version_facts), '[]'),
  'versions', COALESCE((SELECT json_agg(version_rows ORDER BY model_id, number DESC) FROM version_rows), '[]'),
  'reports', COALESCE((SELECT json_agg(report_rows ORDER BY created_at DESC, id DESC) FROM report_rows), '[]'),
  'users', COALESCE((SELECT json_agg(people) FROM people), '[]'),
  'generation', (SELECT generation::text FROM model_list_generation)
)::text AS snapshot`;

/**
 * The models `userId` has a role on, in `organizationId` when given and among `modelIds` when given, with what
 * their answers need; `withVersionRows` adds every version's row.
 */
export async function readModelListSnapshot(
  db: Queryable,
  userId: string,
  scope: { organizationId?: string; modelIds?: readonly string[] },
  withVersionRows: boolean,
): Promise<ModelListSnapshot> {
  const [row] = await db.query<{ snapshot: string }>(snapshotSql, [
    userId,
    scope.organizationId ?? null,
    scope.modelIds ?? null,
    VERSION_READERS,
    withVersionRows,
  ]);
  if (!row) throw new Error('the model list statement returned no row');
  return JSON.parse(row.snapshot) as ModelListSnapshot;
}
