import type { FastifyRequest } from 'fastify';
import { initialsOf, type PublicUser } from '../../contract/http/users';
import {
  EVENT_MESSAGES,
  gussetSessionIdSchema,
  type EventAuthor,
  type EventData,
  type EventName,
  type RealtimePayload,
} from '../../contract/realtime';

/** Who and which browser tab caused an event. */
export interface EventCause {
  author: EventAuthor;
  /** The GussetSessionId of the request that caused it; absent when the request carried none. */
  sessionId?: string | undefined;
}

/** Events nobody's request caused directly (none yet: jobs carry the cause of their upload). */
export const systemCause: EventCause = { author: null };

/** Events a person is told about with a toast; the others only update what the screen shows. */
const SHOWN_IN_WEB_UI: ReadonlySet<EventName> = new Set<EventName>([
  'ModelAdded',
  'ModelCloned',
  'ModelError',
  'ModelRemoved',
]);

export function authorOf(user: Pick<PublicUser, '_id' | 'firstName' | 'lastName' | 'initials'>): EventAuthor {
  return { _id: user._id, firstName: user.firstName, lastName: user.lastName, initials: user.initials };
}

function single(value: unknown): unknown {
  return Array.isArray(value) ? value[0] : value;
}

/**
 * The browser tab of a request: the `GussetSessionId` header (the api client sends it on every request) or the
 * query parameter of the same name (GETs carry it there too). A malformed one is ignored, not refused.
 */
export function sessionIdOf(request: FastifyRequest): string | undefined {
  const fromHeader = gussetSessionIdSchema.safeParse(single(request.headers.gussetsessionid));
  if (fromHeader.success) return fromHeader.data;
  const query = request.url.indexOf('?');
  if (query < 0) return undefined;
  const fromQuery = gussetSessionIdSchema.safeParse(
    new URLSearchParams(request.url.slice(query + 1)).get('GussetSessionId') ?? undefined,
  );
  return fromQuery.success ? fromQuery.data : undefined;
}

/** The cause of a request's events: its signed-in user and its browser tab. */
export function causeOf(request: FastifyRequest): EventCause {
  return {
    author: request.user
      ? authorOf({
          _id: request.user.id,
          firstName: request.user.firstName,
          lastName: request.user.lastName,
          initials: initialsOf(request.user.firstName, request.user.lastName),
        })
      : null,
    sessionId: sessionIdOf(request),
  };
}

/** One event as the contract declares it; `message` says success, progress or error. */
export function realtimeEvent<Name extends EventName>(
  eventName: Name,
  data: EventData<Name>,
  cause: EventCause,
): RealtimePayload {
  const message =
    eventName === 'ModelError'
      ? EVENT_MESSAGES.error
      : eventName === 'ProgressUpdate'
        ? EVENT_MESSAGES.progress
        : EVENT_MESSAGES.success;
  return {
    author: cause.author,
    message,
    eventName,
    data,
    showInWebUI: SHOWN_IN_WEB_UI.has(eventName),
    ...(cause.sessionId === undefined ? {} : { GussetSessionId: cause.sessionId }),
  };
}
