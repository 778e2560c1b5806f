import type { Capability } from '../capability';
import { registerApiTokensRoutes } from './routes';

/** Personal API tokens (issue #9). */
export const apiTokensCapability: Capability = {
  name: 'apiTokens',
  routes: (api, { apiTokens }) => registerApiTokensRoutes(api, { service: apiTokens }),
};
