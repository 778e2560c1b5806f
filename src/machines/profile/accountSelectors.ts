import type { SnapshotFrom } from 'xstate';
import type { avatarMachine } from './avatarMachine';
import type { passwordMachine } from './passwordMachine';

type AvatarSnapshot = SnapshotFrom<typeof avatarMachine>;
type PasswordSnapshot = SnapshotFrom<typeof passwordMachine>;

export const selectAvatarUrl = (snapshot: AvatarSnapshot) => snapshot.context.avatarUrl;
export const selectAvatarError = (snapshot: AvatarSnapshot) => snapshot.context.error;
export const selectAvatarUploading = (snapshot: AvatarSnapshot) => snapshot.hasTag('uploading');
export const selectAvatarRemoving = (snapshot: AvatarSnapshot) => snapshot.hasTag('removing');
export const selectAvatarBusy = (snapshot: AvatarSnapshot) => snapshot.hasTag('busy');
/** Remove is offered only when there is a picture to remove. */
export const selectCanRemoveAvatar = (snapshot: AvatarSnapshot) =>
  snapshot.context.avatarUrl !== null && !snapshot.hasTag('busy');

export const selectPasswordForm = (snapshot: PasswordSnapshot) => snapshot.context;
export const selectPasswordError = (snapshot: PasswordSnapshot) => snapshot.context.error;
export const selectPasswordSaving = (snapshot: PasswordSnapshot) => snapshot.hasTag('saving');
