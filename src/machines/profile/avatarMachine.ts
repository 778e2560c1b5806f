import { assign, fromPromise, setup } from 'xstate';
import { removeProfileImage, uploadProfileImage } from '../../api/images';
import type { HttpClient } from '../../api/types';
import { ownMessages } from '../../contract/errors';
import { AVATAR_CONTENT_TYPES, AVATAR_MAX_BYTES, type AvatarContentType } from '../../contract/http/images';
import type { User } from '../../contract/http/users';
import { promisePlaceholder, unboundImplementation } from '../auth/placeholders';
import { formMessageOf, unwrap } from '../model/failure';

export interface AvatarInput {
  user: User;
}

export type AvatarEvent =
  /** A file picked in the image screen; its type and size are checked before anything is sent. */
  { type: 'image.choose'; image: Blob } | { type: 'image.remove' };

export interface AvatarUpload {
  image: Blob;
  contentType: AvatarContentType;
}

export interface AvatarContext {
  avatarUrl: string | null;
  /** The file on its way, while uploading. */
  upload: AvatarUpload | null;
  /** Why the picture was not changed, shown beside it. */
  error: string | null;
}

export type AvatarTag = 'idle' | 'uploading' | 'removing' | 'busy';

/** Why a picked file cannot be a profile picture, or null when it may be sent. The server checks the bytes again. */
export function avatarFileProblem(image: Blob): string | null {
  if (!(AVATAR_CONTENT_TYPES as readonly string[]).includes(image.type)) return ownMessages.imageNotSupported;
  if (image.size > AVATAR_MAX_BYTES) return ownMessages.imageTooLarge;
  return null;
}

/**
 * /profile/image: upload a picture (POST /api/images/profileImage, the file itself as the body) or remove it
 * (DELETE /api/images/users). The server answers the user, which goes to the session (injected
 * `shareUpdatedUser`) so the navigation's avatar changes at once.
 */
export const avatarMachine = setup({
  types: {
    context: {} as AvatarContext,
    events: {} as AvatarEvent,
    input: {} as AvatarInput,
    tags: {} as AvatarTag,
  },
  actors: {
    /** Rejects with CallFailed (model/failure.ts) when the server refuses. */
    uploadImage: promisePlaceholder<User, AvatarUpload>('uploadImage'),
    removeImage: promisePlaceholder<User, void>('removeImage'),
  },
  actions: {
    announceSuccess: (_, _params: { message: string }) => {
      throw unboundImplementation('announceSuccess');
    },
    shareUpdatedUser: (_, _params: { user: User }) => {
      throw unboundImplementation('shareUpdatedUser');
    },
    rememberSavedUser: assign((_, params: { user: User }) => ({
      avatarUrl: params.user.avatarUrl,
      upload: null,
    })),
    showFailure: assign((_, params: { error: unknown }) => ({
      upload: null,
      error: formMessageOf(params.error),
    })),
  },
  guards: {
    fileIsAcceptable: ({ event }) => event.type === 'image.choose' && avatarFileProblem(event.image) === null,
    hasAvatar: ({ context }) => context.avatarUrl !== null,
  },
}).createMachine({
  id: 'avatar',
  context: ({ input }) => ({ avatarUrl: input.user.avatarUrl, upload: null, error: null }),
  initial: 'idle',
  states: {
    idle: {
      tags: ['idle'],
      on: {
        'image.choose': [
          {
            guard: 'fileIsAcceptable',
            target: 'uploading',
            actions: assign(({ event }) => ({
              // The guard has checked the type against AVATAR_CONTENT_TYPES.
              upload: { image: event.image, contentType: event.image.type as AvatarContentType },
              error: null,
            })),
          },
          { actions: assign(({ event }) => ({ error: avatarFileProblem(event.image) })) },
        ],
        'image.remove': { guard: 'hasAvatar', target: 'removing', actions: assign({ error: null }) },
      },
    },
    uploading: {
      tags: ['uploading', 'busy'],
      invoke: {
        src: 'uploadImage',
        input: ({ context }) => context.upload ?? { image: new Blob(), contentType: 'image/png' },
        onDone: {
          target: 'idle',
          actions: [
            { type: 'rememberSavedUser', params: ({ event }) => ({ user: event.output }) },
            { type: 'shareUpdatedUser', params: ({ event }) => ({ user: event.output }) },
            { type: 'announceSuccess', params: { message: ownMessages.profileImageUpdated } },
          ],
        },
        onError: {
          target: 'idle',
          actions: { type: 'showFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    removing: {
      tags: ['removing', 'busy'],
      invoke: {
        src: 'removeImage',
        onDone: {
          target: 'idle',
          actions: [
            { type: 'rememberSavedUser', params: ({ event }) => ({ user: event.output }) },
            { type: 'shareUpdatedUser', params: ({ event }) => ({ user: event.output }) },
            { type: 'announceSuccess', params: { message: ownMessages.profileImageRemoved } },
          ],
        },
        onError: {
          target: 'idle',
          actions: { type: 'showFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
  },
});

export function createAvatarImplementations(ports: {
  http: HttpClient;
  announce: (message: string) => void;
  userUpdated: (user: User) => void;
}) {
  return {
    actors: {
      uploadImage: fromPromise<User, AvatarUpload>(async ({ input }) =>
        unwrap(await uploadProfileImage(ports.http, input.image, input.contentType)),
      ),
      removeImage: fromPromise<User, void>(async () => unwrap(await removeProfileImage(ports.http))),
    },
    actions: {
      announceSuccess: (_: unknown, params: { message: string }) => ports.announce(params.message),
      shareUpdatedUser: (_: unknown, params: { user: User }) => ports.userUpdated(params.user),
    },
  };
}
