import { createActor, SimulatedClock } from 'xstate';
import type { DiffViewWire } from '../../contract/http/compare';
import type { ModelRole } from '../../contract/http/models';
import type {
  ConnectivityView,
  IssueView,
  OperationView,
  Repair,
  RepairResponse,
} from '../../contract/http/repair';
import type { Job } from '../../contract/http/jobs';
import { sceneTypeIndex, type SceneData } from '../../engine/scene';
import { CHECK_IDS, CHECK_TITLES, type CheckId } from '../../engine/repair/types';
import { ok } from '../auth/fakeHttpClient';
import { aPerson, anUploadJob, createRecordingHttp } from '../model/modelTestKit';
import { aChange } from '../merge/mergeTestKit';
import { createRealtimeFeed } from '../socket/realtimeFeed';
import { aRealtimeEvent } from '../socket/socketTestKit';
import type { EventOrigin, SocketStatus } from '../socket/types';
import { createRepairImplementations, repairMachine } from './repairMachine';

/**
 * Test support for the repair statechart and screen (never imported by the app). The model is the viewer's test
 * frame (aScene, version 2 of model-1) with three defects: nodes 5 and 9 coincide (C01), node 6 sits on B1's
 * span (C03), and B2 stops short of its support (C08, a warning).
 */

export function anIssue(overrides: Partial<IssueView> & Pick<IssueView, 'id' | 'check'>): IssueView {
  return {
    severity: 'error',
    nodeIds: [],
    elementIds: [],
    location: { x: 0, y: 0, z: 3 },
    distance: null,
    text: overrides.id,
    ...overrides,
  };
}

export const defectIssues: IssueView[] = [
  anIssue({
    id: 'C01:5,9',
    check: 'C01',
    nodeIds: ['5', '9'],
    elementIds: ['C1@L1'],
    distance: 0.0004,
    text: 'Nodes 5 and 9 at Level 1 are 0.4 mm apart',
  }),
  anIssue({
    id: 'C03:6,B1@L1',
    check: 'C03',
    nodeIds: ['6'],
    elementIds: ['B1@L1'],
    text: 'Node 6 lies on B1 at Level 1 without splitting it',
  }),
  anIssue({
    id: 'C08:B2@L1',
    check: 'C08',
    severity: 'warning',
    nodeIds: ['7'],
    elementIds: ['B2@L1'],
    distance: 0.012,
    text: 'B2 at Level 1 ends 12 mm short of C3',
  }),
];

export function aReport(issues: IssueView[] = defectIssues): ConnectivityView {
  const counts = Object.fromEntries(
    CHECK_IDS.map((check) => [check, issues.filter((issue) => issue.check === check).length]),
  ) as Record<CheckId, number>;
  return {
    units: 'm',
    tolerances: {
      merge: 0.001,
      near: 0.025,
      snap: 0.025,
      minLength: 0.1,
      gapMax: 0.5,
      angle: 0.1,
      classAngle: 1,
    },
    counts,
    titles: { ...CHECK_TITLES },
    summary: {
      nodes: 9,
      members: 6,
      components: 1,
      floatingComponents: 0,
      freeEnds: issues.filter((issue) => issue.check === 'C08').length,
      nearMisses: 0,
      duplicateGroups: 0,
      unstableReleases: 0,
    },
    issues,
  };
}

export function anOperation(
  overrides: Partial<OperationView> & Pick<OperationView, 'id' | 'operation' | 'reason' | 'issueId'>,
): OperationView {
  return {
    requiresConfirmation: false,
    distance: null,
    dependsOn: [],
    nodeIds: [],
    elementIds: [],
    text: overrides.id,
    ...overrides,
  };
}

/**
 * The plan: merge 5 into 9 (R01), then split B1 at 6 (R02, after the merge); extend B2 to C3 (R07, 12 mm: needs
 * confirmation), then split C3 where B2 now lands (R02, after the extension).
 */
export const planOperations: OperationView[] = [
  anOperation({
    id: 'R01:5,9',
    operation: 'R01',
    reason: 'C01',
    issueId: 'C01:5,9',
    distance: 0.0004,
    nodeIds: ['5', '9'],
    elementIds: ['C1@L1'],
    text: 'Merge nodes 5 and 9 into 5 at Level 1 (0.4 mm)',
  }),
  anOperation({
    id: 'R07:B2@L1',
    operation: 'R07',
    reason: 'C08',
    issueId: 'C08:B2@L1',
    requiresConfirmation: true,
    distance: 0.012,
    nodeIds: ['7'],
    elementIds: ['B2@L1'],
    text: 'Extend B2 at Level 1 by 12 mm to C3',
  }),
  anOperation({
    id: 'R02:6,B1@L1',
    operation: 'R02',
    reason: 'C03',
    issueId: 'C03:6,B1@L1',
    dependsOn: ['R01:5,9'],
    nodeIds: ['6'],
    elementIds: ['B1@L1'],
    text: 'Split B1 at Level 1 at node 6',
  }),
  anOperation({
    id: 'R02:7,C3@L1',
    operation: 'R02',
    reason: 'C03',
    issueId: 'C03:7,C3@L1',
    dependsOn: ['R07:B2@L1'],
    nodeIds: ['7'],
    elementIds: ['C3@L1'],
    text: 'Split C3 at Level 1 at node 7',
  }),
];

export function aDiff(keys: string[] = ['elements:B1@L1']): DiffViewWire {
  return {
    units: 'm',
    options: { lengthTolerance: 1, relativeTolerance: 1e-4, geometricMatching: 'fallback' },
    counts: {},
    elementCounts: {},
    header: [],
    rootCauses: [],
    changes: keys.map((key) => aChange({ key, kind: 'modified', label: `${key.split(':')[1]} repaired` })),
  };
}

export function aRepair(overrides: Partial<Repair> = {}): Repair {
  return {
    _id: 'repair-1',
    modelId: 'model-1',
    versionId: 'version-2',
    versionNumber: 2,
    jobId: 'job-r',
    status: 'running',
    error: null,
    units: 'm',
    tolerances: aReport().tolerances,
    operations: ['R13', 'R01', 'R06', 'R04', 'R05', 'R08', 'R09', 'R10', 'R07', 'R02', 'R11', 'R12'],
    createdBy: aPerson(),
    createdAt: '2025-03-03T10:00:00.000Z',
    committedVersionId: null,
    ...overrides,
  };
}

export function aReadyRepair(): RepairResponse {
  return {
    repair: aRepair({ status: 'ready' }),
    plan: {
      operations: planOperations,
      before: aReport(),
      // The default selection (R01 and B1's split) leaves B2's free end.
      after: aReport([defectIssues[2] as IssueView]),
      diff: aDiff(['elements:B1@L1', 'nodes:9']),
    },
  };
}

export const repairJob = (overrides: Partial<Job> = {}) =>
  anUploadJob({ _id: 'job-r', kind: 'repair', fileName: 'Repair of version 2', ...overrides });

export const commitJob = (overrides: Partial<Job> = {}) =>
  anUploadJob({ _id: 'job-c', kind: 'repairCommit', fileName: 'Repair of version 2', ...overrides });

/**
 * The frame as drawn (the viewer test kit's frame, which machines may not import): columns C1–C4 from the base
 * to Level 1, beams B1 and B2 on Level 1, in metres.
 */
export function aRepairScene(): SceneData {
  const corners: Array<[number, number]> = [
    [0, 0],
    [6000, 0],
    [6000, 4000],
    [0, 4000],
  ];
  const xyz = [...corners.flatMap(([x, y]) => [x, y, 0]), ...corners.flatMap(([x, y]) => [x, y, 3000])];
  const column = sceneTypeIndex('Column');
  const beam = sceneTypeIndex('Beam');
  const profile = (id: string, depth: number, width: number) => ({
    id,
    name: id,
    kind: 'frame' as const,
    family: 'i' as const,
    depth,
    width,
    flangeThickness: 10,
    webThickness: 6,
    thickness: 0,
    approximate: false,
  });
  return {
    units: 'm',
    levels: [
      { id: 'L1', name: 'Level 1', elevation: 3000 },
      { id: 'BASE', name: 'Base', elevation: 0 },
    ],
    grids: [],
    materials: [{ id: 'A992', name: 'A992Fy50', kind: 'steel' }],
    profiles: [profile('W14X90', 356, 369), profile('W12X26', 310, 165)],
    nodes: { ids: ['1', '2', '3', '4', '5', '6', '7', '8'], xyz, restraints: [63, 63, 63, 63, 0, 0, 0, 0] },
    elements: {
      ids: ['C1@L1', 'C2@L1', 'C3@L1', 'C4@L1', 'B1@L1', 'B2@L1'],
      names: ['C1', 'C2', 'C3', 'C4', 'B1', 'B2'],
      types: [column, column, column, column, beam, beam],
      profiles: [0, 0, 0, 0, 1, 1],
      materials: [0, 0, 0, 0, 0, 0],
      levels: [0, 0, 0, 0, 0, 0],
      angles: [0, 0, 0, 0, 0, 0],
      cardinalPoints: [10, 10, 10, 10, 8, 8],
      releases: [0, 0, 0, 0, 0, 0],
      nodeOffsets: [0, 2, 4, 6, 8, 10, 12],
      nodeIndices: [0, 4, 1, 5, 2, 6, 3, 7, 4, 5, 6, 7],
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
  };
}

export const versionScene = () => ({ ...aRepairScene(), modelId: 'model-1', versionId: 'version-2' });

/** The server as it answers a check and a repair that work (a cached report, a plan ready after its job). */
export function answerRepairRoutes(api: ReturnType<typeof createRecordingHttp>) {
  api.answer(
    'GET /api/models/model-1/data/connectivity',
    ok({ status: 'done', versionId: 'version-2', report: aReport() }),
  );
  api.answer('GET /api/models/model-1/data/versions/version-2/scene', ok(versionScene()));
  api.answer('POST /api/models/model-1/repairs', ok({ repair: aRepair(), job: repairJob() }, 202));
  api.answer('GET /api/jobs/job-r', ok(repairJob({ status: 'running', progress: 10 })));
  api.answer('GET /api/models/model-1/repairs/repair-1', ok(aReadyRepair()));
  api.answer(
    'POST /api/models/model-1/repairs/repair-1/preview',
    ok({ after: aReport([]), diff: aDiff(['elements:B1@L1', 'elements:B2@L1']), skipped: [] }),
  );
  api.answer(
    'POST /api/models/model-1/repairs/repair-1/scene',
    ok({ ...versionScene(), versionId: 'version-2' }),
  );
  api.answer('POST /api/models/model-1/repairs/repair-1/commit', ok(commitJob(), 202));
  api.answer('GET /api/jobs/job-c', ok(commitJob({ status: 'running', progress: 10 })));
  api.answer('DELETE /api/models/model-1/repairs/repair-1', ok(undefined, 204));
}

/**
 * The production repair machine on the real HTTP bindings, over a recording fake server and a realtime feed the
 * test publishes to.
 */
export function startRepairHarness(options: { role?: ModelRole; status?: SocketStatus } = {}) {
  const api = createRecordingHttp();
  answerRepairRoutes(api);
  const feed = createRealtimeFeed();
  feed.publish({ type: 'socket.status', status: options.status ?? 'online' });
  // The machine's own delays (the preview's debounce, the connectivity safety net) run on a clock the test moves.
  const clock = new SimulatedClock();
  const actor = createActor(
    repairMachine.provide(
      createRepairImplementations({
        http: api.http,
        realtime: feed,
        pollIntervalMs: 5,
        safetyNetIntervalMs: 60_000,
      }),
    ),
    { input: { modelId: 'model-1', versionId: 'version-2', role: options.role ?? 'WRITE' }, clock },
  ).start();
  const publish = (payload: Parameters<typeof aRealtimeEvent>[0], origin: EventOrigin = 'thisTab') =>
    feed.publish({ type: 'realtime.event', event: aRealtimeEvent(payload, origin) });
  return { actor, api, feed, publish, clock };
}

export type RepairHarness = ReturnType<typeof startRepairHarness>;

/** Lets settled promises and short timers reach the actor. */
export const settle = (ms = 0) => new Promise<void>((resolve) => setTimeout(resolve, ms));
