import { assign, fromCallback, fromPromise, setup, type AnyEventObject } from 'xstate';
import { previewMerge, startMerge } from '../../api/merge';
import { listModels } from '../../api/models';
import type { HttpClient } from '../../api/types';
import { getJob } from '../../api/jobs';
import { messages, ownMessages } from '../../contract/errors';
import type { DiffViewChangeWire } from '../../contract/http/compare';
import type { MergeBody, MergePreview } from '../../contract/http/merge';
import type { Version } from '../../contract/http/versions';
import type { Job } from '../../contract/http/jobs';
import { promisePlaceholder, unboundImplementation } from '../auth/placeholders';
import { pageMessageOf, unwrap } from '../model/failure';
import {
  itemsOfChange,
  nextSelection,
  selectedKeys,
  selectedParts,
  selectsEverything,
  withKeys,
  type ByProperty,
  type SelectionEvent,
} from '../reviews/changeSelection';
import { jobFailureOf, marksMergeDone, mergedVersionOf } from '../socket/eventRules';
import { listenToFeed, silentFeed, type FeedEvent, type RealtimeFeed } from '../socket/realtimeFeed';
import { watchJob } from '../jobs/watchJob';

/** A version one can merge from, as the pickers show it. */
export interface MergeVersionOption {
  ID: string;
  number: number;
  Time: string;
}

/** A model one can merge from: this one, or another model of the user's organizations they can read. */
export interface MergeTarget {
  modelId: string;
  name: string;
  organizationName: string;
  /** Newest first. */
  versions: MergeVersionOption[];
}

export interface MergeInput {
  modelId: string;
  modelName: string;
  organizationName: string;
  /** This model's versions, newest first. */
  versions: Version[];
}

export type Resolution = 'source' | 'target';

export interface MergeOutcome {
  versionId: string | null;
  versionNumber: number | null;
}

export interface MergeContext {
  modelId: string;
  /** This model first, then the other models the user can read. */
  targets: MergeTarget[];
  /** The other models could not be listed: only this model is offered. */
  targetsError: string | null;
  targetModelId: string;
  targetVersionId: string | null;
  baseVersionId: string | null;
  preview: MergePreview | null;
  selected: Set<string>;
  /** Per conflict key, the side the user took; an undecided conflict keeps the current (target) object. */
  resolutions: Record<string, Resolution>;
  message: string;
  job: Job | null;
  outcome: MergeOutcome | null;
  error: string | null;
}

export type MergeEvent =
  | SelectionEvent
  | { type: 'target.model'; modelId: string }
  | { type: 'target.version'; versionId: string | null }
  | { type: 'base.version'; versionId: string | null }
  | { type: 'preview' }
  | { type: 'cancel' }
  | { type: 'back' }
  | { type: 'retry' }
  | { type: 'conflict.resolve'; key: string; resolution: Resolution }
  | { type: 'message.change'; value: string }
  | { type: 'merge.start' }
  | { type: 'merge.again' }
  /** This model's versions changed (a live reload of the page). */
  | { type: 'versions.updated'; versions: Version[] }
  /** From the job watcher (the same one as the upload's). */
  | { type: 'job.updated'; job: Job }
  | { type: 'job.unreachable'; message: string }
  | FeedEvent;

export type MergeTag =
  'loading' | 'choosing' | 'previewing' | 'selecting' | 'merging' | 'done' | 'failed' | 'canRetry' | 'busy';

const versionOptions = (versions: readonly Version[]): MergeVersionOption[] =>
  versions.map(({ ID, number, Time }) => ({ ID, number, Time }));

function thisModelTarget(input: Pick<MergeInput, 'modelId' | 'modelName' | 'organizationName' | 'versions'>) {
  return {
    modelId: input.modelId,
    name: input.modelName,
    organizationName: input.organizationName,
    versions: versionOptions(input.versions),
  };
}

export function targetOf(context: MergeContext): MergeTarget | null {
  return context.targets.find((target) => target.modelId === context.targetModelId) ?? null;
}

/** What the preview and the merge ask about: the target version of the target model, and the base if chosen. */
export function previewBodyOf(context: MergeContext): MergeBody {
  const body: MergeBody = { targetId: context.targetModelId };
  if (context.targetVersionId !== null) body.targetVersion = context.targetVersionId;
  if (context.baseVersionId !== null) body.baseVersion = context.baseVersionId;
  return body;
}

const isElement = (change: DiffViewChangeWire) => change.collection === 'elements';

/**
 * The server takes elements one by one (`targetElements`: element ids) and every other object by category
 * (`categories.types`: 'Node', 'PointLoad'…), so a node or a load is ticked together with the others of its type.
 */
export function withObjectTypes(changes: readonly DiffViewChangeWire[], keys: readonly string[]): string[] {
  const named = new Set(keys);
  const types = new Set(
    changes.filter((change) => named.has(change.key) && !isElement(change)).map((c) => c.type),
  );
  if (types.size === 0) return [...keys];
  const sameType = changes.filter((change) => !isElement(change) && types.has(change.type)).map((c) => c.key);
  return [...new Set([...keys, ...sameType])];
}

/** A merge takes parts of elements (the server names them by id); other objects go by type, whole. */
export const MERGE_BY_PROPERTY: ByProperty = (change) => isElement(change);

/**
 * The merge itself: the preview's question, what is ticked (nothing more: every change when all are ticked;
 * else the ticked elements by id, whole or some of their property groups, and the ticked object types), the
 * decided conflicts and the message.
 */
export function mergeBodyOf(context: MergeContext): MergeBody {
  const changes = context.preview?.changes.changes ?? [];
  const body: MergeBody = previewBodyOf(context);
  if (!selectsEverything(context.selected, changes, MERGE_BY_PROPERTY)) {
    const elementChanges = changes.filter(isElement);
    const elements = selectedKeys(context.selected, elementChanges, MERGE_BY_PROPERTY);
    const parts = Object.entries(selectedParts(context.selected, elementChanges, MERGE_BY_PROPERTY));
    const byId = new Map(elementChanges.map((change) => [change.key, change.id]));
    const objects = changes.filter((change) => !isElement(change));
    const objectTypes = [...new Set(objects.map((change) => change.type))].filter((type) =>
      objects.every((change) => change.type !== type || context.selected.has(change.key)),
    );
    if (elements.length > 0 || (objectTypes.length === 0 && parts.length === 0))
      body.targetElements = elements.map((key) => byId.get(key) as string);
    if (parts.length > 0)
      body.targetParts = Object.fromEntries(parts.map(([key, groups]) => [byId.get(key) as string, groups]));
    if (objectTypes.length > 0) body.categories = { types: objectTypes };
  }
  if (Object.keys(context.resolutions).length > 0) body.resolutions = context.resolutions;
  const message = context.message.trim();
  if (message !== '') body.message = message;
  return body;
}

const changesOf = (context: MergeContext) => context.preview?.changes.changes ?? [];

const realtimeOf = (event: MergeEvent) => (event.type === 'realtime.event' ? event.event : null);

function finishedOutcome(job: Job): MergeOutcome | null {
  return job.status === 'done' ? { versionId: job.versionId, versionNumber: null } : null;
}

/**
 * The merge screen (/model/{id}/visualize/merge, issue #7 item 6): `loading` the models one can merge from →
 * `choosing` (target model, target version, optional base) → `previewing` (POST …/merge/preview) → `selecting`
 * (tick changes by kind, type, property group or one by one; decide each conflict) → `merging` (POST …/merge,
 * 202 with the job) → `following` the job (ProgressUpdate, with polling as a fallback) → `done` on VersionMerged
 * (empty data marks it done, spec section 4; data with this job's id too), or `failed` with the server's words
 * (ModelError for this job, or the HTTP error: 'TargetId is missing', 'TargetVersion or TargetElements is
 * missing' verbatim). Each step has its way back.
 */
export const mergeMachine = setup({
  types: {
    context: {} as MergeContext,
    events: {} as MergeEvent,
    input: {} as MergeInput,
    tags: {} as MergeTag,
  },
  actors: {
    loadTargets: promisePlaceholder<MergeTarget[], { modelId: string }>('loadTargets'),
    previewMerge: promisePlaceholder<MergePreview, { modelId: string; body: MergeBody }>('previewMerge'),
    startMerge: promisePlaceholder<Job, { modelId: string; body: MergeBody }>('startMerge'),
    /** Sends `job.updated` and `job.unreachable` for the merge job (live ProgressUpdate, polling as a fallback). */
    watchMergeJob: fromCallback<AnyEventObject, { jobId: string }>(() => {
      throw unboundImplementation('watchMergeJob');
    }),
    /** Reads the finished job once, for the version an empty VersionMerged did not name. */
    readJob: promisePlaceholder<Job, { jobId: string }>('readJob'),
    /** The live socket's events. */
    realtime: listenToFeed(silentFeed),
  },
  guards: {
    noTargetModel: ({ context }) => context.targetModelId.trim() === '',
    noTargetVersion: ({ context }) => context.targetVersionId === null,
    nothingSelected: ({ context }) => context.selected.size === 0,
    jobDone: (_, params: { job: Job }) => finishedOutcome(params.job) !== null,
    jobFailed: (_, params: { job: Job }) => params.job.status === 'failed',
    /** VersionMerged with data, for this merge's job. */
    isOurMergedVersion: ({ context, event }) => {
      const change = realtimeOf(event);
      return change !== null && context.job !== null && mergedVersionOf(change)?.jobId === context.job._id;
    },
    /** VersionMerged with empty data, sent to the merging tab: this merge is done (rule (f)). */
    marksOurMergeDone: ({ event }) => {
      const change = realtimeOf(event);
      return change !== null && change.origin !== 'anotherUser' && marksMergeDone(change.payload);
    },
    isOurFailure: ({ context, event }) => {
      const change = realtimeOf(event);
      return change !== null && context.job !== null && jobFailureOf(change)?.jobId === context.job._id;
    },
    knowsNewVersion: ({ context }) => context.outcome?.versionId != null,
  },
  actions: {
    select: assign({
      selected: ({ context, event }) =>
        event.type === 'selection.set'
          ? withKeys(context.selected, withObjectTypes(changesOf(context), event.keys), event.selected)
          : event.type === 'selection.all' || event.type === 'selection.none'
            ? nextSelection(context.selected, changesOf(context), event, MERGE_BY_PROPERTY)
            : context.selected,
      error: null,
    }),
    clearMerge: assign({ preview: null, selected: () => new Set<string>(), resolutions: {}, job: null }),
  },
}).createMachine({
  id: 'merge',
  context: ({ input }) => ({
    modelId: input.modelId,
    targets: [thisModelTarget(input)],
    targetsError: null,
    targetModelId: input.modelId,
    targetVersionId: null,
    baseVersionId: null,
    preview: null,
    selected: new Set(),
    resolutions: {},
    message: '',
    job: null,
    outcome: null,
    error: null,
  }),
  invoke: { id: 'realtime', src: 'realtime' },
  on: {
    'versions.updated': {
      actions: assign({
        targets: ({ context, event }) =>
          context.targets.map((target) =>
            target.modelId === context.modelId
              ? { ...target, versions: versionOptions(event.versions) }
              : target,
          ),
      }),
    },
  },
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading', 'busy'],
      invoke: {
        id: 'loadTargets',
        src: 'loadTargets',
        input: ({ context }) => ({ modelId: context.modelId }),
        onDone: {
          target: 'choosing',
          actions: assign({
            // This model keeps the versions the page shows (they follow live updates).
            targets: ({ context, event }) => [
              ...context.targets,
              ...event.output.filter((target) => target.modelId !== context.modelId),
            ],
          }),
        },
        // Merging within this model still works: say why the others are missing.
        onError: {
          target: 'choosing',
          actions: assign({ targetsError: ({ event }) => pageMessageOf(event.error) }),
        },
      },
    },
    choosing: {
      tags: ['choosing'],
      on: {
        'target.model': {
          actions: assign({
            targetModelId: ({ event }) => event.modelId,
            targetVersionId: null,
            baseVersionId: null,
            error: null,
          }),
        },
        'target.version': {
          actions: assign({ targetVersionId: ({ event }) => event.versionId, error: null }),
        },
        'base.version': { actions: assign({ baseVersionId: ({ event }) => event.versionId, error: null }) },
        preview: [
          // The server's own words for the same refusals, without a round trip.
          { guard: 'noTargetModel', actions: assign({ error: messages.targetIdMissing }) },
          { guard: 'noTargetVersion', actions: assign({ error: messages.targetVersionMissing }) },
          { target: 'previewing', actions: [assign({ error: null }), 'clearMerge'] },
        ],
      },
    },
    previewing: {
      tags: ['previewing', 'busy'],
      on: { cancel: 'choosing' },
      invoke: {
        id: 'previewMerge',
        src: 'previewMerge',
        input: ({ context }) => ({ modelId: context.modelId, body: previewBodyOf(context) }),
        onDone: {
          target: 'selecting',
          actions: assign({ preview: ({ event }) => event.output, selected: () => new Set<string>() }),
        },
        onError: {
          target: 'choosing',
          actions: assign({ error: ({ event }) => pageMessageOf(event.error) }),
        },
      },
    },
    selecting: {
      tags: ['selecting'],
      on: {
        'selection.set': { actions: 'select' },
        'selection.all': { actions: 'select' },
        'selection.none': { actions: 'select' },
        'conflict.resolve': {
          actions: assign({
            resolutions: ({ context, event }) => ({ ...context.resolutions, [event.key]: event.resolution }),
            // Taking theirs takes that change, every property group of it.
            selected: ({ context, event }) => {
              const change = changesOf(context).find((item) => item.key === event.key);
              if (event.resolution !== 'source' || !change) return context.selected;
              const items = itemsOfChange(change, MERGE_BY_PROPERTY);
              return withKeys(context.selected, withObjectTypes(changesOf(context), items), true);
            },
          }),
        },
        'message.change': { actions: assign({ message: ({ event }) => event.value }) },
        'merge.start': [
          { guard: 'nothingSelected', actions: assign({ error: ownMessages.nothingSelected }) },
          { target: 'merging', actions: assign({ error: null }) },
        ],
        back: { target: 'choosing', actions: assign({ error: null }) },
      },
    },
    merging: {
      tags: ['merging', 'busy'],
      invoke: {
        id: 'startMerge',
        src: 'startMerge',
        input: ({ context }) => ({ modelId: context.modelId, body: mergeBodyOf(context) }),
        onDone: [
          {
            guard: { type: 'jobDone', params: ({ event }) => ({ job: event.output }) },
            target: 'done',
            actions: assign({
              job: ({ event }) => event.output,
              outcome: ({ event }) => finishedOutcome(event.output),
            }),
          },
          {
            guard: { type: 'jobFailed', params: ({ event }) => ({ job: event.output }) },
            target: 'failed.job',
            actions: assign({
              job: ({ event }) => event.output,
              error: ({ event }) => event.output.error ?? messages.internalServerError,
            }),
          },
          { target: 'following', actions: assign({ job: ({ event }) => event.output }) },
        ],
        onError: {
          target: 'failed.starting',
          actions: assign({ error: ({ event }) => pageMessageOf(event.error) }),
        },
      },
    },
    following: {
      tags: ['merging', 'busy'],
      invoke: {
        id: 'watchMergeJob',
        src: 'watchMergeJob',
        input: ({ context }) => ({ jobId: context.job?._id ?? '' }),
      },
      on: {
        'job.updated': [
          {
            guard: { type: 'jobDone', params: ({ event }) => ({ job: event.job }) },
            target: 'done',
            actions: assign({
              job: ({ event }) => event.job,
              outcome: ({ context, event }) => ({
                versionId: event.job.versionId,
                versionNumber: context.outcome?.versionNumber ?? null,
              }),
            }),
          },
          {
            guard: { type: 'jobFailed', params: ({ event }) => ({ job: event.job }) },
            target: 'failed.job',
            actions: assign({
              job: ({ event }) => event.job,
              error: ({ event }) => event.job.error ?? messages.internalServerError,
            }),
          },
          { actions: assign({ job: ({ event }) => event.job }) },
        ],
        'job.unreachable': {
          target: 'failed.following',
          actions: assign({ error: ({ event }) => event.message }),
        },
        'realtime.event': [
          {
            guard: 'isOurMergedVersion',
            target: 'done',
            actions: assign({
              outcome: ({ event }) => {
                const merged = event.type === 'realtime.event' ? mergedVersionOf(event.event) : null;
                return { versionId: merged?.versionId ?? null, versionNumber: merged?.versionNumber ?? null };
              },
            }),
          },
          { guard: 'marksOurMergeDone', target: 'done' },
          {
            guard: 'isOurFailure',
            target: 'failed.job',
            actions: assign({
              error: ({ event }) =>
                (event.type === 'realtime.event' ? jobFailureOf(event.event)?.error : null) ??
                messages.internalServerError,
            }),
          },
        ],
      },
    },
    done: {
      tags: ['done'],
      initial: 'checking',
      on: {
        'merge.again': {
          target: 'choosing',
          actions: [
            assign({ outcome: null, targetVersionId: null, baseVersionId: null, message: '' }),
            'clearMerge',
          ],
        },
        // The VersionMerged with data may follow the empty one: it names the version.
        'realtime.event': {
          guard: 'isOurMergedVersion',
          actions: assign({
            outcome: ({ event }) => {
              const merged = event.type === 'realtime.event' ? mergedVersionOf(event.event) : null;
              return { versionId: merged?.versionId ?? null, versionNumber: merged?.versionNumber ?? null };
            },
          }),
        },
      },
      states: {
        checking: {
          always: [{ guard: 'knowsNewVersion', target: 'shown' }, { target: 'reading' }],
        },
        /** Done, but the empty event did not say which version: the job's record does. */
        reading: {
          invoke: {
            id: 'readJob',
            src: 'readJob',
            input: ({ context }) => ({ jobId: context.job?._id ?? '' }),
            onDone: {
              target: 'shown',
              actions: assign({
                outcome: ({ context, event }) =>
                  context.outcome?.versionId != null
                    ? context.outcome
                    : { versionId: event.output.versionId, versionNumber: null },
              }),
            },
            // The merge is done all the same; only the link is missing.
            onError: 'shown',
          },
        },
        shown: {},
      },
    },
    failed: {
      tags: ['failed'],
      initial: 'starting',
      states: {
        /** The server refused the merge (its words, verbatim): the selection is kept to change it. */
        starting: { on: { back: { target: '#merge.selecting', actions: assign({ error: null }) } } },
        /** The merge job failed. */
        job: {
          on: { back: { target: '#merge.choosing', actions: [assign({ error: null }), 'clearMerge'] } },
        },
        /** The job's progress could not be read: follow it again. */
        following: {
          tags: ['canRetry'],
          on: { retry: { target: '#merge.following', actions: assign({ error: null }) } },
        },
      },
    },
  },
});

export interface MergeDependencies {
  http: HttpClient;
  realtime?: RealtimeFeed;
  pollIntervalMs?: number;
  safetyNetIntervalMs?: number;
}

/** The other models the user can read (LIMITEDVIEW sees no versions), with their versions newest first. */
export async function loadMergeTargets(http: HttpClient): Promise<MergeTarget[]> {
  const list = unwrap(await listModels(http, { getVersions: true, showLoader: false }));
  return list.data
    .filter((model) => model.currentUserRole !== 'LIMITEDVIEW' && (model.versions?.length ?? 0) > 0)
    .map((model) => ({
      modelId: model._id,
      name: model.name,
      organizationName: model.organization.name,
      versions: versionOptions([...(model.versions ?? [])].sort((a, b) => b.number - a.number)),
    }));
}

/** Binds the merge's actors to the HTTP calls and the realtime feed; the screen and the tests call this. */
export function createMergeImplementations(deps: MergeDependencies) {
  return {
    actors: {
      loadTargets: fromPromise<MergeTarget[], { modelId: string }>(() => loadMergeTargets(deps.http)),
      previewMerge: fromPromise<MergePreview, { modelId: string; body: MergeBody }>(async ({ input }) =>
        unwrap(await previewMerge(deps.http, input.modelId, input.body)),
      ),
      startMerge: fromPromise<Job, { modelId: string; body: MergeBody }>(async ({ input }) =>
        unwrap(await startMerge(deps.http, input.modelId, input.body)),
      ),
      watchMergeJob: fromCallback<AnyEventObject, { jobId: string }>(({ input, sendBack }) =>
        watchJob(deps, input.jobId, sendBack),
      ),
      readJob: fromPromise<Job, { jobId: string }>(async ({ input }) =>
        unwrap(await getJob(deps.http, input.jobId)),
      ),
      realtime: listenToFeed(deps.realtime ?? silentFeed),
    },
  };
}
