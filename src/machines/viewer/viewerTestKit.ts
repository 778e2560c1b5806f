import { createActor, fromPromise } from 'xstate';
import type { DiffResponse } from '../../contract/http/compare';
import type { ModelRole } from '../../contract/http/models';
import type { Version } from '../../contract/http/versions';
import { sceneTypeIndex, type SceneData } from '../../engine/scene';
import { aVersion } from '../model/modelTestKit';
import { diffMachine, type DiffInput } from '../reports/diffMachine';
import { createRealtimeFeed, listenToFeed, type RealtimePublisher } from '../socket/realtimeFeed';
import type { ElementProperties, ViewerInput } from './types';
import {
  viewerMachine,
  type LoadElementInput,
  type LoadSceneInput,
  type PostScreenshotInput,
} from './viewerMachine';

/** Test support for the viewer machine and screen (never imported by the app). */

/**
 * A two-storey frame in metres: four columns C1–C4 from the base to L1 (3 m), two beams B1–B2 on L1, one floor
 * F1 on L1. Profiles W14X90 (columns) and W12X26 (beams), materials A992 (steel) and 4000Psi (the floor).
 */
export function aScene(overrides: Partial<SceneData> = {}): SceneData {
  const corners: Array<[number, number]> = [
    [0, 0],
    [6000, 0],
    [6000, 4000],
    [0, 4000],
  ];
  const xyz = [...corners.flatMap(([x, y]) => [x, y, 0]), ...corners.flatMap(([x, y]) => [x, y, 3000])];
  const column = sceneTypeIndex('Column');
  const beam = sceneTypeIndex('Beam');
  const floor = sceneTypeIndex('Floor');
  return {
    units: 'm',
    levels: [
      { id: 'L1', name: 'Level 1', elevation: 3000 },
      { id: 'BASE', name: 'Base', elevation: 0 },
    ],
    grids: [],
    materials: [
      { id: 'A992', name: 'A992Fy50', kind: 'steel' },
      { id: '4000Psi', name: '4000Psi', kind: 'concrete' },
    ],
    profiles: [
      {
        id: 'W14X90',
        name: 'W14X90',
        kind: 'frame',
        family: 'i',
        depth: 356,
        width: 369,
        flangeThickness: 18,
        webThickness: 11,
        thickness: 0,
        approximate: false,
      },
      {
        id: 'W12X26',
        name: 'W12X26',
        kind: 'frame',
        family: 'i',
        depth: 310,
        width: 165,
        flangeThickness: 10,
        webThickness: 6,
        thickness: 0,
        approximate: false,
      },
    ],
    nodes: {
      ids: ['1', '2', '3', '4', '5', '6', '7', '8'],
      xyz,
      restraints: [63, 63, 63, 63, 0, 0, 0, 0],
    },
    elements: {
      ids: ['C1@L1', 'C2@L1', 'C3@L1', 'C4@L1', 'B1@L1', 'B2@L1', 'F1@L1'],
      names: ['C1', 'C2', 'C3', 'C4', 'B1', 'B2', 'F1'],
      types: [column, column, column, column, beam, beam, floor],
      profiles: [0, 0, 0, 0, 1, 1, -1],
      materials: [0, 0, 0, 0, 0, 0, 1],
      levels: [0, 0, 0, 0, 0, 0, 0],
      angles: [0, 0, 0, 0, 0, 0, 0],
      cardinalPoints: [10, 10, 10, 10, 8, 8, 10],
      releases: [0, 0, 0, 0, 0, 0, 0],
      nodeOffsets: [0, 2, 4, 6, 8, 10, 12, 16],
      nodeIndices: [0, 4, 1, 5, 2, 6, 3, 7, 4, 5, 6, 7, 4, 5, 6, 7],
    },
    loads: {
      patterns: [],
      kinds: [],
      targets: [],
      patternIndices: [],
      directions: [],
      magnitudes: [],
      local: [],
    },
    ...overrides,
  };
}

/** The server's answer for beam B1 of `aScene`: 6 m long, from node 5 to node 6. */
export function anElementProperties(overrides: Partial<ElementProperties> = {}): ElementProperties {
  return {
    element: {
      id: 'B1@L1',
      name: 'B1',
      type: 'Beam',
      source: { tool: 'etabs', version: '21.0.0' },
      attributes: { DESIGNPROCEDURE: 'Steel Frame Design', 'ETABS.LINE': 312, SPANS: [1, 2] },
      nodes: ['5', '6'],
    },
    profile: { id: 'W12X26', name: 'W12X26' },
    material: { id: 'A992', name: 'A992Fy50' },
    level: { id: 'L1', name: 'Level 1' },
    nodes: [
      { id: '5', x: 0, y: 0, z: 3000 },
      { id: '6', x: 6000, y: 0, z: 3000 },
    ],
    lengthMm: 6000,
    units: 'm',
    loads: 2,
    ...overrides,
  };
}

export const twoVersions: Version[] = [aVersion(2), aVersion(1)];

/** A promise settled by the test, one per call of an actor. */
export interface Pending<TInput, TOutput> {
  input: TInput;
  resolve: (value: TOutput) => void;
  reject: (error: Error) => void;
}

export interface ViewerHarness {
  actor: ReturnType<typeof createActor<typeof viewerMachine>>;
  sceneCalls: Array<Pending<LoadSceneInput, SceneData>>;
  /** GET …/context calls (issue #9): left pending unless a test answers them. */
  contextCalls: Array<Pending<LoadSceneInput, ArrayBuffer | null>>;
  elementCalls: Array<Pending<LoadElementInput, ElementProperties>>;
  screenshotCalls: Array<Pending<PostScreenshotInput, unknown>>;
  /** GET …/data/diff calls of diff mode. */
  diffCalls: Array<Pending<DiffInput, DiffResponse>>;
  /** The live feed the diff listens to. */
  feed: RealtimePublisher;
  announced: string[];
}

/** The production machine with actors the test answers by hand, started. */
export function startViewer(overrides: Partial<ViewerInput> & { role?: ModelRole } = {}): ViewerHarness {
  const sceneCalls: ViewerHarness['sceneCalls'] = [];
  const contextCalls: ViewerHarness['contextCalls'] = [];
  const elementCalls: ViewerHarness['elementCalls'] = [];
  const screenshotCalls: ViewerHarness['screenshotCalls'] = [];
  const diffCalls: ViewerHarness['diffCalls'] = [];
  const feed = createRealtimeFeed();
  const announced: string[] = [];
  const pending =
    <TInput, TOutput>(calls: Array<Pending<TInput, TOutput>>) =>
    ({ input }: { input: TInput }) =>
      new Promise<TOutput>((resolve, reject) => calls.push({ input, resolve, reject }));
  const logic = viewerMachine.provide({
    actors: {
      loadScene: fromPromise(pending(sceneCalls)),
      loadContextGeometry: fromPromise(pending(contextCalls)),
      loadElement: fromPromise(pending(elementCalls)),
      postScreenshot: fromPromise(pending(screenshotCalls)),
      diffLoader: diffMachine.provide({
        actors: { fetchDiff: fromPromise(pending(diffCalls)), realtime: listenToFeed(feed) },
      }),
    },
    actions: { announce: (_, params: { message: string }) => announced.push(params.message) },
  });
  const actor = createActor(logic, {
    input: {
      modelId: 'model-1',
      versions: twoVersions,
      versionId: null,
      theme: null,
      role: 'ADMIN',
      hasThumbnail: true,
      ...overrides,
    },
  });
  actor.start();
  return { actor, sceneCalls, contextCalls, elementCalls, screenshotCalls, diffCalls, feed, announced };
}

/** Lets settled promises reach the actor. */
export const flush = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

export const drawnScene = { elementCount: 7, drawCalls: 4, buildMs: 12 };
