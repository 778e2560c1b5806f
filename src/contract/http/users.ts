import { z } from 'zod';
import { multilineText, text } from './text';
import { newPasswordSchema, passwordSchema } from './auth';

export const colorSchemeName = z.enum(['dark', 'light', 'white']);
export type ColorSchemeName = z.infer<typeof colorSchemeName>;

export const preferencesSchema = z.object({
  colorSchemes: z.object({ default: colorSchemeName, repair: colorSchemeName }),
  testingGroup: z.string().max(100).nullable(),
});
export type Preferences = z.infer<typeof preferencesSchema>;

/** Spec sections 1 and 3: the sign-up survey. */
export const surveyFeatures = [
  'Translating between tools',
  'Tracking changes',
  'Sharing',
  'Online viewing',
  'Workflow automation such as model repair',
  'Other',
] as const;
export const softwareUsed = [
  'Revit',
  'ETABS',
  'SAP2000',
  'Grasshopper',
  'Tekla Structures',
  'RAM Structural System',
  'Excel',
  'Dynamo',
] as const;
export const softwareWanted = [
  'Rhino without GH',
  'Autocad regular',
  'Autocad Architecture',
  'Autocad Structural',
  'Sketchup',
  'Strand7',
  'Autodesk Robot',
  'Other',
] as const;

export const surveySchema = z.strictObject({
  features: z.array(z.enum(surveyFeatures)).max(surveyFeatures.length),
  softwareUsed: z.array(z.enum(softwareUsed)).max(softwareUsed.length),
  softwareWanted: z.array(z.enum(softwareWanted)).max(softwareWanted.length),
  other: z.string().trim().max(1000).optional(),
});
export type Survey = z.infer<typeof surveySchema>;

/** Sign-up and onboarding progress kept with the user (PUT /api/users/{id}/updateUserState). */
export const userStateSchema = z.strictObject({
  plan: z.enum(['free', 'paid']).optional(),
  signupCompleted: z.boolean().optional(),
});
export type UserState = z.infer<typeof userStateSchema>;

/** The signed-in user's own record, as GET /api/users returns it. */
export const userSchema = z.object({
  _id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  initials: z.string(),
  avatarUrl: z.string().nullable(),
  emailAddress: z.string(),
  preferences: preferencesSchema,
  survey: surveySchema.nullable(),
  state: userStateSchema,
  createdAt: z.string(),
});
export type User = z.infer<typeof userSchema>;

/** A user's `initials`: first letters of first and last name, by code point so an emoji or accented letter is not cut in half. */
export function initialsOf(firstName: string, lastName: string): string {
  const first = Array.from(firstName.trim())[0] ?? '';
  const last = Array.from(lastName.trim())[0] ?? '';
  return `${first}${last}`.toUpperCase();
}

/** What another signed-in user may see of a user (GET /api/users/{id}, /profileInfo/{id}, /findByEmail). */
export const publicUserSchema = userSchema.pick({
  _id: true,
  firstName: true,
  lastName: true,
  initials: true,
  avatarUrl: true,
  emailAddress: true,
});
export type PublicUser = z.infer<typeof publicUserSchema>;

/**
 * PUT /api/users: the profile fields a user may change about themself. The testing group is shown to the user
 * but only internal admins set it (POST /api/users/updateTestingGroup/), so it is dropped from this body.
 */
export const updateProfileBody = z.strictObject({
  firstName: text().trim().min(1).max(100).optional(),
  lastName: text().trim().min(1).max(100).optional(),
  preferences: preferencesSchema.omit({ testingGroup: true }).partial().optional(),
  // The free text is checked here, not in surveySchema, which also describes answers already stored.
  survey: surveySchema.extend({ other: multilineText().trim().max(1000).optional() }).optional(),
});
export type UpdateProfileBody = z.input<typeof updateProfileBody>;

export const updateUserStateBody = z.strictObject({ state: userStateSchema });
export type UpdateUserStateBody = z.input<typeof updateUserStateBody>;

/**
 * PUT /api/users/password: a signed-in user changes their password. A wrong current password → 400
 * ownMessages.currentPasswordIncorrect; the new one follows spec section 5's rule. The user's other sessions are
 * revoked, the one making the request is kept. Answers 204.
 */
export const changePasswordBody = z.strictObject({
  currentPassword: passwordSchema,
  newPassword: newPasswordSchema,
});
export type ChangePasswordBody = z.input<typeof changePasswordBody>;

/** POST /auth/login and /auth/verify answer with a session. */
export const sessionResponse = z.object({ token: z.string(), user: userSchema });
export type SessionResponse = z.infer<typeof sessionResponse>;

/** GET /api/users/GussetAdmins: `data` is the list of internal admins' user ids. */
export const adminIdsResponse = z.object({ data: z.array(z.string()) });
export type AdminIdsResponse = z.infer<typeof adminIdsResponse>;

/** GET /api/users/adminList: the internal admins, shown only to an internal admin (empty for anyone else). */
export const adminListResponse = z.object({ data: z.array(publicUserSchema) });
export type AdminListResponse = z.infer<typeof adminListResponse>;
