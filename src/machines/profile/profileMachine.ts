import { assign, fromPromise, setup } from 'xstate';
import { messages, ownMessages } from '../../contract/errors';
import type { ColorSchemeName, UpdateProfileBody, User } from '../../contract/http/users';

export type ProfileField = 'firstName' | 'lastName';
export type ColorSchemeView = 'default' | 'repair';

export type ProfileEvent =
  | { type: 'field.change'; field: ProfileField; value: string }
  | { type: 'profile.save' }
  | { type: 'colorScheme.change'; view: ColorSchemeView; scheme: ColorSchemeName }
  | { type: 'preferences.save' };

export interface ProfileContext {
  user: User;
  firstName: string;
  lastName: string;
  colorSchemes: Record<ColorSchemeView, ColorSchemeName>;
  /** A message to show beside the form (validation, or the server's 400/404/409 message). */
  error: string | null;
}

export type ProfileTag = 'editable' | 'saving';

export interface ProfileInput {
  user: User;
}

/**
 * /profile/profile and /profile/preferences: edit the name and the viewer colour schemes through
 * PUT /api/users. The saved user goes back to the session (injected `shareUpdatedUser`), so the greeting and
 * the navigation follow at once.
 */
export const profileMachine = setup({
  types: {
    context: {} as ProfileContext,
    events: {} as ProfileEvent,
    input: {} as ProfileInput,
    tags: {} as ProfileTag,
  },
  actors: {
    saveProfile: fromPromise<User, UpdateProfileBody>(async () => {
      throw new Error('saveProfile is not bound: provide it with profileMachine.provide()');
    }),
  },
  actions: {
    changeField: assign(({ context }, params: { field: ProfileField; value: string }) => ({
      ...context,
      [params.field]: params.value,
      error: null,
    })),
    changeColorScheme: assign(({ context }, params: { view: ColorSchemeView; scheme: ColorSchemeName }) => ({
      colorSchemes: { ...context.colorSchemes, [params.view]: params.scheme },
      error: null,
    })),
    rememberSavedUser: assign((_, params: { user: User }) => formFor(params.user)),
    showError: assign((_, params: { message: string }) => ({ error: params.message })),
    /** A success toast, bound in the composition root. */
    announceSuccess: (_, _params: { message: string }) => {
      throw new Error('announceSuccess is not bound: provide it with profileMachine.provide()');
    },
    /** Sends `user.updated` to the session, bound where the machine is used. */
    shareUpdatedUser: (_, _params: { user: User }) => {
      throw new Error('shareUpdatedUser is not bound: provide it with profileMachine.provide()');
    },
  },
  guards: {
    namesAreFilled: ({ context }) => context.firstName.trim() !== '' && context.lastName.trim() !== '',
  },
}).createMachine({
  id: 'profile',
  context: ({ input }) => formFor(input.user),
  initial: 'editing',
  states: {
    editing: {
      tags: ['editable'],
      on: {
        'field.change': {
          actions: {
            type: 'changeField',
            params: ({ event }) => ({ field: event.field, value: event.value }),
          },
        },
        'colorScheme.change': {
          actions: {
            type: 'changeColorScheme',
            params: ({ event }) => ({ view: event.view, scheme: event.scheme }),
          },
        },
        'profile.save': [
          { guard: 'namesAreFilled', target: 'savingProfile' },
          { actions: { type: 'showError', params: { message: messages.fillOutForm } } },
        ],
        'preferences.save': 'savingPreferences',
      },
    },
    savingProfile: {
      tags: ['saving'],
      invoke: {
        src: 'saveProfile',
        input: ({ context }) => ({ firstName: context.firstName.trim(), lastName: context.lastName.trim() }),
        onDone: {
          target: 'editing',
          actions: [
            { type: 'rememberSavedUser', params: ({ event }) => ({ user: event.output }) },
            { type: 'shareUpdatedUser', params: ({ event }) => ({ user: event.output }) },
            { type: 'announceSuccess', params: { message: ownMessages.profileUpdated } },
          ],
        },
        onError: {
          target: 'editing',
          actions: { type: 'showError', params: ({ event }) => ({ message: errorMessage(event.error) }) },
        },
      },
    },
    savingPreferences: {
      tags: ['saving'],
      invoke: {
        src: 'saveProfile',
        input: ({ context }) => ({ preferences: { colorSchemes: context.colorSchemes } }),
        onDone: {
          target: 'editing',
          actions: [
            { type: 'rememberSavedUser', params: ({ event }) => ({ user: event.output }) },
            { type: 'shareUpdatedUser', params: ({ event }) => ({ user: event.output }) },
            { type: 'announceSuccess', params: { message: ownMessages.preferencesUpdated } },
          ],
        },
        onError: {
          target: 'editing',
          actions: { type: 'showError', params: ({ event }) => ({ message: errorMessage(event.error) }) },
        },
      },
    },
  },
});

function formFor(user: User): ProfileContext {
  return {
    user,
    firstName: user.firstName,
    lastName: user.lastName,
    colorSchemes: { ...user.preferences.colorSchemes },
    error: null,
  };
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : messages.internalServerError;
}
