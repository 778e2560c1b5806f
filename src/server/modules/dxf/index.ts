import { ownMessages } from '../../../contract/errors';
import { gaveUpMessageOf, type Capability } from '../capability';
import { createDxfEventsListener, createDxfJobHandler } from './dxfJob';
import { DXF_JOB_KIND } from './dxfStore';
import { registerDxfRoutes } from './routes';
import { createDxfService } from './service';

/** DXF export (issue #9): a `dxfExport` job draws the version, cached per version. */
export const dxfCapability: Capability = {
  name: 'dxf',
  routes: (api, { context, derived, runner }) =>
    registerDxfRoutes(api, { service: createDxfService(context, { derived, runner }) }),
  jobs: [
    {
      kind: DXF_JOB_KIND,
      handler: ({ context, derived }) =>
        createDxfJobHandler({ db: context.db, clock: context.clock, derived }),
      listener: ({ context, realtime }) =>
        createDxfEventsListener({ db: context.db, realtime, log: context.log }),
      gaveUpMessage: gaveUpMessageOf(ownMessages.dxfFailed),
    },
  ],
};
