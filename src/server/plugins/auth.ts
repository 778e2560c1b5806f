import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { messages } from '../../contract/errors';
import { HttpError } from '../httpError';

/**
 * What a session resolves to, named by the auth module (declaration merging: `declare module
 * '../../plugins/auth' { interface SessionTypes { user: UserRecord } }`), so this plugin imports no module and
 * every route still gets the full record back from signedInUser.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled in by the auth module
export interface SessionTypes {}

/** The fields this server's infrastructure reads of a signed-in user (realtime names the author of an event). */
export interface SessionUserBase {
  id: string;
  firstName: string;
  lastName: string;
}

/** The signed-in user as the auth module declares it (SessionTypes['user']). */
export type SessionUser = SessionTypes extends { user: infer User extends SessionUserBase }
  ? User
  : SessionUserBase;

/** What `authenticate` answers for a live token: the user and the session's hash (and the API token, if one). */
export interface AuthenticatedSession {
  user: SessionUser;
  tokenHash: string;
  apiTokenId?: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user on routes behind requireSession; null elsewhere. */
    user: SessionUser | null;
    /** Hash of the presented session token, so logout can revoke exactly this session. */
    sessionTokenHash: string | null;
    /** The personal API token that authenticated the request (issue #9), null for a browser session. */
    apiTokenId: string | null;
  }
}

const tokenPattern = /^[A-Za-z0-9_-]{16,256}$/;

/** `Authorization: <token>` (what the spec's client sends) or `Authorization: Bearer <token>`. */
export function tokenFromAuthorization(header: string | undefined): string | null {
  if (!header) return null;
  const token = header.replace(/^Bearer\s+/i, '').trim();
  return tokenPattern.test(token) ? token : null;
}

export function registerAuthDecorations(app: FastifyInstance): void {
  app.decorateRequest('user', null);
  app.decorateRequest('sessionTokenHash', null);
  app.decorateRequest('apiTokenId', null);
}

/**
 * An onRequest hook for routes that need a session. A missing, unknown, expired or revoked token answers 403
 * 'Your session has expired', because the client treats every 403 as the end of its session (spec section 8);
 * 401 stays free for "signed in but not allowed".
 */
export function createRequireSession(
  authenticate: (token: string) => Promise<AuthenticatedSession | null>,
): onRequestAsyncHookHandler {
  return async (request) => {
    const token = tokenFromAuthorization(request.headers.authorization);
    const session = token ? await authenticate(token) : null;
    if (!session) throw new HttpError(403, messages.sessionExpired);
    request.user = session.user;
    request.sessionTokenHash = session.tokenHash;
    request.apiTokenId = session.apiTokenId ?? null;
  };
}

/** The user of a route behind requireSession; a route without the hook that calls this is a programming error. */
export function signedInUser(request: FastifyRequest): SessionUser {
  if (!request.user)
    throw new Error(`${request.routeOptions.url ?? request.url} is not behind requireSession`);
  return request.user;
}

/**
 * A route onRequest hook (after the scope's requireSession, before the body is read or validated) for what only
 * the account holder at a browser may do: a request an API token authenticated is refused with 401 and
 * `message`, so a leaked token cannot change the password (and lock the owner out) or mint and revoke tokens.
 * 401, not 403: the client reads every 403 as the end of its session (spec section 8).
 */
export function browserSessionOnly(message: string): onRequestAsyncHookHandler {
  return async (request) => {
    if (request.apiTokenId !== null) throw new HttpError(401, message);
  };
}
