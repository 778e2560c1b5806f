import { ownMessages } from '../../../contract/errors';
import { gaveUpMessageOf, type Capability } from '../capability';
import { createDiffEventsListener, createDiffJobHandler } from './diffJob';
import { DIFF_JOB_KIND } from './diffStore';
import { registerCompareRoutes } from './routes';
import { createCompareService } from './service';

/** Diffs of two versions, computed by `diff` jobs and cached. */
export const compareCapability: Capability = {
  name: 'compare',
  routes: (api, { context, derived, runner }) =>
    registerCompareRoutes(api, { service: createCompareService(context, { derived, runner }) }),
  jobs: [
    {
      kind: DIFF_JOB_KIND,
      handler: ({ context, derived }) =>
        createDiffJobHandler({ db: context.db, clock: context.clock, derived }),
      listener: ({ context, realtime }) =>
        createDiffEventsListener({ db: context.db, realtime, log: context.log }),
      gaveUpMessage: gaveUpMessageOf(ownMessages.diffFailed),
    },
  ],
};
