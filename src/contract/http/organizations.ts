import { z } from 'zod';
import { text } from './text';
import { ownMessages } from '../errors';
import { emailAddressSchema } from './auth';
import { organizationNameSchema } from './names';
import { publicUserSchema } from './users';

/**
 * A member's role in an organization besides the owner. ADMIN manages people, details and filters; MEMBER
 * sees the organization and creates models in it. Model access itself is per model (see models.ts).
 */
export const organizationRoleSchema = z.enum(['ADMIN', 'MEMBER']);
export type OrganizationRole = z.infer<typeof organizationRoleSchema>;

/** What the signed-in user is in an organization; the owner and billing administrator are single users. */
export const organizationMembershipSchema = z.enum(['OWNER', 'ADMIN', 'MEMBER', 'BILLING', 'NONE']);
export type OrganizationMembership = z.infer<typeof organizationMembershipSchema>;

export const organizationCollaboratorSchema = z.object({
  user: publicUserSchema,
  role: organizationRoleSchema,
  /** Invited by email, no account yet: the invitation mail leads through sign-up. */
  pending: z.boolean(),
  addedAt: z.string(),
});
export type OrganizationCollaborator = z.infer<typeof organizationCollaboratorSchema>;

/** Spec section 3: _id, name, owner, billing (status), billingStatus, collaborators, filters (see filters.ts). */
export const organizationSchema = z.object({
  _id: z.string(),
  name: z.string(),
  owner: publicUserSchema,
  billingAdministrator: publicUserSchema.nullable(),
  billing: z.object({ status: z.string() }),
  billingStatus: z.string(),
  collaborators: z.array(organizationCollaboratorSchema),
  /** The signed-in user's place in it (internal admins reading GET /all see NONE where they are not members). */
  currentUserRole: organizationMembershipSchema,
  modelCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Organization = z.infer<typeof organizationSchema>;

/**
 * GET /api/organizations (mine: owned first, then the others by name). GET /api/organizations/all (internal admins)
 * answers pages: adminOrganizationsPage in admin.ts.
 */
export const organizationListResponse = z.object({ data: z.array(organizationSchema) });
export type OrganizationListResponse = z.infer<typeof organizationListResponse>;

/** POST /api/organizations: the creator becomes the owner. */
export const createOrganizationBody = z.strictObject({ name: organizationNameSchema });
export type CreateOrganizationBody = z.input<typeof createOrganizationBody>;

/**
 * PUT /api/organizations/{id}: the name (owner and ADMIN members) and the billing administrator (owner only;
 * null gives the role back to the owner). At least one of them.
 */
export const updateOrganizationBody = z
  .strictObject({
    name: organizationNameSchema.optional(),
    billingAdministratorId: text().max(100).nullable().optional(),
  })
  .refine((body) => body.name !== undefined || body.billingAdministratorId !== undefined, {
    error: ownMessages.nothingToUpdate,
  });
export type UpdateOrganizationBody = z.input<typeof updateOrganizationBody>;

/**
 * POST /api/organizations/{id}/collaborators. An address without an account answers 404 with
 * messages.inviteNeedsInfo unless firstName and lastName are given; then a pending account is made and an
 * invitation mailed.
 */
export const addOrganizationCollaboratorBody = z.strictObject({
  emailAddress: emailAddressSchema,
  role: organizationRoleSchema.default('MEMBER'),
  firstName: text().trim().min(1).max(100).optional(),
  lastName: text().trim().min(1).max(100).optional(),
});
export type AddOrganizationCollaboratorBody = z.input<typeof addOrganizationCollaboratorBody>;

/**
 * PUT /api/organizations/{id}/collaborators/{userId} answers the updated organization; DELETE answers 204 (a
 * member may remove themself, after which they can no longer read the organization).
 */
export const updateOrganizationCollaboratorBody = z.strictObject({ role: organizationRoleSchema });
export type UpdateOrganizationCollaboratorBody = z.input<typeof updateOrganizationCollaboratorBody>;
