import type { z } from 'zod';
import { messages } from '../../../contract/errors';
import {
  FUZZY_SEARCH_LIMIT,
  type AdminUserRow,
  type AdminUsersPage,
  type adminUsersQuery,
} from '../../../contract/http/admin';
import type { ServerContext } from '../../context';
import { HttpError } from '../../httpError';
import { isUuid } from '../access/access';
import type { UserRecord } from '../users/repository';
import { toPublicUser } from '../users/service';
import { requireInternalAdmin } from './guard';
import { createAdminRepository, type AdminUserRecord } from './repository';

type UsersQuery = z.output<typeof adminUsersQuery>;

export function toAdminUserRow(record: AdminUserRecord): AdminUserRow {
  return {
    ...toPublicUser(record.user),
    testingGroup: record.user.preferences.testingGroup ?? null,
    createdAt: record.user.createdAt.toISOString(),
    organizationCount: record.organizationCount,
  };
}

/** The internal admin area's accounts: list, fuzzy search and testing groups. Every call checks the admin. */
export function createAdminService(context: Pick<ServerContext, 'db' | 'clock' | 'config' | 'log'>) {
  const { db, clock, config, log } = context;
  const repository = createAdminRepository(db);

  return {
    async listUsers(actor: UserRecord, query: UsersQuery): Promise<AdminUsersPage> {
      requireInternalAdmin(actor, config);
      const { rows, total } = await repository.page({
        offset: (query.page - 1) * query.pageSize,
        limit: query.pageSize,
        ...(query.search ? { contains: query.search } : {}),
      });
      return { data: rows.map(toAdminUserRow), total, page: query.page, pageSize: query.pageSize };
    },

    async fuzzySearch(actor: UserRecord, searchTerm: string): Promise<AdminUserRow[]> {
      requireInternalAdmin(actor, config);
      return (await repository.fuzzy(searchTerm, FUZZY_SEARCH_LIMIT)).map(toAdminUserRow);
    },

    async setTestingGroup(
      actor: UserRecord,
      userId: string,
      testingGroup: string | null,
    ): Promise<AdminUserRow> {
      requireInternalAdmin(actor, config);
      if (!isUuid(userId) || !(await repository.setTestingGroup(userId, testingGroup, clock()))) {
        throw new HttpError(404, messages.userDetailNotFound);
      }
      // An audit line: which admin moved whom.
      log.info({ event: 'admin.testingGroup', adminId: actor.id, userId, testingGroup }, 'Testing group set');
      const updated = await repository.findById(userId);
      if (!updated) throw new HttpError(404, messages.userDetailNotFound);
      return toAdminUserRow(updated);
    },
  };
}

export type AdminService = ReturnType<typeof createAdminService>;
