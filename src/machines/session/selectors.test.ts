import { describe, expect, it } from 'vitest';
import { createMemoryStorage } from './memoryStorage';
import { sessionMachine } from './sessionMachine';
import {
  orderOrganizationsForUserMenu,
  selectInitials,
  selectIsInternalAdmin,
  selectShowsAdminMenu,
  selectShowsTopNavigation,
} from './selectors';
import { aPublicUser, aUser } from './sessionTestKit';
import type { SessionContext } from './types';

function snapshotWith(context: Partial<SessionContext>) {
  const initial = sessionMachine.resolveState({
    value: 'authenticated',
    context: {
      token: 't1',
      user: aUser(),
      adminIds: [],
      adminList: [],
      adminDirectoryLoaded: true,
      signupInProgress: false,
      storage: createMemoryStorage(),
      ...context,
    },
  });
  return initial;
}

describe('session selectors', () => {
  it('show the top navigation only when the user has a first name', () => {
    expect(selectShowsTopNavigation(snapshotWith({}))).toBe(true);
    expect(selectShowsTopNavigation(snapshotWith({ user: aUser({ firstName: '' }) }))).toBe(false);
    expect(selectShowsTopNavigation(snapshotWith({ user: aUser({ firstName: '  ' }) }))).toBe(false);
    expect(selectShowsTopNavigation(snapshotWith({ user: null }))).toBe(false);
  });

  it('treat only listed internal admins as admins (Stats)', () => {
    expect(selectIsInternalAdmin(snapshotWith({ adminIds: ['user-1'] }))).toBe(true);
    expect(selectIsInternalAdmin(snapshotWith({ adminIds: ['someone-else'] }))).toBe(false);
    expect(selectIsInternalAdmin(snapshotWith({ adminIds: ['user-1'], user: null }))).toBe(false);
  });

  it('show the Admin entry only with a non-empty admin list', () => {
    expect(selectShowsAdminMenu(snapshotWith({ adminList: [aPublicUser()] }))).toBe(true);
    expect(selectShowsAdminMenu(snapshotWith({ adminList: [] }))).toBe(false);
  });

  it('fall back to initials made from the name', () => {
    expect(selectInitials(snapshotWith({}))).toBe('AL');
    expect(
      selectInitials(snapshotWith({ user: aUser({ initials: '', firstName: 'grace', lastName: 'hopper' }) })),
    ).toBe('GH');
  });
});

describe('orderOrganizationsForUserMenu', () => {
  const organization = (name: string, ownerId: string) => ({ _id: name, name, owner: { _id: ownerId } });

  it('puts the organizations the user owns first, then the others by name', () => {
    const ordered = orderOrganizationsForUserMenu(
      [
        organization('zeta', 'other'),
        organization('Mine B', 'me'),
        organization('alpha', 'other'),
        organization('Beta', 'other'),
        organization('Mine A', 'me'),
      ],
      'me',
    );
    expect(ordered.map((o) => o.name)).toEqual(['Mine A', 'Mine B', 'alpha', 'Beta', 'zeta']);
  });

  it('is empty for an empty list and leaves its input untouched', () => {
    const input = [organization('b', 'x'), organization('a', 'x')];
    expect(orderOrganizationsForUserMenu([], 'me')).toEqual([]);
    orderOrganizationsForUserMenu(input, 'me');
    expect(input.map((o) => o.name)).toEqual(['b', 'a']);
  });
});
