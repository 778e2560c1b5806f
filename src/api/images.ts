import {
  batchImageUrlsResponse,
  modelScreenshotResponse,
  type AvatarContentType,
  type BatchImageUrls,
  type ModelScreenshot,
  type ModelScreenshotBody,
} from '../contract/http/images';
import { userSchema, type User } from '../contract/http/users';
import type { ApiResult, HttpClient } from './types';

/**
 * POST /api/images/profileImage: the image itself is the body, its type in Content-Type. The server checks the
 * bytes, resizes to a square WebP and answers the user with the new avatarUrl.
 */
export function uploadProfileImage(
  http: HttpClient,
  image: Blob,
  contentType: AvatarContentType,
): Promise<ApiResult<User>> {
  return http.request('POST', '/api/images/profileImage', {
    body: image,
    headers: { 'Content-Type': contentType },
    schema: userSchema,
    // The image screen shows its own progress beside the picture.
    showLoader: false,
  });
}

/** DELETE /api/images/users: the signed-in user's avatar goes; the initials show again. */
export function removeProfileImage(http: HttpClient): Promise<ApiResult<User>> {
  return http.request('DELETE', '/api/images/users', { schema: userSchema, showLoader: false });
}

/**
 * POST /api/images/modelScreenshot: a PNG or JPEG data URL of the viewer's canvas becomes the model's thumbnail
 * (201 with its imageUrl). Needs WRITE on the model.
 */
export function postModelScreenshot(
  http: HttpClient,
  body: ModelScreenshotBody,
): Promise<ApiResult<ModelScreenshot>> {
  return http.request('POST', '/api/images/modelScreenshot', {
    json: body,
    schema: modelScreenshotResponse,
    showLoader: false,
  });
}

/**
 * PUT /api/images/getBatchImageUrls: the thumbnails of up to 500 models in one call; models the user cannot see
 * are left out of the answer.
 */
export function getBatchImageUrls(
  http: HttpClient,
  modelIds: readonly string[],
): Promise<ApiResult<BatchImageUrls>> {
  return http.request('PUT', '/api/images/getBatchImageUrls', {
    json: { modelIds },
    schema: batchImageUrlsResponse,
    showLoader: false,
  });
}
