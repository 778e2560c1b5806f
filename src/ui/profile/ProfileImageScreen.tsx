import { useSelector } from '@xstate/react';
import { useId } from 'react';
import { AVATAR_CONTENT_TYPES, AVATAR_SIZE_PX } from '../../contract/http/images';
import type { User } from '../../contract/http/users';
import {
  selectAvatarBusy,
  selectAvatarError,
  selectAvatarRemoving,
  selectAvatarUploading,
  selectAvatarUrl,
  selectCanRemoveAvatar,
} from '../../machines/profile/accountSelectors';
import { selectInitials, selectUser } from '../../machines/session/selectors';
import { useSessionSelector } from '../session/useSession';
import './profile.css';
import { useAvatarActor, useAvatarEvents } from './useAvatarActor';

/** /profile/image: the picture the navigation shows instead of the initials. */
export function ProfileImageScreen() {
  const user = useSessionSelector(selectUser);
  return (
    <main className="page">
      <h1>Profile image</h1>
      {user && <ProfileImageForm user={user} />}
    </main>
  );
}

function ProfileImageForm({ user }: { user: User }) {
  const actor = useAvatarActor(user);
  const events = useAvatarEvents(actor);
  const avatarUrl = useSelector(actor, selectAvatarUrl);
  const error = useSelector(actor, selectAvatarError);
  const uploading = useSelector(actor, selectAvatarUploading);
  const removing = useSelector(actor, selectAvatarRemoving);
  const busy = useSelector(actor, selectAvatarBusy);
  const canRemove = useSelector(actor, selectCanRemoveAvatar);
  const initials = useSessionSelector(selectInitials);
  const hintId = useId();
  const errorId = useId();

  return (
    <section className="card form profile-image">
      {avatarUrl !== null ? (
        <img className="profile-image__picture" src={avatarUrl} alt="Your profile picture" />
      ) : (
        <span className="profile-image__picture profile-image__picture--initials" aria-label="No picture yet">
          {initials}
        </span>
      )}
      <label className="form__field">
        <span>Choose a picture</span>
        <input
          type="file"
          name="profileImage"
          accept={AVATAR_CONTENT_TYPES.join(',')}
          disabled={busy}
          aria-describedby={error !== null ? `${hintId} ${errorId}` : hintId}
          onChange={(event) => {
            const image = event.target.files?.[0];
            // The same file may be chosen again after a failure: clear the field so it fires again.
            event.target.value = '';
            if (image) events.chooseImage(image);
          }}
        />
      </label>
      <p id={hintId} className="form-hint">
        PNG, JPEG or WebP, at most 5 MB. It is cropped to a {AVATAR_SIZE_PX}×{AVATAR_SIZE_PX} square.
      </p>
      {uploading && (
        <p className="page__note" role="status">
          Uploading your picture...
        </p>
      )}
      {error !== null && (
        <p id={errorId} className="form-message form-message--error" role="alert">
          {error}
        </p>
      )}
      {canRemove && (
        <button type="button" onClick={events.removeImage}>
          Remove picture
        </button>
      )}
      {removing && (
        <p className="page__note" role="status">
          Removing your picture...
        </p>
      )}
    </section>
  );
}
