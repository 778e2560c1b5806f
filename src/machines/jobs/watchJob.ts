import { getJob } from '../../api/jobs';
import type { HttpClient } from '../../api/types';
import type { Job } from '../../contract/http/jobs';
import { failedJobIdOf, progressOf } from '../socket/eventRules';
import { silentFeed, type RealtimeFeed } from '../socket/realtimeFeed';

/** What a screen's machine needs to follow a job: the API, and the live socket when there is one. */
export interface JobWatchDependencies {
  http: HttpClient;
  /** The live socket's events; without it, progress is polled. */
  realtime?: RealtimeFeed | undefined;
  /** How often the job is asked for its progress while the socket is not online; 1000 ms by default. */
  pollIntervalMs?: number | undefined;
  /** How often it is asked anyway while live events arrive (at most once delivery); 10 s by default. */
  safetyNetIntervalMs?: number | undefined;
}

/** What the watcher sends its machine: news of the job, or that the server could not be asked. */
export type JobWatchEvent = { type: 'job.updated'; job: Job } | { type: 'job.unreachable'; message: string };

/** Queued or running: the job may still change. */
export const isUnfinished = (job: Job): boolean => job.status === 'queued' || job.status === 'running';

/** The slow poll kept while the socket is online, in case an event is lost. */
export const JOB_SAFETY_NET_INTERVAL_MS = 10_000;

/**
 * Follows one job (an upload, a merge, a repair or its commit). Each answer, live or polled, is passed on only if it is not older than the last one
 * (a slow poll must not move the bar back); the next poll is due one interval after the latest news, at the
 * live pace or the polling pace depending on the socket's status, which it re-reads whenever that changes.
 */
export function watchJob(
  deps: JobWatchDependencies,
  jobId: string,
  sendBack: (event: JobWatchEvent) => void,
): () => void {
  const feed = deps.realtime ?? silentFeed;
  const pollingPace = deps.pollIntervalMs ?? 1000;
  const livePace = deps.safetyNetIntervalMs ?? JOB_SAFETY_NET_INTERVAL_MS;
  let stopped = false;
  let finished = false;
  let polling = false;
  let latest: Job | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const schedule = () => {
    clearTimeout(timer);
    if (stopped || finished) return;
    timer = setTimeout(() => void poll(), feed.status() === 'online' ? livePace : pollingPace);
  };
  const accept = (job: Job) => {
    if (finished || (latest !== null && job.updatedAt < latest.updatedAt)) return;
    latest = job;
    finished = !isUnfinished(job);
    sendBack({ type: 'job.updated', job });
  };
  const poll = async () => {
    if (polling) return;
    polling = true;
    const result = await getJob(deps.http, jobId);
    polling = false;
    if (stopped || finished) return;
    if (!result.ok) {
      sendBack({ type: 'job.unreachable', message: result.error.message });
      return;
    }
    accept(result.data);
    schedule();
  };
  const stopListening = feed.subscribe((notice) => {
    if (notice.type === 'socket.status') schedule();
    // Back after a reconnect: what happened meanwhile was not delivered.
    else if (notice.type === 'socket.resynced') void poll();
    else if (notice.type === 'realtime.event') {
      const job = progressOf(notice.event);
      if (job?._id === jobId) {
        accept(job);
        schedule();
      } else if (failedJobIdOf(notice.event) === jobId) {
        // The job's own record says how it failed.
        void poll();
      }
    }
  });
  schedule();
  return () => {
    stopped = true;
    clearTimeout(timer);
    stopListening();
  };
}
