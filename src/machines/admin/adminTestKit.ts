import type { AdminUserRow } from '../../contract/http/admin';

/** Test support for the admin screens and machines (never imported by the app). */
export function anAdminUserRow(overrides: Partial<AdminUserRow> = {}): AdminUserRow {
  return {
    _id: 'user-john',
    firstName: 'John',
    lastName: 'Smith',
    initials: 'JS',
    avatarUrl: null,
    emailAddress: 'jsmith@example.com',
    testingGroup: null,
    createdAt: '2025-02-03T10:00:00.000Z',
    organizationCount: 1,
    ...overrides,
  };
}

/** `count` distinct users, numbered from `first`. */
export function someUsers(count: number, first = 1): AdminUserRow[] {
  return Array.from({ length: count }, (_, index) => {
    const n = first + index;
    return anAdminUserRow({
      _id: `user-${n}`,
      firstName: `User${n}`,
      lastName: 'Tester',
      initials: 'UT',
      emailAddress: `user${n}@example.com`,
    });
  });
}
