import type { FastifyInstance, onRequestAsyncHookHandler } from 'fastify';
import type { Results } from '../../engine/schema';
import type { BlobStore } from '../blobs/blobStore';
import type { DerivedCache } from '../blobs/derivedCache';
import type { ServerContext } from '../context';
import { fill } from '../messageTemplate';
import type { JobHandler, JobListener, JobRunner, JobRunnerOptions } from '../jobs/runner';
import type { RateLimits } from '../plugins/rateLimit';
import type { Realtime } from '../realtime/realtime';
import type { AnalyticsRecorder } from './analytics/recorder';
import type { ApiTokensService } from './apiTokens/service';
import type { PasswordHasher } from './auth/passwords';
import type { AuthService, RevokeApiTokens } from './auth/service';
import type { BillingService } from './billing/service';
import type { JobsService } from './jobs/service';

/** What buildApp makes once for every capability's jobs: the context and the stores and services they share. */
export interface JobDeps {
  context: ServerContext;
  /** The live socket's emitter (the context's, never absent here). */
  realtime: Realtime;
  blobs: BlobStore;
  derived: DerivedCache;
  /** Billing follows the PAID models a job makes (issue #10). */
  billing: BillingService;
  /**
   * A version's analysis results as the canonical model holds them (issue #25), for exports and their
   * certificates: made by the results module, handed to versions (which results builds on) by buildApp.
   */
  storedResults: StoredResults;
}

/**
 * The results stored on a version as the canonical model carries them (member forces, joint reactions and
 * displacements), the tables exports leave behind in words (`story drifts`), and a key that changes when they do
 * (undefined: it has none).
 */
export interface StoredResults {
  of(
    modelId: string,
    versionId: string,
  ): Promise<{ results: Results; leftBehind: string[]; key: string } | undefined>;
}

/** What routes get besides: the job queue, and what sign-in, sessions and analytics were built from. */
export interface RouteDeps extends JobDeps {
  runner: JobRunner;
  /** Auth's service (the socket authenticates with it too), its rate limits and /api's session check. */
  auth: {
    service: AuthService;
    limits: RateLimits;
    requireSession: onRequestAsyncHookHandler;
    /** A password reset or change revokes the user's API tokens (apiTokens builds on auth, so it is handed in). */
    revokeApiTokens: RevokeApiTokens;
  };
  /** Personal API tokens (issue #9): /api takes them like sessions. */
  apiTokens: ApiTokensService;
  passwords: PasswordHasher;
  /** Records every API request (a plugin of buildApp); its routes read the aggregates. */
  analytics: AnalyticsRecorder;
  /** Jobs as a capability: any watched job's status (GET /api/jobs/{id}, and the uploads route kept for it). */
  jobs: JobsService;
}

/** A kind of job a capability owns: how it runs, who hears of it, and what it says when it kept crashing. */
export interface JobKind {
  kind: string;
  handler(deps: JobDeps): JobHandler;
  /** Its live events, told by the runner (none: nobody is told). */
  listener?(deps: JobDeps): JobListener;
  /** The job's error once it failed JOB_MAX_ATTEMPTS times. */
  gaveUpMessage: string;
  /** A screen follows it through GET /api/jobs/{id} (its progress bar); other kinds answer there 404. */
  watched?: boolean;
}

/**
 * One capability of the server (`modules/<name>/index.ts`): its routes and the job kinds it owns. buildApp
 * registers every capability of `modules/index.ts` in order and runs their jobs.
 */
export interface Capability {
  name: string;
  /** Routes outside /api, without the session check: health, docs, sign-in, Stripe's webhook. */
  rootRoutes?(app: FastifyInstance, deps: RouteDeps): void | Promise<void>;
  /** Routes under /api, each request signed in (a session or an API token). */
  routes?(api: FastifyInstance, deps: RouteDeps): void;
  /** Routes under /api without a session: an <img> cannot send the Authorization header. */
  publicApiRoutes?(api: FastifyInstance, deps: RouteDeps): void;
  jobs?: readonly JobKind[];
}

/**
 * The job runner's handlers, listeners and give-up messages, from the capabilities' job kinds. A kind claimed
 * twice is a programming error, refused at start.
 */
export function jobRunnerWiring(
  capabilities: readonly Capability[],
  deps: JobDeps,
  fallbackGaveUpMessage: string,
): Pick<JobRunnerOptions, 'handlers' | 'listeners' | 'gaveUpMessage'> {
  const kinds = new Map<string, JobKind>();
  for (const capability of capabilities) {
    for (const jobKind of capability.jobs ?? []) {
      if (kinds.has(jobKind.kind)) throw new Error(`Job kind ${jobKind.kind} is claimed twice`);
      kinds.set(jobKind.kind, jobKind);
    }
  }
  const handlers: Record<string, JobHandler> = {};
  const listeners: Record<string, JobListener> = {};
  for (const [kind, jobKind] of kinds) {
    handlers[kind] = jobKind.handler(deps);
    if (jobKind.listener) listeners[kind] = jobKind.listener(deps);
  }
  return {
    handlers,
    listeners,
    gaveUpMessage: (kind) => kinds.get(kind)?.gaveUpMessage ?? fallbackGaveUpMessage,
  };
}

/** The job kinds a screen may follow through GET /api/jobs/{id}. */
export function watchedJobKinds(capabilities: readonly Capability[]): string[] {
  return capabilities.flatMap((capability) =>
    (capability.jobs ?? []).filter((jobKind) => jobKind.watched === true).map((jobKind) => jobKind.kind),
  );
}

/** A job's failure message (one with a `{reason}`) for a job that kept crashing. */
export function gaveUpMessageOf(failure: string): string {
  return fill(failure, { reason: 'it failed several times. Please try again.' });
}
