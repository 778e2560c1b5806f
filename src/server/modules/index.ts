import { adminCapability } from './admin/index';
import { analyticsCapability } from './analytics/index';
import { apiTokensCapability } from './apiTokens/index';
import { authCapability } from './auth/index';
import { billingCapability } from './billing/index';
import type { Capability } from './capability';
import { compareCapability } from './compare/index';
import { docsCapability } from './docs/index';
import { dxfCapability } from './dxf/index';
import { filtersCapability } from './filters/index';
import { healthCapability } from './health/index';
import { imagesCapability } from './images/index';
import { jobsCapability } from './jobs/index';
import { mergeCapability } from './merge/index';
import { modelsCapability } from './models/index';
import { organizationsCapability } from './organizations/index';
import { pluginsCapability } from './plugins/index';
import { repairCapability } from './repair/index';
import { reportsCapability } from './reports/index';
import { requestsCapability } from './requests/index';
import { reviewsCapability } from './reviews/index';
import { uploadsCapability } from './uploads/index';
import { resultsCapability } from './results/index';
import { usersCapability } from './users/index';
import { versionsCapability } from './versions/index';

/** Every capability of the server, in the order buildApp registers their routes. */
export const capabilities: readonly Capability[] = [
  healthCapability,
  docsCapability,
  authCapability,
  usersCapability,
  apiTokensCapability,
  organizationsCapability,
  filtersCapability,
  modelsCapability,
  versionsCapability,
  compareCapability,
  reportsCapability,
  jobsCapability,
  uploadsCapability,
  reviewsCapability,
  mergeCapability,
  repairCapability,
  dxfCapability,
  resultsCapability,
  adminCapability,
  analyticsCapability,
  imagesCapability,
  requestsCapability,
  billingCapability,
  pluginsCapability,
];
