import type { Channel, RealtimePayload } from '../../contract/realtime';

/**
 * Who caused an event, as this tab sees it: this very tab (its GussetSessionId), the signed-in user elsewhere
 * (another tab, or a request without a tab), another user, or the system (author null).
 */
export type EventOrigin = 'thisTab' | 'currentUser' | 'anotherUser' | 'system';

/** An event the socket accepted for this tab (valid, and addressed to it: rule (a) of eventRules.ts). */
export interface RealtimeEvent {
  channel: Channel;
  payload: RealtimePayload;
  origin: EventOrigin;
}

/** The socket's state as the rest of the app needs it (the offline banner, the upload's polling fallback). */
export type SocketStatus = 'connecting' | 'online' | 'reconnecting' | 'offline' | 'closed';

/** What the socket actor publishes to the app's realtime feed (realtimeFeed.ts). */
export type RealtimeNotice =
  /** A model or organization event, for the feature machines to apply their rules to. */
  | { type: 'realtime.event'; event: RealtimeEvent }
  /** Back online after a reconnect: what may have been missed meanwhile must be fetched again. */
  | { type: 'socket.resynced' }
  /** VersionMerged with empty data: the merge the user started is done. */
  | { type: 'merge.done'; event: RealtimeEvent }
  | { type: 'socket.status'; status: SocketStatus };

/** The tab and the user the socket works for. */
export interface RealtimeViewer {
  userId: string;
  tabSessionId: string;
}
