import type {
  ForgotBody,
  LoginBody,
  MessageResponse,
  ResetBody,
  SignupBody,
  VerifyBody,
} from '../contract/http/auth';
import { messageResponse } from '../contract/http/auth';
import type { SessionResponse } from '../contract/http/users';
import { sessionResponse } from '../contract/http/users';
import type { ApiResult, HttpClient } from './types';

/** POST /auth/signup: asks for the verification mail. Answers 200 whether or not the address is known. */
export function signup(http: HttpClient, body: SignupBody): Promise<ApiResult<MessageResponse>> {
  return http.request('POST', '/auth/signup', { json: body, schema: messageResponse });
}

/** POST /auth/verify: creates the account from the mailed link; 201 starts a session. */
export function verify(http: HttpClient, body: VerifyBody): Promise<ApiResult<SessionResponse>> {
  return http.request('POST', '/auth/verify', { json: body, schema: sessionResponse });
}

/** POST /auth/login: 401 and 429 come back as results for the form to show (the client does not toast them). */
export function login(http: HttpClient, body: LoginBody): Promise<ApiResult<SessionResponse>> {
  return http.request('POST', '/auth/login', { json: body, schema: sessionResponse });
}

/** POST /auth/forgot: answers the same message whether or not the address is known. */
export function forgot(http: HttpClient, body: ForgotBody): Promise<ApiResult<MessageResponse>> {
  return http.request('POST', '/auth/forgot', { json: body, schema: messageResponse });
}

/** POST /auth/reset: sets a new password with the mailed token. */
export function reset(http: HttpClient, body: ResetBody): Promise<ApiResult<MessageResponse>> {
  return http.request('POST', '/auth/reset', { json: body, schema: messageResponse });
}
