import { messages } from '../../contract/errors';
import { emailAddressSchema, newPasswordSchema } from '../../contract/http/auth';

/** One message per form, the first rule the input breaks, or null when the form may be sent. */
export type FormError = string | null;

const isBlank = (value: string): boolean => value.trim().length === 0;

/** Forms that ask only for an email address (sign up, forgot password). */
export function validateEmailForm(emailAddress: string): FormError {
  if (isBlank(emailAddress)) return messages.fillOutForm;
  return emailAddressSchema.safeParse(emailAddress).success ? null : messages.enterValidEmail;
}

/** The login form: any password is accepted here, old passwords may predate today's rule. */
export function validateLoginForm(emailAddress: string, password: string): FormError {
  if (isBlank(emailAddress) || password.length === 0) return messages.fillOutForm;
  return emailAddressSchema.safeParse(emailAddress).success ? null : messages.enterValidEmail;
}

/**
 * A new password with its confirmation (reset and create-account). The mismatch is reported before the rule so
 * a typo in the confirmation is not mistaken for a weak password.
 */
export function validateNewPassword(password: string, confirmPassword: string): FormError {
  if (password.length === 0 || confirmPassword.length === 0) return messages.fillOutForm;
  if (password !== confirmPassword) return messages.passwordsDoNotMatch;
  const checked = newPasswordSchema.safeParse(password);
  return checked.success ? null : (checked.error.issues[0]?.message ?? messages.fillOutForm);
}

/** The create-account form of the verify flow. */
export function validateCreateAccountForm(form: {
  firstName: string;
  lastName: string;
  password: string;
  confirmPassword: string;
}): FormError {
  if (isBlank(form.firstName) || isBlank(form.lastName)) return messages.fillOutForm;
  return validateNewPassword(form.password, form.confirmPassword);
}
