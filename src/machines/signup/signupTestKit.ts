import { createActor } from 'xstate';
import type { StartSignupSessionParams } from './types';
import type { SignupInput } from './types';
import { createSignupImplementations, signupMachine } from './signupMachine';
import { createFakeHttpClient, ok, sampleUser } from '../auth/fakeHttpClient';

/** Test support: the production sign-up machine over a scripted HTTP client, recording what it does outside. */
export function startSignupFlow(input: Partial<SignupInput> = {}) {
  const fake = createFakeHttpClient();
  const user = sampleUser();
  fake.answer('POST /auth/verify', ok({ token: 'session-token', user }, 201));
  fake.answer(`PUT /api/users/${user._id}/updateUserState`, ok(user));
  fake.answer('PUT /api/users', ok(user));
  const sessions: StartSignupSessionParams[] = [];
  const outside = { finishedSignup: 0, openedDashboard: 0 };
  const actor = createActor(
    signupMachine.provide(
      createSignupImplementations({
        http: fake.http,
        startSession: (params) => sessions.push(params),
        finishSignup: () => (outside.finishedSignup += 1),
        openDashboard: () => (outside.openedDashboard += 1),
      }),
    ),
    {
      input: {
        link: { resetToken: 'mailed-token-0123456789', emailAddress: 'ada@example.com' },
        resumingUser: null,
        ...input,
      },
    },
  ).start();

  const fillCreateAccount = (form: {
    firstName: string;
    lastName: string;
    password: string;
    confirmPassword: string;
  }) => {
    for (const field of ['firstName', 'lastName', 'password', 'confirmPassword'] as const) {
      actor.send({ type: 'field.change', field, value: form[field] });
    }
  };
  const validForm = {
    firstName: ' Ada ',
    lastName: 'Lovelace',
    password: 'Secret123',
    confirmPassword: 'Secret123',
  };
  return { actor, fake, user, sessions, outside, fillCreateAccount, validForm };
}
