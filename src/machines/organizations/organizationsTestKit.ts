import type { Organization, OrganizationCollaborator } from '../../contract/http/organizations';
import type { Model } from '../../contract/http/models';
import type { Version } from '../../contract/http/versions';
import { aPublicUser } from '../session/sessionTestKit';

/** Test support for the organizations, models and filters machines and views (never imported by the app). */

export const owner = aPublicUser({ _id: 'user-1', firstName: 'Ada', lastName: 'Lovelace', initials: 'AL' });
export const grace = aPublicUser({
  _id: 'user-2',
  firstName: 'Grace',
  lastName: 'Hopper',
  initials: 'GH',
  emailAddress: 'grace@example.com',
});

export function aCollaborator(overrides: Partial<OrganizationCollaborator> = {}): OrganizationCollaborator {
  return { user: grace, role: 'MEMBER', pending: false, addedAt: '2025-02-01T00:00:00.000Z', ...overrides };
}

export function anOrganization(overrides: Partial<Organization> = {}): Organization {
  return {
    _id: 'org-1',
    name: 'Acme Structures',
    owner,
    billingAdministrator: null,
    billing: { status: 'free' },
    billingStatus: 'free',
    collaborators: [],
    currentUserRole: 'OWNER',
    modelCount: 0,
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export function aVersion(overrides: Partial<Version> = {}): Version {
  return {
    ID: 'version-1',
    Time: '2025-03-01T10:00:00.000Z',
    Author: owner,
    number: 1,
    message: null,
    origin: { kind: 'upload', fileName: 'tower.e2k', format: 'etabs', sizeBytes: 1000 },
    counts: { beams: 10, columns: 4 },
    reportSummary: { approximated: 0, dropped: 0, warning: 0 },
    ...overrides,
  };
}

export function aModel(overrides: Partial<Model> = {}): Model {
  return {
    _id: 'model-1',
    name: 'Tower',
    organization: { _id: 'org-1', name: 'Acme Structures' },
    permissions: [{ user: owner, type: 'ADMIN' }],
    contributors: [owner],
    settings: { units: 'm' },
    createdBy: owner,
    updatedBy: owner,
    currentUserRole: 'ADMIN',
    versionCount: 0,
    reportCount: 0,
    latestVersionId: null,
    image: null,
    clonedFrom: null,
    plan: 'FREE',
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}
