import type { SnapshotFrom } from 'xstate';
import { canManageOrganization, peopleRows } from './organizationSelectors';
import type { peopleMachine } from './peopleMachine';

type PeopleSnapshot = SnapshotFrom<typeof peopleMachine>;

export const selectPeopleOrganization = (snapshot: PeopleSnapshot) => snapshot.context.organization;
export const selectPeopleRows = (snapshot: PeopleSnapshot) =>
  snapshot.context.organization ? peopleRows(snapshot.context.organization) : [];
export const selectCanManagePeople = (snapshot: PeopleSnapshot) =>
  canManageOrganization(snapshot.context.organization);
export const selectInvite = (snapshot: PeopleSnapshot) => snapshot.context.invite;
export const selectInviteError = (snapshot: PeopleSnapshot) => snapshot.context.inviteError;
export const selectInviteNotice = (snapshot: PeopleSnapshot) => snapshot.context.inviteNotice;
export const selectAsksForNames = (snapshot: PeopleSnapshot) => snapshot.hasTag('askingNames');
export const selectPeopleBusy = (snapshot: PeopleSnapshot) => snapshot.hasTag('busy');
export const selectPeopleActionError = (snapshot: PeopleSnapshot) => snapshot.context.actionError;
export const selectPendingRemoval = (snapshot: PeopleSnapshot) =>
  snapshot.hasTag('confirmingRemoval') ? snapshot.context.pendingRemoval : null;
export const selectPeopleLoading = (snapshot: PeopleSnapshot) => snapshot.hasTag('loading');
export const selectPeopleFailed = (snapshot: PeopleSnapshot) => snapshot.hasTag('failed');
export const selectPeopleLoadError = (snapshot: PeopleSnapshot) => snapshot.context.loadError;
