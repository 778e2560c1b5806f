import type { Organization, OrganizationRole } from '../../contract/http/organizations';
import type { PublicUser } from '../../contract/http/users';

export interface PersonRow {
  user: PublicUser;
  role: 'OWNER' | OrganizationRole | 'BILLING';
  pending: boolean;
  isBillingAdministrator: boolean;
}

const byName = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });
const fullName = (user: PublicUser) => `${user.firstName} ${user.lastName}`.trim() || user.emailAddress;

/**
 * The people of an organization as /people lists them: the owner first, then the collaborators by name, then
 * a billing administrator who is neither.
 */
export function peopleRows(organization: Organization): PersonRow[] {
  const billingId = organization.billingAdministrator?._id ?? null;
  const collaborators = [...organization.collaborators]
    .sort((a, b) => byName.compare(fullName(a.user), fullName(b.user)))
    .map((collaborator) => ({
      user: collaborator.user,
      role: collaborator.role,
      pending: collaborator.pending,
      isBillingAdministrator: collaborator.user._id === billingId,
    }));
  const rows: PersonRow[] = [
    {
      user: organization.owner,
      role: 'OWNER',
      pending: false,
      isBillingAdministrator: billingId === null || billingId === organization.owner._id,
    },
    ...collaborators,
  ];
  const billing = organization.billingAdministrator;
  if (billing && !rows.some((row) => row.user._id === billing._id)) {
    rows.push({ user: billing, role: 'BILLING', pending: false, isBillingAdministrator: true });
  }
  return rows;
}

/** The owner and ADMIN members manage people, details and filters. */
export function canManageOrganization(organization: Organization | null): boolean {
  return organization?.currentUserRole === 'OWNER' || organization?.currentUserRole === 'ADMIN';
}

/** Who may become billing administrator: the owner (the default) and the members who have an account. */
export function billingCandidates(organization: Organization): PublicUser[] {
  return [
    organization.owner,
    ...organization.collaborators.filter((collaborator) => !collaborator.pending).map((c) => c.user),
  ];
}

export { fullName as personDisplayName };
