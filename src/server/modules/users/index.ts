import type { Capability } from '../capability';
import { registerUsersRoutes } from './routes';
import { createUsersService } from './service';

/** The signed-in user's profile (their password is auth's: modules/auth). */
export const usersCapability: Capability = {
  name: 'users',
  routes: (api, { context }) => {
    const { db, clock, config } = context;
    registerUsersRoutes(api, { service: createUsersService({ db, clock, config }) });
  },
};
