import type { OrganizationRole } from '../../../contract/http/organizations';
import type { Queryable } from '../../db/db';
import { toUserRecord, userColumns, type UserRecord } from '../users/repository';

export interface OrganizationRecord {
  id: string;
  name: string;
  ownerId: string;
  billingAdminId: string | null;
  billingStatus: string;
  createdAt: Date;
  updatedAt: Date;
}

interface OrganizationRow {
  id: string;
  name: string;
  owner_id: string;
  billing_admin_id: string | null;
  billing_status: string;
  created_at: Date | string;
  updated_at: Date | string;
}

const organizationColumns = 'id, name, owner_id, billing_admin_id, billing_status, created_at, updated_at';

const toOrganization = (row: OrganizationRow): OrganizationRecord => ({
  id: row.id,
  name: row.name,
  ownerId: row.owner_id,
  billingAdminId: row.billing_admin_id,
  billingStatus: row.billing_status,
  createdAt: new Date(row.created_at),
  updatedAt: new Date(row.updated_at),
});

/** A user with the flag saying they were invited and have not signed up yet. */
export interface PersonRecord {
  user: UserRecord;
  pending: boolean;
}

type UserRow = Parameters<typeof toUserRecord>[0] & { pending: boolean };

export interface CollaboratorRecord extends PersonRecord {
  organizationId: string;
  role: OrganizationRole;
  addedAt: Date;
}

/** Organizations and their members. Ids reaching here are well-formed UUIDs (the service checks). */
export function createOrganizationsRepository(db: Queryable) {
  return {
    async insert(organization: Omit<OrganizationRecord, 'updatedAt'>): Promise<void> {
      await db.query(
        `INSERT INTO organizations (id, name, owner_id, billing_admin_id, billing_status, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $6)`,
        [
          organization.id,
          organization.name,
          organization.ownerId,
          organization.billingAdminId,
          organization.billingStatus,
          organization.createdAt,
        ],
      );
    },

    async findById(id: string): Promise<OrganizationRecord | null> {
      const [row] = await db.query<OrganizationRow>(
        `SELECT ${organizationColumns} FROM organizations WHERE id = $1`,
        [id],
      );
      return row ? toOrganization(row) : null;
    },

    async findByIds(ids: readonly string[]): Promise<OrganizationRecord[]> {
      if (ids.length === 0) return [];
      const rows = await db.query<OrganizationRow>(
        `SELECT ${organizationColumns} FROM organizations WHERE id = ANY($1::uuid[])`,
        [ids],
      );
      return rows.map(toOrganization);
    },

    /** One page of every organization by name (internal admins), and how many there are in all. */
    async findPage(offset: number, limit: number): Promise<{ records: OrganizationRecord[]; total: number }> {
      const [rows, counts] = await Promise.all([
        db.query<OrganizationRow>(
          `SELECT ${organizationColumns} FROM organizations ORDER BY lower(name) COLLATE "C", id OFFSET $1 LIMIT $2`,
          [offset, limit],
        ),
        db.query<{ total: number }>('SELECT count(*)::int AS total FROM organizations'),
      ]);
      return { records: rows.map(toOrganization), total: counts[0]?.total ?? 0 };
    },

    /** The organizations a user owns, collaborates on or is the billing administrator of. */
    async idsOfMember(userId: string): Promise<string[]> {
      const rows = await db.query<{ id: string }>(
        `SELECT id FROM organizations WHERE owner_id = $1 OR billing_admin_id = $1
         UNION
         SELECT organization_id AS id FROM organization_collaborators WHERE user_id = $1`,
        [userId],
      );
      return rows.map((row) => row.id);
    },

    /** Collaborators of the given organizations, oldest membership first. */
    async collaboratorsOf(organizationIds: readonly string[]): Promise<CollaboratorRecord[]> {
      if (organizationIds.length === 0) return [];
      const rows = await db.query<
        UserRow & { organization_id: string; role: OrganizationRole; added_at: Date | string }
      >(
        `SELECT ${userColumns}, users.pending, c.organization_id, c.role, c.created_at AS added_at
           FROM organization_collaborators c
           JOIN users ON users.id = c.user_id
          WHERE c.organization_id = ANY($1::uuid[])
          ORDER BY c.created_at, users.email`,
        [organizationIds],
      );
      return rows.map((row) => ({
        organizationId: row.organization_id,
        role: row.role,
        addedAt: new Date(row.added_at),
        user: toUserRecord(row),
        pending: row.pending,
      }));
    },

    async peopleByIds(ids: readonly string[]): Promise<PersonRecord[]> {
      if (ids.length === 0) return [];
      const rows = await db.query<UserRow>(
        `SELECT ${userColumns}, users.pending FROM users WHERE id = ANY($1::uuid[])`,
        [ids],
      );
      return rows.map((row) => ({ user: toUserRecord(row), pending: row.pending }));
    },

    async modelCounts(organizationIds: readonly string[]): Promise<Map<string, number>> {
      if (organizationIds.length === 0) return new Map();
      const rows = await db.query<{ organization_id: string; count: number | string }>(
        `SELECT organization_id, count(*) AS count FROM models
          WHERE organization_id = ANY($1::uuid[]) GROUP BY organization_id`,
        [organizationIds],
      );
      return new Map(rows.map((row) => [row.organization_id, Number(row.count)]));
    },

    async updateName(id: string, name: string, now: Date): Promise<void> {
      await db.query('UPDATE organizations SET name = $2, updated_at = $3 WHERE id = $1', [id, name, now]);
    },

    async updateBillingAdmin(id: string, userId: string | null, now: Date): Promise<void> {
      await db.query('UPDATE organizations SET billing_admin_id = $2, updated_at = $3 WHERE id = $1', [
        id,
        userId,
        now,
      ]);
    },

    async touch(id: string, now: Date): Promise<void> {
      await db.query('UPDATE organizations SET updated_at = $2 WHERE id = $1', [id, now]);
    },

    async isCollaborator(organizationId: string, userId: string): Promise<boolean> {
      const rows = await db.query(
        'SELECT 1 FROM organization_collaborators WHERE organization_id = $1 AND user_id = $2',
        [organizationId, userId],
      );
      return rows.length > 0;
    },

    /** Throws a unique violation (see isUniqueViolation) when the user is a collaborator already. */
    async insertCollaborator(collaborator: {
      organizationId: string;
      userId: string;
      role: OrganizationRole;
      invitedBy: string;
      createdAt: Date;
    }): Promise<void> {
      await db.query(
        `INSERT INTO organization_collaborators (organization_id, user_id, role, invited_by, created_at)
         VALUES ($1, $2, $3, $4, $5)`,
        [
          collaborator.organizationId,
          collaborator.userId,
          collaborator.role,
          collaborator.invitedBy,
          collaborator.createdAt,
        ],
      );
    },

    /** False when the user is not a collaborator of the organization. */
    async updateCollaboratorRole(
      organizationId: string,
      userId: string,
      role: OrganizationRole,
    ): Promise<boolean> {
      const rows = await db.query(
        `UPDATE organization_collaborators SET role = $3 WHERE organization_id = $1 AND user_id = $2
         RETURNING user_id`,
        [organizationId, userId, role],
      );
      return rows.length > 0;
    },

    /**
     * Removes the collaborator and, if they were the billing administrator, gives that role back to the owner
     * (billing administrators are the owner or a collaborator). False when they were not a collaborator.
     */
    async deleteCollaborator(organizationId: string, userId: string, now: Date): Promise<boolean> {
      const rows = await db.query(
        `DELETE FROM organization_collaborators WHERE organization_id = $1 AND user_id = $2 RETURNING user_id`,
        [organizationId, userId],
      );
      if (rows.length === 0) return false;
      await db.query(
        `UPDATE organizations SET billing_admin_id = CASE WHEN billing_admin_id = $2 THEN NULL
                                                          ELSE billing_admin_id END,
                                  updated_at = $3
          WHERE id = $1`,
        [organizationId, userId, now],
      );
      return true;
    },
  };
}

export type OrganizationsRepository = ReturnType<typeof createOrganizationsRepository>;
