import { assign, fromPromise, setup } from 'xstate';
import {
  fetchResultDiagrams,
  fetchResultDisplacements,
  fetchResultsDiff,
  fetchResultsSummary,
  fetchResultDrifts,
  fetchResultValues,
  uploadResults,
} from '../../api/results';
import type { HttpClient } from '../../api/types';
import type {
  ResultsDiagramsWire,
  ResultsDisplacementsWire,
  ResultsDiffWire,
  ResultsDriftsWire,
  ResultsSummaryWire,
  ResultsTableSummaryWire,
  ResultsValuesWire,
} from '../../contract/http/results';
import {
  highlightColouring,
  valueColours,
  type Hex,
  type ValueColouring,
  type ValueLegend,
} from '../../engine/results/legend';
import { eventDataSchemas } from '../../contract/realtime';
import { promisePlaceholder } from '../auth/placeholders';
import { formMessageOf, unwrap } from '../model/failure';
import { listenToFeed, silentFeed, type FeedEvent, type RealtimeFeed } from '../socket/realtimeFeed';

/**
 * Analysis results of the version in the viewer (issue #25): whether it has any (else an upload), which output
 * case and component are shown, the members coloured by it with its legend and its diagrams along members, and,
 * compared with another version's results, the members whose extreme changed past the threshold, highlighted;
 * and, on request, the deformed shape of a case from its joint displacements.
 */

/** The default threshold of the results comparison, in percent of the value before (issue #25). */
export const RESULTS_DIFF_THRESHOLD = 10;

/** Highlight of a member whose result changed past the threshold. */
export const CHANGED_COLOUR: Hex = '#e8590c';

export interface ResultsInput {
  modelId: string;
  versionId: string;
}

export interface ResultsVersionRequest {
  modelId: string;
  versionId: string;
}

/** A results file to store on the version, with its units when it does not say them. */
export interface UploadRequest extends ResultsVersionRequest {
  file: Blob;
  fileName: string;
  units?: string;
}

/** The deformed shape of a case: `step` of a case with several (a mode), else the first. */
export interface DeformedRequest extends ResultsVersionRequest {
  case: string;
  step?: string;
}

export interface DisplayRequest extends ResultsVersionRequest {
  component: string;
  case: string;
  /** Whether the joint reactions have this case too (their arrows are drawn with the members' values). */
  reactions?: boolean;
}

/** A support reaction as the viewer draws it: joint node id and force (N, global). */
export interface Reaction {
  id: string;
  force: [number, number, number];
}

export interface DiffRequest extends ResultsVersionRequest {
  against: string;
  component: string;
  threshold: number;
}

export interface ResultsDisplay {
  values: ResultsValuesWire;
  diagrams: ResultsDiagramsWire;
  /** The case's support reactions, when the results hold Joint Reactions in it. */
  reactions: Reaction[] | null;
}

/** Reactions from the three force components of one case (the same ids in the same order: one idsKey). */
export function reactionsOf(fx: ResultsValuesWire, fy: ResultsValuesWire, fz: ResultsValuesWire): Reaction[] {
  const reactions: Reaction[] = [];
  fx.ids.forEach((id, index) => {
    const force: [number, number, number] = [
      fx.values[index] ?? 0,
      fy.values[index] ?? 0,
      fz.values[index] ?? 0,
    ];
    if (force.some((value) => value !== 0)) reactions.push({ id, force });
  });
  return reactions;
}

/** A joint of the deformed shape as the viewer draws it: mm and rad, a translation the file lacks 0, a rotation NaN. */
export interface DisplacedJoint {
  id: string;
  u: [number, number, number];
  r: [number, number, number];
}

export interface DeformedShapeShown {
  case: string;
  step?: string;
  /** Every step of the case (modes, Max and Min), a mode's period in s when the results give it. */
  steps: Array<{ name: string; period?: number }>;
  joints: DisplacedJoint[];
  /** The largest translation of any joint, mm (0 for none). */
  largest: number;
}

/** The wire's displacements for drawing: a translation the file does not give is none, a rotation unknown. */
export function deformedOf(wire: ResultsDisplacementsWire): DeformedShapeShown {
  let largest = 0;
  const joints = wire.joints.map((joint): DisplacedJoint => {
    const u: [number, number, number] = [joint.u[0] ?? 0, joint.u[1] ?? 0, joint.u[2] ?? 0];
    largest = Math.max(largest, Math.hypot(...u));
    return {
      id: joint.id,
      u,
      r: [joint.r[0] ?? Number.NaN, joint.r[1] ?? Number.NaN, joint.r[2] ?? Number.NaN],
    };
  });
  return {
    case: wire.case,
    ...(wire.step === undefined ? {} : { step: wire.step }),
    steps: wire.steps,
    joints,
    largest,
  };
}

export interface ResultsContext extends ResultsInput {
  summary: ResultsSummaryWire | null;
  caseName: string | null;
  component: string | null;
  /** The output case of the story-drift chart. */
  driftCase: string | null;
  display: ResultsDisplay | null;
  /** Member colours for the values shown, or for the changes when comparing; and the values' legend. */
  colouring: ValueColouring | null;
  legend: ValueLegend | null;
  /** Story drifts of the drift case (ETABS Story Drifts), when the results have them. */
  drifts: ResultsDriftsWire | null;
  /** The output case of the deformed shape, whether it is shown, and whether it moves. */
  /** The units an upload gives a file that does not say them (`KN, m, C`); null: the file's own. */
  fileUnits: string | null;
  deformedCase: string | null;
  /** The step of the deformed case chosen (a mode); null for its first. */
  deformedStep: string | null;
  showDeformed: boolean;
  animateDeformed: boolean;
  /** The joints' displacements under the deformed case, while the deformed shape is shown. */
  deformed: DeformedShapeShown | null;
  /** The version whose results these are compared with. */
  compareWith: string | null;
  diff: ResultsDiffWire | null;
  error: string | null;
}

export type ResultsEvent =
  | { type: 'results.upload'; file: Blob; fileName: string }
  | { type: 'results.fileUnits'; units: string | null }
  | { type: 'results.case'; name: string }
  | { type: 'results.component'; component: string }
  | { type: 'results.compare'; versionId: string | null }
  | { type: 'results.retry' }
  | { type: 'results.driftCase'; name: string }
  | { type: 'results.deformed'; show: boolean }
  | { type: 'results.deformedCase'; name: string }
  | { type: 'results.deformedStep'; name: string }
  | { type: 'results.animate'; on: boolean };

/** The member-force table of a summary: what the viewer colours and draws. */
export function memberForces(summary: ResultsSummaryWire | null): ResultsTableSummaryWire | undefined {
  return summary?.tables.find((table) => table.kind === 'frameForces');
}

/** The story-drift table of a summary. */
export function storyDriftTable(summary: ResultsSummaryWire | null): ResultsTableSummaryWire | undefined {
  return summary?.tables.find((table) => table.kind === 'storyDrifts');
}

/** The joint-displacement table of a summary: what the deformed shape is drawn from. */
export function jointDisplacementTable(
  summary: ResultsSummaryWire | null,
): ResultsTableSummaryWire | undefined {
  return summary?.tables.find((table) => table.kind === 'jointDisplacements');
}

/** M3 when the file has it (what engineers look at first), else the first component. */
function defaultsOf(summary: ResultsSummaryWire): {
  caseName: string | null;
  component: string | null;
  driftCase: string | null;
  deformedCase: string | null;
} {
  const table = memberForces(summary);
  const components = table?.components.map((entry) => entry.component) ?? [];
  const caseName = table?.cases[0]?.name ?? null;
  const displacedCases = jointDisplacementTable(summary)?.cases.map((entry) => entry.name) ?? [];
  return {
    caseName,
    component: components.includes('m3') ? 'm3' : (components[0] ?? null),
    driftCase: storyDriftTable(summary)?.cases[0]?.name ?? null,
    // The members' case when the joints have it, so the shape and the diagrams tell of one load.
    deformedCase:
      caseName !== null && displacedCases.includes(caseName) ? caseName : (displacedCases[0] ?? null),
  };
}

/** The context once a summary came (null: the version has none). */
function withSummary(summary: ResultsSummaryWire | null): Partial<ResultsContext> {
  return summary
    ? {
        summary,
        ...defaultsOf(summary),
        display: null,
        colouring: null,
        legend: null,
        diff: null,
        deformed: null,
        deformedStep: null,
        error: null,
      }
    : { summary: null };
}

/**
 * The new display, holding the previous one's ids array when the server says they are the same ids (`idsKey`):
 * the viewer then reuses its resolution of ids to elements, so another case or component recolours at once.
 */
function keepIds(previous: ResultsDisplay | null, next: ResultsDisplay): ResultsDisplay {
  if (!previous || previous.values.idsKey !== next.values.idsKey) return next;
  return { ...next, values: { ...next.values, ids: previous.values.ids } };
}

/** The colours shown: the changed members when comparing, else each member by its value. */
function coloursOf(context: Pick<ResultsContext, 'display' | 'diff' | 'compareWith'>) {
  if (context.compareWith !== null) {
    const changed = [...new Set((context.diff?.changes ?? []).map((change) => change.member))];
    return { colouring: context.diff ? highlightColouring(changed, CHANGED_COLOUR) : null, legend: null };
  }
  if (!context.display) return { colouring: null, legend: null };
  return valueColours(context.display.values.ids, context.display.values.values);
}

/**
 * Results uploaded onto this version in another tab or by someone else (ModelUpdated `resultsAdded`): this
 * tab's own upload already shows them.
 */
function resultsAddedElsewhere(context: ResultsContext, event: ResultsEvent | FeedEvent): boolean {
  if (event.type !== 'realtime.event' || event.event.origin === 'thisTab') return false;
  if (event.event.payload.eventName !== 'ModelUpdated') return false;
  const data = eventDataSchemas.ModelUpdated.safeParse(event.event.payload.data);
  return (
    data.success &&
    data.data.change === 'resultsAdded' &&
    data.data.modelId === context.modelId &&
    data.data.versionId === context.versionId
  );
}

export const resultsMachine = setup({
  types: {
    context: {} as ResultsContext,
    events: {} as ResultsEvent | FeedEvent,
    input: {} as ResultsInput,
  },
  actors: {
    /** The summary, or null when the version has no results (404). */
    fetchSummary: promisePlaceholder<ResultsSummaryWire | null, ResultsVersionRequest>('fetchSummary'),
    /** The live feed: results uploaded onto this version elsewhere are fetched at once. */
    realtime: listenToFeed(silentFeed),
    upload: promisePlaceholder<ResultsSummaryWire, UploadRequest>('upload'),
    fetchDisplay: promisePlaceholder<ResultsDisplay, DisplayRequest>('fetchDisplay'),
    fetchDiff: promisePlaceholder<ResultsDiffWire, DiffRequest>('fetchDiff'),
    fetchDrifts: promisePlaceholder<ResultsDriftsWire, DisplayRequest>('fetchDrifts'),
    fetchDisplacements: promisePlaceholder<DeformedShapeShown, DeformedRequest>('fetchDisplacements'),
  },
  guards: {
    canDisplay: ({ context }) => context.caseName !== null && context.component !== null,
    comparing: ({ context }) => context.compareWith !== null,
    hasDrifts: ({ context }) => context.driftCase !== null,
    deformedShown: ({ context }) => context.showDeformed && context.deformedCase !== null,
    resultsAddedElsewhere: ({ context, event }) => resultsAddedElsewhere(context, event),
  },
}).createMachine({
  id: 'results',
  context: ({ input }) => ({
    ...input,
    summary: null,
    caseName: null,
    component: null,
    driftCase: null,
    drifts: null,
    fileUnits: null,
    deformedCase: null,
    deformedStep: null,
    showDeformed: false,
    animateDeformed: true,
    deformed: null,
    display: null,
    colouring: null,
    legend: null,
    compareWith: null,
    diff: null,
    error: null,
  }),
  invoke: { id: 'realtime', src: 'realtime' },
  on: { 'results.fileUnits': { actions: assign({ fileUnits: ({ event }) => event.units }) } },
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        src: 'fetchSummary',
        input: ({ context }) => ({ modelId: context.modelId, versionId: context.versionId }),
        onDone: [
          {
            guard: ({ event }) => event.output !== null,
            target: 'ready',
            actions: assign(({ event }) => withSummary(event.output)),
          },
          { target: 'none' },
        ],
        onError: { target: 'failed', actions: assign({ error: ({ event }) => formMessageOf(event.error) }) },
      },
    },
    failed: {
      on: {
        'results.retry': 'loading',
        'realtime.event': { guard: 'resultsAddedElsewhere', target: 'loading' },
      },
    },
    none: {
      on: {
        'results.upload': 'uploading',
        'realtime.event': { guard: 'resultsAddedElsewhere', target: 'loading' },
        // Results uploaded while this tab was offline.
        'socket.resynced': 'loading',
      },
    },
    uploading: {
      tags: ['busy', 'uploading'],
      entry: assign({ error: null }),
      invoke: {
        src: 'upload',
        input: ({ context, event }): UploadRequest => {
          const upload = event as Extract<ResultsEvent, { type: 'results.upload' }>;
          return {
            modelId: context.modelId,
            versionId: context.versionId,
            file: upload.file,
            fileName: upload.fileName,
            ...(context.fileUnits === null ? {} : { units: context.fileUnits }),
          };
        },
        onDone: {
          target: 'ready',
          actions: assign(({ event }) => ({ ...withSummary(event.output), compareWith: null })),
        },
        onError: [
          {
            guard: ({ context }) => context.summary !== null,
            target: 'ready',
            actions: assign({ error: ({ event }) => formMessageOf(event.error) }),
          },
          { target: 'none', actions: assign({ error: ({ event }) => formMessageOf(event.error) }) },
        ],
      },
    },
    ready: {
      type: 'parallel',
      on: {
        'results.upload': 'uploading',
        // Someone replaced this version's results: they are shown from their first case again.
        'realtime.event': { guard: 'resultsAddedElsewhere', target: 'loading' },
      },
      states: {
        display: {
          initial: 'choosing',
          on: {
            'results.case': { target: '.choosing', actions: assign({ caseName: ({ event }) => event.name }) },
            'results.component': {
              target: '.choosing',
              actions: assign({ component: ({ event }) => event.component }),
            },
          },
          states: {
            choosing: { always: [{ guard: 'canDisplay', target: 'fetching' }, { target: 'idle' }] },
            idle: {},
            fetching: {
              tags: ['busy'],
              invoke: {
                src: 'fetchDisplay',
                input: ({ context }) => ({
                  modelId: context.modelId,
                  versionId: context.versionId,
                  component: context.component ?? '',
                  case: context.caseName ?? '',
                  reactions:
                    context.summary?.tables
                      .find((table) => table.kind === 'jointReactions')
                      ?.cases.some((entry) => entry.name === context.caseName) ?? false,
                }),
                onDone: {
                  target: 'shown',
                  actions: [
                    assign({
                      display: ({ context, event }) => keepIds(context.display, event.output),
                      error: null,
                    }),
                    assign(({ context }) => coloursOf(context)),
                  ],
                },
                onError: {
                  target: 'idle',
                  actions: assign({ display: null, error: ({ event }) => formMessageOf(event.error) }),
                },
              },
            },
            shown: {},
          },
        },
        drifts: {
          initial: 'choosing',
          on: {
            'results.driftCase': {
              target: '.choosing',
              actions: assign({ driftCase: ({ event }) => event.name }),
            },
          },
          states: {
            choosing: { always: [{ guard: 'hasDrifts', target: 'fetching' }, { target: 'none' }] },
            none: {},
            fetching: {
              tags: ['busy'],
              invoke: {
                src: 'fetchDrifts',
                input: ({ context }) => ({
                  modelId: context.modelId,
                  versionId: context.versionId,
                  component: 'drift',
                  case: context.driftCase ?? '',
                }),
                onDone: { target: 'shown', actions: assign({ drifts: ({ event }) => event.output }) },
                onError: {
                  target: 'none',
                  actions: assign({ drifts: null, error: ({ event }) => formMessageOf(event.error) }),
                },
              },
            },
            shown: {},
          },
        },
        deformed: {
          initial: 'choosing',
          on: {
            'results.deformed': {
              target: '.choosing',
              actions: assign({ showDeformed: ({ event }) => event.show }),
            },
            'results.deformedCase': {
              target: '.choosing',
              actions: assign({ deformedCase: ({ event }) => event.name, deformedStep: null }),
            },
            'results.deformedStep': {
              target: '.choosing',
              actions: assign({ deformedStep: ({ event }) => event.name }),
            },
            'results.animate': { actions: assign({ animateDeformed: ({ event }) => event.on }) },
          },
          states: {
            choosing: {
              always: [
                { guard: 'deformedShown', target: 'fetching' },
                { target: 'off', actions: assign({ deformed: null }) },
              ],
            },
            off: {},
            fetching: {
              tags: ['busy'],
              invoke: {
                src: 'fetchDisplacements',
                input: ({ context }): DeformedRequest => ({
                  modelId: context.modelId,
                  versionId: context.versionId,
                  case: context.deformedCase ?? '',
                  ...(context.deformedStep === null ? {} : { step: context.deformedStep }),
                }),
                onDone: { target: 'shown', actions: assign({ deformed: ({ event }) => event.output }) },
                onError: {
                  target: 'off',
                  actions: assign({
                    deformed: null,
                    showDeformed: false,
                    error: ({ event }) => formMessageOf(event.error),
                  }),
                },
              },
            },
            shown: {},
          },
        },
        compare: {
          initial: 'choosing',
          on: {
            'results.compare': {
              target: '.choosing',
              actions: assign({ compareWith: ({ event }) => event.versionId, diff: null }),
            },
            // Another component changes what is compared.
            'results.component': { target: '.choosing', actions: assign({ diff: null }) },
          },
          states: {
            choosing: {
              always: [
                { guard: 'comparing', target: 'fetching' },
                { target: 'off', actions: assign(({ context }) => coloursOf(context)) },
              ],
            },
            off: {},
            fetching: {
              tags: ['busy'],
              invoke: {
                src: 'fetchDiff',
                input: ({ context }) => ({
                  modelId: context.modelId,
                  versionId: context.versionId,
                  against: context.compareWith ?? '',
                  component: context.component ?? 'm3',
                  threshold: RESULTS_DIFF_THRESHOLD,
                }),
                onDone: {
                  target: 'shown',
                  actions: [
                    assign({ diff: ({ event }) => event.output, error: null }),
                    assign(({ context }) => coloursOf(context)),
                  ],
                },
                onError: {
                  target: 'off',
                  actions: assign({ diff: null, error: ({ event }) => formMessageOf(event.error) }),
                },
              },
            },
            shown: {},
          },
        },
      },
    },
  },
});

export function createResultsImplementations(deps: { http: HttpClient; realtime?: RealtimeFeed }) {
  return {
    actors: {
      realtime: listenToFeed(deps.realtime ?? silentFeed),
      fetchSummary: fromPromise<ResultsSummaryWire | null, ResultsVersionRequest>(async ({ input }) => {
        const result = await fetchResultsSummary(deps.http, input.modelId, input.versionId);
        if (!result.ok && result.status === 404) return null;
        return unwrap(result);
      }),
      upload: fromPromise<ResultsSummaryWire, UploadRequest>(async ({ input }) =>
        unwrap(
          await uploadResults(
            deps.http,
            input.modelId,
            input.versionId,
            input.file,
            input.fileName,
            input.units,
          ),
        ),
      ),
      fetchDisplay: fromPromise<ResultsDisplay, DisplayRequest>(async ({ input }) => {
        const query = { component: input.component, case: input.case };
        const reaction = (component: string) =>
          fetchResultValues(deps.http, input.modelId, input.versionId, {
            table: 'jointReactions',
            component,
            case: input.case,
          });
        const [values, diagrams, reactions] = await Promise.all([
          fetchResultValues(deps.http, input.modelId, input.versionId, query),
          fetchResultDiagrams(deps.http, input.modelId, input.versionId, query),
          input.reactions ? Promise.all([reaction('fx'), reaction('fy'), reaction('fz')]) : null,
        ]);
        return {
          values: unwrap(values),
          diagrams: unwrap(diagrams),
          reactions: reactions
            ? reactionsOf(unwrap(reactions[0]), unwrap(reactions[1]), unwrap(reactions[2]))
            : null,
        };
      }),
      fetchDrifts: fromPromise<ResultsDriftsWire, DisplayRequest>(async ({ input }) =>
        unwrap(await fetchResultDrifts(deps.http, input.modelId, input.versionId, input.case)),
      ),
      fetchDisplacements: fromPromise<DeformedShapeShown, DeformedRequest>(async ({ input }) =>
        deformedOf(
          unwrap(
            await fetchResultDisplacements(deps.http, input.modelId, input.versionId, input.case, input.step),
          ),
        ),
      ),
      fetchDiff: fromPromise<ResultsDiffWire, DiffRequest>(async ({ input }) =>
        unwrap(
          await fetchResultsDiff(deps.http, input.modelId, input.versionId, {
            against: input.against,
            component: input.component,
            threshold: input.threshold,
          }),
        ),
      ),
    },
  };
}
