import { ownMessages } from '../../../contract/errors';
import type { Capability } from '../capability';
import { createModelFileResults, holdsResultTables } from '../results/service';
import { registerUploadsRoutes } from './routes';
import { UPLOAD_JOB_KIND } from './service';
import { createUploadEventsListener } from './uploadEvents';
import { createUploadJobHandler } from './uploadJob';

/** Uploads: a file in, an `upload` job translating it into the model's next version (or a review). */
export const uploadsCapability: Capability = {
  name: 'uploads',
  routes: (api, { context, blobs, runner, jobs }) =>
    registerUploadsRoutes(api, context, { blobs, runner, jobs }),
  jobs: [
    {
      kind: UPLOAD_JOB_KIND,
      watched: true,
      handler: ({ context, blobs, derived, billing }) =>
        createUploadJobHandler({
          db: context.db,
          clock: context.clock,
          blobs,
          derived,
          log: context.log,
          paidModelsChanged: billing.syncQuietly,
          limits: context.config.uploads.limits,
          workerMaxMemoryMb: context.config.uploads.workerMaxMemoryMb,
          modelFileResults: createModelFileResults(context, { blobs }),
          holdsResults: holdsResultTables,
        }),
      listener: ({ context, realtime }) =>
        createUploadEventsListener({ db: context.db, realtime, log: context.log }),
      // An upload's wording asks for the file again.
      gaveUpMessage: ownMessages.uploadGaveUp,
    },
  ],
};
