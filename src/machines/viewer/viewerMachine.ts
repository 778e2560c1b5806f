import { assign, fromPromise, raise, sendTo, setup } from 'xstate';
import { postModelScreenshot } from '../../api/images';
import type { HttpClient } from '../../api/types';
import type { Version } from '../../contract/http/versions';
import { getVersionContextGeometry, getVersionElement, getVersionScene } from '../../api/versions';
import { displayToMm } from '../../engine/units';
import { promisePlaceholder, unboundImplementation } from '../auth/placeholders';
import { abilitiesOf } from '../model/abilities';
import { formMessageOf, pageMessageOf, unwrap } from '../model/failure';
import type { RealtimeFeed } from '../socket/realtimeFeed';
import { elementIdOn, findChange, sideShowing, type CompareSide } from '../reports/changeList';
import { createDiffImplementations, diffMachine, diffStatusOf } from '../reports/diffMachine';
import { boundsOf, facetsOf, shownElementsOf, withBound } from './sceneFacts';
import {
  type CompareState,
  type ElementProperties,
  type FilterFacet,
  type LoadedScene,
  type ViewerContext,
  type ViewerEvent,
  type ViewerInput,
  type ViewerLayer,
  type ViewerPanel,
  type ViewerTag,
  type ViewMode,
} from './types';

/** What the viewer screen says that the contract's message lists do not hold. */
export const viewerMessages = {
  thumbnailUpdated: 'Thumbnail updated',
  noVersions: 'This model has no versions yet. Upload a file to see it in 3D.',
  contextLost: 'The graphics context was lost. The picture comes back when the browser restores it.',
} as const;

/** Glyph layers on at first: the structure and its supports; releases and loads on demand. */
export const DEFAULT_LAYERS: Readonly<Record<ViewerLayer, boolean>> = {
  nodes: true,
  grids: true,
  levels: true,
  restraints: true,
  releases: false,
  loads: false,
};

/**
 * Panels open at first: none of the narrow ones, so the canvas keeps at least three quarters of a 1440 px
 * window; the change list is open because diff mode is read from it (it is only shown in diff mode).
 * Picking an element opens the properties.
 */
export const DEFAULT_PANELS: Readonly<Record<ViewerPanel, boolean>> = {
  filters: false,
  properties: false,
  changes: true,
  results: false,
};

export interface LoadSceneInput {
  modelId: string;
  versionId: string;
}

export interface LoadElementInput {
  modelId: string;
  versionId: string;
  elementId: string;
}

export interface PostScreenshotInput {
  modelId: string;
  versionId: string;
  data: string;
}

const noneHidden = (): Record<FilterFacet, string[]> => ({
  types: [],
  levels: [],
  profiles: [],
  materials: [],
});

/** The version the screen opens on: the one in the URL when the model has it, else the latest. */
function initialVersionId(input: ViewerInput): string | null {
  const asked = input.versionId;
  if (asked !== null && input.versions.some((version) => version.ID === asked)) return asked;
  return input.versions[0]?.ID ?? null;
}

/**
 * Diff mode for the shown version and another: the older is `from`, the newer `to`, and the side drawn is the
 * one the shown version is on, so entering diff mode draws nothing new. Null when the other is not a known,
 * different version.
 */
export function compareStateOf(
  versions: readonly Version[],
  shownId: string | null,
  otherId: string | null | undefined,
): CompareState | null {
  const shown = versions.find((version) => version.ID === shownId);
  const other = versions.find((version) => version.ID === otherId);
  if (!shown || !other || shown.ID === other.ID) return null;
  const shownIsNewer = shown.number > other.number;
  return {
    from: shownIsNewer ? other.ID : shown.ID,
    to: shownIsNewer ? shown.ID : other.ID,
    side: shownIsNewer ? 'new' : 'old',
    status: 'loading',
    diff: null,
    error: null,
    focusedKey: null,
    group: null,
  };
}

const versionOnSide = (compare: CompareState, side: CompareSide) =>
  side === 'old' ? compare.from : compare.to;

/** The change the list asked for, where it can be selected in the viewer (side and element id), if anywhere. */
function changeTarget(context: ViewerContext, key: string) {
  const compare = context.compare;
  const change = compare && findChange(compare.diff, key);
  if (!compare || !change) return null;
  const side = sideShowing(change, compare.side);
  const elementId = elementIdOn(change, side);
  return elementId === null ? null : { side, elementId };
}

const THREE_D: ViewMode = { kind: '3d' };

/** The view kept for a new scene: a plan or elevation while its level or grid is still there, else 3-D. */
function viewModeFor(mode: ViewMode, scene: LoadedScene): ViewMode {
  if (mode.kind === 'plan') return scene.levels.some(({ id }) => id === mode.levelId) ? mode : THREE_D;
  if (mode.kind === 'elevation') return scene.grids.some(({ id }) => id === mode.gridId) ? mode : THREE_D;
  return mode;
}

/** What a newly chosen version starts from: nothing selected, nothing drawn yet, no old failure. */
const forgetVersionState = {
  selectedId: null,
  flyAfterDraw: null,
  element: null,
  elementError: null,
  drawn: null,
  error: null,
  contextGeometry: null,
} as const;

/**
 * The 3-D viewer screen (/model/{id}/visualize/elements): loads the chosen version's scene, then, while it is
 * shown, follows the user's filters, level isolation, section box, layers, camera and theme, loads the
 * properties of the element picked on the canvas, and saves a screenshot as the model's thumbnail. In diff mode
 * (issue #7, the `compare` region) it holds the diff of two versions (the diff machine, invoked), draws either
 * side with its change statuses, and selects a change picked in the list, drawing the other side when needed.
 *
 * The machine never touches the viewer. Its context says what the viewer should show (ViewerCanvas mirrors it
 * into viewer calls) and the viewer's own news comes back as `viewer.*` events. The theme chosen here lasts for
 * the session: the user's saved preference is not changed.
 */
export const viewerMachine = setup({
  types: {
    context: {} as ViewerContext,
    events: {} as ViewerEvent,
    input: {} as ViewerInput,
    tags: {} as ViewerTag,
  },
  actors: {
    loadScene: promisePlaceholder<LoadedScene, LoadSceneInput>('loadScene'),
    /** Issue #9: the version's IFC context geometry (GLB), null when it has none. */
    loadContextGeometry: promisePlaceholder<ArrayBuffer | null, LoadSceneInput>('loadContextGeometry'),
    loadElement: promisePlaceholder<ElementProperties, LoadElementInput>('loadElement'),
    postScreenshot: promisePlaceholder<unknown, PostScreenshotInput>('postScreenshot'),
    /** The diff of diff mode; bound to the HTTP calls and the live feed by createViewerImplementations. */
    diffLoader: diffMachine,
  },
  actions: {
    announce: (_, _params: { message: string }) => {
      throw unboundImplementation('announce');
    },
    /** Re-derives what the viewer shows from the checklists and the search text. */
    refilter: assign({
      filter: ({ context }) =>
        shownElementsOf(context.hidden, context.search, context.scene && facetsOf(context.scene)),
    }),
    /**
     * Takes the camera to the selected element: every list that names elements (the change list, the
     * properties panel) ends here, and a pick on the canvas does not (the user is looking at it already).
     */
    flyToSelected: assign({
      camera: ({ context }) =>
        context.selectedId === null
          ? context.camera
          : { kind: 'elements', ids: [context.selectedId], serial: (context.camera?.serial ?? 0) + 1 },
    }),
    /** The version chosen for a listed element is drawn: now the camera can go to it. */
    flyAfterDraw: assign({
      camera: ({ context }) =>
        context.flyAfterDraw
          ? { kind: 'elements', ids: context.flyAfterDraw, serial: (context.camera?.serial ?? 0) + 1 }
          : context.camera,
      flyAfterDraw: null,
    }),
    /** A pick in the viewer replaces a change chosen in the list. */
    unfocusChange: assign({
      compare: ({ context }) => context.compare && { ...context.compare, focusedKey: null },
    }),
  },
  guards: {
    hasVersion: ({ context }) => context.versionId !== null,
    isAnotherKnownVersion: ({ context, event }) =>
      event.type === 'version.select' &&
      event.versionId !== context.versionId &&
      context.versions.some((version) => version.ID === event.versionId),
    bringsFirstVersion: ({ event }) => event.type === 'versions.updated' && event.versions.length > 0,
    isAutomaticThumbnail: ({ context }) => context.automaticThumbnail,
    /** A thumbnail is taken from a drawn picture, by those who may change the model. */
    mayTakeThumbnail: ({ context }) => context.abilities.canUpdate && context.drawn !== null,
    /** WRITE and ADMIN users who open a model without a thumbnail give it one, once, after the first draw. */
    wantsAutomaticThumbnail: ({ context }) =>
      context.abilities.canUpdate && !context.hasThumbnail && !context.automaticThumbnailTried,
    selectsNothing: ({ event }) => event.type === 'viewer.selectionChanged' && event.ids.length === 0,
    selectsTheSelected: ({ context, event }) =>
      event.type === 'viewer.selectionChanged' && event.ids[0] === context.selectedId,
    hasSectionBox: ({ context }) => context.sectionBox !== null,
    /** The change named in the address can be chosen: the diff that lists it is in, and a scene is shown. */
    pendingChangeReady: ({ context }) => context.pendingChangeKey !== null && context.compare?.diff != null,
    hasSelectedId: ({ context }) => context.selectedId !== null,
    isComparing: ({ context }) => context.compare !== null,
    mayCompareWith: ({ context, event }) =>
      event.type === 'compare.start' &&
      context.abilities.canViewVersions &&
      compareStateOf(context.versions, context.versionId, event.versionId) !== null,
    switchesSide: ({ context, event }) =>
      event.type === 'compare.side' && context.compare !== null && context.compare.side !== event.side,
    /** A listed element that exists only in the version not drawn: the other side is drawn first. */
    changeOnOtherSide: ({ context, event }) => {
      if (event.type !== 'change.select') return false;
      const target = changeTarget(context, event.key);
      return target !== null && target.side !== context.compare?.side;
    },
    changeOnThisSide: ({ context, event }) => {
      if (event.type !== 'change.select') return false;
      const target = changeTarget(context, event.key);
      return target !== null && target.side === context.compare?.side;
    },
    /** Nodes, loads, load cases: listed, not drawn as elements. */
    isKnownLevel: ({ context, event }) =>
      event.type === 'view.plan' && (context.scene?.levels.some(({ id }) => id === event.levelId) ?? false),
    isKnownGrid: ({ context, event }) =>
      event.type === 'view.elevation' &&
      (context.scene?.grids.some(({ id }) => id === event.gridId) ?? false),
    changeNotDrawn: ({ context, event }) =>
      event.type === 'change.select' &&
      findChange(context.compare?.diff ?? null, event.key) !== null &&
      changeTarget(context, event.key) === null,
  },
}).createMachine({
  id: 'viewer',
  context: ({ input }) => ({
    modelId: input.modelId,
    versions: [...input.versions],
    versionId: initialVersionId(input),
    compare: abilitiesOf(input.role).canViewVersions
      ? compareStateOf(input.versions, initialVersionId(input), input.compareVersionId)
      : null,
    abilities: abilitiesOf(input.role),
    hasThumbnail: input.hasThumbnail,
    scene: null,
    error: null,
    theme: input.theme ?? 'light',
    hidden: noneHidden(),
    search: '',
    filter: shownElementsOf(noneHidden(), '', null),
    isolatedLevel: null,
    sectionBox: null,
    layers: { ...DEFAULT_LAYERS },
    camera: null,
    viewMode: THREE_D,
    pendingChangeKey: (abilitiesOf(input.role).canViewVersions && input.changeKey) || null,
    flyAfterDraw: null,
    drawn: null,
    selectedId: null,
    hovered: null,
    element: null,
    elementError: null,
    screenshotSerial: 0,
    automaticThumbnail: false,
    automaticThumbnailTried: false,
    thumbnailError: null,
    contextGeometry: null,
    panels: { ...DEFAULT_PANELS },
  }),
  type: 'parallel',
  on: {
    'versions.updated': { actions: assign({ versions: ({ event }) => [...event.versions] }) },
    'theme.set': { actions: assign({ theme: ({ event }) => event.theme }) },
    'viewer.hoverChanged': { actions: assign({ hovered: ({ event }) => event.hovered }) },
    'panel.toggle': {
      actions: assign({
        panels: ({ context, event }) => ({ ...context.panels, [event.panel]: !context.panels[event.panel] }),
      }),
    },
  },
  states: {
    /** The version drawn and everything done with it. */
    scene: {
      initial: 'deciding',
      // Declared here, not on the root: a root transition into this region would restart diff mode too.
      on: {
        'version.select': {
          guard: 'isAnotherKnownVersion',
          target: '.loading',
          actions: assign(({ event }) => ({ versionId: event.versionId, ...forgetVersionState })),
        },
        'compare.side': {
          guard: 'switchesSide',
          target: '.loading',
          actions: assign(({ context, event }) => ({
            ...forgetVersionState,
            versionId: context.compare && versionOnSide(context.compare, event.side),
            compare: context.compare && { ...context.compare, side: event.side },
          })),
        },
        'change.select': [
          {
            guard: 'changeOnOtherSide',
            target: '.loading',
            actions: assign(({ context, event }) => {
              const target = changeTarget(context, event.key);
              const compare = context.compare;
              if (!target || !compare) return {};
              return {
                ...forgetVersionState,
                versionId: versionOnSide(compare, target.side),
                selectedId: target.elementId,
                flyAfterDraw: [target.elementId],
                compare: { ...compare, side: target.side, focusedKey: null },
              };
            }),
          },
          {
            guard: 'changeNotDrawn',
            actions: assign({
              compare: ({ context, event }) =>
                context.compare && { ...context.compare, focusedKey: event.key },
            }),
          },
        ],
      },
      states: {
        deciding: {
          always: [{ guard: 'hasVersion', target: 'loading' }, { target: 'empty' }],
        },
        /** The model has no version to show (or the user may not read versions). */
        empty: {
          tags: ['empty'],
          on: {
            'versions.updated': {
              guard: 'bringsFirstVersion',
              target: 'loading',
              actions: assign(({ event }) => ({
                versions: [...event.versions],
                versionId: event.versions[0]?.ID ?? null,
              })),
            },
          },
        },
        loading: {
          tags: ['busy', 'loading'],
          invoke: {
            id: 'loadScene',
            src: 'loadScene',
            input: ({ context }) => ({ modelId: context.modelId, versionId: context.versionId ?? '' }),
            onDone: {
              target: 'ready',
              actions: [
                assign({
                  scene: ({ event }) => event.output,
                  error: null,
                  viewMode: ({ context, event }) => viewModeFor(context.viewMode, event.output),
                }),
                'refilter',
              ],
            },
            onError: {
              target: 'failed',
              actions: assign({ error: ({ event }) => pageMessageOf(event.error) }),
            },
          },
        },
        /** The scene could not be loaded or drawn: the reason, and a retry. */
        failed: {
          tags: ['failed'],
          on: { 'scene.retry': { target: 'loading', actions: assign(forgetVersionState) } },
        },
        ready: {
          tags: ['ready'],
          type: 'parallel',
          // A report's line opened the screen: its change is chosen as if clicked in the list, once.
          always: {
            guard: 'pendingChangeReady',
            actions: [
              raise(({ context }) => ({ type: 'change.select', key: context.pendingChangeKey ?? '' })),
              assign({ pendingChangeKey: null }),
            ],
          },
          on: {
            'viewer.failed': {
              target: 'failed',
              actions: assign(({ event }) => ({ ...forgetVersionState, error: event.message })),
            },
            // A standard direction is a 3-D view: it leaves a plan or elevation.
            'view.set': {
              actions: assign({
                viewMode: THREE_D,
                camera: ({ context, event }) => ({
                  kind: event.view,
                  serial: (context.camera?.serial ?? 0) + 1,
                }),
              }),
            },
            'view.plan': {
              guard: 'isKnownLevel',
              actions: assign({
                viewMode: ({ event }) => ({ kind: 'plan' as const, levelId: event.levelId }),
              }),
            },
            'view.elevation': {
              guard: 'isKnownGrid',
              actions: assign({
                viewMode: ({ event }) => ({ kind: 'elevation' as const, gridId: event.gridId }),
              }),
            },
            'view.perspective': { actions: assign({ viewMode: THREE_D }) },
            'view.fit': {
              actions: assign({
                camera: ({ context }) => ({ kind: 'fit', serial: (context.camera?.serial ?? 0) + 1 }),
              }),
            },
            'layer.toggle': {
              actions: assign({
                layers: ({ context, event }) => ({
                  ...context.layers,
                  [event.layer]: !context.layers[event.layer],
                }),
              }),
            },
            'filter.toggle': {
              actions: [
                assign({
                  hidden: ({ context, event }) => {
                    const unchecked = context.hidden[event.facet];
                    return {
                      ...context.hidden,
                      [event.facet]: unchecked.includes(event.value)
                        ? unchecked.filter((value) => value !== event.value)
                        : [...unchecked, event.value],
                    };
                  },
                }),
                'refilter',
              ],
            },
            'filter.showAll': {
              actions: [
                assign({ hidden: ({ context, event }) => ({ ...context.hidden, [event.facet]: [] }) }),
                'refilter',
              ],
            },
            'filter.search': { actions: [assign({ search: ({ event }) => event.text }), 'refilter'] },
            'level.isolate': { actions: assign({ isolatedLevel: ({ event }) => event.levelId }) },
            'sectionBox.toggle': [
              { guard: 'hasSectionBox', actions: assign({ sectionBox: null }) },
              { actions: assign({ sectionBox: ({ context }) => context.scene && boundsOf(context.scene) }) },
            ],
            'sectionBox.change': {
              guard: 'hasSectionBox',
              actions: assign({
                sectionBox: ({ context, event }) =>
                  context.sectionBox &&
                  withBound(
                    context.sectionBox,
                    event.axis,
                    event.bound,
                    displayToMm(event.value, context.scene?.units ?? 'mm'),
                  ),
              }),
            },
          },
          states: {
            /**
             * Issue #9: the IFC geometry the reader could only approximate or had to drop, fetched once the scene
             * is shown and drawn by the canvas around it. Reference only: no busy tag, and a failure leaves the
             * model as it is (the scene is what the user came for).
             */
            contextGeometry: {
              initial: 'loading',
              states: {
                loading: {
                  invoke: {
                    id: 'loadContextGeometry',
                    src: 'loadContextGeometry',
                    input: ({ context }) => ({
                      modelId: context.modelId,
                      versionId: context.versionId ?? '',
                    }),
                    onDone: {
                      target: 'settled',
                      actions: assign({
                        contextGeometry: ({ context, event }) =>
                          event.output && context.versionId !== null
                            ? { versionId: context.versionId, bytes: event.output }
                            : null,
                      }),
                    },
                    onError: { target: 'settled' },
                  },
                },
                settled: {},
              },
            },
            /** What the canvas is doing with the scene. */
            canvas: {
              initial: 'drawing',
              states: {
                drawing: {
                  tags: ['busy', 'drawing'],
                  on: {
                    'viewer.loaded': {
                      target: 'drawn',
                      actions: [assign({ drawn: ({ event }) => event.drawn }), 'flyAfterDraw'],
                    },
                  },
                },
                drawn: { on: { 'viewer.contextLost': 'contextLost' } },
                contextLost: { tags: ['contextLost'], on: { 'viewer.contextRestored': 'drawn' } },
              },
            },
            /** The element picked on the canvas and its properties. */
            selection: {
              initial: 'none',
              on: {
                'viewer.selectionChanged': [
                  // The view echoes the machine's own selection back through the viewer: nothing changes.
                  { guard: 'selectsTheSelected' },
                  {
                    guard: 'selectsNothing',
                    target: '.none',
                    actions: [
                      assign({ selectedId: null, element: null, elementError: null }),
                      'unfocusChange',
                    ],
                  },
                  {
                    // A target inside the region restarts `loading` when it is active already (a newer pick).
                    // `reenter: true` would not: in a parallel state it re-enters the whole screen.
                    target: '.loading',
                    actions: [
                      assign({
                        selectedId: ({ event }) => event.ids[0] ?? null,
                        element: null,
                        elementError: null,
                      }),
                      'unfocusChange',
                    ],
                  },
                ],
                'selection.clear': {
                  target: '.none',
                  actions: [assign({ selectedId: null, element: null, elementError: null }), 'unfocusChange'],
                },
                // A change picked in the list, drawn on this side: selected as a pick would select it, and the
                // camera flies to it at once (the properties load meanwhile).
                'change.select': {
                  guard: 'changeOnThisSide',
                  target: '.loading',
                  actions: [
                    assign(({ context, event }) => ({
                      selectedId: changeTarget(context, event.key)?.elementId ?? null,
                      element: null,
                      elementError: null,
                      compare: context.compare && { ...context.compare, focusedKey: null },
                    })),
                    'flyToSelected',
                  ],
                },
                'selection.show': { guard: 'hasSelectedId', actions: 'flyToSelected' },
              },
              states: {
                // An element chosen before the scene was drawn (a change on the other side) loads once it is.
                none: { always: { guard: 'hasSelectedId', target: 'loading' } },
                loading: {
                  tags: ['elementLoading'],
                  // Every new selection (a pick, a listed change) is entered here, and the user wants to read it.
                  entry: assign({ panels: ({ context }) => ({ ...context.panels, properties: true }) }),
                  invoke: {
                    id: 'loadElement',
                    src: 'loadElement',
                    input: ({ context }) => ({
                      modelId: context.modelId,
                      versionId: context.versionId ?? '',
                      elementId: context.selectedId ?? '',
                    }),
                    onDone: { target: 'shown', actions: assign({ element: ({ event }) => event.output }) },
                    onError: {
                      target: 'unavailable',
                      actions: assign({ elementError: ({ event }) => pageMessageOf(event.error) }),
                    },
                  },
                },
                shown: {},
                unavailable: {},
              },
            },
            /** Saving the picture as the model's thumbnail (WRITE and ADMIN only). */
            thumbnail: {
              initial: 'idle',
              states: {
                idle: {
                  on: {
                    'thumbnail.requested': {
                      guard: 'mayTakeThumbnail',
                      target: 'capturing',
                      actions: assign({ automaticThumbnail: false, thumbnailError: null }),
                    },
                    // Handled by the canvas region too: the first drawn picture of a model without a thumbnail.
                    'viewer.loaded': {
                      guard: 'wantsAutomaticThumbnail',
                      target: 'capturing',
                      actions: assign({ automaticThumbnail: true, automaticThumbnailTried: true }),
                    },
                  },
                },
                /** The view is asked for the picture (the serial changes) and answers with viewer.screenshotTaken. */
                capturing: {
                  tags: ['capturing'],
                  entry: assign({ screenshotSerial: ({ context }) => context.screenshotSerial + 1 }),
                  on: {
                    'viewer.screenshotTaken': 'posting',
                    'viewer.screenshotFailed': [
                      { guard: 'isAutomaticThumbnail', target: 'idle' },
                      { target: 'idle', actions: assign({ thumbnailError: ({ event }) => event.message }) },
                    ],
                  },
                },
                posting: {
                  tags: ['savingThumbnail'],
                  invoke: {
                    id: 'postScreenshot',
                    src: 'postScreenshot',
                    input: ({ context, event }) => ({
                      modelId: context.modelId,
                      versionId: context.versionId ?? '',
                      data: event.type === 'viewer.screenshotTaken' ? event.dataUrl : '',
                    }),
                    onDone: [
                      // Taken without being asked: the models list shows it; no need to interrupt the user.
                      {
                        guard: 'isAutomaticThumbnail',
                        target: 'idle',
                        actions: assign({ hasThumbnail: true }),
                      },
                      {
                        target: 'idle',
                        actions: [
                          assign({ hasThumbnail: true }),
                          { type: 'announce', params: { message: viewerMessages.thumbnailUpdated } },
                        ],
                      },
                    ],
                    onError: [
                      // An automatic thumbnail that fails is no news to the user; they did not ask for it.
                      { guard: 'isAutomaticThumbnail', target: 'idle' },
                      {
                        target: 'idle',
                        actions: assign({ thumbnailError: ({ event }) => formMessageOf(event.error) }),
                      },
                    ],
                  },
                },
              },
            },
          },
        },
      },
    },
    /** Diff mode: the diff of two versions, asked for and waited for by the diff machine. */
    compare: {
      initial: 'deciding',
      states: {
        deciding: { always: [{ guard: 'isComparing', target: 'on' }, { target: 'off' }] },
        off: {
          on: {
            'compare.start': {
              guard: 'mayCompareWith',
              target: 'on',
              actions: assign({
                compare: ({ context, event }) =>
                  compareStateOf(context.versions, context.versionId, event.versionId),
              }),
            },
          },
        },
        on: {
          invoke: {
            id: 'diff',
            src: 'diffLoader',
            input: ({ context }) => ({
              modelId: context.modelId,
              from: context.compare?.from ?? '',
              to: context.compare?.to ?? '',
              reportId: null,
            }),
            onSnapshot: {
              actions: assign({
                compare: ({ context, event }) =>
                  context.compare && {
                    ...context.compare,
                    status: diffStatusOf(event.snapshot),
                    diff: event.snapshot.context.diff,
                    error: event.snapshot.context.error,
                  },
              }),
            },
          },
          on: {
            // Another pair: the diff starts again. Re-entered from here, not from the region, which would
            // restart the whole screen (the region's parent is the parallel root).
            'compare.start': {
              guard: 'mayCompareWith',
              target: 'on',
              reenter: true,
              actions: assign({
                compare: ({ context, event }) =>
                  compareStateOf(context.versions, context.versionId, event.versionId),
              }),
            },
            'compare.retry': { actions: sendTo('diff', { type: 'diff.retry' }) },
            'compare.exit': { target: 'off', actions: assign({ compare: null, pendingChangeKey: null }) },
            // Another version chosen in the picker: a plain view of it.
            'version.select': {
              guard: 'isAnotherKnownVersion',
              target: 'off',
              actions: assign({ compare: null }),
            },
            'changes.filter': {
              actions: assign({
                compare: ({ context, event }) =>
                  context.compare && { ...context.compare, group: event.group },
              }),
            },
          },
        },
      },
    },
  },
});

export interface ViewerDependencies {
  http: HttpClient;
  /** A success toast. */
  announce: (message: string) => void;
  /** The live socket's events (VersionDiff); none when omitted. */
  realtime?: RealtimeFeed;
}

/** Binds the viewer screen's actors to the HTTP calls; the screen's hook and the tests call this. */
export function createViewerImplementations(deps: ViewerDependencies) {
  return {
    actors: {
      loadScene: fromPromise<LoadedScene, LoadSceneInput>(async ({ input }) =>
        unwrap(await getVersionScene(deps.http, input.modelId, input.versionId)),
      ),
      loadContextGeometry: fromPromise<ArrayBuffer | null, LoadSceneInput>(async ({ input }) =>
        unwrap(await getVersionContextGeometry(deps.http, input.modelId, input.versionId)),
      ),
      loadElement: fromPromise<ElementProperties, LoadElementInput>(async ({ input }) =>
        unwrap(await getVersionElement(deps.http, input.modelId, input.versionId, input.elementId)),
      ),
      postScreenshot: fromPromise<unknown, PostScreenshotInput>(async ({ input }) =>
        unwrap(await postModelScreenshot(deps.http, input)),
      ),
      diffLoader: diffMachine.provide(createDiffImplementations(deps)),
    },
    actions: {
      announce: (_: unknown, params: { message: string }) => deps.announce(params.message),
    },
  };
}
