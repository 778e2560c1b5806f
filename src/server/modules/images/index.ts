import type { Capability } from '../capability';
import { registerImageBlobRoutes, registerImagesRoutes } from './routes';
import { createImagesService } from './service';

/** Avatars and model thumbnails: stored by content hash, read without a session. */
export const imagesCapability: Capability = {
  name: 'images',
  routes: (api, { context, blobs }) =>
    registerImagesRoutes(api, { service: createImagesService(context, { blobs }) }),
  publicApiRoutes: (api, { context, blobs }) =>
    registerImageBlobRoutes(api, { service: createImagesService(context, { blobs }) }),
};
