import { randomUUID } from 'node:crypto';
import { ownMessages } from '../../../contract/errors';
import type { Filter, FilterListResponse } from '../../../contract/http/filters';
import type { OrganizationMembership } from '../../../contract/http/organizations';
import type { ServerContext } from '../../context';
import { isUniqueViolation } from '../../db/db';
import { HttpError } from '../../httpError';
import { isUuid } from '../access/access';
import type { UserRecord } from '../users/repository';
import { requireOrganizationId } from '../organizations/service';
import { recommendedFilters } from './recommended';
import { createFiltersRepository, type FilterContent, type FilterScope } from './repository';

const anyMember: readonly OrganizationMembership[] = ['OWNER', 'ADMIN', 'MEMBER', 'BILLING'];
const managers: readonly OrganizationMembership[] = ['OWNER', 'ADMIN'];

/** Which scope a route works in, and who may read or change it there. */
export interface FilterTarget {
  kind: 'organization' | 'model';
  id: string;
}

/**
 * Filters of an organization (read by every member, changed by the owner and ADMIN members) and of a model
 * (read with the model ability 'view', changed with 'update'). A model's filter overrides the organization's
 * for the same pair (see engine/filters/effective.ts).
 */
export function createFiltersService({ db, clock, access }: ServerContext) {
  const filters = createFiltersRepository(db);

  async function scopeFor(actor: UserRecord, target: FilterTarget, change: boolean): Promise<FilterScope> {
    if (target.kind === 'organization') {
      const id = requireOrganizationId(target.id);
      await access.requireOrganization(actor.id, id, change ? managers : anyMember);
      return { organizationId: id, modelId: null };
    }
    const model = await access.requireModel(actor.id, target.id, change ? 'update' : 'view');
    return { organizationId: model.organizationId, modelId: model.modelId };
  }

  const filterId = (id: string) => {
    if (!isUuid(id)) throw new HttpError(404, ownMessages.filterNotFound);
    return id;
  };

  /** One filter per pair and scope: the unique index decides, so two concurrent saves cannot both win. */
  async function unlessPairTaken(write: () => Promise<Filter | null>): Promise<Filter | null> {
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error)) throw new HttpError(409, ownMessages.filterPairExists);
      throw error;
    }
  }

  return {
    async list(actor: UserRecord, target: FilterTarget, fromWebUI: boolean): Promise<FilterListResponse> {
      const scope = await scopeFor(actor, target, false);
      const own = await filters.list(scope);
      if (scope.modelId === null) {
        return fromWebUI ? { data: own, recommended: recommendedFilters(own) } : { data: own };
      }
      const organizationFilters = await filters.list({ organizationId: scope.organizationId, modelId: null });
      const inherited = organizationFilters.filter(
        (filter) => !own.some((mine) => mine.from === filter.from && mine.to === filter.to),
      );
      return { data: own, inherited };
    },

    async create(actor: UserRecord, target: FilterTarget, content: FilterContent): Promise<Filter> {
      const scope = await scopeFor(actor, target, true);
      const created = await unlessPairTaken(() =>
        filters.insert({ ...scope, id: randomUUID(), content, createdBy: actor.id, now: clock() }),
      );
      if (!created) throw new Error('insert gave no filter');
      return created;
    },

    async update(
      actor: UserRecord,
      target: FilterTarget,
      id: string,
      content: FilterContent,
    ): Promise<Filter> {
      const scope = await scopeFor(actor, target, true);
      const updated = await unlessPairTaken(() => filters.update(filterId(id), scope, content, clock()));
      if (!updated) throw new HttpError(404, ownMessages.filterNotFound);
      return updated;
    },

    async remove(actor: UserRecord, target: FilterTarget, id: string): Promise<void> {
      const scope = await scopeFor(actor, target, true);
      if (!(await filters.delete(filterId(id), scope))) throw new HttpError(404, ownMessages.filterNotFound);
    },
  };
}

export type FiltersService = ReturnType<typeof createFiltersService>;
