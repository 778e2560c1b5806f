import { ownMessages } from '../../../contract/errors';
import { gaveUpMessageOf, type Capability, type JobDeps } from '../capability';
import {
  createConnectivityEventsListener,
  createConnectivityJobHandler,
  createRepairCommitEventsListener,
  createRepairCommitJobHandler,
  createRepairEventsListener,
  createRepairJobHandler,
} from './repairJobs';
import { registerRepairRoutes } from './routes';
import { CONNECTIVITY_JOB_KIND, REPAIR_COMMIT_JOB_KIND, REPAIR_JOB_KIND } from './store';

const handlerDeps = ({ context, derived }: JobDeps) => ({
  db: context.db,
  clock: context.clock,
  derived,
  log: context.log,
});
const eventsDeps = ({ context, realtime }: JobDeps) => ({ db: context.db, realtime, log: context.log });

/** Connectivity checks and repairs (issue #8): a check, a repair's plan, and its commit as the next version. */
export const repairCapability: Capability = {
  name: 'repair',
  routes: (api, { context, derived, runner }) => registerRepairRoutes(api, context, { derived, runner }),
  jobs: [
    {
      kind: CONNECTIVITY_JOB_KIND,
      handler: (deps) => createConnectivityJobHandler(handlerDeps(deps)),
      listener: (deps) => createConnectivityEventsListener(eventsDeps(deps)),
      gaveUpMessage: gaveUpMessageOf(ownMessages.connectivityFailed),
    },
    {
      kind: REPAIR_JOB_KIND,
      watched: true,
      handler: (deps) => createRepairJobHandler(handlerDeps(deps)),
      listener: (deps) => createRepairEventsListener(eventsDeps(deps)),
      gaveUpMessage: gaveUpMessageOf(ownMessages.repairFailed),
    },
    {
      kind: REPAIR_COMMIT_JOB_KIND,
      watched: true,
      handler: (deps) => createRepairCommitJobHandler(handlerDeps(deps)),
      listener: (deps) => createRepairCommitEventsListener(eventsDeps(deps)),
      gaveUpMessage: gaveUpMessageOf(ownMessages.repairCommitFailed),
    },
  ],
};
