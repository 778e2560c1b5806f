import type { PublicUser, User } from '../../contract/http/users';

/**
 * The session actor's public face. It is the root's long-lived child with systemId 'session'; feature
 * machines and views talk to it only through these events and the context fields below.
 */
export type SessionEvent =
  /** Login or account creation succeeded. `signupInProgress` keeps the verify screens reachable. */
  | { type: 'session.started'; token: string; user: User; signupInProgress?: boolean }
  /** The API answered 403 for a call other than login and forgot. */
  | { type: 'session.expired' }
  /** The user asked to log out. */
  | { type: 'session.logout' }
  /** The server returned a fresher copy of the signed-in user. */
  | { type: 'user.updated'; user: User }
  /** The sign-up screens are done: the process flag is cleared. */
  | { type: 'signup.finished' }
  /** A logged-in route was opened without a token (spec section 2): whatever local storage holds is wiped. */
  | { type: 'session.clearStorage' };

export interface SessionContext {
  token: string | null;
  user: User | null;
  /** GET /api/users/GussetAdmins: the internal admins' ids (Stats link). */
  adminIds: string[];
  /** GET /api/users/adminList: non-empty only for an internal admin (Admin menu). */
  adminList: PublicUser[];
  /**
   * Whether both admin lists have answered (or failed) for this session: until then nobody can tell an internal
   * admin from anyone else, so /admin waits rather than sending an admin away.
   */
  adminDirectoryLoaded: boolean;
  /** Spec section 2: keeps /verify/download-plugins and /verify/survey reachable for a logged-in user. */
  signupInProgress: boolean;
}

/** Tags the session machine puts on its states, so views never test state names. */
export type SessionTag = 'authenticated' | 'restoring' | 'expiring';

/** The part of window.localStorage the session needs; injected through input so the machine runs under Node. */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
  clear(): void;
}

export interface SessionInput {
  storage: KeyValueStorage;
}
