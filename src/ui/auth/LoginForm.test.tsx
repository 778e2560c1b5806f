import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { messages, ownMessages } from '../../contract/errors';
import { createFakeHttpClient, failure } from '../../machines/auth/fakeHttpClient';
import { createLoginImplementations, loginMachine } from '../../machines/auth/loginMachine';
import { LoginForm } from './LoginForm';

function renderLogin() {
  const fake = createFakeHttpClient();
  const sessions: string[] = [];
  const actorRef = createActor(
    loginMachine.provide(
      createLoginImplementations({
        http: fake.http,
        startSession: ({ token }) => sessions.push(token),
        announce: () => {},
      }),
    ),
  ).start();
  render(
    <MemoryRouter>
      <LoginForm actorRef={actorRef} />
    </MemoryRouter>,
  );
  return { fake, sessions };
}

// Each test renders into the same document; unmount before the next one.
afterEach(cleanup);

describe('LoginForm', () => {
  it('says "Please fill out the form" when the user logs in with an empty form', async () => {
    const { fake } = renderLogin();
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(screen.getByRole('alert').textContent).toContain(messages.fillOutForm);
    expect(fake.requests).toEqual([]);
  });

  it("shows the server's message when the password is wrong", async () => {
    const { fake, sessions } = renderLogin();
    fake.answer('POST /auth/login', failure(401, ownMessages.loginFailed));
    await userEvent.type(screen.getByLabelText('Email address'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'Wrong1234');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));

    expect((await screen.findByRole('alert')).textContent).toContain(ownMessages.loginFailed);
    expect((screen.getByLabelText('Password') as HTMLInputElement).value).toBe('');
    expect(sessions).toEqual([]);
  });

  it('offers the way to a forgotten password and to sign-up', () => {
    renderLogin();
    expect(screen.getByRole('link', { name: 'Forgot your password?' }).getAttribute('href')).toBe('/forgot');
    expect(screen.getByRole('link', { name: 'Sign up' }).getAttribute('href')).toBe('/signup');
    expect(screen.getByLabelText('Password').getAttribute('type')).toBe('password');
  });
});
