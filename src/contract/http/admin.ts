import { z } from 'zod';
import { text } from './text';
import { organizationSchema } from './organizations';
import { preferencesSchema, publicUserSchema } from './users';

/**
 * The internal admin area (/admin/*): accounts and organizations, never model contents. Every route here is for
 * internal admins (GUSSET_ADMINS) only: anyone else signed in gets 401, no token 403.
 */

/** Page numbers start at 1; pageSize defaults to 50 and is capped at 200 so a page stays one cheap query. */
export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
});
export type PageQuery = z.input<typeof pageQuery>;

/**
 * A user as the admin area lists them: the public record plus what the admin manages and sorts by. Only accounts
 * are listed: people invited by email who have not signed up yet are not.
 */
export const adminUserRowSchema = publicUserSchema.extend({
  testingGroup: preferencesSchema.shape.testingGroup,
  createdAt: z.string(),
  /** Organizations the user owns or is a member of (billing administrator included). */
  organizationCount: z.number().int(),
});
export type AdminUserRow = z.infer<typeof adminUserRowSchema>;

/**
 * GET /api/users/all?page&pageSize&search: every user, newest first. `search` (optional) keeps users whose name
 * or email contains it (case-insensitive); typo-tolerant search is /fuzzySearch/.
 */
export const adminUsersQuery = pageQuery.extend({
  search: text().trim().max(200).optional(),
});
export type AdminUsersQuery = z.input<typeof adminUsersQuery>;

export const adminUsersPage = z.object({
  data: z.array(adminUserRowSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AdminUsersPage = z.infer<typeof adminUsersPage>;

/**
 * GET /api/users/fuzzySearch/?searchTerm=: up to 20 users, best match first. Typo-tolerant over first name,
 * last name and email ("Jonh Smiht" finds John Smith), and a partial email matches from its start ("jsmith@exa").
 */
export const FUZZY_SEARCH_LIMIT = 20;
export const fuzzySearchQuery = z.object({
  searchTerm: text().trim().min(1).max(200),
});
export type FuzzySearchQuery = z.input<typeof fuzzySearchQuery>;

export const fuzzySearchResponse = z.object({ data: z.array(adminUserRowSchema) });
export type FuzzySearchResponse = z.infer<typeof fuzzySearchResponse>;

/**
 * POST /api/users/updateTestingGroup/ { data: { userId, testingGroup } }: null takes the user out of every
 * testing group. Answers the updated row. Users see their testing group in their preferences; only admins set it.
 */
export const testingGroupSchema = text().trim().min(1).max(100).nullable();
export const updateTestingGroupBody = z.strictObject({
  data: z.strictObject({
    userId: text().min(1).max(100),
    testingGroup: testingGroupSchema,
  }),
});
export type UpdateTestingGroupBody = z.input<typeof updateTestingGroupBody>;

/** GET /api/organizations/all?page&pageSize: every organization, by name. */
export const adminOrganizationsQuery = pageQuery;
export const adminOrganizationsPage = z.object({
  data: z.array(organizationSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AdminOrganizationsPage = z.infer<typeof adminOrganizationsPage>;
