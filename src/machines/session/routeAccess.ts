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
 * - `catchAll`: an unknown address shows the landing screen, to anyone.
 */
export type RouteKind = 'public' | 'verify' | 'loggedIn' | 'bugReport' | 'catchAll';

export type RouteAccessContext = Pick<SessionContext, 'token' | 'signupInProgress'>;

export type RouteAccess =
  { allow: true } | { allow: false; redirectTo: string; clearStorage?: boolean; info?: string };

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
    case 'catchAll':
      return allow;
  }
}
