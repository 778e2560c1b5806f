import type { DiffViewChangeWire, DiffViewWire } from '../../contract/http/compare';
import type { Report } from '../../contract/http/reports';
import type { ModelPermission } from '../../contract/http/models';
import { aPerson, aVersion, grace } from '../model/modelTestKit';
import { aRealtimeEvent } from '../socket/socketTestKit';
import type { EventOrigin, RealtimeEvent } from '../socket/types';

/** Test support for diffs and reports (never imported by the app). */

const counts = (added: number, removed: number, modified: number) => ({
  added,
  removed,
  modified,
  unchanged: 0,
});

function aChange(
  overrides: Partial<DiffViewChangeWire> & Pick<DiffViewChangeWire, 'key' | 'kind'>,
): DiffViewChangeWire {
  return {
    collection: 'elements',
    id: overrides.key.split(':')[1] ?? overrides.key,
    beforeId: null,
    type: 'Beam',
    label: overrides.key,
    level: 'Level 1',
    matchedBy: null,
    groups: [],
    details: [],
    cause: null,
    ...overrides,
  };
}

/**
 * Version 1 → version 2 of the viewer's test frame (aScene): beam B1 changed profile, column C4 removed, a beam B3
 * added, node 5 moved up 12 mm, and column C3 relabelled C5 by ETABS (matched by position, renamed).
 */
export function aDiffView(): DiffViewWire {
  return {
    units: 'mm',
    options: { lengthTolerance: 1, relativeTolerance: 1e-4, geometricMatching: 'fallback' },
    counts: { elements: counts(1, 1, 2), nodes: counts(0, 0, 1) },
    elementCounts: { Beam: counts(1, 0, 1), Column: counts(0, 1, 1) },
    header: [],
    rootCauses: [],
    changes: [
      aChange({ key: 'elements:B3@L1', kind: 'added', label: 'B3 at Level 1' }),
      aChange({ key: 'elements:C4@L1', kind: 'removed', type: 'Column', label: 'C4 at Level 1' }),
      aChange({
        key: 'elements:B1@L1',
        kind: 'modified',
        beforeId: 'B1@L1',
        matchedBy: 'id',
        label: 'B1 at Level 1',
        groups: ['Profile'],
        details: [{ group: 'Profile', path: 'profileId', text: 'Profile: W12X26 → W14X30', deviation: null }],
      }),
      aChange({
        key: 'elements:C5@L1',
        kind: 'modified',
        type: 'Column',
        beforeId: 'C3@L1',
        matchedBy: 'geometry',
        label: 'C5 at Level 1',
        groups: ['Name'],
        details: [{ group: 'Name', path: 'name', text: 'Name: C3 → C5', deviation: null }],
      }),
      aChange({
        key: 'nodes:5',
        kind: 'modified',
        collection: 'nodes',
        type: 'Node',
        beforeId: '5',
        matchedBy: 'id',
        label: '5 at Level 1',
        groups: ['Geometry'],
        details: [{ group: 'Geometry', path: 'z', text: 'Moved 12 mm in Z', deviation: 12 }],
      }),
    ],
  };
}

export const diffDone = (diff: DiffViewWire = aDiffView(), from = 'version-1', to = 'version-2') => ({
  status: 'done' as const,
  fromVersionId: from,
  toVersionId: to,
  diff,
});

export const diffRunning = { status: 'running' as const, jobId: 'job-diff-1' };

/** VersionDiff for a pair of model-1's versions. */
export function aVersionDiffEvent(
  overrides: { from?: string; to?: string; jobId?: string; error?: string | null } = {},
  origin: EventOrigin = 'system',
): RealtimeEvent {
  return aRealtimeEvent(
    {
      eventName: 'VersionDiff',
      message: 'diff',
      author: null,
      data: {
        modelId: 'model-1',
        fromVersionId: overrides.from ?? 'version-1',
        toVersionId: overrides.to ?? 'version-2',
        jobId: overrides.jobId ?? 'job-diff-1',
        error: overrides.error ?? null,
      },
    },
    origin,
  );
}

export const limitedViewer = aPerson({
  _id: 'user-3',
  firstName: 'Lin',
  lastName: 'Viewer',
  initials: 'LV',
  emailAddress: 'lin@example.com',
});

/** A report comparing version 1 with version 2 of model-1, by Ada, assigned to `permissions`. */
export function aReport(overrides: Partial<Report> = {}): Report {
  const permissions: ModelPermission[] = [{ user: grace, type: 'READ' }];
  return {
    _id: 'report-1',
    modelId: 'model-1',
    title: 'Beams on level 1',
    dateCreated: '2025-03-04T10:00:00.000Z',
    currentVersionID: aVersion(2).ID,
    comparisonVersionID: aVersion(1).ID,
    currentVersionDate: aVersion(2).Time,
    comparisonVersionDate: aVersion(1).Time,
    currentVersionNumber: 2,
    comparisonVersionNumber: 1,
    createdBy: aPerson(),
    permissions,
    currentUserRole: 'ADMIN',
    ...overrides,
  };
}
