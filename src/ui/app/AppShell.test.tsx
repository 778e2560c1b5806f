import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { aPublicUser, aUser } from '../../machines/session/sessionTestKit';
import { renderApp } from './testApp';

describe('the top navigation', () => {
  it('is hidden while the user has no first name', async () => {
    await renderApp({ user: aUser({ firstName: '' }) });
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Account menu' })).toBeNull();
  });

  it('shows the spec’s entries once the user has a first name', async () => {
    await renderApp({ user: aUser({ firstName: 'Ada' }) });
    const main = screen.getByRole('navigation', { name: 'Main' });
    const links = within(main)
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]);
    expect(links).toEqual([
      ['Dashboard', '/dashboard'],
      ['Models', '/models'],
      ['Get Plugins', '/downloadPlugins'],
      ['Help', '/bugReport'],
    ]);
    expect(within(main).getByRole('button', { name: 'Documentation' })).toBeTruthy();
  });

  it('opens the documentation pages in new tabs, in the spec’s order', async () => {
    await renderApp();
    await userEvent.click(screen.getByRole('button', { name: 'Documentation' }));
    const entries = screen
      .getAllByRole('link')
      .filter((link) => link.getAttribute('target') === '_blank' && link.closest('.top-nav'));
    expect(entries.map((link) => link.textContent)).toEqual([
      'Getting Started',
      'Supported Elements',
      'Tutorials',
      'Youtube Channel',
      'FAQ',
    ]);
    for (const link of entries) expect(link.getAttribute('rel')).toContain('noopener');
  });

  it('shows Stats only to a listed internal admin', async () => {
    const { view } = await renderApp({ user: aUser({ _id: 'user-1' }), adminIds: ['user-1'] });
    expect(screen.getByRole('link', { name: 'Stats' }).getAttribute('href')).toBe('/usageAnalytics');
    view.unmount();

    await renderApp({ user: aUser({ _id: 'user-1' }), adminIds: ['someone-else'] });
    expect(screen.queryByRole('link', { name: 'Stats' })).toBeNull();
  });
});

describe('the user menu', () => {
  it('offers Admin only when the internal admin list is non-empty', async () => {
    const { view } = await renderApp({ adminList: [aPublicUser({ _id: 'admin-1' })] });
    await userEvent.click(screen.getByRole('button', { name: 'Account menu' }));
    expect(screen.getByRole('link', { name: 'Your Profile' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Admin' }).getAttribute('href')).toBe('/admin');
    view.unmount();

    await renderApp({ adminList: [] });
    await userEvent.click(screen.getByRole('button', { name: 'Account menu' }));
    expect(screen.getByRole('link', { name: 'Your Profile' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Admin' })).toBeNull();
  });

  it('shows the initials when there is no avatar, and logs out to /', async () => {
    const { session } = await renderApp({ user: aUser({ initials: 'AL', avatarUrl: null }) });
    const toggle = screen.getByRole('button', { name: 'Account menu' });
    expect(toggle.textContent).toBe('AL');
    await userEvent.click(toggle);
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    expect(session.storage.entries()).toEqual({});
    expect(session.navigations).toEqual(['/']);
  });
});

describe('the dashboard shell', () => {
  it('greets the user by name and invents no organizations or models', async () => {
    await renderApp({ user: aUser({ firstName: 'Grace', lastName: 'Hopper' }) });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Welcome, Grace');
    expect(screen.getByText(/Grace Hopper/)).toBeTruthy();
    // The offline test server has no models: nothing is listed.
    expect(screen.queryByRole('list', { name: 'Recent models' })).toBeNull();
  });

  it('has the footer links and the copyright line', async () => {
    await renderApp();
    const footer = screen.getByRole('navigation', { name: 'Footer' });
    expect(within(footer).getByRole('link', { name: 'Report a Bug' }).getAttribute('href')).toBe(
      '/bugReport',
    );
    expect(within(footer).getByRole('link', { name: 'Documentation' })).toBeTruthy();
    expect(within(footer).getByRole('link', { name: 'Privacy' })).toBeTruthy();
    expect(screen.getByText(`© ${new Date().getFullYear()} Gusset`)).toBeTruthy();
  });
});

describe('route guards', () => {
  it('sends a visitor from a logged-in route to / and clears storage', async () => {
    const app = await renderApp({ user: null, path: '/models', stored: { leftover: 'from an old session' } });
    expect(app.location()).toBe('/');
    expect(app.session.storage.entries()).toEqual({});
  });

  it('sends a visitor from the bug report to /login, saying why', async () => {
    const app = await renderApp({ user: null, path: '/bugReport' });
    expect(app.location()).toBe('/login');
    expect(await screen.findByText('Please log in to use Gusset')).toBeTruthy();
  });

  it('sends a token holder from a public route to /dashboard', async () => {
    const app = await renderApp({ path: '/login' });
    expect(app.location()).toBe('/dashboard');
  });

  it('renders /downloadingPlugins without a chosen download as a pointer back to Get Plugins', async () => {
    await renderApp({ path: '/downloadingPlugins' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Downloading plugins');
    const page = screen.getByRole('main');
    expect(within(page).getByRole('link', { name: 'Get Plugins' }).getAttribute('href')).toBe(
      '/downloadPlugins',
    );
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeTruthy();
  });

  it('shows a visitor the landing screen at an unknown address', async () => {
    const app = await renderApp({ user: null, path: '/no/such/page' });
    expect(app.location()).toBe('/no/such/page');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Gusset');
  });

  it.each(['/stats', '/admin/stats', '/no/such/page'])(
    'shows a signed-in user "not found" inside the app shell at %s, with the way back to the dashboard',
    async (path) => {
      const app = await renderApp({ path, user: aUser({ firstName: 'Ada' }) });
      expect(app.location()).toBe(path);
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Page not found');
      // Inside the shell: the navigation and the footer stay.
      expect(screen.getByRole('navigation', { name: 'Main' })).toBeTruthy();
      expect(screen.getByRole('contentinfo')).toBeTruthy();
      const back = within(screen.getByRole('main')).getByRole('link', { name: 'Go to the dashboard' });
      expect(back.getAttribute('href')).toBe('/dashboard');
      await userEvent.click(back);
      expect(app.location()).toBe('/dashboard');
    },
  );
});

describe('the profile', () => {
  it('saves a new first name and the greeting follows', async () => {
    const app = await renderApp({ path: '/profile/profile', user: aUser({ firstName: 'Ada' }) });
    const firstName = screen.getByRole('textbox', { name: 'First name' });
    await userEvent.clear(firstName);
    await userEvent.type(firstName, 'Augusta');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(app.savedProfiles).toEqual([{ firstName: 'Augusta', lastName: 'Lovelace' }]);
    expect(app.session.actor.getSnapshot().context.user?.firstName).toBe('Augusta');
  });
});
