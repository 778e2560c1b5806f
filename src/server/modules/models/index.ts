import type { Capability } from '../capability';
import { registerModelsRoutes } from './routes';

/** Models. */
export const modelsCapability: Capability = {
  name: 'models',
  routes: (api, { context }) => registerModelsRoutes(api, context),
};
