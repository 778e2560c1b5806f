import type { SnapshotFrom } from 'xstate';
import type { createOrganizationMachine } from './createOrganizationMachine';
import type { organizationDirectoryMachine } from './directoryMachine';

type DirectorySnapshot = SnapshotFrom<typeof organizationDirectoryMachine>;

export const selectOrganizations = (snapshot: DirectorySnapshot) => snapshot.context.organizations;
export const selectDirectoryUserId = (snapshot: DirectorySnapshot) => snapshot.context.userId;
export const selectDirectoryLoaded = (snapshot: DirectorySnapshot) => snapshot.hasTag('loaded');
export const selectDirectoryLoading = (snapshot: DirectorySnapshot) => snapshot.hasTag('loading');
export const selectDirectoryFailed = (snapshot: DirectorySnapshot) => snapshot.hasTag('failed');
export const selectDirectoryError = (snapshot: DirectorySnapshot) => snapshot.context.error;

type CreateOrganizationSnapshot = SnapshotFrom<typeof createOrganizationMachine>;

export const selectNewOrganizationName = (snapshot: CreateOrganizationSnapshot) => snapshot.context.name;
export const selectNewOrganizationError = (snapshot: CreateOrganizationSnapshot) => snapshot.context.error;
export const selectCreatingOrganization = (snapshot: CreateOrganizationSnapshot) => snapshot.hasTag('busy');
