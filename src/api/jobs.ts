import { jobSchema, type Job } from '../contract/http/jobs';
import type { ApiResult, HttpClient } from './types';

/** GET /api/jobs/{jobId}: a job's status, stage and progress, polled in the background by the screen following it. */
export function getJob(http: HttpClient, jobId: string): Promise<ApiResult<Job>> {
  return http.request('GET', `/api/jobs/${encodeURIComponent(jobId)}`, {
    schema: jobSchema,
    showLoader: false,
  });
}
