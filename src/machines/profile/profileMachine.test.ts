import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { messages, ownMessages } from '../../contract/errors';
import type { UpdateProfileBody, User } from '../../contract/http/users';
import { aUser } from '../session/sessionTestKit';
import { profileMachine } from './profileMachine';

function startProfile(answer: (changes: UpdateProfileBody) => Promise<User>) {
  const sent: UpdateProfileBody[] = [];
  const toasts: string[] = [];
  const sharedUsers: User[] = [];
  const actor = createActor(
    profileMachine.provide({
      actors: {
        saveProfile: fromPromise<User, UpdateProfileBody>(({ input }) => {
          sent.push(input);
          return answer(input);
        }),
      },
      actions: {
        announceSuccess: (_, params) => {
          toasts.push(params.message);
        },
        shareUpdatedUser: (_, params) => {
          sharedUsers.push(params.user);
        },
      },
    }),
    { input: { user: aUser() } },
  ).start();
  return { actor, sent, toasts, sharedUsers };
}

const echo = async (changes: UpdateProfileBody) =>
  aUser({
    firstName: changes.firstName ?? 'Ada',
    lastName: changes.lastName ?? 'Lovelace',
    preferences: {
      colorSchemes: { default: 'light', repair: 'dark', ...changes.preferences?.colorSchemes },
      testingGroup: null,
    },
  });

describe('profileMachine', () => {
  it('saves a new name, tells the user, and hands the saved user to the session', async () => {
    const { actor, sent, toasts, sharedUsers } = startProfile(echo);
    actor.send({ type: 'field.change', field: 'firstName', value: '  Augusta ' });
    actor.send({ type: 'profile.save' });
    expect(actor.getSnapshot().hasTag('saving')).toBe(true);
    await waitFor(actor, (s) => s.hasTag('editable'));

    expect(sent).toEqual([{ firstName: 'Augusta', lastName: 'Lovelace' }]);
    expect(toasts).toEqual(['Your profile has been updated.']);
    expect(sharedUsers.map((user) => user.firstName)).toEqual(['Augusta']);
    expect(actor.getSnapshot().context.firstName).toBe('Augusta');
  });

  it('refuses a blank name without calling the server', () => {
    const { actor, sent } = startProfile(echo);
    actor.send({ type: 'field.change', field: 'lastName', value: '   ' });
    actor.send({ type: 'profile.save' });
    expect(sent).toEqual([]);
    expect(actor.getSnapshot().context.error).toBe(messages.fillOutForm);
  });

  it('shows the server’s message when the save is refused, and clears it on the next edit', async () => {
    const { actor, toasts } = startProfile(() => Promise.reject(new Error('First name is too long')));
    actor.send({ type: 'profile.save' });
    const failed = await waitFor(actor, (s) => s.hasTag('editable'));
    expect(failed.context.error).toBe('First name is too long');
    expect(toasts).toEqual([]);
    actor.send({ type: 'field.change', field: 'firstName', value: 'Ada' });
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('saves the viewer colour schemes as preferences', async () => {
    const { actor, sent, toasts } = startProfile(echo);
    actor.send({ type: 'colorScheme.change', view: 'repair', scheme: 'white' });
    actor.send({ type: 'preferences.save' });
    await waitFor(actor, (s) => s.hasTag('editable'));
    expect(sent).toEqual([{ preferences: { colorSchemes: { default: 'light', repair: 'white' } } }]);
    expect(toasts).toEqual([ownMessages.preferencesUpdated]);
    expect(actor.getSnapshot().context.colorSchemes).toEqual({ default: 'light', repair: 'white' });
  });
});
