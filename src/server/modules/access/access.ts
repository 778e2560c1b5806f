import { messages, ownMessages } from '../../../contract/errors';
import { MODEL_ROLES, type ModelAbility, type ModelRole } from '../../../contract/http/models';
import type { OrganizationMembership } from '../../../contract/http/organizations';
import type { Queryable } from '../../db/db';
import { HttpError } from '../../httpError';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True for a well-formed UUID; anything else is an id nobody can own, answered 404 without a query. */
export function isUuid(id: string): boolean {
  return uuidPattern.test(id);
}

/** Spec section 4, strongest first: each role may do what the ones after it may. */
const MODEL_ROLE_RANK: Readonly<Record<ModelRole, number>> = { ADMIN: 4, WRITE: 3, READ: 2, LIMITEDVIEW: 1 };

export function roleAtLeast(role: ModelRole, needed: ModelRole): boolean {
  return MODEL_ROLE_RANK[role] >= MODEL_ROLE_RANK[needed];
}

/** What a model route needs, by name, so routes read as the rule they enforce. */
export const modelAbilities = {
  /** See the model in lists and read its summary (LIMITEDVIEW sees only the reports assigned to them). */
  see: 'LIMITEDVIEW',
  /** Read versions, geometry, attributes; download and export (spec: READ can view and download). */
  view: 'READ',
  /** Upload versions, restore, rename, change units and filters (spec: WRITE can update models). */
  update: 'WRITE',
  /** Invite and change collaborators, delete the model (spec: ADMIN can invite collaborators). */
  administer: 'ADMIN',
} as const satisfies Record<ModelAbility, ModelRole>;
export type { ModelAbility };

/** The roles that have the ability, strongest first. */
export function rolesAllowedTo(ability: ModelAbility): ModelRole[] {
  return MODEL_ROLES.filter((role) => roleAtLeast(role, modelAbilities[ability]));
}

/** A review: its author reaches it (the route already asked for update), and the model's ADMIN reaches every one. */
export function mayReachReview(role: ModelRole, userId: string, authorId: string | null): boolean {
  return authorId === userId || role === 'ADMIN';
}

/** Whose reports a role sees: a LIMITEDVIEW collaborator only those assigned to them (their id), others all (null). */
export function reportsLimitedTo(role: ModelRole, userId: string): string | null {
  return role === 'LIMITEDVIEW' ? userId : null;
}

/** A report is changed or deleted by the model's ADMIN, or by its creator while they can still write. */
export function mayEditReport(role: ModelRole, userId: string, creatorId: string | null): boolean {
  return role === 'ADMIN' || (creatorId === userId && roleAtLeast(role, 'WRITE'));
}

export interface ModelAccess {
  modelId: string;
  organizationId: string;
  role: ModelRole;
}

export interface OrganizationAccess {
  organizationId: string;
  ownerId: string;
  membership: OrganizationMembership;
}

/**
 * The one place that answers "what may this user do here". Unknown ids and resources the user has no role on
 * both answer 404 (they may not know it exists); a role too weak answers 401 'Unauthorized access'.
 */
export function createAccess(db: Queryable) {
  async function modelRoleOf(userId: string, modelId: string): Promise<ModelAccess | null> {
    if (!isUuid(modelId)) return null;
    const rows = await db.query<{ organization_id: string; owner_id: string; role: ModelRole | null }>(
      `SELECT m.organization_id, o.owner_id, p.role
         FROM models m
         JOIN organizations o ON o.id = m.organization_id
         LEFT JOIN model_permissions p ON p.model_id = m.id AND p.user_id = $2
        WHERE m.id = $1`,
      [modelId, userId],
    );
    const row = rows[0];
    if (!row) return null;
    // The organization owner is ADMIN on every model of the organization (spec section 3 and issue #4).
    const role: ModelRole | null = row.owner_id === userId ? 'ADMIN' : row.role;
    return role ? { modelId, organizationId: row.organization_id, role } : null;
  }

  async function organizationMembershipOf(
    userId: string,
    organizationId: string,
  ): Promise<OrganizationAccess | null> {
    if (!isUuid(organizationId)) return null;
    const rows = await db.query<{ owner_id: string; billing_admin_id: string | null; role: string | null }>(
      `SELECT o.owner_id, o.billing_admin_id, c.role
         FROM organizations o
         LEFT JOIN organization_collaborators c ON c.organization_id = o.id AND c.user_id = $2
        WHERE o.id = $1`,
      [organizationId, userId],
    );
    const row = rows[0];
    if (!row) return null;
    const membership: OrganizationMembership =
      row.owner_id === userId
        ? 'OWNER'
        : row.role === 'ADMIN' || row.role === 'MEMBER'
          ? row.role
          : row.billing_admin_id === userId
            ? 'BILLING'
            : 'NONE';
    return { organizationId, ownerId: row.owner_id, membership };
  }

  return {
    modelRoleOf,
    organizationMembershipOf,

    /** The user's access to a model if it allows `ability`; 404 when they have none, 401 when too weak. */
    async requireModel(userId: string, modelId: string, ability: ModelAbility): Promise<ModelAccess> {
      const access = await modelRoleOf(userId, modelId);
      if (!access) throw new HttpError(404, ownMessages.modelNotFound);
      if (!roleAtLeast(access.role, modelAbilities[ability])) {
        throw new HttpError(401, messages.unauthorizedAccess);
      }
      return access;
    },

    /**
     * The user's membership of an organization if it is one of `allowed`; 404 for a stranger (NONE) or an
     * unknown id, 401 for a member whose membership is not allowed.
     */
    async requireOrganization(
      userId: string,
      organizationId: string,
      allowed: readonly OrganizationMembership[],
    ): Promise<OrganizationAccess> {
      const access = await organizationMembershipOf(userId, organizationId);
      if (!access || access.membership === 'NONE') throw new HttpError(404, ownMessages.organizationNotFound);
      if (!allowed.includes(access.membership)) throw new HttpError(401, messages.unauthorizedAccess);
      return access;
    },
  };
}

export type Access = ReturnType<typeof createAccess>;
