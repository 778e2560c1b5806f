import type { Filter, FilterPlatform } from '../../../contract/http/filters';
import type { Queryable } from '../../db/db';

/** Where a filter lives: an organization's own (modelId null), or one model of it. */
export interface FilterScope {
  organizationId: string;
  modelId: string | null;
}

/** What a filter says, stored as the `rules` jsonb beside its From → To pair. */
export type FilterContent = Pick<Filter, 'from' | 'to' | 'elementTypes' | 'properties' | 'nameMappings'>;
type StoredRules = Pick<Filter, 'elementTypes' | 'properties' | 'nameMappings'>;

interface FilterRow {
  id: string;
  organization_id: string;
  model_id: string | null;
  from_platform: FilterPlatform;
  to_platform: FilterPlatform;
  rules: StoredRules;
  created_at: Date | string;
  updated_at: Date | string;
}

const filterColumns =
  'id, organization_id, model_id, from_platform, to_platform, rules, created_at, updated_at';

/** Rows are written only from validated bodies, so the stored rules are the wire's shape. */
const toFilter = (row: FilterRow): Filter => ({
  _id: row.id,
  organizationId: row.organization_id,
  modelId: row.model_id,
  from: row.from_platform,
  to: row.to_platform,
  elementTypes: row.rules.elementTypes,
  properties: row.rules.properties,
  nameMappings: row.rules.nameMappings,
  createdAt: new Date(row.created_at).toISOString(),
  updatedAt: new Date(row.updated_at).toISOString(),
});

const rulesJson = (content: FilterContent) =>
  JSON.stringify({
    elementTypes: content.elementTypes,
    properties: content.properties,
    nameMappings: content.nameMappings,
  } satisfies StoredRules);

/** The scope condition on $2 (organization) and $3 (model, null for the organization's own). */
const inScope = 'organization_id = $2 AND model_id IS NOT DISTINCT FROM $3::uuid';

/**
 * Filters of organizations and models. A second filter for one From → To pair in one scope is refused by a
 * unique index (isUniqueViolation). Ids reaching here are well-formed UUIDs (the service checks).
 */
export function createFiltersRepository(db: Queryable) {
  return {
    /** The filters of one scope, oldest first. */
    async list(scope: FilterScope): Promise<Filter[]> {
      const rows = await db.query<FilterRow>(
        `SELECT ${filterColumns} FROM filters
          WHERE organization_id = $1 AND model_id IS NOT DISTINCT FROM $2::uuid
          ORDER BY created_at, id`,
        [scope.organizationId, scope.modelId],
      );
      return rows.map(toFilter);
    },

    async insert(
      filter: FilterScope & { id: string; content: FilterContent; createdBy: string; now: Date },
    ): Promise<Filter> {
      const [row] = await db.query<FilterRow>(
        `INSERT INTO filters (id, organization_id, model_id, from_platform, to_platform, rules, created_by,
                              created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7, $8, $8)
         RETURNING ${filterColumns}`,
        [
          filter.id,
          filter.organizationId,
          filter.modelId,
          filter.content.from,
          filter.content.to,
          rulesJson(filter.content),
          filter.createdBy,
          filter.now,
        ],
      );
      if (!row) throw new Error('INSERT ... RETURNING gave no row');
      return toFilter(row);
    },

    /** Null when no filter of that id is in the scope. */
    async update(id: string, scope: FilterScope, content: FilterContent, now: Date): Promise<Filter | null> {
      const [row] = await db.query<FilterRow>(
        `UPDATE filters SET from_platform = $4, to_platform = $5, rules = $6::jsonb, updated_at = $7
          WHERE id = $1 AND ${inScope}
          RETURNING ${filterColumns}`,
        [id, scope.organizationId, scope.modelId, content.from, content.to, rulesJson(content), now],
      );
      return row ? toFilter(row) : null;
    },

    /** False when no filter of that id is in the scope. */
    async delete(id: string, scope: FilterScope): Promise<boolean> {
      const rows = await db.query(`DELETE FROM filters WHERE id = $1 AND ${inScope} RETURNING id`, [
        id,
        scope.organizationId,
        scope.modelId,
      ]);
      return rows.length > 0;
    },
  };
}
