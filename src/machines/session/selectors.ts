import type { SnapshotFrom } from 'xstate';
import type { User } from '../../contract/http/users';
import type { sessionMachine } from './sessionMachine';

type SessionSnapshot = SnapshotFrom<typeof sessionMachine>;

/** One value per selector, so a view re-renders only when what it shows changes. */
export const selectToken = (snapshot: SessionSnapshot): string | null => snapshot.context.token;
export const selectUser = (snapshot: SessionSnapshot): User | null => snapshot.context.user;
export const selectSignupInProgress = (snapshot: SessionSnapshot): boolean =>
  snapshot.context.signupInProgress;
export const selectIsRestoring = (snapshot: SessionSnapshot): boolean => snapshot.hasTag('restoring');
export const selectIsAuthenticated = (snapshot: SessionSnapshot): boolean => snapshot.hasTag('authenticated');
export const selectIsExpiring = (snapshot: SessionSnapshot): boolean => snapshot.hasTag('expiring');

/** Spec section 2: the top navigation is shown only when the user has a first name. */
export const selectShowsTopNavigation = (snapshot: SessionSnapshot): boolean =>
  (snapshot.context.user?.firstName.trim() ?? '') !== '';

/** Stats is for the internal admins listed by GET /api/users/GussetAdmins. */
export const selectIsInternalAdmin = (snapshot: SessionSnapshot): boolean => {
  const userId = snapshot.context.user?._id;
  return userId !== undefined && snapshot.context.adminIds.includes(userId);
};

/** The Admin entry appears only when the internal admin list is non-empty. */
export const selectShowsAdminMenu = (snapshot: SessionSnapshot): boolean =>
  snapshot.context.adminList.length > 0;

/**
 * Whether the user may open /admin: as the Admin entry (the internal admin list is non-empty for them), or null
 * while the lists have not answered yet.
 */
export const selectMayAdminister = (snapshot: SessionSnapshot): boolean | null =>
  snapshot.context.adminDirectoryLoaded ? snapshot.context.adminList.length > 0 : null;

/** What the avatar shows when the user has no picture. */
export const selectInitials = (snapshot: SessionSnapshot): string => {
  const user = snapshot.context.user;
  if (!user) return '';
  if (user.initials.trim() !== '') return user.initials;
  return `${user.firstName.charAt(0)}${user.lastName.charAt(0)}`.toUpperCase();
};

/** The least an organization must say about itself to appear in the user menu. */
export interface OrganizationMenuEntry {
  _id: string;
  name: string;
  owner: { _id: string };
}

const byName = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });

/**
 * Spec section 2: in the user dropdown the organizations the user owns come first, then the others sorted by
 * name. Owned ones are sorted by name too, so the menu reads the same on every visit.
 */
export function orderOrganizationsForUserMenu<T extends OrganizationMenuEntry>(
  organizations: readonly T[],
  userId: string | null,
): T[] {
  const sorted = [...organizations].sort((a, b) => byName.compare(a.name, b.name));
  return [
    ...sorted.filter((organization) => organization.owner._id === userId),
    ...sorted.filter((organization) => organization.owner._id !== userId),
  ];
}

/** Whether the user may open /usageAnalytics (Stats): a listed internal admin, or null before the lists answer. */
export const selectMayViewStats = (snapshot: SessionSnapshot): boolean | null =>
  snapshot.context.adminDirectoryLoaded ? selectIsInternalAdmin(snapshot) : null;
