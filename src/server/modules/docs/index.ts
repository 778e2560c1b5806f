import type { Capability } from '../capability';
import { registerDocsRoutes } from './routes';

/** The user documentation, GET /docs/{page} (outside /api). */
export const docsCapability: Capability = {
  name: 'docs',
  rootRoutes: (app, { context }) => registerDocsRoutes(app, { docsDir: context.config.docsDir }),
};
