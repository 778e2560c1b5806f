import type { SnapshotFrom } from 'xstate';
import type { AdminUserRow } from '../../contract/http/admin';
import type { adminOrganizationsMachine } from './adminOrganizationsMachine';
import type { adminUsersMachine } from './adminUsersMachine';
import { pageInfo, type PageInfo } from './paging';

type UsersSnapshot = SnapshotFrom<typeof adminUsersMachine>;
type OrganizationsSnapshot = SnapshotFrom<typeof adminOrganizationsMachine>;

/** One user row as the admin tables show it. */
export interface AdminUserView {
  row: AdminUserRow;
  name: string;
  /** What the testing group field holds: the typed draft, else the saved group. */
  testingGroupInput: string;
  /** The typed group differs from the saved one: Save is offered. */
  changed: boolean;
  saving: boolean;
  error: string | null;
}

export const selectUsersLoading = (snapshot: UsersSnapshot) => snapshot.hasTag('loading');
export const selectUsersFailed = (snapshot: UsersSnapshot) => snapshot.hasTag('failed');
export const selectUsersError = (snapshot: UsersSnapshot) => snapshot.context.error;
export const selectUsersSaving = (snapshot: UsersSnapshot) => snapshot.hasTag('saving');
export const selectSearchInput = (snapshot: UsersSnapshot) => snapshot.context.searchInput;
export const selectSearchTerm = (snapshot: UsersSnapshot) => snapshot.context.searchTerm;

/** Paging applies to the list of every user; search results are one list of the best matches. */
export function selectUsersPage(snapshot: UsersSnapshot): PageInfo | null {
  const { page, pageSize, total, searchTerm } = snapshot.context;
  return searchTerm === null ? pageInfo(page, pageSize, total) : null;
}

export function selectUserViews(snapshot: UsersSnapshot): AdminUserView[] {
  const { rows, drafts, savingUserId, rowError } = snapshot.context;
  return rows.map((row) => {
    const draft = drafts[row._id];
    const saved = row.testingGroup ?? '';
    return {
      row,
      name: `${row.firstName} ${row.lastName}`.trim() || row.emailAddress,
      testingGroupInput: draft ?? saved,
      changed: draft !== undefined && draft.trim() !== saved,
      saving: savingUserId === row._id,
      error: rowError?.userId === row._id ? rowError.message : null,
    };
  });
}

export const selectOrganizationsLoading = (snapshot: OrganizationsSnapshot) => snapshot.hasTag('loading');
export const selectOrganizationsFailed = (snapshot: OrganizationsSnapshot) => snapshot.hasTag('failed');
export const selectOrganizationsError = (snapshot: OrganizationsSnapshot) => snapshot.context.error;
export const selectOrganizations = (snapshot: OrganizationsSnapshot) => snapshot.context.organizations;
export const selectOrganizationsPage = (snapshot: OrganizationsSnapshot): PageInfo =>
  pageInfo(snapshot.context.page, snapshot.context.pageSize, snapshot.context.total);
