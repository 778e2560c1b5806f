import type { Capability } from '../capability';
import { registerAuthRoutes } from './routes';

/** POST /auth/* (outside /api: signing in comes before a session). */
export const authCapability: Capability = {
  name: 'auth',
  rootRoutes: (app, { auth, apiTokens }) => registerAuthRoutes(app, { ...auth, apiTokens }),
};
