import { ownMessages } from '../../../contract/errors';
import type { Job } from '../../../contract/http/jobs';
import type { ServerContext } from '../../context';
import { HttpError } from '../../httpError';
import { jobQueue } from '../../jobs/queue';
import { isUuid, modelAbilities, roleAtLeast } from '../access/access';
import { toJob } from './jobView';

export interface JobsDeps {
  /** The kinds a screen may follow here; the modules that own them say so (uploads, merge, repair). */
  watchedKinds: readonly string[];
}

/** Jobs as a capability: one place answers "how is my job doing?", whatever module started it. */
export function createJobsService(context: Pick<ServerContext, 'db' | 'access'>, deps: JobsDeps) {
  const { db, access } = context;

  return {
    /**
     * The job, for its creator or anyone who may view its model; 404 for everybody else and for kinds nobody
     * follows, so an id tells nothing about jobs one may not see. `notFoundMessage` lets the older upload route
     * keep its wording.
     */
    async get(
      userId: string,
      jobId: string,
      notFoundMessage: string = ownMessages.jobNotFound,
    ): Promise<Job> {
      const notFound = new HttpError(404, notFoundMessage);
      if (!isUuid(jobId)) throw notFound;
      const job = await jobQueue.find(db, jobId);
      if (!job || !deps.watchedKinds.includes(job.kind)) throw notFound;
      if (job.created_by !== userId) {
        const modelAccess = job.model_id ? await access.modelRoleOf(userId, job.model_id) : null;
        if (!modelAccess || !roleAtLeast(modelAccess.role, modelAbilities.view)) throw notFound;
      }
      return toJob(job);
    },
  };
}

export type JobsService = ReturnType<typeof createJobsService>;
