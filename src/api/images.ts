import type { AvatarContentType } from '../contract/http/images';
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
