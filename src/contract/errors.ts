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
  controlCharacters:
    'Text must not contain control characters (such as NUL or a line break in a one-line field).',
  confirmationEmailSent: 'We sent you an email. Follow its link to create your account.',
  loginSucceeded: 'Welcome back!',
  accountCreated: 'Your account has been created.',
  passwordUpdated:
    'Your password has been updated. Please log in. Any personal API tokens of your account were revoked.',
  profileUpdated: 'Your profile has been updated.',
  preferencesUpdated: 'Your preferences have been updated.',
  notAuthenticated: 'Please log in.',
  notFound: 'Not found',
  invalidJson: 'The request body is not valid JSON.',
  bodyTooLarge: 'The request body is too large.',
  // A lost database connection (restart, failover): 503 for a request, the reason of a job attempt (issue #22).
  databaseUnavailable: 'The database is unavailable; try again in a moment.',
  jobDatabaseLost: 'The connection to the database was lost.',
  jobDatabaseOutOfResources: 'The database ran out of memory or disk space.',
  jobAttemptFailed: 'An error on our side stopped this attempt.',
  /** {reason} is one of the job reasons above. */
  jobRetrying: 'Waiting to try again. {reason}',
  modelNotFound: 'This model does not exist, or it has not been shared with you.',
  organizationNotFound: 'This organization does not exist, or you are not a member of it.',
  versionNotFound: 'This version does not exist.',
  permissionTypeRequired: 'Please specify type ADMIN, WRITE or READ',
  modelSaved: 'Your model updates have been saved.',
  modelRemoved: 'The model has been removed.',
  permissionsUpdated: 'Permissions updated.',
  organizationUpdated: 'Organization updated.',
  filterSaved: 'Filter saved.',
  // Organizations and filters (issue #4).
  nothingToUpdate: 'Nothing to update.',
  alreadyOrganizationMember: 'This person is already a member of the organization.',
  collaboratorNotFound: 'This person is not a member of the organization.',
  ownerIsNotACollaborator: 'The owner of an organization cannot be removed from it or given another role.',
  billingAdministratorNotMember:
    'The billing administrator must be the owner or a member of the organization.',
  filterNotFound: 'This filter does not exist.',
  filterPairExists: 'A filter for this From and To pair already exists here. Edit that filter instead.',
  filterPlatformUnknown: 'Choose a platform from the list.',
  filterNameMappingIncomplete: 'Each name mapping needs a name on both sides.',
  // Models (issue #4).
  alreadyModelCollaborator: 'This person is already a collaborator on this model.',
  modelCollaboratorNotFound: 'This person is not a collaborator on this model.',
  organizationOwnerStaysModelAdmin:
    "The organization's owner is an ADMIN of every model in it: that role cannot be changed or removed, so the model always keeps an ADMIN.",
  // Uploads and the model screens, checked in the browser (issue #4).
  uploadFormatUnsupported:
    'This file type is not supported. Choose an .e2k, .$et, .s2k, .$2k, .ifc, .stp, .step, .p21, .xlsx or .json file.',
  uploadFileEmpty: 'This file is empty.',
  uploadFileTooLarge: 'This file is too large to upload.',
  deleteModelNameMismatch: "Type the model's name exactly to confirm.",
  limitedViewOnly: 'You can see only the reports shared with you on this model.',
  // Uploads, jobs and versions on the server (issue #4).
  uploadInProgress: 'Another upload to this model is still being processed. Try again when it has finished.',
  uploadNotFound: 'This upload does not exist.',
  jobNotFound: 'This job does not exist, or you cannot see it.',
  uploadFileNameMissing: 'The file name is missing: send it in the X-File-Name header.',
  uploadIdempotencyKeyInvalid: 'The Idempotency-Key header must be 1 to 200 characters long.',
  /** {file} and {reason} are filled in: the reason names the line of a parse error. */
  uploadUnreadable: 'Gusset could not read {file}: {reason}',
  uploadTranslationCrashed:
    'Gusset could not translate this file because of an error on our side. Please try again later.',
  uploadGaveUp: 'This upload could not be processed after several attempts. Please upload the file again.',
  uploadOrganizationGone: 'The organization of this upload no longer exists.',
  /** {file}, {found} ('100,001 or more'), {objects} ('points' or 'elements') and {limit} are filled in. */
  uploadTooManyObjects:
    'Gusset could not take {file}: it has {found} {objects}, and an upload may have at most {limit}.',
  uploadOutOfMemory:
    'Gusset could not translate {file}: it needs more memory than a translation may use. Split the model into smaller files, or ask your administrator to raise the limit.',
  exportFormatUnsupported: 'This export format is not supported. Choose e2k, s2k, ifc, cis2, xlsx or json.',
  // Live collaboration in the browser (issue #5). {who} is a person's name, or realtimeYou.
  realtimeOrganizationDetailsMissing: 'Organization details missing. Reload the page to see the latest.',
  realtimeYou: 'You',
  realtimeSomeone: 'Someone',
  realtimeVersionAdded: '{who} added version {version} of a model.',
  // Issue #23: toasts name the model and say what changed. {model} is its name, {summary} the version's change
  // summary in engineering words ('3 beams resized W18X35 → W21X44'). The unnamed forms serve events without them.
  realtimeVersionAddedTo: '{who} added version {version} of {model}.',
  realtimeVersionAddedWithSummary: '{who} added version {version} of {model}: {summary}.',
  realtimeModelCreated: '{who} created a model from a file.',
  realtimeModelCloned: '{who} cloned a model: {model}.',
  realtimeModelUpdated: '{who} changed a model.',
  realtimeModelUpdatedNamed: '{who} changed {model}.',
  /** {previous} is the name before. */
  realtimeModelRenamed: '{who} renamed {previous} to {model}.',
  realtimeModelUnitsChanged: '{who} changed the display units of {model}.',
  realtimeModelPlanChanged: '{who} changed the plan of {model}.',
  realtimeModelRolesChanged: '{who} changed the roles on {model}.',
  realtimeModelCollaboratorAdded: '{who} added a collaborator to {model}.',
  realtimeModelCollaboratorRemoved: '{who} removed a collaborator from {model}.',
  realtimeReportAdded: '{who} added a report to {model}.',
  realtimeReportChanged: '{who} changed a report on {model}.',
  realtimeReportRemoved: '{who} deleted a report on {model}.',
  realtimeResultsAdded: '{who} uploaded analysis results to {model}.',
  realtimeModelRemoved: '{who} removed a model.',
  realtimeModelRemovedNamed: '{who} removed {model}.',
  realtimeModelError: 'An upload could not be processed: {error}',
  realtimeOrganizationUpdated: '{who} changed the organization {organization}.',
  realtimeOffline: 'Live updates are off: the connection to the server was lost.',
  chunkLoadFailed: 'A part of Gusset could not be loaded. Check your connection, then reload the page.',
  styleChunkLoadFailed:
    "This screen's styles could not be loaded. Check your connection, then reload the page.",
  // Billing (issue #10). The refusal to remove the last payment method is messages.freeModelsOnly.
  freeModelsUsed: 'Your organization has used its three free models. Add a payment method to create more.',
  paidPlanNeedsPaymentMethod: 'Add a payment method to your organization before making this model paid.',
  freeModelsFullForDemotion:
    'Your organization already has three free models, so this model stays paid. Remove or upgrade another model first.',
  paymentMethodAdded: 'Payment method added',
  paymentMethodRemoved: 'Payment method removed',
  paymentMethodVerified: 'Bank account verified',
  billingAdministratorUpdated: 'Billing administrator updated',
  billingCycleUpdated: 'Billing cycle updated',
  paymentMethodNotFound: 'This payment method does not exist.',
  paymentMethodNotPending: 'This payment method does not need verification.',
  microDepositAmountsWrong: 'The amounts do not match the micro-deposits sent to this bank account.',
  cardDeclined: 'Your card was declined.',
  cardExpired: 'Your card has expired.',
  cardNumberIncorrect: 'Your card number is incorrect.',
  bankAccountUnknown:
    'This bank account could not be found. In test mode, use the test account shown on the form.',
  setupIntentNeedsStripe: 'Not available in test mode: add the payment method with the test-mode form.',
  paymentDetailsNeedStripe: 'Stripe is configured: add the payment method with the Stripe form.',
  setupIntentNotSucceeded: 'The payment method was not confirmed with Stripe. Please try again.',
  stripeNotConfigured: 'Stripe is not configured on this server.',
  webhookSignatureInvalid: 'The webhook signature is invalid.',
  paymentProviderFailed: 'The payment provider could not be reached. Please try again later.',
  // Admin, profile image, password change and bug reports on the server (issue #11).
  imageNotSupported: 'That file is not a PNG, JPEG or WebP image.',
  imageTooLarge: 'This image is too large. Choose an image of at most 5 MB.',
  currentPasswordIncorrect: 'Current password is incorrect',
  screenshotTooLarge: 'The screenshot is too large. Attach an image of at most 2 MB.',
  screenshotNotSupported: 'The screenshot must be a PNG or JPEG image.',
  analyticsDateInvalid: 'Use a date as YYYY-MM-DD.',
  analyticsRangeReversed: 'The start of the range must not be after its end.',
  analyticsRangeTooLong: 'A summary covers at most 366 days.',
  // Admin, Stats, profile and bug report screens in the browser (issue #11).
  passwordChanged:
    'Your password has been updated. Your other sessions were signed out and any personal API tokens revoked.',
  profileImageUpdated: 'Your profile picture has been updated.',
  profileImageRemoved: 'Your profile picture has been removed.',
  testingGroupUpdated: 'Testing group updated.',
  supportRequestSent: 'Thank you. Your message has been sent to the Gusset team.',
  analyticsRangeInvalid: 'Choose a start date on or before the end date.',
  // The 3-D viewer's server calls (issue #6).
  elementNotFound: 'This element does not exist in this version.',
  modelScreenshotTooLarge:
    'The screenshot is too large to become a thumbnail: send an image of at most 2 MB.',
  tooManyModelIds: 'Ask for the images of at most 500 models at a time.',
  // Compare, reports, upload review and merge (issue #7).
  sameVersionCompared: 'Choose two different versions to compare.',
  diffFailed: 'Gusset could not compare these versions: {reason}',
  reportNotFound: 'This report does not exist, or it has not been shared with you.',
  reportCreated: 'Report created.',
  reportUpdated: 'Report updated.',
  reportRemoved: 'The report has been removed.',
  reportAssigneeNotCollaborator: 'Reports can be assigned only to collaborators of this model.',
  reportEditForbidden: 'Only the creator of this report or an ADMIN of the model can change it.',
  reviewNotFound: 'This upload review does not exist.',
  reviewNeedsModel: 'A review needs an existing model: upload the first version without review.',
  reviewOutdated:
    'The model has a newer version than the one this upload was compared with. Upload the file again to review it against the latest version.',
  reviewDiscarded: 'The upload has been discarded.',
  reviewClosed: 'This upload review has already been applied or discarded.',
  nothingSelected: 'Select at least one change to apply.',
  mergeInProgress:
    'Another merge or upload of this model is still being processed. Try again when it has finished.',
  mergeSameVersion: 'Choose a version other than the latest to merge from.',
  mergeFailed: 'The merge could not be completed: {reason}',
  // Connectivity checks and repair (issue #8).
  connectivityFailed: 'Gusset could not check this version: {reason}',
  repairNotFound: 'This repair does not exist.',
  repairFailed: 'The repair could not be prepared: {reason}',
  repairInProgress:
    'Another upload, merge or repair of this model is still being processed. Try again when it has finished.',
  repairNotReady: 'This repair is still being prepared. Wait for its preview before committing it.',
  repairClosed: 'This repair has already been committed or discarded.',
  repairOutdated:
    'The model has a newer version than the one this repair was prepared for. Check the latest version and repair it again.',
  repairNothingAccepted: 'Accept at least one operation to commit the repair.',
  repairDiscarded: 'The repair has been discarded.',
  repairCommitFailed: 'The repair could not be committed: {reason}',
  repairCommitted: 'Repair committed as version {number}.',
  // issue #22: what reaches mail
  organizationNameCharacters: 'An organization name cannot contain <, > or control characters.',
  // issue #9: API tokens
  apiTokenNameBlank: 'Give the token a name, for example the script or computer that will use it.',
  apiTokenNameTooLong: 'A token name must be at most 100 characters long.',
  apiTokenExpiryRange: 'A token can expire after 1 to 3650 days, or never.',
  apiTokenNotFound: 'This API token does not exist or was already revoked.',
  apiTokenLimit:
    'You have 50 active API tokens, the most one account can have. Revoke tokens you no longer use, then create a new one.',
  apiTokenNeedsSession:
    'API tokens can only be created, listed and revoked from the Gusset web app: sign in with your password there.',
  apiTokenCannotChangePassword:
    'An API token cannot change the password: sign in to the Gusset web app with your password to change it.',
  apiTokenCreated: 'Token created. Copy it now: Gusset will not show it again.',
  apiTokenRevoked: 'Token revoked. Scripts using it can no longer sign in.',
  // issue #9: plugin downloads
  pluginNotFound: 'There is no download with this name. Open Get Plugins to see what you can download.',
  pluginNotAvailable: 'This download is not available on this server yet.',
  excelTemplateNotAvailable: 'The Excel template is not available yet',
  pluginsLoadFailed: 'The list of downloads could not be loaded. Try again.',
  pluginDownloadFailed: 'The download did not start: {reason}',
  // issue #9: DXF
  dxfFailed: 'Gusset could not draw this version as a DXF: {reason}',
  dxfDrawing: 'Drawing the DXF (plans and 3-D wireframe)…',
  dxfDownloadFailed: 'The DXF could not be downloaded: {reason}',
  // issue #20: the fidelity certificate of an export
  certificateFailed: 'Gusset could not check this export: {reason}',
  // issue #25: analysis results on a version
  resultsNotFound:
    'This version has no analysis results yet. Upload the tables exported from SAP2000 or ETABS onto it.',
  resultsUnreadable: 'Gusset could not read {file} as analysis results: {reason}',
  resultsFailed: 'Gusset could not store these results: {reason}',
  resultsCaseNotFound: 'The results of this version have no output case named {case}.',
  resultsStepNotFound: 'The output case {case} has no step {step} in the joint displacements.',
  resultsComponentUnknown: 'There is no result component {component} in {table}.',
} as const;

/** Every error body on the wire: 400, 401, 403, 404, 409, 429 and 5xx all carry one `message`. */
export interface ErrorBody {
  message: string;
}
