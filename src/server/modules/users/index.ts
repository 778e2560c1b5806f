import type { Capability } from '../capability';
import { registerPasswordRoutes } from './passwordRoutes';
import { createPasswordService } from './passwordService';
import { registerUsersRoutes } from './routes';
import { createUsersService } from './service';

/** The signed-in user: their profile and their password. */
export const usersCapability: Capability = {
  name: 'users',
  routes: (api, { context, passwords }) => {
    const { db, clock, config, mailer, log, rateLimitStore } = context;
    registerUsersRoutes(api, { service: createUsersService({ db, clock, config }) });
    registerPasswordRoutes(api, {
      service: createPasswordService({ db, clock, config, mailer, passwords, log, rateLimitStore }),
    });
  },
};
