import { createActor, SimulatedClock } from 'xstate';
import type { RealtimeSocket, SocketSignal } from '../../api/socket';
import type { Channel, LoginAck, RealtimePayload } from '../../contract/realtime';
import { socketConnection } from './connection';
import { socketMachine, type SocketInput } from './socketMachine';
import type { EventOrigin, RealtimeEvent, RealtimeNotice } from './types';

/** Test support for the socket machine and the machines that listen to it (never imported by the app). */

/** A RealtimeSocket the test drives: it records what the machine asked for and emits what the test says. */
export class FakeSocket implements RealtimeSocket {
  connects = 0;
  disconnects = 0;
  readonly logins: string[] = [];
  readonly logouts: string[] = [];
  private listeners = new Set<(signal: SocketSignal) => void>();
  private pendingLogins: Array<{ resolve: (ack: LoginAck) => void; reject: (error: Error) => void }> = [];

  connect(): void {
    this.connects += 1;
  }
  disconnect(): void {
    this.disconnects += 1;
  }
  login(userId: string): Promise<LoginAck> {
    this.logins.push(userId);
    return new Promise((resolve, reject) => this.pendingLogins.push({ resolve, reject }));
  }
  logout(userId: string): void {
    this.logouts.push(userId);
  }
  listen(listener: (signal: SocketSignal) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private emit(signal: SocketSignal): void {
    for (const listener of [...this.listeners]) listener(signal);
  }
  acceptConnection(): void {
    this.emit({ type: 'connected' });
  }
  refuseConnection(message = 'xhr poll error'): void {
    this.emit({ type: 'connectFailed', message });
  }
  drop(reason = 'transport close'): void {
    this.emit({ type: 'disconnected', reason });
  }
  deliver(channel: Channel, payload: unknown): void {
    this.emit({ type: 'received', channel, payload });
  }
  /** Answers the latest `login`, then lets the answer reach the machine. */
  async answerLogin(ack: LoginAck = { ok: true }): Promise<void> {
    this.pendingLogins.pop()?.resolve(ack);
    await flush();
  }
  async failLogin(message = 'operation has timed out'): Promise<void> {
    this.pendingLogins.pop()?.reject(new Error(message));
    await flush();
  }
  get listening(): boolean {
    return this.listeners.size > 0;
  }
}

/** Lets settled promises run their callbacks. */
export function flush(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

export const viewer: SocketInput = {
  token: 'token-of-ada-0123456789',
  userId: 'user-1',
  tabSessionId: 'tab-1',
};

/** The socket machine over a FakeSocket, on a simulated clock, recording what it publishes and toasts. */
export function startSocket(input: Partial<SocketInput> = {}) {
  const socket = new FakeSocket();
  const clock = new SimulatedClock();
  const published: RealtimeNotice[] = [];
  const toasts: string[] = [];
  const invalid: Array<{ channel: Channel; problem: string }> = [];
  const actor = createActor(
    socketMachine.provide({
      actors: { connection: socketConnection(() => socket) },
      actions: {
        publish: (_, notice) => published.push(notice),
        announce: (_, params) => toasts.push(params.message),
        reportInvalidPayload: (_, params) => invalid.push(params),
      },
    }),
    { input: { ...viewer, ...input }, clock },
  ).start();
  return {
    actor,
    socket,
    clock,
    published,
    toasts,
    invalid,
    /** Connects and logs in: the socket is online. */
    async goOnline() {
      socket.acceptConnection();
      await socket.answerLogin({ ok: true });
    },
    notices: <T extends RealtimeNotice['type']>(type: T) =>
      published.filter((notice): notice is Extract<RealtimeNotice, { type: T }> => notice.type === type),
  };
}

export const ada = { _id: 'user-1', firstName: 'Ada', lastName: 'Lovelace', initials: 'AL' };
export const grace = { _id: 'user-2', firstName: 'Grace', lastName: 'Hopper', initials: 'GH' };

export function aPayload(overrides: Partial<RealtimePayload> = {}): RealtimePayload {
  return {
    author: grace,
    message: 'success',
    eventName: 'ModelUpdated',
    data: { modelId: 'model-1' },
    showInWebUI: false,
    ...overrides,
  };
}

/** An event as the feed hands it to the feature machines. */
export function aRealtimeEvent(
  overrides: Partial<RealtimePayload> = {},
  origin: EventOrigin = 'anotherUser',
  channel: Channel = 'fromElementService',
): RealtimeEvent {
  return { channel, origin, payload: aPayload(overrides) };
}
