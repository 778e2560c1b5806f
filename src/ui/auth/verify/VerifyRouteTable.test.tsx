import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { messages } from '../../../contract/errors';
import { createFakeHttpClient, failure, ok, sampleUser } from '../../../machines/auth/fakeHttpClient';
import { createSignupImplementations, signupMachine } from '../../../machines/signup/signupMachine';
import { readVerifyLink } from '../../../machines/signup/verifyParams';
import { localSetup } from '../../../machines/billing/billingTestKit';
import { AppServicesProvider, type AppServices } from '../../services/AppServices';
import { SignupFlowFrame } from './SignupFlowFrame';
import { VerifyRouteTable } from './VerifyRouteTable';

function Address() {
  const location = useLocation();
  return <output aria-label="address">{`${location.pathname}${location.search}`}</output>;
}

function renderVerify(address: string) {
  const fake = createFakeHttpClient();
  const user = sampleUser();
  fake.answer('POST /auth/verify', ok({ token: 'session-token', user }, 201));
  fake.answer('PUT /api/users/user-1/updateUserState', ok(user));
  fake.answer('PUT /api/users', ok(user));
  fake.answer('GET /stripe/config', ok(localSetup));
  fake.answer(
    'GET /api/plugins',
    ok({
      plugins: [
        {
          id: 'etabs-e2k',
          title: 'ETABS: export and import .e2k',
          platform: 'Etabs',
          description: 'Export your ETABS model as .e2k text for Gusset.',
          kind: 'guide',
          fileName: 'gusset-etabs-e2k.md',
          size: 900,
          available: true,
          guideUrl: '/docs/guides/etabs-e2k',
        },
        {
          id: 'ram-plugin',
          title: 'RAM Structural System plugin',
          platform: 'RAM',
          description: 'A Python script for the machine where RAM is installed.',
          kind: 'file',
          fileName: 'gusset-ram.zip',
          size: 30_000,
          available: true,
        },
      ],
    }),
  );
  const outside = { sessions: 0, finished: 0, dashboard: 0 };
  const logic = signupMachine.provide(
    createSignupImplementations({
      http: fake.http,
      startSession: () => (outside.sessions += 1),
      finishSignup: () => (outside.finished += 1),
      openDashboard: () => (outside.dashboard += 1),
    }),
  );
  const input = { link: readVerifyLink(address.split('?')[1] ?? ''), resumingUser: null };
  const actor = createActor(logic, { input }).start();
  // The download-plugins step lists the real downloads through the app's HTTP client; nothing else is needed.
  const services = { http: fake.http } as unknown as AppServices;
  render(
    <AppServicesProvider services={services}>
      <MemoryRouter initialEntries={[address]}>
        <Routes>
          <Route path="/verify/*" element={<VerifyRouteTable flow={<SignupFlowFrame actor={actor} />} />} />
        </Routes>
        <Address />
      </MemoryRouter>
    </AppServicesProvider>,
  );
  return { fake, outside };
}

const address = () => screen.getByRole('status', { name: 'address' }).textContent;

// Each test renders into the same document; unmount before the next one.
afterEach(cleanup);

describe('VerifyRoutes', () => {
  it('walks a new user from the mailed link through the four screens to the dashboard', async () => {
    const { fake, outside } = renderVerify(
      '/verify?resetToken=mailed-token-0123456789&email=ada%40example.com',
    );
    expect(await screen.findByRole('heading', { name: 'Create your account' })).toBeTruthy();
    expect(address()).toBe(
      '/verify/create-account?resetToken=mailed-token-0123456789&email=ada%40example.com',
    );

    await userEvent.type(screen.getByLabelText('First name'), 'Ada');
    await userEvent.type(screen.getByLabelText('Last name'), 'Lovelace');
    await userEvent.type(screen.getByLabelText('Password'), 'Secret123');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'Secret123');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));

    expect(await screen.findByRole('heading', { name: 'Choose your plan' })).toBeTruthy();
    expect((screen.getByRole('radio', { name: 'Free' }) as HTMLInputElement).checked).toBe(true);
    // The provider's prices, read from the public GET /stripe/config, labelled as test prices.
    expect(
      await screen.findByText(/Each further model: \$25\.00 per month or \$250\.00 per year \(Test mode\)\./),
    ).toBeTruthy();
    await userEvent.click(screen.getByRole('radio', { name: 'Pro' }));
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByRole('heading', { name: 'Download the plugins' })).toBeTruthy();
    expect(address()).toBe('/verify/download-plugins');
    expect(outside.sessions).toBe(1);
    const etabs = await screen.findByRole('list', { name: 'ETABS downloads' });
    expect(within(etabs).getByRole('link', { name: 'Open the guide' }).getAttribute('href')).toBe(
      '/docs/guides/etabs-e2k',
    );
    expect(screen.getByRole('button', { name: 'Download RAM Structural System plugin' })).toBeTruthy();
    await userEvent.click(await screen.findByRole('button', { name: 'Next' }));

    expect(await screen.findByRole('heading', { name: 'Tell us about your work' })).toBeTruthy();
    const features = screen.getByRole('group', { name: 'Which features matter most to you?' });
    await userEvent.click(within(features).getByRole('checkbox', { name: 'Sharing' }));
    await userEvent.click(screen.getByRole('button', { name: 'Finish' }));

    await waitFor(() => expect(outside.dashboard).toBe(1));
    expect(outside).toEqual({ sessions: 1, finished: 1, dashboard: 1 });
    expect(fake.requests.find((request) => request.path === '/api/users')?.json).toEqual({
      survey: { features: ['Sharing'], softwareUsed: [], softwareWanted: [] },
    });
  });

  it('shows the server message on choose-plan when the address already has an account', async () => {
    const { fake } = renderVerify(
      '/verify/create-account?resetToken=mailed-token-0123456789&email=ada%40example.com',
    );
    fake.answer('POST /auth/verify', failure(409, messages.userExists));
    await userEvent.type(await screen.findByLabelText('First name'), 'Ada');
    await userEvent.type(screen.getByLabelText('Last name'), 'Lovelace');
    await userEvent.type(screen.getByLabelText('Password'), 'Secret123');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'Secret123');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Create account' }));

    expect((await screen.findByRole('alert')).textContent).toContain(
      'A user with this email already exists.',
    );
    expect(screen.getByRole('heading', { name: 'Choose your plan' })).toBeTruthy();
  });

  it('without both parameters sends the visitor to create-account, which points to sign-up', async () => {
    renderVerify('/verify?email=ada%40example.com');
    expect((await screen.findByRole('alert')).textContent).toContain('verification email');
    expect(screen.getByRole('link', { name: 'Sign up' }).getAttribute('href')).toBe('/signup');
    expect(address()).toBe('/verify/create-account');
    expect(screen.queryByLabelText('Password')).toBeNull();
  });

  it('does not let the address bar skip ahead of the form', async () => {
    renderVerify('/verify/survey?resetToken=mailed-token-0123456789&email=ada%40example.com');
    expect(await screen.findByRole('heading', { name: 'Create your account' })).toBeTruthy();
    expect(address()).toBe(
      '/verify/create-account?resetToken=mailed-token-0123456789&email=ada%40example.com',
    );
  });
});
