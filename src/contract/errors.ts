/**
 * The product's messages, verbatim from the specification (typos included). Server and browser both import
 * these constants so a message never drifts between the two ends.
 */
export const messages = {
  userExists: 'A user with this email already exists.',
  userDoesNotExist: 'A user with this email address does not exist',
  emailNotRegistered: 'This email address is not registered.',
  resetTokenInvalid: 'Token is invalid or has expired. Request to reset your password again',
  inviteNeedsInfo: 'User does not exist We need a little more info to send an invitation on your behalf',
  organizationDetailsMissing: 'Organizations details are missing.',
  freeModelsOnly:
    "You only get three free models. Please remove or demote your paid models. Then you'll be able to remove your payment method.",
  targetIdMissing: 'TargetId is missing',
  targetVersionMissing: 'TargetVersion or TargetElements is missing',
  userDetailNotFound: 'User detail not found',
  userEmailNotFound: 'User email not found',
  signupFailed:
    'Unfortunately, there was an issue creating your account. Could not sign up. Please refresh your browser and try again',
  fillOutForm: 'Please fill out the form',
  passwordsDoNotMatch: 'Passwords do not match',
  enterValidEmail: 'Please enter valid email',
  provideValidEmail: 'Please provide a valid email address',
  modelNameBlank: 'Name cannot be blank or contain only spaces',
  filterFromRequired: 'From feild is required',
  filterToRequired: 'To feild is required',
  invalidUnit: 'Invalid unit type. Please provide one of the valid units: cm, mm, m, ft, in.',
  resetEmailSent: 'We just sent you an email to reset your password',
  pleaseLogIn: 'Please log in to use Gusset',
  // Global response handling (spec section 8).
  permissionsIssue: 'There was an issue updating the model permissions...',
  internalServerError: 'Internal server error',
  unauthorizedAccess: 'Unauthorized access',
  sessionExpired: 'Your session has expired',
  serverNotResponding: "Server isn't responding! Please contact Administrator.",
} as const;

/**
 * Messages the specification leaves to us ("exact wording not shown"). Kept here, beside the verbatim ones,
 * so there is one place to read every sentence the product says.
 */
export const ownMessages = {
  passwordRule:
    'Password must be at least 8 characters long and contain an uppercase letter, a lowercase letter and a digit.',
  passwordTooLong: 'Password must be at most 256 characters long.',
  loginFailed: 'The email address or password is incorrect.',
  tooManyAttempts: 'Too many attempts. Please wait a few minutes and try again.',
  confirmationEmailSent: 'We sent you an email. Follow its link to create your account.',
  loginSucceeded: 'Welcome back!',
  accountCreated: 'Your account has been created.',
  passwordUpdated: 'Your password has been updated. Please log in.',
  profileUpdated: 'Your profile has been updated.',
  preferencesUpdated: 'Your preferences have been updated.',
  notAuthenticated: 'Please log in.',
  notFound: 'Not found',
  invalidJson: 'The request body is not valid JSON.',
  bodyTooLarge: 'The request body is too large.',
} as const;

/** Every error body on the wire: 400, 401, 403, 404, 409, 429 and 5xx all carry one `message`. */
export interface ErrorBody {
  message: string;
}
