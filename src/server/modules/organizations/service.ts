import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { messages, ownMessages } from '../../../contract/errors';
import type {
  addOrganizationCollaboratorBody,
  Organization,
  OrganizationMembership,
  OrganizationRole,
  updateOrganizationBody,
} from '../../../contract/http/organizations';
import type { ServerContext } from '../../context';
import { isUniqueViolation } from '../../db/db';
import { HttpError } from '../../httpError';
import { isUuid } from '../access/access';
import { createInvitationBudget, createPendingUser, issueVerificationLink } from '../auth/invitations';
import { authMails } from '../auth/mails';
import { createAuthRepository } from '../auth/repository';
import type { UserRecord } from '../users/repository';
import { createUsersService, toPublicUser } from '../users/service';
import {
  createOrganizationsRepository,
  type CollaboratorRecord,
  type OrganizationRecord,
  type PersonRecord,
} from './repository';

type UpdateOrganization = z.output<typeof updateOrganizationBody>;
type AddCollaborator = z.output<typeof addOrganizationCollaboratorBody>;

/** Who may do what in an organization (the memberships access.requireOrganization accepts). */
const anyMember: readonly OrganizationMembership[] = ['OWNER', 'ADMIN', 'MEMBER', 'BILLING'];
const managers: readonly OrganizationMembership[] = ['OWNER', 'ADMIN'];

/**
 * The organization id of a route. A blank one is a request missing its organization's details (the spec's
 * 'Organizations details are missing.'), not an unknown organization.
 */
export function requireOrganizationId(id: string): string {
  const trimmed = id.trim();
  if (trimmed === '') throw new HttpError(400, messages.organizationDetailsMissing);
  return trimmed;
}

const byName = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/**
 * Spec section 2 (the user dropdown): the organizations the user owns first, then the others by name. Owned
 * ones are by name too, the same rule as the browser's orderOrganizationsForUserMenu.
 */
export function orderForUser(organizations: readonly Organization[], userId: string): Organization[] {
  const sorted = [...organizations].sort(
    (a, b) =>
      byName.compare(a.name, b.name) || a.createdAt.localeCompare(b.createdAt) || a._id.localeCompare(b._id),
  );
  return [
    ...sorted.filter((organization) => organization.owner._id === userId),
    ...sorted.filter((organization) => organization.owner._id !== userId),
  ];
}

function membershipOf(
  organization: OrganizationRecord,
  collaborators: readonly CollaboratorRecord[],
  userId: string,
): OrganizationMembership {
  if (organization.ownerId === userId) return 'OWNER';
  const collaborator = collaborators.find((c) => c.user.id === userId);
  if (collaborator) return collaborator.role;
  return organization.billingAdminId === userId ? 'BILLING' : 'NONE';
}

export function createOrganizationsService(context: ServerContext) {
  const { db, clock, config, mailer, access } = context;
  const organizations = createOrganizationsRepository(db);
  const users = createUsersService(context);
  const spendInvitation = createInvitationBudget(context);

  /** The wire form of organizations, built with one query per kind of data whatever their number. */
  async function present(records: readonly OrganizationRecord[], viewerId: string): Promise<Organization[]> {
    const ids = records.map((record) => record.id);
    const peopleIds = [
      ...new Set(records.flatMap((r) => (r.billingAdminId ? [r.ownerId, r.billingAdminId] : [r.ownerId]))),
    ];
    const [collaborators, people, modelCounts] = await Promise.all([
      organizations.collaboratorsOf(ids),
      organizations.peopleByIds(peopleIds),
      organizations.modelCounts(ids),
    ]);
    const personById = new Map<string, PersonRecord>(people.map((person) => [person.user.id, person]));
    const publicPerson = (id: string) => {
      const person = personById.get(id);
      if (!person) throw new Error(`User ${id} of an organization is missing`);
      return toPublicUser(person.user);
    };
    return records.map((record) => {
      const own = collaborators.filter((c) => c.organizationId === record.id);
      return {
        _id: record.id,
        name: record.name,
        owner: publicPerson(record.ownerId),
        billingAdministrator: record.billingAdminId ? publicPerson(record.billingAdminId) : null,
        billing: { status: record.billingStatus },
        billingStatus: record.billingStatus,
        collaborators: own.map((c) => ({
          user: toPublicUser(c.user),
          role: c.role,
          pending: c.pending,
          addedAt: c.addedAt.toISOString(),
        })),
        currentUserRole: membershipOf(record, own, viewerId),
        modelCount: modelCounts.get(record.id) ?? 0,
        createdAt: record.createdAt.toISOString(),
        updatedAt: record.updatedAt.toISOString(),
      };
    });
  }

  async function presentOne(organizationId: string, viewerId: string): Promise<Organization> {
    const record = await organizations.findById(organizationId);
    if (!record) throw new HttpError(404, ownMessages.organizationNotFound);
    const [organization] = await present([record], viewerId);
    if (!organization) throw new Error('present() dropped an organization');
    return organization;
  }

  /** A collaborator's user id from the route; the owner is not a collaborator and cannot be handled as one. */
  function requireCollaboratorId(userId: string, ownerId: string): string {
    if (userId === ownerId) throw new HttpError(400, ownMessages.ownerIsNotACollaborator);
    if (!isUuid(userId)) throw new HttpError(404, ownMessages.collaboratorNotFound);
    return userId;
  }

  return {
    /**
     * The organization as its live event shows it to every member: without `currentUserRole`, which differs
     * from member to member. Null when it is gone.
     */
    async forEveryMember(organizationId: string): Promise<Omit<Organization, 'currentUserRole'> | null> {
      const record = await organizations.findById(organizationId);
      if (!record) return null;
      const [presented] = await present([record], record.ownerId);
      if (!presented) return null;
      const { currentUserRole: _viewerOnly, ...shared } = presented;
      return shared;
    },

    async listMine(actor: UserRecord): Promise<Organization[]> {
      const records = await organizations.findByIds(await organizations.idsOfMember(actor.id));
      return orderForUser(await present(records, actor.id), actor.id);
    },

    /**
     * Every organization, a page at a time by name, for the internal administrators of spec section 6; anyone
     * else 401.
     */
    async listAll(
      actor: UserRecord,
      page: { page: number; pageSize: number },
    ): Promise<{ data: Organization[]; total: number; page: number; pageSize: number }> {
      if (!users.isInternalAdmin(actor)) throw new HttpError(401, messages.unauthorizedAccess);
      const { records, total } = await organizations.findPage((page.page - 1) * page.pageSize, page.pageSize);
      return { data: await present(records, actor.id), total, ...page };
    },

    async get(actor: UserRecord, organizationId: string): Promise<Organization> {
      const id = requireOrganizationId(organizationId);
      await access.requireOrganization(actor.id, id, anyMember);
      return presentOne(id, actor.id);
    },

    async create(actor: UserRecord, name: string): Promise<Organization> {
      const id = randomUUID();
      await organizations.insert({
        id,
        name,
        ownerId: actor.id,
        billingAdminId: null,
        billingStatus: 'free',
        createdAt: clock(),
      });
      return presentOne(id, actor.id);
    },

    /** The name by the owner and ADMIN members; the billing administrator by the owner only. */
    async update(
      actor: UserRecord,
      organizationId: string,
      changes: UpdateOrganization,
    ): Promise<Organization> {
      const id = requireOrganizationId(organizationId);
      const { membership, ownerId } = await access.requireOrganization(actor.id, id, managers);
      const billingAdministratorId = changes.billingAdministratorId;
      if (billingAdministratorId !== undefined && membership !== 'OWNER') {
        throw new HttpError(401, messages.unauthorizedAccess);
      }
      await db.transaction(async (tx) => {
        const repository = createOrganizationsRepository(tx);
        const now = clock();
        if (changes.name !== undefined) await repository.updateName(id, changes.name, now);
        if (billingAdministratorId === null) await repository.updateBillingAdmin(id, null, now);
        if (typeof billingAdministratorId === 'string') {
          const eligible =
            billingAdministratorId === ownerId ||
            (isUuid(billingAdministratorId) && (await repository.isCollaborator(id, billingAdministratorId)));
          if (!eligible) throw new HttpError(400, ownMessages.billingAdministratorNotMember);
          await repository.updateBillingAdmin(id, billingAdministratorId, now);
        }
      });
      return presentOne(id, actor.id);
    },

    /**
     * Adds a person by email. Someone without an account needs a first and last name (else 404
     * inviteNeedsInfo); they get a pending account and an invitation whose link completes it through sign-up.
     * A pending person added to one more organization is mailed a fresh invitation. All or nothing: if the mail
     * cannot be sent, or the inviter or organization has used its invitation budget (429), nobody is added.
     */
    async addCollaborator(
      actor: UserRecord,
      organizationId: string,
      person: AddCollaborator,
    ): Promise<Organization> {
      const id = requireOrganizationId(organizationId);
      const { ownerId } = await access.requireOrganization(actor.id, id, managers);
      try {
        await db.transaction(async (tx) => {
          const now = clock();
          const repository = createOrganizationsRepository(tx);
          const account = await createAuthRepository(tx).findAccountByEmail(person.emailAddress);
          let invitee: PersonRecord;
          if (account) invitee = account;
          else if (person.firstName && person.lastName) {
            const names = { firstName: person.firstName, lastName: person.lastName };
            invitee = {
              user: await createPendingUser(tx, { email: person.emailAddress, ...names }, now),
              pending: true,
            };
          } else throw new HttpError(404, messages.inviteNeedsInfo);

          if (invitee.user.id === ownerId || (await repository.isCollaborator(id, invitee.user.id))) {
            throw new HttpError(409, ownMessages.alreadyOrganizationMember);
          }
          await repository.insertCollaborator({
            organizationId: id,
            userId: invitee.user.id,
            role: person.role,
            invitedBy: actor.id,
            createdAt: now,
          });
          await repository.touch(id, now);
          if (invitee.pending) {
            // Only a mail costs: over budget, the 429 rolls the membership back with it.
            await spendInvitation(actor, id);
            const organization = await repository.findById(id);
            const link = await issueVerificationLink(tx, { clock, config }, invitee.user.email);
            await mailer.send(
              authMails.invitation(invitee.user.email, link, {
                inviterName: `${actor.firstName} ${actor.lastName}`.trim(),
                inviterEmail: actor.email,
                organizationName: organization?.name ?? '',
                publicUrl: config.publicUrl,
              }),
            );
          }
        });
      } catch (error) {
        // Two managers adding the same person at once: the second meets the primary key.
        if (isUniqueViolation(error)) throw new HttpError(409, ownMessages.alreadyOrganizationMember);
        throw error;
      }
      return presentOne(id, actor.id);
    },

    async updateCollaborator(
      actor: UserRecord,
      organizationId: string,
      userId: string,
      role: OrganizationRole,
    ): Promise<Organization> {
      const id = requireOrganizationId(organizationId);
      const { ownerId } = await access.requireOrganization(actor.id, id, managers);
      const collaboratorId = requireCollaboratorId(userId, ownerId);
      const updated = await db.transaction(async (tx) => {
        const repository = createOrganizationsRepository(tx);
        if (!(await repository.updateCollaboratorRole(id, collaboratorId, role))) return false;
        await repository.touch(id, clock());
        return true;
      });
      if (!updated) throw new HttpError(404, ownMessages.collaboratorNotFound);
      return presentOne(id, actor.id);
    },

    /** By the owner or an ADMIN member, or by a member leaving. */
    async removeCollaborator(actor: UserRecord, organizationId: string, userId: string): Promise<void> {
      const id = requireOrganizationId(organizationId);
      const { membership, ownerId } = await access.requireOrganization(actor.id, id, anyMember);
      if (userId !== actor.id && !managers.includes(membership)) {
        throw new HttpError(401, messages.unauthorizedAccess);
      }
      const collaboratorId = requireCollaboratorId(userId, ownerId);
      const removed = await db.transaction((tx) =>
        createOrganizationsRepository(tx).deleteCollaborator(id, collaboratorId, clock()),
      );
      if (!removed) throw new HttpError(404, ownMessages.collaboratorNotFound);
    },
  };
}

export type OrganizationsService = ReturnType<typeof createOrganizationsService>;
