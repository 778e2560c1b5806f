import { describe, expect, it } from 'vitest';
import { messages } from '../../contract/errors';
import { catchAllScreen, routeAccess, type RouteKind } from './routeAccess';

const visitor = { token: null, signupInProgress: false };
const member = { token: 't1', signupInProgress: false };
const newMemberSigningUp = { token: 't1', signupInProgress: true };
const visitorWithStaleFlag = { token: null, signupInProgress: true };

describe('routeAccess', () => {
  it('public screens are for visitors; a token holder is sent to /dashboard', () => {
    expect(routeAccess('public', visitor)).toEqual({ allow: true });
    expect(routeAccess('public', member)).toEqual({ allow: false, redirectTo: '/dashboard' });
    expect(routeAccess('public', newMemberSigningUp)).toEqual({ allow: false, redirectTo: '/dashboard' });
  });

  it('verify screens are open to visitors and, during sign-up, to the new member', () => {
    expect(routeAccess('verify', visitor)).toEqual({ allow: true });
    expect(routeAccess('verify', visitorWithStaleFlag)).toEqual({ allow: true });
    expect(routeAccess('verify', newMemberSigningUp)).toEqual({ allow: true });
    expect(routeAccess('verify', member)).toEqual({ allow: false, redirectTo: '/dashboard' });
  });

  it('logged-in screens without a token clear storage and go to /', () => {
    expect(routeAccess('loggedIn', member)).toEqual({ allow: true });
    expect(routeAccess('loggedIn', visitor)).toEqual({ allow: false, redirectTo: '/', clearStorage: true });
  });

  it('the bug report asks a visitor to log in', () => {
    expect(routeAccess('bugReport', member)).toEqual({ allow: true });
    expect(routeAccess('bugReport', visitor)).toEqual({
      allow: false,
      redirectTo: '/login',
      info: messages.pleaseLogIn,
    });
    expect(messages.pleaseLogIn).toBe('Please log in to use Gusset');
  });

  it('an unknown address is open to anyone: the landing screen for a visitor, not found for a member', () => {
    for (const context of [visitor, member, newMemberSigningUp]) {
      expect(routeAccess('catchAll', context)).toEqual({ allow: true });
    }
    expect(catchAllScreen(visitor)).toBe('landing');
    expect(catchAllScreen(visitorWithStaleFlag)).toBe('landing');
    expect(catchAllScreen(member)).toBe('notFound');
    expect(catchAllScreen(newMemberSigningUp)).toBe('notFound');
  });

  it('/admin is for internal admins; anyone else signed in goes to /dashboard with the spec message', () => {
    expect(routeAccess('admin', { ...member, mayAdminister: true })).toEqual({ allow: true });
    expect(routeAccess('admin', { ...member, mayAdminister: false })).toEqual({
      allow: false,
      redirectTo: '/dashboard',
      error: messages.unauthorizedAccess,
    });
    expect(messages.unauthorizedAccess).toBe('Unauthorized access');
    // Until the admin lists answer, nobody is sent away (an admin on a page load would be).
    expect(routeAccess('admin', { ...member, mayAdminister: null })).toEqual({ allow: false, pending: true });
    expect(routeAccess('admin', member)).toEqual({ allow: false, pending: true });
    // A visitor is treated as on every logged-in route.
    expect(routeAccess('admin', { ...visitor, mayAdminister: false })).toEqual({
      allow: false,
      redirectTo: '/',
      clearStorage: true,
    });
  });

  it('/usageAnalytics is for the listed internal admins, by the same rule as /admin', () => {
    expect(routeAccess('stats', { ...member, mayViewStats: true })).toEqual({ allow: true });
    expect(routeAccess('stats', { ...member, mayViewStats: false })).toEqual({
      allow: false,
      redirectTo: '/dashboard',
      error: messages.unauthorizedAccess,
    });
    expect(routeAccess('stats', { ...member, mayAdminister: true })).toEqual({ allow: false, pending: true });
    expect(routeAccess('stats', visitor)).toEqual({ allow: false, redirectTo: '/', clearStorage: true });
  });

  it('never sends anyone to the route they are on, so no guard can loop', () => {
    const targets: Record<RouteKind, string[]> = {
      public: ['/', '/login', '/forgot', '/signup', '/reset/x'],
      verify: ['/verify/create-account'],
      loggedIn: ['/dashboard', '/models'],
      bugReport: ['/bugReport'],
      admin: ['/admin', '/admin/profile'],
      stats: ['/usageAnalytics'],
      catchAll: ['/nowhere'],
    };
    const contexts = [visitor, member, newMemberSigningUp, visitorWithStaleFlag].flatMap((context) => [
      context,
      { ...context, mayAdminister: false },
      { ...context, mayAdminister: true },
      { ...context, mayViewStats: false },
      { ...context, mayViewStats: true },
    ]);
    for (const [kind, paths] of Object.entries(targets) as Array<[RouteKind, string[]]>) {
      for (const context of contexts) {
        const decision = routeAccess(kind, context);
        if (decision.allow || 'pending' in decision) continue;
        // The redirect target must admit the same user, or the guards would bounce forever.
        const targetKind: RouteKind = decision.redirectTo === '/dashboard' ? 'loggedIn' : 'public';
        expect(routeAccess(targetKind, context)).toEqual({ allow: true });
        expect(paths).not.toContain(decision.redirectTo);
      }
    }
  });
});
