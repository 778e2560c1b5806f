import type { ApiResult } from '../../api/types';
import { messages, ownMessages } from '../../contract/errors';

/**
 * What a model screen shows beside its form for a failed call, or null when the HTTP client has announced it
 * already (no answer, 401, 403, 5xx: spec section 8). A refused permission type reads as the spec's
 * permissions message.
 */
export function formFailureMessage(result: Extract<ApiResult<unknown>, { ok: false }>): string | null {
  if (result.status === 0 || result.status === 401 || result.status === 403 || result.status >= 500)
    return null;
  if (result.error.message === ownMessages.permissionTypeRequired) return messages.permissionsIssue;
  return result.error.message;
}

/** A failed call as the error a promise actor rejects with; `announced` when the client toasted it already. */
export class CallFailed extends Error {
  readonly formMessage: string | null;

  constructor(result: Extract<ApiResult<unknown>, { ok: false }>) {
    super(result.error.message);
    this.name = 'CallFailed';
    this.formMessage = formFailureMessage(result);
  }
}

/** The data of a successful call; a failure becomes a CallFailed rejection. */
export function unwrap<T>(result: ApiResult<T>): T {
  if (!result.ok) throw new CallFailed(result);
  return result.data;
}

/** The message a form shows for an actor's error: null when the client already told the user. */
export function formMessageOf(error: unknown): string | null {
  if (error instanceof CallFailed) return error.formMessage;
  return error instanceof Error ? error.message : messages.serverNotResponding;
}

/** The message a page shows in place of its content (it must say something, even if a toast did too). */
export function pageMessageOf(error: unknown): string {
  return error instanceof Error ? error.message : messages.serverNotResponding;
}
