import type { Capability } from '../capability';
import { registerPluginsRoutes } from './routes';
import { createPluginsService } from './service';

/** The desktop plugins' catalog and downloads. */
export const pluginsCapability: Capability = {
  name: 'plugins',
  routes: (api, { context }) =>
    registerPluginsRoutes(api, { service: createPluginsService({ docsDir: context.config.docsDir }) }),
};
