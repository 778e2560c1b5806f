import {
  assign,
  enqueueActions,
  fromCallback,
  fromPromise,
  setup,
  type ActorRefFrom,
  type AnyEventObject,
} from 'xstate';
import { uploadModelFile, type UploadTarget } from '../../api/uploads';
import { getVersion } from '../../api/versions';
import type { ApiResult, HttpClient } from '../../api/types';
import { messages } from '../../contract/errors';
import type { VersionDetail } from '../../contract/http/versions';
import type { Job } from '../../contract/http/jobs';
import { promisePlaceholder, unboundImplementation } from '../auth/placeholders';
import { billingGatingMachine } from '../billing/billingGatingMachine';
import { selectCreationBlocked, selectNextModelIsPaid } from '../billing/gatingSelectors';
import { isUnfinished, watchJob } from '../jobs/watchJob';
import type { RealtimeFeed } from '../socket/realtimeFeed';
import { newIdempotencyKey } from './idempotencyKey';
import { modelNameFromFile, UPLOAD_MAX_BYTES, validateUploadFile } from './validation';

/** Where the panel sends its file: a new version of a model, or a new model in an organization. */
export type UploadDestination = { modelId: string } | { organizationId: string };

export interface ChosenFile {
  file: Blob;
  name: string;
  sizeBytes: number;
}

export interface UploadInput {
  destination: UploadDestination;
  /** How many versions the model has (a new version's destination): a review needs one to compare with. */
  versionCount?: number;
  /** Defaults to UPLOAD_MAX_BYTES. */
  maxBytes?: number;
}

export interface UploadContext {
  destination: UploadDestination;
  maxBytes: number;
  file: ChosenFile | null;
  /** The new model's name (only asked when the file starts a model). */
  modelName: string;
  /** The model's versions so far: reviewing an upload is offered only when there is one to compare with. */
  versionCount: number;
  /** 'Review changes before they become a version' (issue #7): the job ends with a review, not a version. */
  review: boolean;
  /** One key per chosen file: every retry of that file carries it, so the server makes one version at most. */
  idempotencyKey: string | null;
  job: Job | null;
  /** The finished version with its translation report. */
  version: VersionDetail | null;
  /** A validation message, the server's refusal, or why the report could not be read. */
  error: string | null;
  /**
   * The billing gating statechart (issue #10), only when the file starts a new model: a new version of an
   * existing model is never gated. Kept here so the guards can read whether creation is blocked.
   */
  billingGating: ActorRefFrom<typeof billingGatingMachine> | null;
}

export type UploadEvent =
  | { type: 'file.choose'; file: Blob; name: string }
  | { type: 'name.change'; value: string }
  | { type: 'review.toggle'; value: boolean }
  /** The page learnt how many versions the model has now. */
  | { type: 'versions.counted'; count: number }
  | { type: 'upload.start' }
  | { type: 'upload.retry' }
  | { type: 'upload.reset' }
  | { type: 'report.close' }
  /** The user agrees that the new model is paid (asked when the free models are used). */
  | { type: 'paid.confirm' }
  | { type: 'paid.cancel' }
  /** From the job watcher: the job's latest state. */
  | { type: 'job.updated'; job: Job }
  /** From the job watcher: the job's state could not be read. */
  | { type: 'job.unreachable'; message: string };

/**
 * `choosing`: the file input is offered; `canStart`: a valid file is chosen; `busy`: the upload or the
 * translation is under way (`uploading`, then `processing`); `confirmingPaid`: the file would start a model that
 * is charged, and nothing is sent until the user agrees; `report`: the translation report is shown;
 * `done`: the user closed it; `reviewReady`: a review upload's changes wait on the review screen; `failed`
 * (with `canRetry` when sending again can help).
 */
export type UploadTag =
  | 'choosing'
  | 'canStart'
  | 'confirmingPaid'
  | 'busy'
  | 'uploading'
  | 'processing'
  | 'report'
  | 'done'
  | 'reviewReady'
  | 'failed'
  | 'canRetry';

export interface UploadFileInput {
  file: ChosenFile;
  target: UploadTarget;
  idempotencyKey: string;
  review: boolean;
}

export interface FinishedVersion {
  modelId: string;
  versionId: string;
}

const isNewModel = (destination: UploadDestination): destination is { organizationId: string } =>
  'organizationId' in destination;

/** The version a finished job made, or null while it runs (or if a finished job names none). */
export function finishedVersion(job: Job | null): FinishedVersion | null {
  if (job?.status !== 'done' || job.modelId === null || job.versionId === null) return null;
  return { modelId: job.modelId, versionId: job.versionId };
}

/** The review a finished review upload made, or null. */
export function finishedReview(job: Job | null): { modelId: string; reviewId: string } | null {
  if (job?.status !== 'done' || job.modelId === null || !job.reviewId) return null;
  return { modelId: job.modelId, reviewId: job.reviewId };
}

/** Reviewing is offered for a new version of a model that has one to compare with (spec: issue #7 item 5). */
export function reviewIsOffered(destination: UploadDestination, versionCount: number): boolean {
  return !isNewModel(destination) && versionCount > 0;
}

/** The server refused the upload; the status tells a payment requirement (402) from other refusals. */
export class UploadRefused extends Error {
  readonly status: number;

  constructor(status: number, message: string) {
    super(message);
    this.name = 'UploadRefused';
    this.status = status;
  }
}

const isPaymentRequired = (error: unknown): boolean => error instanceof UploadRefused && error.status === 402;

function jobFailureMessage(job: Job | null): string {
  return job?.error ?? messages.internalServerError;
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : messages.serverNotResponding;
}

/**
 * The upload journey: choose a file (checked here against the server's extension list and size) → send it
 * (`uploading`) → follow the translation job (`processing`) → read the new version's report (`report`) →
 * `done`. A failed send or a lost job can be retried with the same Idempotency-Key; a file the server could not
 * translate cannot (the same bytes would fail the same way), so the user chooses another.
 */
export const uploadMachine = setup({
  types: {
    context: {} as UploadContext,
    events: {} as UploadEvent,
    input: {} as UploadInput,
    tags: {} as UploadTag,
    children: {} as { billingGating: 'billingGating' },
  },
  actors: {
    uploadFile: promisePlaceholder<Job, UploadFileInput>('uploadFile'),
    /**
     * Sends `job.updated` until the job is done or failed, or `job.unreachable`. The one actor that decides how
     * progress arrives: live ProgressUpdate events while the socket is online (with a slow poll as a safety
     * net), polling every second while it is not.
     */
    watchJob: fromCallback<AnyEventObject, { jobId: string }>(() => {
      throw unboundImplementation('watchJob');
    }),
    fetchVersionReport: promisePlaceholder<VersionDetail, FinishedVersion>('fetchVersionReport'),
    /** Free models used, and the payment method step at the limit (src/machines/billing); unbound: never asks. */
    billingGating: billingGatingMachine,
  },
  actions: {
    /** Tells the page that a version exists (the history reloads, a new model can be opened). */
    versionCreated: (_, _params: FinishedVersion) => {
      throw unboundImplementation('versionCreated');
    },
    toggleReview: assign({
      review: ({ context, event }) =>
        event.type === 'review.toggle' &&
        event.value &&
        reviewIsOffered(context.destination, context.versionCount),
    }),
    /** A 402, or a new model made: the quota changed since it was read, so the gating reads it again. */
    refreshBilling: enqueueActions(({ context, enqueue }) => {
      if (context.billingGating) enqueue.sendTo(context.billingGating, { type: 'billing.refresh' });
    }),
  },
  guards: {
    fileIsValid: ({ context, event }) =>
      event.type === 'file.choose' &&
      validateUploadFile(event.name, event.file.size, context.maxBytes) === null,
    modelNameIsMissing: ({ context }) => isNewModel(context.destination) && context.modelName.trim() === '',
    /** At the free-model limit without a payment method: the server would refuse the new model (402). */
    creationBlocked: ({ context }) =>
      context.billingGating !== null && selectCreationBlocked(context.billingGating.getSnapshot()),
    /** The new model would be charged (free models used, a payment method on file): the user is asked first. */
    nextModelIsPaid: ({ context }) =>
      context.billingGating !== null && selectNextModelIsPaid(context.billingGating.getSnapshot()),
    paymentRequired: ({ event }) => 'error' in event && isPaymentRequired(event.error),
    jobFinished: (_, params: { job: Job }) => finishedVersion(params.job) !== null,
    jobMadeReview: (_, params: { job: Job }) => finishedReview(params.job) !== null,
    jobStopped: (_, params: { job: Job }) => !isUnfinished(params.job),
  },
}).createMachine({
  id: 'upload',
  context: ({ input, spawn }) => ({
    destination: input.destination,
    maxBytes: input.maxBytes ?? UPLOAD_MAX_BYTES,
    file: null,
    modelName: '',
    versionCount: input.versionCount ?? 0,
    review: false,
    idempotencyKey: null,
    job: null,
    version: null,
    error: null,
    // Spawned for the machine's whole life, and only for a new model (an invoke cannot be conditional).
    billingGating: isNewModel(input.destination)
      ? spawn('billingGating', {
          id: 'billingGating',
          input: { organizationId: input.destination.organizationId },
        })
      : null,
  }),
  initial: 'idle',
  on: {
    // The first version of a model cannot be reviewed: the box goes off if the count says so.
    'versions.counted': {
      actions: assign(({ context, event }) => ({
        versionCount: event.count,
        review: context.review && reviewIsOffered(context.destination, event.count),
      })),
    },
    'file.choose': [
      {
        guard: 'fileIsValid',
        target: '.selected',
        actions: assign(({ event }) => ({
          file: { file: event.file, name: event.name, sizeBytes: event.file.size },
          modelName: modelNameFromFile(event.name),
          idempotencyKey: newIdempotencyKey(),
          job: null,
          version: null,
          error: null,
        })),
      },
      {
        target: '.idle',
        actions: assign(({ context, event }) => ({
          ...cleared(),
          review: context.review,
          error: validateUploadFile(event.name, event.file.size, context.maxBytes),
        })),
      },
    ],
  },
  states: {
    idle: { tags: ['choosing'], on: { 'review.toggle': { actions: 'toggleReview' } } },
    selected: {
      tags: ['choosing', 'canStart'],
      on: {
        'name.change': { actions: assign({ modelName: ({ event }) => event.value, error: null }) },
        'review.toggle': { actions: 'toggleReview' },
        'upload.start': [
          // Nothing is sent; the panel shows the gating's notice (free models used, add a payment method).
          { guard: 'creationBlocked' },
          { guard: 'modelNameIsMissing', actions: assign({ error: messages.modelNameBlank }) },
          { guard: 'nextModelIsPaid', target: 'confirmingPaid', actions: assign({ error: null }) },
          { target: 'uploading', actions: assign({ error: null }) },
        ],
        'upload.reset': { target: 'idle', actions: assign(cleared) },
      },
    },
    /** The new model will be charged: the file stays chosen and nothing is sent until the user agrees. */
    confirmingPaid: {
      tags: ['choosing', 'confirmingPaid'],
      on: {
        'name.change': { actions: assign({ modelName: ({ event }) => event.value }) },
        'paid.confirm': [
          {
            guard: 'modelNameIsMissing',
            target: 'selected',
            actions: assign({ error: messages.modelNameBlank }),
          },
          { target: 'uploading' },
        ],
        'paid.cancel': { target: 'selected' },
        'upload.reset': { target: 'idle', actions: assign(cleared) },
      },
    },
    uploading: {
      tags: ['busy', 'uploading'],
      // A file being sent cannot be swapped; the panel disables the input too.
      on: { 'file.choose': {} },
      invoke: {
        id: 'uploadFile',
        src: 'uploadFile',
        input: ({ context }) => uploadFileInput(context),
        onDone: [
          {
            guard: { type: 'jobFinished', params: ({ event }) => ({ job: event.output }) },
            target: 'finished',
            actions: assign({ job: ({ event }) => event.output }),
          },
          {
            // A retried review upload can answer with its finished job.
            guard: { type: 'jobMadeReview', params: ({ event }) => ({ job: event.output }) },
            target: 'reviewReady',
            actions: assign({ job: ({ event }) => event.output }),
          },
          {
            // A retried upload can answer with a job that already failed.
            guard: { type: 'jobStopped', params: ({ event }) => ({ job: event.output }) },
            target: 'failed.translation',
            actions: assign({
              job: ({ event }) => event.output,
              error: ({ event }) => jobFailureMessage(event.output),
            }),
          },
          { target: 'processing', actions: assign({ job: ({ event }) => event.output }) },
        ],
        onError: [
          {
            // Payment required: the free models are used up. Back to the chosen file with the server's message
            // (nothing was stored: the same key can be sent again) while the gating catches up.
            guard: 'paymentRequired',
            target: 'selected',
            actions: [assign({ error: ({ event }) => errorMessage(event.error) }), 'refreshBilling'],
          },
          {
            target: 'failed.sending',
            actions: assign({ error: ({ event }) => errorMessage(event.error) }),
          },
        ],
      },
    },
    processing: {
      tags: ['busy', 'processing'],
      on: {
        'file.choose': {},
        'job.updated': [
          {
            guard: { type: 'jobFinished', params: ({ event }) => ({ job: event.job }) },
            target: 'finished',
            actions: assign({ job: ({ event }) => event.job }),
          },
          {
            guard: { type: 'jobMadeReview', params: ({ event }) => ({ job: event.job }) },
            target: 'reviewReady',
            actions: assign({ job: ({ event }) => event.job }),
          },
          {
            guard: { type: 'jobStopped', params: ({ event }) => ({ job: event.job }) },
            target: 'failed.translation',
            actions: assign({
              job: ({ event }) => event.job,
              error: ({ event }) => jobFailureMessage(event.job),
            }),
          },
          { actions: assign({ job: ({ event }) => event.job }) },
        ],
        'job.unreachable': {
          target: 'failed.following',
          actions: assign({ error: ({ event }) => event.message }),
        },
      },
      invoke: {
        id: 'watchJob',
        src: 'watchJob',
        input: ({ context }) => ({ jobId: context.job?._id ?? '' }),
      },
    },
    finished: {
      tags: ['busy', 'processing'],
      entry: [
        { type: 'versionCreated', params: ({ context }) => finishedVersionOf(context) },
        'refreshBilling',
      ],
      on: { 'file.choose': {} },
      invoke: {
        id: 'fetchVersionReport',
        src: 'fetchVersionReport',
        input: ({ context }) => finishedVersionOf(context),
        onDone: { target: 'report', actions: assign({ version: ({ event }) => event.output }) },
        // The version exists; only its report could not be read. Say so where the report would be.
        onError: { target: 'report', actions: assign({ error: ({ event }) => errorMessage(event.error) }) },
      },
    },
    report: {
      tags: ['report'],
      on: {
        'report.close': 'done',
        'upload.reset': { target: 'idle', actions: assign(cleared) },
      },
    },
    /** No version yet: the changes wait on the review screen, where the user applies them or discards them. */
    reviewReady: {
      tags: ['reviewReady'],
      on: { 'upload.reset': { target: 'idle', actions: assign(cleared) } },
    },
    done: {
      tags: ['done'],
      on: { 'upload.reset': { target: 'idle', actions: assign(cleared) } },
    },
    failed: {
      tags: ['failed'],
      on: { 'upload.reset': { target: 'idle', actions: assign(cleared) } },
      initial: 'sending',
      states: {
        /** The file may or may not have arrived: sending it again with the same key is safe. */
        sending: {
          tags: ['canRetry'],
          on: {
            'upload.retry': [
              { guard: 'creationBlocked' },
              { target: '#upload.uploading', actions: assign({ error: null }) },
            ],
          },
        },
        /** The job exists but its progress could not be read: follow it again. */
        following: {
          tags: ['canRetry'],
          on: { 'upload.retry': { target: '#upload.processing', actions: assign({ error: null }) } },
        },
        /** The server could not translate the file (its message names the line). */
        translation: {},
      },
    },
  },
});

function cleared(): Pick<
  UploadContext,
  'file' | 'modelName' | 'review' | 'idempotencyKey' | 'job' | 'version' | 'error'
> {
  return {
    file: null,
    modelName: '',
    review: false,
    idempotencyKey: null,
    job: null,
    version: null,
    error: null,
  };
}

function uploadFileInput(context: UploadContext): UploadFileInput {
  if (!context.file || context.idempotencyKey === null) throw new Error('unreachable: no file is chosen');
  const target: UploadTarget = isNewModel(context.destination)
    ? { organizationId: context.destination.organizationId, name: context.modelName.trim() }
    : { modelId: context.destination.modelId };
  return { file: context.file, target, idempotencyKey: context.idempotencyKey, review: context.review };
}

function finishedVersionOf(context: UploadContext): FinishedVersion {
  const version = finishedVersion(context.job);
  if (!version) throw new Error('unreachable: guarded by jobFinished');
  return version;
}

export interface UploadDependencies {
  http: HttpClient;
  /** Called once the new version exists. */
  onVersionCreated: (version: FinishedVersion) => void;
  /** The live socket's events; without it, progress is polled. */
  realtime?: RealtimeFeed;
  /** How often the job is asked for its progress while the socket is not online; 1000 ms by default. */
  pollIntervalMs?: number;
  /** How often it is asked anyway while live events arrive (at most once delivery); 10 s by default. */
  safetyNetIntervalMs?: number;
  /** The billing gating statechart bound to the server (createBillingGatingImplementations); none: not asked. */
  billingGating?: typeof billingGatingMachine;
}

function unwrap<T>(result: ApiResult<T>): T {
  if (!result.ok) throw new UploadRefused(result.status, result.error.message);
  return result.data;
}

/** Binds the machine's placeholders to the HTTP calls; the panel's hook and the tests call this. */
export function createUploadImplementations(deps: UploadDependencies) {
  return {
    actors: {
      uploadFile: fromPromise<Job, UploadFileInput>(async ({ input }) =>
        unwrap(
          await uploadModelFile(deps.http, {
            file: input.file.file,
            fileName: input.file.name,
            target: input.target,
            idempotencyKey: input.idempotencyKey,
            review: input.review,
          }),
        ),
      ),
      watchJob: fromCallback<AnyEventObject, { jobId: string }>(({ input, sendBack }) =>
        watchJob(deps, input.jobId, sendBack),
      ),
      fetchVersionReport: fromPromise<VersionDetail, FinishedVersion>(async ({ input }) =>
        unwrap(await getVersion(deps.http, input.modelId, input.versionId, { showLoader: false })),
      ),
      ...(deps.billingGating ? { billingGating: deps.billingGating } : {}),
    },
    actions: {
      versionCreated: (_: unknown, params: FinishedVersion) => deps.onVersionCreated(params),
    },
  };
}
