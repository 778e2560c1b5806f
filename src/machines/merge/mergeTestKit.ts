import { createActor } from 'xstate';
import type { DiffViewChangeWire } from '../../contract/http/compare';
import type { MergePreview } from '../../contract/http/merge';
import type { Job } from '../../contract/http/jobs';
import { failure, ok } from '../auth/fakeHttpClient';
import { aModel, aVersion, anUploadJob, createRecordingHttp } from '../model/modelTestKit';
import { createRealtimeFeed } from '../socket/realtimeFeed';
import { aRealtimeEvent } from '../socket/socketTestKit';
import type { EventOrigin, SocketStatus } from '../socket/types';
import { createMergeImplementations, mergeMachine } from './mergeMachine';

/** Test support for the merge statechart and screen (never imported by the app). */

export function aChange(
  overrides: Partial<DiffViewChangeWire> & Pick<DiffViewChangeWire, 'key'>,
): DiffViewChangeWire {
  const [collection = 'elements', id = overrides.key] = overrides.key.split(':');
  return {
    kind: 'modified',
    collection: collection as DiffViewChangeWire['collection'],
    id,
    beforeId: id,
    type: 'Beam',
    label: `${id} at Story 1`,
    level: 'Story 1',
    matchedBy: 'id',
    groups: [],
    details: [],
    cause: null,
    ...overrides,
  };
}

/** Three elements and two nodes changed in version 1 of model-1; B1 was changed in the latest version too. */
export const previewChanges: DiffViewChangeWire[] = [
  aChange({ key: 'elements:B2', kind: 'added', beforeId: null, matchedBy: null, label: 'B2 at Story 2' }),
  aChange({ key: 'elements:C1', kind: 'removed', type: 'Column', beforeId: null, matchedBy: null }),
  aChange({
    key: 'elements:B1',
    groups: ['Profile'],
    details: [{ group: 'Profile', path: 'profileId', text: 'Profile: W12X26 → W14X30', deviation: null }],
  }),
  aChange({ key: 'nodes:N9', kind: 'added', type: 'Node', beforeId: null, matchedBy: null, level: null }),
  aChange({
    key: 'nodes:N5',
    type: 'Node',
    groups: ['Geometry'],
    details: [{ group: 'Geometry', path: 'z', text: 'Moved 12 mm in Z', deviation: 12 }],
  }),
];

export function aPreview(overrides: Partial<MergePreview> = {}): MergePreview {
  return {
    latestVersionId: 'version-2',
    baseVersionId: null,
    changes: {
      units: 'mm',
      options: { lengthTolerance: 1, relativeTolerance: 1e-4, geometricMatching: 'fallback' },
      counts: {},
      elementCounts: {},
      header: [],
      rootCauses: [],
      changes: previewChanges,
    },
    conflicts: [
      {
        key: 'elements:B1',
        kind: 'modify/modify',
        type: 'Beam',
        label: 'B1 at Story 1',
        source: ['Profile: W12X26 → W14X30'],
        target: ['Profile: W12X26 → W10X22'],
      },
    ],
    ...overrides,
  };
}

export const mergeJob = (overrides: Partial<Job> = {}) =>
  anUploadJob({ _id: 'job-9', kind: 'merge', fileName: 'Merge of version 1', ...overrides });

/** Another model of the organization, with two versions, and one shared with the user as LIMITEDVIEW. */
export const otherModels = [
  aModel('ADMIN'),
  aModel('READ', {
    _id: 'model-2',
    name: 'Annex',
    versions: [aVersion(1, { ID: 'annex-1' }), aVersion(2, { ID: 'annex-2' })],
  }),
  aModel('LIMITEDVIEW', { _id: 'model-3', name: 'Secret', versions: [aVersion(1, { ID: 'secret-1' })] }),
];

/**
 * The production merge machine on the real HTTP bindings, over a recording fake server and a realtime feed the
 * test publishes to. The model list, the preview, the merge and the job answer as for a merge that works.
 */
export function startMergeHarness(
  options: { status?: SocketStatus; pollIntervalMs?: number; listFails?: boolean } = {},
) {
  const api = createRecordingHttp();
  api.answer(
    'GET /api/models',
    options.listFails ? failure(500, 'Internal Server Error') : ok({ data: otherModels }),
  );
  api.answer('POST /api/models/model-1/merge/preview', ok(aPreview()));
  api.answer('POST /api/models/model-1/merge', ok(mergeJob(), 202));
  api.answer('GET /api/jobs/job-9', ok(mergeJob({ status: 'running', progress: 10 })));
  const feed = createRealtimeFeed();
  feed.publish({ type: 'socket.status', status: options.status ?? 'online' });
  const actor = createActor(
    mergeMachine.provide(
      createMergeImplementations({
        http: api.http,
        realtime: feed,
        pollIntervalMs: options.pollIntervalMs ?? 5,
        safetyNetIntervalMs: 60_000,
      }),
    ),
    {
      input: {
        modelId: 'model-1',
        modelName: 'Tower',
        organizationName: 'Acme Structures',
        versions: [aVersion(2), aVersion(1)],
      },
    },
  ).start();
  const publish = (payload: Parameters<typeof aRealtimeEvent>[0], origin: EventOrigin = 'thisTab') =>
    feed.publish({ type: 'realtime.event', event: aRealtimeEvent(payload, origin) });
  return { actor, api, feed, publish };
}

export type MergeHarness = ReturnType<typeof startMergeHarness>;

/** Lets settled promises and short timers reach the actor. */
export const settle = (ms = 0) => new Promise<void>((resolve) => setTimeout(resolve, ms));
