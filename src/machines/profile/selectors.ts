import type { SnapshotFrom } from 'xstate';
import type { profileMachine } from './profileMachine';

type ProfileSnapshot = SnapshotFrom<typeof profileMachine>;

export const selectFirstName = (snapshot: ProfileSnapshot) => snapshot.context.firstName;
export const selectLastName = (snapshot: ProfileSnapshot) => snapshot.context.lastName;
export const selectEmailAddress = (snapshot: ProfileSnapshot) => snapshot.context.user.emailAddress;
export const selectDefaultScheme = (snapshot: ProfileSnapshot) => snapshot.context.colorSchemes.default;
export const selectRepairScheme = (snapshot: ProfileSnapshot) => snapshot.context.colorSchemes.repair;
export const selectProfileError = (snapshot: ProfileSnapshot) => snapshot.context.error;
export const selectIsSaving = (snapshot: ProfileSnapshot) => snapshot.hasTag('saving');

/** Users see their testing group; only internal admins set it (in /admin/testingGroups). */
export const selectTestingGroup = (snapshot: ProfileSnapshot) =>
  snapshot.context.user.preferences.testingGroup;
