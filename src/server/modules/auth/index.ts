import type { Capability } from '../capability';
import { registerPasswordRoutes } from './passwordRoutes';
import { createPasswordService } from './passwordService';
import { registerAuthRoutes } from './routes';

/** POST /auth/* (outside /api: signing in comes before a session), and the signed-in user's password change. */
export const authCapability: Capability = {
  name: 'auth',
  rootRoutes: (app, { auth, apiTokens }) => registerAuthRoutes(app, { ...auth, apiTokens }),
  routes: (api, { context, passwords, auth }) => {
    const { db, clock, config, mailer, log, rateLimitStore } = context;
    registerPasswordRoutes(api, {
      service: createPasswordService({
        db,
        revokeApiTokens: auth.revokeApiTokens,
        clock,
        config,
        mailer,
        passwords,
        log,
        rateLimitStore,
      }),
    });
  },
};
