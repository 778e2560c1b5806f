import { z } from 'zod';
import { text } from './text';
import { messages, ownMessages } from '../errors';

/** Emails are compared case-insensitively; we store them trimmed and lower-cased. */
export const emailAddressSchema = text({ error: messages.provideValidEmail })
  .trim()
  .max(254, { error: messages.provideValidEmail })
  .pipe(z.email({ error: messages.provideValidEmail }))
  .transform((email) => email.toLowerCase());

/** Spec section 5: at least 8 characters with an uppercase letter, a lowercase letter and a digit. */
export const newPasswordSchema = text({ error: ownMessages.passwordRule })
  .max(256, { error: ownMessages.passwordTooLong })
  .refine((p) => p.length >= 8 && /[A-Z]/.test(p) && /[a-z]/.test(p) && /[0-9]/.test(p), {
    error: ownMessages.passwordRule,
  });

/** A password offered at login is only bounded, never judged: old passwords stay usable. */
export const passwordSchema = text({ error: messages.fillOutForm }).min(1).max(256);

const nameSchema = text({ error: messages.fillOutForm })
  .trim()
  .min(1, { error: messages.fillOutForm })
  .max(100);

/** A mail token: 32 random bytes, base64url (43 characters). */
export const mailTokenSchema = text({ error: messages.resetTokenInvalid })
  .min(16, { error: messages.resetTokenInvalid })
  .max(128, { error: messages.resetTokenInvalid })
  .regex(/^[A-Za-z0-9_-]+$/, { error: messages.resetTokenInvalid });

/** POST /auth/signup: asks for a verification mail. The account is created at /auth/verify. */
export const signupBody = z.strictObject({ emailAddress: emailAddressSchema });
export type SignupBody = z.input<typeof signupBody>;

/** POST /auth/verify: proves the mailbox with the mailed token and creates the account. */
export const verifyBody = z.strictObject({
  resetToken: text({ error: messages.signupFailed }).min(16).max(128),
  emailAddress: emailAddressSchema,
  firstName: nameSchema,
  lastName: nameSchema,
  password: newPasswordSchema,
});
export type VerifyBody = z.input<typeof verifyBody>;

/** POST /auth/login */
export const loginBody = z.strictObject({ emailAddress: emailAddressSchema, password: passwordSchema });
export type LoginBody = z.input<typeof loginBody>;

/** POST /auth/forgot */
export const forgotBody = z.strictObject({ emailAddress: emailAddressSchema });
export type ForgotBody = z.input<typeof forgotBody>;

/** POST /auth/reset */
export const resetBody = z.strictObject({ token: mailTokenSchema, password: newPasswordSchema });
export type ResetBody = z.input<typeof resetBody>;

export const messageResponse = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponse>;
