import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ownMessages } from '../../contract/errors';
import { createFakeHttpClient, failure, ok } from '../../machines/auth/fakeHttpClient';
import { aUser } from '../../machines/session/sessionTestKit';
import { renderApp } from '../app/testApp';

const avatarUrl = `/api/images/blobs/${'b'.repeat(64)}`;

/** The picture in the top navigation's account button (decorative there: alt="", the button is named). */
function navigationAvatar(): HTMLImageElement | null {
  return screen.getByRole('button', { name: 'Account menu' }).querySelector('img');
}

describe('/profile/image', () => {
  it('uploads a picture, which then shows in the navigation instead of the initials', async () => {
    const fake = createFakeHttpClient();
    fake.answer('GET /api/organizations', ok({ data: [] }));
    fake.answer('POST /api/images/profileImage', ok(aUser({ avatarUrl })));
    const app = await renderApp({ path: '/profile/image', http: fake.http });
    await screen.findByRole('heading', { name: 'Profile image' });
    expect(navigationAvatar()).toBeNull();
    expect(screen.getByLabelText('No picture yet').textContent).toBe('AL');

    const picture = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'me.png', { type: 'image/png' });
    await userEvent.upload(screen.getByLabelText('Choose a picture'), picture);

    const shown = await screen.findByRole('img', { name: 'Your profile picture' });
    expect(shown.getAttribute('src')).toBe(avatarUrl);
    expect(navigationAvatar()?.getAttribute('src')).toBe(avatarUrl);
    expect(app.session.actor.getSnapshot().context.user?.avatarUrl).toBe(avatarUrl);
    expect(await screen.findByText(ownMessages.profileImageUpdated)).toBeTruthy();
  });

  it('explains a refused file beside the picture', async () => {
    const fake = createFakeHttpClient();
    fake.answer('GET /api/organizations', ok({ data: [] }));
    await renderApp({ path: '/profile/image', http: fake.http });
    await screen.findByRole('heading', { name: 'Profile image' });
    const gif = new File(['GIF89a'], 'me.gif', { type: 'image/gif' });
    // The picker offers PNG, JPEG and WebP; a file dropped in anyway is refused the same way.
    await userEvent.upload(screen.getByLabelText('Choose a picture'), gif, { applyAccept: false });
    expect(screen.getByRole('alert').textContent).toBe(ownMessages.imageNotSupported);
    expect(fake.requests.map((request) => request.path)).not.toContain('/api/images/profileImage');
  });

  it('removes the picture', async () => {
    const fake = createFakeHttpClient();
    fake.answer('GET /api/organizations', ok({ data: [] }));
    fake.answer('DELETE /api/images/users', ok(aUser({ avatarUrl: null })));
    await renderApp({ path: '/profile/image', http: fake.http, user: aUser({ avatarUrl }) });
    await screen.findByRole('heading', { name: 'Profile image' });
    expect(navigationAvatar()?.getAttribute('src')).toBe(avatarUrl);
    await userEvent.click(screen.getByRole('button', { name: 'Remove picture' }));
    await waitFor(() => expect(navigationAvatar()).toBeNull());
    expect(screen.getByLabelText('No picture yet')).toBeTruthy();
  });
});

describe('/profile/profile: password', () => {
  it('changes the password and empties the form', async () => {
    const fake = createFakeHttpClient();
    fake.answer('GET /api/organizations', ok({ data: [] }));
    fake.answer('PUT /api/users/password', ok(undefined, 204));
    await renderApp({ path: '/profile/profile', http: fake.http });
    const form = await screen.findByRole('form', { name: 'Change password' });
    await userEvent.type(within(form).getByLabelText('Current password'), 'Steel2024frame');
    await userEvent.type(within(form).getByLabelText('New password'), 'Concrete2025slab');
    await userEvent.type(within(form).getByLabelText('Confirm new password'), 'Concrete2025slab');
    await userEvent.click(within(form).getByRole('button', { name: 'Change password' }));

    expect(await screen.findByText(ownMessages.passwordChanged)).toBeTruthy();
    expect(fake.requests.at(-1)?.json).toEqual({
      currentPassword: 'Steel2024frame',
      newPassword: 'Concrete2025slab',
    });
    expect((within(form).getByLabelText('Current password') as HTMLInputElement).value).toBe('');
  });

  it('says when the current password is wrong', async () => {
    const fake = createFakeHttpClient();
    fake.answer('GET /api/organizations', ok({ data: [] }));
    fake.answer('PUT /api/users/password', failure(400, ownMessages.currentPasswordIncorrect));
    await renderApp({ path: '/profile/profile', http: fake.http });
    const form = await screen.findByRole('form', { name: 'Change password' });
    await userEvent.type(within(form).getByLabelText('Current password'), 'Wrong2024frame');
    await userEvent.type(within(form).getByLabelText('New password'), 'Concrete2025slab');
    await userEvent.type(within(form).getByLabelText('Confirm new password'), 'Concrete2025slab');
    await userEvent.click(within(form).getByRole('button', { name: 'Change password' }));
    expect((await within(form).findByRole('alert')).textContent).toBe('Current password is incorrect');
  });
});

describe('/profile/preferences', () => {
  it('shows the testing group an admin set, read-only', async () => {
    await renderApp({
      path: '/profile/preferences',
      user: aUser({
        preferences: { colorSchemes: { default: 'light', repair: 'dark' }, testingGroup: 'beta' },
      }),
    });
    const field = (await screen.findByRole('textbox', { name: 'Testing group' })) as HTMLInputElement;
    expect(field.value).toBe('beta');
    expect(field.readOnly).toBe(true);
  });
});
