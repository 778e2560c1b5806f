import { ownMessages } from '../../../contract/errors';
import { gaveUpMessageOf, type Capability } from '../capability';
import { createMergeEventsListener, createMergeJobHandler } from './mergeJob';
import { registerMergeRoutes } from './routes';
import { MERGE_JOB_KIND } from './service';

/** Merges (issue #7): a preview, then a `merge` job that makes the model's next version. */
export const mergeCapability: Capability = {
  name: 'merge',
  routes: (api, { context, runner }) => registerMergeRoutes(api, context, { runner }),
  jobs: [
    {
      kind: MERGE_JOB_KIND,
      watched: true,
      handler: ({ context, derived }) =>
        createMergeJobHandler({ db: context.db, clock: context.clock, derived, log: context.log }),
      listener: ({ context, realtime }) =>
        createMergeEventsListener({ db: context.db, realtime, log: context.log }),
      gaveUpMessage: gaveUpMessageOf(ownMessages.mergeFailed),
    },
  ],
};
