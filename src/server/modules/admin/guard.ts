import type { onRequestAsyncHookHandler } from 'fastify';
import { messages } from '../../../contract/errors';
import type { Config } from '../../config';
import { HttpError } from '../../httpError';
import { signedInUser } from '../../plugins/auth';
import type { UserRecord } from '../users/repository';

/**
 * The one check of the internal admin area (GUSSET_ADMINS): any other signed-in user gets 401, whatever they ask
 * for. Being an internal admin gives no role on organizations' models (access.ts never looks at this list).
 */
export function requireInternalAdmin(actor: UserRecord, config: Pick<Config, 'admins'>): void {
  if (!config.admins.includes(actor.email)) throw new HttpError(401, messages.unauthorizedAccess);
}

/**
 * A route-level onRequest hook (after the scope's session check): refuses non-admins before their body is read
 * or validated, so a non-admin learns nothing from validation messages either.
 */
export function adminOnly(config: Pick<Config, 'admins'>): onRequestAsyncHookHandler {
  return async (request) => requireInternalAdmin(signedInUser(request), config);
}
