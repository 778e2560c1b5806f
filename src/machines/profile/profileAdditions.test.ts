import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { messages, ownMessages } from '../../contract/errors';
import { AVATAR_MAX_BYTES } from '../../contract/http/images';
import type { User } from '../../contract/http/users';
import { createFakeHttpClient, deferred, failure, ok } from '../auth/fakeHttpClient';
import { aUser } from '../session/sessionTestKit';
import { avatarMachine, createAvatarImplementations } from './avatarMachine';
import { createPasswordImplementations, passwordMachine } from './passwordMachine';

const avatarUrl = `/api/images/blobs/${'a'.repeat(64)}`;

function startAvatar(user: User = aUser()) {
  const fake = createFakeHttpClient();
  const toasts: string[] = [];
  const sharedUsers: User[] = [];
  const actor = createActor(
    avatarMachine.provide(
      createAvatarImplementations({
        http: fake.http,
        announce: (message) => toasts.push(message),
        userUpdated: (updated) => sharedUsers.push(updated),
      }),
    ),
    { input: { user } },
  ).start();
  return { actor, fake, toasts, sharedUsers };
}

const png = (size = 100) => new Blob([new Uint8Array(size)], { type: 'image/png' });

describe('avatarMachine', () => {
  it('uploads a picked image as the body, and hands the user with the new picture to the session', async () => {
    const { actor, fake, toasts, sharedUsers } = startAvatar();
    const answer = deferred<ReturnType<typeof ok<User>>>();
    fake.answer('POST /api/images/profileImage', () => answer.promise);

    actor.send({ type: 'image.choose', image: png() });
    expect(actor.getSnapshot().hasTag('uploading')).toBe(true);
    // A second pick while one is on its way is ignored.
    actor.send({ type: 'image.choose', image: png() });
    expect(fake.requests).toHaveLength(1);

    answer.resolve(ok(aUser({ avatarUrl })));
    await waitFor(actor, (snapshot) => snapshot.hasTag('idle'));
    expect(actor.getSnapshot().context.avatarUrl).toBe(avatarUrl);
    expect(sharedUsers.map((user) => user.avatarUrl)).toEqual([avatarUrl]);
    expect(toasts).toEqual([ownMessages.profileImageUpdated]);
  });

  it('refuses a file that is not a PNG, JPEG or WebP image, or is over 5 MB, without sending it', () => {
    const { actor, fake } = startAvatar();
    actor.send({ type: 'image.choose', image: new Blob(['GIF89a'], { type: 'image/gif' }) });
    expect(actor.getSnapshot().context.error).toBe(ownMessages.imageNotSupported);
    actor.send({ type: 'image.choose', image: new Blob(['?']) });
    expect(actor.getSnapshot().context.error).toBe(ownMessages.imageNotSupported);
    actor.send({ type: 'image.choose', image: png(AVATAR_MAX_BYTES + 1) });
    expect(actor.getSnapshot().context.error).toBe(ownMessages.imageTooLarge);
    expect(fake.requests).toEqual([]);
    expect(actor.getSnapshot().hasTag('idle')).toBe(true);
  });

  it('shows the server’s refusal beside the picture (a file whose bytes are not an image)', async () => {
    const { actor, fake, sharedUsers } = startAvatar();
    fake.answer('POST /api/images/profileImage', failure(400, ownMessages.imageNotSupported));
    actor.send({ type: 'image.choose', image: png() });
    await waitFor(actor, (snapshot) => snapshot.hasTag('idle'));
    expect(actor.getSnapshot().context.error).toBe(ownMessages.imageNotSupported);
    expect(sharedUsers).toEqual([]);
  });

  it('says nothing more beside the picture when the client has already announced the failure', async () => {
    const { actor, fake } = startAvatar();
    fake.answer('POST /api/images/profileImage', failure(500, messages.internalServerError));
    actor.send({ type: 'image.choose', image: png() });
    await waitFor(actor, (snapshot) => snapshot.hasTag('idle'));
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('removes the picture only when there is one', async () => {
    const { actor, fake, toasts, sharedUsers } = startAvatar(aUser({ avatarUrl }));
    fake.answer('DELETE /api/images/users', ok(aUser({ avatarUrl: null })));
    actor.send({ type: 'image.remove' });
    expect(actor.getSnapshot().hasTag('removing')).toBe(true);
    await waitFor(actor, (snapshot) => snapshot.hasTag('idle'));
    expect(actor.getSnapshot().context.avatarUrl).toBeNull();
    expect(sharedUsers.map((user) => user.avatarUrl)).toEqual([null]);
    expect(toasts).toEqual([ownMessages.profileImageRemoved]);

    actor.send({ type: 'image.remove' });
    expect(actor.getSnapshot().hasTag('idle')).toBe(true);
    expect(fake.requests).toHaveLength(1);
  });
});

function startPassword() {
  const fake = createFakeHttpClient();
  const toasts: string[] = [];
  const actor = createActor(
    passwordMachine.provide(
      createPasswordImplementations({ http: fake.http, announce: (message) => toasts.push(message) }),
    ),
  ).start();
  const fill = (currentPassword: string, newPassword: string, confirmPassword: string) => {
    actor.send({ type: 'password.field', field: 'currentPassword', value: currentPassword });
    actor.send({ type: 'password.field', field: 'newPassword', value: newPassword });
    actor.send({ type: 'password.field', field: 'confirmPassword', value: confirmPassword });
  };
  return { actor, fake, toasts, fill };
}

describe('passwordMachine', () => {
  it('checks the form before sending: filled in, confirmed, and by the password rule', () => {
    const { actor, fake, fill } = startPassword();
    actor.send({ type: 'password.submit' });
    expect(actor.getSnapshot().context.error).toBe(messages.fillOutForm);
    fill('Old2024pass', 'New2025pass', 'New2025pas');
    actor.send({ type: 'password.submit' });
    expect(actor.getSnapshot().context.error).toBe(messages.passwordsDoNotMatch);
    fill('Old2024pass', 'weakpass', 'weakpass');
    actor.send({ type: 'password.submit' });
    expect(actor.getSnapshot().context.error).toBe(ownMessages.passwordRule);
    expect(fake.requests).toEqual([]);
  });

  it('sends the current and the new password, clears the form and announces the change', async () => {
    const { actor, fake, toasts, fill } = startPassword();
    fake.answer('PUT /api/users/password', ok(undefined, 204));
    fill('Old2024pass', 'New2025pass', 'New2025pass');
    actor.send({ type: 'password.submit' });
    expect(actor.getSnapshot().hasTag('saving')).toBe(true);
    await waitFor(actor, (snapshot) => snapshot.hasTag('editable'));
    expect(fake.requests).toEqual([
      {
        method: 'PUT',
        path: '/api/users/password',
        json: { currentPassword: 'Old2024pass', newPassword: 'New2025pass' },
      },
    ]);
    expect(actor.getSnapshot().context).toEqual({
      currentPassword: '',
      newPassword: '',
      confirmPassword: '',
      error: null,
    });
    expect(toasts).toEqual([ownMessages.passwordChanged]);
  });

  it('keeps the form and says so when the current password is wrong', async () => {
    const { actor, fake, toasts, fill } = startPassword();
    fake.answer('PUT /api/users/password', failure(400, ownMessages.currentPasswordIncorrect));
    fill('Wrong2024pass', 'New2025pass', 'New2025pass');
    actor.send({ type: 'password.submit' });
    await waitFor(actor, (snapshot) => snapshot.hasTag('editable'));
    expect(actor.getSnapshot().context).toMatchObject({
      currentPassword: 'Wrong2024pass',
      error: 'Current password is incorrect',
    });
    expect(toasts).toEqual([]);
  });
});
