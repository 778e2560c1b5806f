import { io, type ManagerOptions, type Socket, type SocketOptions } from 'socket.io-client';
import {
  CHANNELS,
  type Channel,
  type ClientToServerEvents,
  type LoginAck,
  type ServerToClientEvents,
} from '../contract/realtime';

/** What the live socket tells its owner: its connection's life, and every payload of the three channels. */
export type SocketSignal =
  | { type: 'connected' }
  /** The connection could not be opened (refused handshake, unreachable server, timeout). */
  | { type: 'connectFailed'; message: string }
  /** An open connection was lost; `reason` is socket.io's ('transport close', 'io client disconnect'...). */
  | { type: 'disconnected'; reason: string }
  /** A payload as it arrived: the owner parses it with the contract's schema. */
  | { type: 'received'; channel: Channel; payload: unknown };

/**
 * The live socket as the socket statechart drives it. It never reconnects by itself: the statechart decides
 * when to try again and when to give up, so the 5-attempt cap is a transition that tests can walk.
 */
export interface RealtimeSocket {
  /** Opens the connection (again); answers with `connected` or `connectFailed`. */
  connect(): void;
  /** Closes the connection; nothing reconnects it. */
  disconnect(): void;
  /** The `login` event with the user's _id; rejects when no answer comes in time or the socket drops. */
  login(userId: string): Promise<LoginAck>;
  logout(userId: string): void;
  /** Every signal from now on; returns the unsubscribe. */
  listen(listener: (signal: SocketSignal) => void): () => void;
}

export interface RealtimeSocketOptions {
  /** The session token, sent in the handshake as `auth: { token }`. */
  token: string;
  /** How long opening the connection, and the `login` answer, may take. */
  timeoutMs: number;
  /** The API host; defaults to the page's own origin, which serves the API too. */
  url?: string;
}

type GussetSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** The one place socket.io-client is created. */
export function createRealtimeSocket(options: RealtimeSocketOptions): RealtimeSocket {
  const settings: Partial<ManagerOptions & SocketOptions> = {
    autoConnect: false,
    // The socket statechart owns reconnection (5 attempts, 1 s apart: src/machines/socket).
    reconnection: false,
    // WebSocket first; when it cannot be opened, long polling (tryAllTransports falls back within one attempt).
    transports: ['websocket', 'polling'],
    tryAllTransports: true,
    timeout: options.timeoutMs,
    auth: { token: options.token },
    // Each session gets its own connection: a new token must never reuse the previous session's manager.
    forceNew: true,
  };
  const socket: GussetSocket = options.url === undefined ? io(settings) : io(options.url, settings);

  return {
    connect: () => {
      socket.connect();
    },
    disconnect: () => {
      socket.disconnect();
    },
    login: (userId) => socket.timeout(options.timeoutMs).emitWithAck('login', userId),
    logout: (userId) => {
      socket.emit('logout', userId);
    },
    listen: (listener) => {
      const onConnect = () => listener({ type: 'connected' });
      const onConnectError = (error: Error) => listener({ type: 'connectFailed', message: error.message });
      const onDisconnect = (reason: string) => listener({ type: 'disconnected', reason });
      const channelListeners = CHANNELS.map((channel) => {
        const onPayload = (payload: unknown) => listener({ type: 'received', channel, payload });
        socket.on(channel, onPayload);
        return () => socket.off(channel, onPayload);
      });
      socket.on('connect', onConnect);
      socket.on('connect_error', onConnectError);
      socket.on('disconnect', onDisconnect);
      return () => {
        socket.off('connect', onConnect);
        socket.off('connect_error', onConnectError);
        socket.off('disconnect', onDisconnect);
        for (const off of channelListeners) off();
      };
    },
  };
}
