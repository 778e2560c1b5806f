import type { ReviewResponse } from '../../contract/http/reviews';
import { aChange, aPreview } from '../merge/mergeTestKit';
import { aPerson } from '../model/modelTestKit';

/** Test support for the upload review (never imported by the app). */

/** An open review of tower-v3.e2k against version 2: the preview's five changes plus a level renamed. */
export function aReviewResponse(overrides: Partial<ReviewResponse['review']> = {}): ReviewResponse {
  const diff = aPreview().changes;
  return {
    review: {
      _id: 'review-1',
      modelId: 'model-1',
      jobId: 'job-1',
      fileName: 'tower-v3.e2k',
      message: null,
      createdBy: aPerson(),
      createdAt: '2025-03-03T10:00:00.000Z',
      baseVersionId: 'version-2',
      baseVersionNumber: 2,
      status: 'open',
      appliedVersionId: null,
      ...overrides,
    },
    diff: {
      ...diff,
      header: [{ path: 'units', text: 'Units: kN, m → kN, mm' }],
      changes: [
        ...diff.changes,
        aChange({
          key: 'levels:L4',
          type: 'Level',
          label: 'Story 4',
          groups: ['Name'],
          details: [{ group: 'Name', path: 'name', text: 'Name: Story 4 → Roof', deviation: null }],
        }),
      ],
    },
  };
}
