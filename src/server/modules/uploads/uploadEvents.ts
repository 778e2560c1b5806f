import type { JobListener } from '../../jobs/runner';
import type { JobEventsDeps } from '../jobs/events';
import { toJob } from '../jobs/jobView';
import { createVersionJobListener } from '../versions/versionJobEvents';

/** An upload job's live events (createVersionJobListener). */
export function createUploadEventsListener(deps: JobEventsDeps): JobListener {
  return createVersionJobListener(deps, { what: 'an upload event', view: toJob });
}
