import type { ModelRole } from '../../contract/http/models';

/** Spec section 4's roles, weakest first: each one may do what the ones before it may. */
const rank: Record<ModelRole, number> = { LIMITEDVIEW: 0, READ: 1, WRITE: 2, ADMIN: 3 };

export function hasAtLeast(role: ModelRole, needed: ModelRole): boolean {
  return rank[role] >= rank[needed];
}

/** What the model screens offer a user, decided from their role in one place (the server enforces the same). */
export interface ModelAbilities {
  /** READ+: versions, their reports, export. LIMITEDVIEW sees only the reports shared with them. */
  canViewVersions: boolean;
  /** WRITE+: upload a version, restore one, rename, change units, edit the model's filters. */
  canUpdate: boolean;
  /** ADMIN: invite, change roles, remove people, delete the model. */
  canAdminister: boolean;
}

export function abilitiesOf(role: ModelRole | null): ModelAbilities {
  if (role === null) return { canViewVersions: false, canUpdate: false, canAdminister: false };
  return {
    canViewVersions: hasAtLeast(role, 'READ'),
    canUpdate: hasAtLeast(role, 'WRITE'),
    canAdminister: role === 'ADMIN',
  };
}

/** A tab of the model page: a path under /model/{id} and its label. */
export interface ModelSection {
  to: string;
  label: string;
}

/**
 * The model page's tabs for a role: LIMITEDVIEW sees only the reports shared with them; merging and repairing
 * need WRITE, checking connectivity READ (the server enforces the same).
 */
export function modelSectionsFor(role: ModelRole | null): ModelSection[] {
  const abilities = abilitiesOf(role);
  if (!abilities.canViewVersions) return [{ to: 'reports', label: 'Reports' }];
  return [
    { to: 'history', label: 'History' },
    { to: 'visualize/elements', label: '3D view' },
    { to: 'reports', label: 'Reports' },
    ...(abilities.canUpdate ? [{ to: 'visualize/merge', label: 'Merge' }] : []),
    // READ users may check connectivity; repairing needs WRITE (issue #8).
    { to: 'visualize/repair', label: abilities.canUpdate ? 'Check and repair' : 'Check connectivity' },
    { to: 'people', label: 'People' },
    { to: 'settings', label: 'Settings' },
  ];
}
