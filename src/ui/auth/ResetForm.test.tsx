import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { messages } from '../../contract/errors';
import { createFakeHttpClient, failure } from '../../machines/auth/fakeHttpClient';
import { createResetImplementations, resetMachine } from '../../machines/auth/resetMachine';
import { ResetForm } from './ResetForm';

function renderReset() {
  const fake = createFakeHttpClient();
  const actorRef = createActor(
    resetMachine.provide(
      createResetImplementations({ http: fake.http, announce: () => {}, openLogin: () => {} }),
    ),
    { input: { token: 'mailed-token-0123456789' } },
  ).start();
  render(
    <MemoryRouter>
      <ResetForm actorRef={actorRef} />
    </MemoryRouter>,
  );
  return { fake };
}

// Each test renders into the same document; unmount before the next one.
afterEach(cleanup);

describe('ResetForm', () => {
  it('says "Passwords do not match" when the confirmation differs', async () => {
    const { fake } = renderReset();
    await userEvent.type(screen.getByLabelText('New password'), 'Secret123');
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'Secret124');
    await userEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(screen.getByRole('alert').textContent).toContain(messages.passwordsDoNotMatch);
    expect(fake.requests).toEqual([]);
  });

  it('explains a spent link and points to /forgot', async () => {
    const { fake } = renderReset();
    fake.answer('POST /auth/reset', failure(400, messages.resetTokenInvalid));
    await userEvent.type(screen.getByLabelText('New password'), 'Secret123');
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'Secret123');
    await userEvent.click(screen.getByRole('button', { name: 'Reset password' }));

    expect((await screen.findByRole('alert')).textContent).toContain(messages.resetTokenInvalid);
    expect(screen.getByRole('link', { name: 'Request a new reset link' }).getAttribute('href')).toBe(
      '/forgot',
    );
    expect(screen.queryByLabelText('New password')).toBeNull();
  });
});
