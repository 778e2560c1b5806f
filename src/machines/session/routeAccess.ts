import { messages } from '../../contract/errors';
import type { SessionContext } from './types';

/**
 * Every route guard of spec section 2, decided in one pure function from the session.
 * - `public`: /, /login, /forgot, /signup, /reset/:token — logged-out visitors only.
 * - `verify`: the four /verify sub-screens. Open to logged-out visitors; a token holder stays only while the
 *   sign-up process flag is set. The spec names download-plugins and survey; create-account and choose-plan
 *   follow the same rule because /auth/verify signs the new user in, and the flow must survive that.
 * - `loggedIn`: every route that needs a stored token.
 * - `bugReport`: logged in too, but a visitor is told why and offered the login screen.
 * - `admin`: /admin and its sub-paths, for internal admins only (the user the internal admin list is non-empty
 *   for, as the Admin entry). Anyone else signed in goes to /dashboard with spec section 8's 'Unauthorized access'
 *   (issue #23: no admin shell with an error and a 'Try again' that cannot succeed); the guard waits while the
 *   lists have not answered.
 * - `stats`: /usageAnalytics, for the listed internal admins its Stats entry is shown to, by the same rule.
 * - `catchAll`: an unknown address is open to anyone; catchAllScreen says what it shows.
 */
export type RouteKind = 'public' | 'verify' | 'loggedIn' | 'bugReport' | 'admin' | 'stats' | 'catchAll';

export type RouteAccessContext = Pick<SessionContext, 'token' | 'signupInProgress'> & {
  /** selectMayAdminister: true or false once the admin lists have answered, null (or absent) before. */
  mayAdminister?: boolean | null;
  /** selectMayViewStats, likewise. */
  mayViewStats?: boolean | null;
};

export type RouteAccess =
  | { allow: true }
  | { allow: false; redirectTo: string; clearStorage?: boolean; info?: string; error?: string }
  /** Not decidable yet (the admin lists are on their way): show nothing, decide when they arrive. */
  | { allow: false; pending: true };

const allow: RouteAccess = { allow: true };
const toDashboard: RouteAccess = { allow: false, redirectTo: '/dashboard' };

export function routeAccess(route: RouteKind, context: RouteAccessContext): RouteAccess {
  const hasToken = context.token !== null;
  switch (route) {
    case 'public':
      return hasToken ? toDashboard : allow;
    case 'verify':
      return hasToken && !context.signupInProgress ? toDashboard : allow;
    case 'loggedIn':
      return hasToken ? allow : { allow: false, redirectTo: '/', clearStorage: true };
    case 'bugReport':
      return hasToken ? allow : { allow: false, redirectTo: '/login', info: messages.pleaseLogIn };
    case 'admin':
      return internalAdminsOnly(hasToken, context.mayAdminister);
    case 'stats':
      return internalAdminsOnly(hasToken, context.mayViewStats);
    case 'catchAll':
      return allow;
  }
}

function internalAdminsOnly(hasToken: boolean, allowed: boolean | null | undefined): RouteAccess {
  if (!hasToken) return { allow: false, redirectTo: '/', clearStorage: true };
  if (allowed === undefined || allowed === null) return { allow: false, pending: true };
  return allowed ? allow : { allow: false, redirectTo: '/dashboard', error: messages.unauthorizedAccess };
}

/**
 * What an unknown address shows. Spec section 2 has the catch-all show the landing screen; a signed-in user
 * (issue #23: /stats, /admin/stats) gets a not-found screen inside the app shell with a way back to the
 * dashboard instead of the marketing page. Visitors keep the landing screen.
 */
export type CatchAllScreen = 'landing' | 'notFound';

export function catchAllScreen(context: Pick<RouteAccessContext, 'token'>): CatchAllScreen {
  return context.token === null ? 'landing' : 'notFound';
}
