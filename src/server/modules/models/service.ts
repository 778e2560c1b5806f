import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { messages, ownMessages } from '../../../contract/errors';
import type {
  cloneModelBody,
  createModelBody,
  Model,
  ModelListResponse,
  ModelPermission,
  ModelPermissionsResponse,
  ModelRole,
  ReportSummary,
  updateModelBody,
} from '../../../contract/http/models';
import type { OrganizationMembership } from '../../../contract/http/organizations';
import type { PublicUser } from '../../../contract/http/users';
import type { ServerContext } from '../../context';
import type { Queryable } from '../../db/db';
import { HttpError } from '../../httpError';
import { isUuid, roleAtLeast, modelAbilities } from '../access/access';
import { planChangeRefusal, planForNewModel, refreshBillingStatus } from '../billing/quota';
import { billingRepository } from '../billing/repository';
import { createInvitationBudget, issueVerificationLink } from '../auth/invitations';
import { authMails } from '../auth/mails';
import { createAuthRepository } from '../auth/repository';
import type { UserRecord } from '../users/repository';
import { createModelListCache, readModelListGeneration } from './listCache';
import { readModelListSnapshot, type ModelListSnapshot, type VisibleModelRow } from './listSnapshot';
import { createModelsRepository, type PermissionRow } from './repository';
import { listVersions, loadPublicUsers, toVersion, publicUserOfRow } from './versionRows';

/** Who may create a model in an organization, or clone into one (the billing administrator may not). */
const CREATORS: readonly OrganizationMembership[] = ['OWNER', 'ADMIN', 'MEMBER'];

/** At most this many ids in one imagesAndVersionsByModelIds call; the rest are ignored. */
const MAX_IDS_PER_BATCH = 500;

export interface ModelParts {
  images: boolean;
  versions: boolean;
  reports: boolean;
}

const everything: ModelParts = { images: true, versions: true, reports: true };

/**
 * Where the browser fetches a model's thumbnail. Thumbnails arrive with the images capability
 * (POST /api/images/modelScreenshot); this is the one place that names their URL.
 */
export function modelImageUrl(imageBlob: string | null): string | null {
  return imageBlob === null ? null : `/api/images/blobs/${imageBlob}`;
}

/** Rows by a key, each list in the rows' order. */
function groupBy<Row>(rows: readonly Row[], key: (row: Row) => string): Map<string, Row[]> {
  const groups = new Map<string, Row[]>();
  for (const row of rows) {
    const list = groups.get(key(row));
    if (list) list.push(row);
    else groups.set(key(row), [row]);
  }
  return groups;
}

/** The owner first (always ADMIN, with or without a row), then the others in the order they were granted. */
function effectivePermissions(
  ownerId: string,
  rows: readonly PermissionRow[],
): Array<{ userId: string; type: ModelRole }> {
  return [
    { userId: ownerId, type: 'ADMIN' as const },
    ...rows.filter((row) => row.user_id !== ownerId).map((row) => ({ userId: row.user_id, type: row.role })),
  ];
}

/**
 * The free-model rule for a model about to be inserted in `tx` (billing, issue #10): its plan, or 402 with
 * ownMessages.freeModelsUsed. Locks the organization row until `tx` ends.
 */
async function requirePlanForNewModel(tx: Queryable, organizationId: string) {
  const decided = await planForNewModel(tx, organizationId);
  if (!decided.ok) {
    throw new HttpError(decided.refusal === 'freeModelsUsed' ? 402 : 404, decided.message);
  }
  return decided.plan;
}

export interface ModelsServiceHooks {
  /** After a commit that changed an organization's paid models (the billing subscription follows). */
  paidModelsChanged?: (organizationId: string) => void;
}

export function createModelsService(
  context: Pick<ServerContext, 'db' | 'clock' | 'access' | 'config' | 'mailer' | 'rateLimitStore'>,
  hooks: ModelsServiceHooks = {},
) {
  const { db, clock, access, config, mailer } = context;
  const spendInvitation = createInvitationBudget(context);
  const models = createModelsRepository(db);
  const listCache = createModelListCache();
  const paidModelsChanged = hooks.paidModelsChanged ?? (() => undefined);

  /**
   * Contract models from a snapshot (listSnapshot.ts: one statement whatever the number of models), in its
   * order. `parts` says which of images, versions and reports each model carries.
   */
  function assemble(snapshot: ModelListSnapshot, parts: ModelParts): Model[] {
    const usersById = new Map(snapshot.users.map((row) => [row.id, publicUserOfRow(row)]));
    const user = (id: string | null | undefined): PublicUser | null =>
      id ? (usersById.get(id) ?? null) : null;
    const permissionsByModel = groupBy(snapshot.permissions, (row) => row.model_id);
    const versionsByModel = groupBy(snapshot.versions, (row) => row.model_id);
    const factsByModel = new Map(snapshot.versionFacts.map((row) => [row.model_id, row]));
    const reportsByModel = new Map<string, ReportSummary[]>();
    for (const report of snapshot.reports) {
      const list = reportsByModel.get(report.model_id) ?? [];
      list.push({
        _id: report.id,
        dateCreated: new Date(report.created_at).toISOString(),
        currentVersionID: report.current_version_id,
        comparisonVersionID: report.comparison_version_id,
        createdBy: user(report.created_by),
      });
      reportsByModel.set(report.model_id, list);
    }

    return snapshot.models.map((row): Model => {
      const facts = factsByModel.get(row.id);
      const reports = reportsByModel.get(row.id) ?? [];
      const permissions: ModelPermission[] = effectivePermissions(
        row.owner_id,
        permissionsByModel.get(row.id) ?? [],
      ).flatMap(({ userId, type }) => {
        const permitted = user(userId);
        return permitted ? [{ user: permitted, type }] : [];
      });
      // LIMITEDVIEW learns nothing from versions: not how many, not the latest, not who wrote them (the
      // snapshot holds no version facts for its models).
      const seesVersions = roleAtLeast(row.role, modelAbilities.view);
      const contributorIds = [...new Set([row.created_by, ...(facts?.author_ids ?? [])])];
      return {
        _id: row.id,
        name: row.name,
        organization: { _id: row.organization_id, name: row.organization_name },
        permissions,
        contributors: contributorIds.flatMap((id) => user(id) ?? []),
        settings: { units: row.units },
        createdBy: user(row.created_by),
        // Spec section 4: updated-by falls back to the latest version's author, then the creator.
        updatedBy: user(row.updated_by) ?? user(facts?.latest_author_id) ?? user(row.created_by),
        currentUserRole: row.role,
        ...(seesVersions
          ? { versionCount: facts?.count ?? 0, latestVersionId: facts?.latest_id ?? null }
          : {}),
        reportCount: reports.length,
        ...(parts.images ? { image: modelImageUrl(row.image_blob), imageIsSketch: row.image_is_sketch } : {}),
        ...(parts.versions
          ? { versions: (versionsByModel.get(row.id) ?? []).map((version) => toVersion(version, usersById)) }
          : {}),
        ...(parts.reports ? { reports } : {}),
        clonedFrom: row.cloned_from,
        plan: row.plan,
        createdAt: new Date(row.created_at).toISOString(),
        updatedAt: new Date(row.updated_at).toISOString(),
      };
    });
  }

  /** The model as `userId` sees it now, everything included. */
  async function modelFor(userId: string, modelId: string, parts: ModelParts = everything): Promise<Model> {
    if (!isUuid(modelId)) throw new HttpError(404, ownMessages.modelNotFound);
    const snapshot = await readModelListSnapshot(db, userId, { modelIds: [modelId] }, parts.versions);
    const [model] = assemble(snapshot, parts);
    if (!model) throw new HttpError(404, ownMessages.modelNotFound);
    return model;
  }

  async function permissionsResponse(modelId: string, ownerId: string): Promise<ModelPermissionsResponse> {
    const rows = await models.permissionsOf([modelId]);
    const entries = effectivePermissions(ownerId, rows);
    const usersById = await loadPublicUsers(
      db,
      entries.map((entry) => entry.userId),
    );
    return {
      message: ownMessages.permissionsUpdated,
      permissions: entries.flatMap(({ userId, type }) => {
        const permitted = usersById.get(userId);
        return permitted ? [{ user: permitted, type }] : [];
      }),
    };
  }

  /**
   * The organization owner's role on its models is derived, never stored, and cannot be changed or removed:
   * that is also what guarantees every model keeps an ADMIN.
   */
  function ownerStaysAdmin(): HttpError {
    return new HttpError(409, ownMessages.organizationOwnerStaysModelAdmin);
  }

  async function ownerOf(organizationId: string): Promise<string> {
    const [row] = await db.query<{ owner_id: string }>('SELECT owner_id FROM organizations WHERE id = $1', [
      organizationId,
    ]);
    if (!row) throw new HttpError(404, ownMessages.modelNotFound);
    return row.owner_id;
  }

  return {
    /**
     * GET /api/models's answer as JSON text: kept per reader and query while the model list generation stays
     * the same (listCache.ts), else built from one snapshot and kept under the generation that snapshot read.
     */
    async listAnswer(
      userId: string,
      options: ModelParts & { organizationId: string | undefined },
    ): Promise<string> {
      const organizationId = options.organizationId;
      if (organizationId !== undefined && !isUuid(organizationId)) return JSON.stringify({ data: [] });
      const key = [userId, organizationId ?? '', options.images, options.versions, options.reports].join(' ');
      const kept = listCache.get(key, await readModelListGeneration(db));
      if (kept !== undefined) return kept;
      const snapshot = await readModelListSnapshot(
        db,
        userId,
        organizationId === undefined ? {} : { organizationId },
        options.versions,
      );
      const answer = JSON.stringify({ data: assemble(snapshot, options) } satisfies ModelListResponse);
      listCache.set(key, snapshot.generation, answer);
      return answer;
    },

    async get(userId: string, modelId: string): Promise<Model> {
      await access.requireModel(userId, modelId, 'see');
      return modelFor(userId, modelId);
    },

    /** Images and versions of the models the user may view (READ+); the others are silently left out. */
    async imagesAndVersions(userId: string, modelIdsParam: string) {
      const ids = [
        ...new Set(
          modelIdsParam
            .split(',')
            .map((id) => id.trim())
            .filter(isUuid),
        ),
      ].slice(0, MAX_IDS_PER_BATCH);
      if (ids.length === 0) return [];
      const rows = (await models.listByIdsVisibleTo(userId, ids)).filter(
        (row): row is VisibleModelRow => row.role !== null && roleAtLeast(row.role, modelAbilities.view),
      );
      const versions = await listVersions(
        db,
        rows.map((row) => row.id),
      );
      return rows.map((row) => ({
        _id: row.id,
        image: modelImageUrl(row.image_blob),
        versions: versions.get(row.id) ?? [],
      }));
    },

    async create(userId: string, body: z.output<typeof createModelBody>): Promise<Model> {
      await access.requireOrganization(userId, body.organizationId, CREATORS);
      const id = randomUUID();
      const now = clock();
      // The quota check and the insert are one transaction, the organization row locked (issue #10).
      const plan = await db.transaction(async (tx) => {
        const decided = await requirePlanForNewModel(tx, body.organizationId);
        const repository = createModelsRepository(tx);
        await repository.insert({
          id,
          organizationId: body.organizationId,
          name: body.name,
          units: body.units,
          createdBy: userId,
          clonedFrom: null,
          plan: decided,
          now,
        });
        await repository.grant(id, userId, 'ADMIN', now);
        if (decided === 'PAID') await refreshBillingStatus(tx, body.organizationId, now);
        return decided;
      });
      if (plan === 'PAID') paidModelsChanged(body.organizationId);
      return modelFor(userId, id);
    },

    async update(userId: string, modelId: string, body: z.output<typeof updateModelBody>): Promise<Model> {
      const permissions = body.permissions ?? [];
      // Collaborators and the plan (what the organization pays for) are the model ADMIN's (or the owner's).
      const target = await access.requireModel(
        userId,
        modelId,
        permissions.length > 0 || body.plan !== undefined ? 'administer' : 'update',
      );
      const ownerId = await ownerOf(target.organizationId);
      // The owner is ADMIN already: naming them ADMIN changes nothing, any other role is refused.
      if (permissions.some((permission) => permission.userId === ownerId && permission.type !== 'ADMIN')) {
        throw ownerStaysAdmin();
      }
      const granted = permissions.filter((permission) => permission.userId !== ownerId);
      const known = await loadPublicUsers(
        db,
        granted.map((permission) => permission.userId),
      );
      if (granted.some((permission) => !known.has(permission.userId))) {
        throw new HttpError(404, messages.userDetailNotFound);
      }
      const now = clock();
      const planChanged = await db.transaction(async (tx) => {
        const repository = createModelsRepository(tx);
        let changed = false;
        if (body.plan !== undefined) {
          // Locked before reading the counts, like a creation: promotions and demotions are serialised too.
          await billingRepository.lockOrganization(tx, target.organizationId);
          if ((await repository.planOf(modelId)) !== body.plan) {
            const refusal = await planChangeRefusal(tx, target.organizationId, body.plan);
            if (refusal) throw new HttpError(refusal.status, refusal.message);
            await repository.setPlan(modelId, body.plan, userId, now);
            await refreshBillingStatus(tx, target.organizationId, now);
            changed = true;
          }
        }
        for (const permission of granted) {
          await repository.upsert(modelId, permission.userId, permission.type, now);
        }
        await repository.update(
          modelId,
          { name: body.name ?? null, units: body.settings?.units ?? null },
          userId,
          now,
        );
        return changed;
      });
      if (planChanged) paidModelsChanged(target.organizationId);
      return modelFor(userId, modelId);
    },

    /** Deleting a model frees its slot: a paid one no longer counts, a free one lets the next model be free. */
    async remove(userId: string, modelId: string): Promise<{ message: string }> {
      const target = await access.requireModel(userId, modelId, 'administer');
      const wasPaid = await db.transaction(async (tx) => {
        await billingRepository.lockOrganization(tx, target.organizationId);
        const repository = createModelsRepository(tx);
        const plan = await repository.planOf(modelId);
        await repository.delete(modelId);
        if (plan === 'PAID') await refreshBillingStatus(tx, target.organizationId, clock());
        return plan === 'PAID';
      });
      if (wasPaid) paidModelsChanged(target.organizationId);
      return { message: ownMessages.modelRemoved };
    },

    async clone(userId: string, sourceId: string, body: z.output<typeof cloneModelBody>): Promise<Model> {
      const source = await access.requireModel(userId, sourceId, 'view');
      let organizationId = body.organizationId;
      if (organizationId === undefined) {
        // A collaborator from outside the source's organization must say where the copy goes.
        const membership = await access.organizationMembershipOf(userId, source.organizationId);
        if (!membership || membership.membership === 'NONE') {
          throw new HttpError(400, messages.organizationDetailsMissing);
        }
        organizationId = source.organizationId;
      }
      await access.requireOrganization(userId, organizationId, CREATORS);
      const sourceRow = await models.findForUser(userId, sourceId);
      if (!sourceRow) throw new HttpError(404, ownMessages.modelNotFound);
      const id = randomUUID();
      const now = clock();
      const targetOrganizationId = organizationId;
      // A clone is a new model in the target organization: the same quota rule, in the same transaction.
      const plan = await db.transaction(async (tx) => {
        const decided = await requirePlanForNewModel(tx, targetOrganizationId);
        const repository = createModelsRepository(tx);
        await repository.insert({
          id,
          organizationId: targetOrganizationId,
          name: body.name ?? `${sourceRow.name} (copy)`,
          units: sourceRow.units,
          createdBy: userId,
          clonedFrom: sourceId,
          plan: decided,
          now,
        });
        await repository.grant(id, userId, 'ADMIN', now);
        await repository.copyVersions(sourceId, id);
        if (decided === 'PAID') await refreshBillingStatus(tx, targetOrganizationId, now);
        return decided;
      });
      if (plan === 'PAID') paidModelsChanged(targetOrganizationId);
      return modelFor(userId, id);
    },

    /**
     * Grants a role to someone with an account (or a pending invitee) and mails them a link to the model. The
     * mail spends the inviter's and the organization's invitation budgets, like an organization invitation; all
     * or nothing: over budget (429) or when the mail cannot be sent, nobody is added.
     */
    async addCollaborator(
      inviter: UserRecord,
      modelId: string,
      emailAddress: string,
      type: ModelRole,
    ): Promise<ModelPermissionsResponse> {
      const target = await access.requireModel(inviter.id, modelId, 'administer');
      const invitee =
        emailAddress.length <= 254 ? await createAuthRepository(db).findAccountByEmail(emailAddress) : null;
      if (!invitee) throw new HttpError(404, messages.userDoesNotExist);
      const ownerId = await ownerOf(target.organizationId);
      if (invitee.user.id === ownerId) throw new HttpError(409, ownMessages.alreadyModelCollaborator);
      await db.transaction(async (tx) => {
        if (!(await createModelsRepository(tx).grant(modelId, invitee.user.id, type, clock()))) {
          throw new HttpError(409, ownMessages.alreadyModelCollaborator);
        }
        await spendInvitation(inviter, target.organizationId);
        const [names] = await tx.query<{ model_name: string; organization_name: string }>(
          `SELECT m.name AS model_name, o.name AS organization_name
             FROM models m JOIN organizations o ON o.id = m.organization_id WHERE m.id = $1`,
          [modelId],
        );
        // LIMITEDVIEW sees reports only, so the model's history would be an empty door for them.
        const section = type === 'LIMITEDVIEW' ? '/reports' : '';
        await mailer.send(
          authMails.modelShared(invitee.user.email, {
            inviterName: `${inviter.firstName} ${inviter.lastName}`.trim(),
            inviterEmail: inviter.email,
            modelName: names?.model_name ?? '',
            organizationName: names?.organization_name ?? '',
            role: type,
            modelLink: `${config.publicUrl}/model/${modelId}${section}`,
            signupLink: invitee.pending
              ? await issueVerificationLink(tx, { clock, config }, invitee.user.email)
              : null,
          }),
        );
      });
      return permissionsResponse(modelId, ownerId);
    },

    async changeCollaborator(
      userId: string,
      modelId: string,
      collaboratorId: string,
      type: ModelRole,
    ): Promise<ModelPermissionsResponse> {
      const target = await access.requireModel(userId, modelId, 'administer');
      const ownerId = await ownerOf(target.organizationId);
      if (collaboratorId === ownerId) {
        if (type !== 'ADMIN') throw ownerStaysAdmin();
        return permissionsResponse(modelId, ownerId);
      }
      if (!isUuid(collaboratorId) || !(await models.changeRole(modelId, collaboratorId, type))) {
        throw new HttpError(404, ownMessages.modelCollaboratorNotFound);
      }
      return permissionsResponse(modelId, ownerId);
    },

    /** An ADMIN removes anyone; any collaborator may remove themself. */
    async removeCollaborator(
      userId: string,
      modelId: string,
      collaboratorId: string,
    ): Promise<ModelPermissionsResponse> {
      const target = await access.requireModel(
        userId,
        modelId,
        collaboratorId === userId ? 'see' : 'administer',
      );
      const ownerId = await ownerOf(target.organizationId);
      if (collaboratorId === ownerId) throw ownerStaysAdmin();
      if (!isUuid(collaboratorId) || !(await models.revoke(modelId, collaboratorId))) {
        throw new HttpError(404, ownMessages.modelCollaboratorNotFound);
      }
      return permissionsResponse(modelId, ownerId);
    },
  };
}

export type ModelsService = ReturnType<typeof createModelsService>;
