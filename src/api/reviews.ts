import { reportRemovedResponse } from '../contract/http/reports';
import {
  applyReviewResponse,
  reviewResponse,
  type ApplyReviewBody,
  type ReviewResponse,
} from '../contract/http/reviews';
import type { Version } from '../contract/http/versions';
import { modelPath } from './paths';
import type { ApiResult, HttpClient } from './types';

/** Upload reviews: an upload's changes, applied whole or in part, or discarded (contract/http/reviews.ts). */

function reviewPath(modelId: string, reviewId: string): string {
  return `${modelPath(modelId)}/reviews/${encodeURIComponent(reviewId)}`;
}

/** GET /api/models/{id}/reviews/{reviewId}: an upload waiting for review, with its diff against the latest. */
export function getReview(
  http: HttpClient,
  modelId: string,
  reviewId: string,
): Promise<ApiResult<ReviewResponse>> {
  return http.request('GET', reviewPath(modelId, reviewId), {
    schema: reviewResponse,
    timeoutMs: 120_000,
  });
}

/** POST /api/models/{id}/reviews/{reviewId}/apply: the selected changes become a new version (201). */
export function applyReview(
  http: HttpClient,
  modelId: string,
  reviewId: string,
  body: ApplyReviewBody,
): Promise<ApiResult<Version>> {
  return http.request('POST', `${reviewPath(modelId, reviewId)}/apply`, {
    json: body,
    schema: applyReviewResponse,
    timeoutMs: 120_000,
  });
}

/** DELETE /api/models/{id}/reviews/{reviewId}: the upload is discarded; no version is made. */
export function discardReview(
  http: HttpClient,
  modelId: string,
  reviewId: string,
): Promise<ApiResult<{ message: string }>> {
  return http.request('DELETE', reviewPath(modelId, reviewId), { schema: reportRemovedResponse });
}
