import type { ModelPlan } from '../../../contract/http/billing';
import type { ModelRole } from '../../../contract/http/models';
import type { DisplayUnit } from '../../../engine/schema';
import type { Queryable } from '../../db/db';

/** A model row with its organization's name and owner, and the reading user's role (null: none). */
export interface ModelRow {
  id: string;
  organization_id: string;
  organization_name: string;
  owner_id: string;
  name: string;
  units: DisplayUnit;
  created_by: string;
  updated_by: string | null;
  cloned_from: string | null;
  image_blob: string | null;
  image_is_sketch: boolean;
  plan: ModelPlan;
  created_at: Date | string;
  updated_at: Date | string;
  role: ModelRole | null;
}

export interface PermissionRow {
  model_id: string;
  user_id: string;
  role: ModelRole;
}

/**
 * The reading user's role: the organization owner is ADMIN on every model of it (the rule access.ts applies to
 * one model, here for many at once).
 */
export const modelColumns = `m.id, m.organization_id, o.name AS organization_name, o.owner_id, m.name, m.units,
  m.created_by, m.updated_by, m.cloned_from, m.image_blob, m.image_is_sketch, m.plan, m.created_at, m.updated_at,
  CASE WHEN o.owner_id = $1 THEN 'ADMIN' ELSE p.role END AS role`;

export const modelFrom = `FROM models m
  JOIN organizations o ON o.id = m.organization_id
  LEFT JOIN model_permissions p ON p.model_id = m.id AND p.user_id = $1`;

/** Most recently updated first; id last so equal times still give one order. */
const newestFirst = 'ORDER BY m.updated_at DESC, m.created_at DESC, m.id';

export interface NewModel {
  id: string;
  organizationId: string;
  name: string;
  units: DisplayUnit;
  createdBy: string;
  clonedFrom: string | null;
  /** Decided by billing's planForNewModel in the same transaction. */
  plan: ModelPlan;
  now: Date;
}

export function createModelsRepository(db: Queryable) {
  return {
    /** The given models the user has a role on; ids must be UUIDs. */
    listByIdsVisibleTo: (userId: string, modelIds: readonly string[]) =>
      db.query<ModelRow>(
        `SELECT ${modelColumns} ${modelFrom}
          WHERE m.id = ANY($2::uuid[]) AND (o.owner_id = $1 OR p.role IS NOT NULL)
          ${newestFirst}`,
        [userId, modelIds],
      ),

    async findForUser(userId: string, modelId: string): Promise<ModelRow | null> {
      const [row] = await db.query<ModelRow>(`SELECT ${modelColumns} ${modelFrom} WHERE m.id = $2`, [
        userId,
        modelId,
      ]);
      return row ?? null;
    },

    async insert(model: NewModel): Promise<void> {
      await db.query(
        `INSERT INTO models (id, organization_id, name, units, created_by, cloned_from, plan, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8)`,
        [
          model.id,
          model.organizationId,
          model.name,
          model.units,
          model.createdBy,
          model.clonedFrom,
          model.plan,
          model.now,
        ],
      );
    },

    /** Name and units as given (null keeps the stored one); always records who updated and when. */
    async update(
      modelId: string,
      changes: { name: string | null; units: DisplayUnit | null },
      updatedBy: string,
      now: Date,
    ): Promise<void> {
      await db.query(
        `UPDATE models SET name = COALESCE($2, name), units = COALESCE($3, units), updated_by = $4, updated_at = $5
          WHERE id = $1`,
        [modelId, changes.name, changes.units, updatedBy, now],
      );
    },

    async planOf(modelId: string): Promise<ModelPlan | null> {
      const [row] = await db.query<{ plan: ModelPlan }>('SELECT plan FROM models WHERE id = $1', [modelId]);
      return row?.plan ?? null;
    },

    async setPlan(modelId: string, plan: ModelPlan, updatedBy: string, now: Date): Promise<void> {
      await db.query('UPDATE models SET plan = $2, updated_by = $3, updated_at = $4 WHERE id = $1', [
        modelId,
        plan,
        updatedBy,
        now,
      ]);
    },

    /**
     * Versions, permissions, model filters and jobs go with the model (ON DELETE CASCADE). Blobs and
     * model_objects stay: they are content-addressed and shared by every model that holds the same content.
     */
    async delete(modelId: string): Promise<void> {
      await db.query('DELETE FROM models WHERE id = $1', [modelId]);
    },

    /**
     * Copies every version row of `sourceId` into `targetId` (same numbers, authors, times, manifests and
     * reports). The manifests point at content-addressed objects, so no object row is copied.
     */
    async copyVersions(sourceId: string, targetId: string): Promise<void> {
      await db.query(
        `INSERT INTO versions (id, model_id, number, author_id, created_at, message, origin, source_blob, manifest,
                               model_hash, counts, report, change_summary)
         SELECT gen_random_uuid(), $2, number, author_id, created_at, message,
                jsonb_build_object('kind', 'clone', 'modelId', model_id::text, 'versionId', id::text),
                source_blob, manifest, model_hash, counts, report, change_summary
           FROM versions WHERE model_id = $1`,
        [sourceId, targetId],
      );
    },

    /** Every permission row of the models, oldest grant first. */
    permissionsOf: (modelIds: readonly string[]) =>
      modelIds.length === 0
        ? Promise.resolve([])
        : db.query<PermissionRow>(
            `SELECT model_id, user_id, role FROM model_permissions
              WHERE model_id = ANY($1::uuid[]) ORDER BY created_at, user_id`,
            [modelIds],
          ),

    /** False when the user already has a role on the model. */
    async grant(modelId: string, userId: string, role: ModelRole, now: Date): Promise<boolean> {
      const rows = await db.query(
        `INSERT INTO model_permissions (model_id, user_id, role, created_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT (model_id, user_id) DO NOTHING RETURNING user_id`,
        [modelId, userId, role, now],
      );
      return rows.length > 0;
    },

    /** Sets the role whether or not the user had one. */
    async upsert(modelId: string, userId: string, role: ModelRole, now: Date): Promise<void> {
      await db.query(
        `INSERT INTO model_permissions (model_id, user_id, role, created_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT (model_id, user_id) DO UPDATE SET role = EXCLUDED.role`,
        [modelId, userId, role, now],
      );
    },

    /** False when the user had no role on the model. */
    async changeRole(modelId: string, userId: string, role: ModelRole): Promise<boolean> {
      const rows = await db.query(
        'UPDATE model_permissions SET role = $3 WHERE model_id = $1 AND user_id = $2 RETURNING user_id',
        [modelId, userId, role],
      );
      return rows.length > 0;
    },

    /** False when the user had no role on the model. */
    async revoke(modelId: string, userId: string): Promise<boolean> {
      const rows = await db.query(
        'DELETE FROM model_permissions WHERE model_id = $1 AND user_id = $2 RETURNING user_id',
        [modelId, userId],
      );
      return rows.length > 0;
    },
  };
}

export type ModelsRepository = ReturnType<typeof createModelsRepository>;
