import { fromCallback } from 'xstate';
import type { RealtimeSocket, SocketSignal } from '../../api/socket';
import type { Channel, LoginAck } from '../../contract/realtime';

/** What the socket machine tells its connection to do. */
export type SocketCommand =
  | { type: 'connect' }
  | { type: 'disconnect' }
  /** `seq` comes back with the answer, so a late answer to an earlier login is recognised and ignored. */
  | { type: 'login'; seq: number; userId: string }
  | { type: 'logout'; userId: string };

/** What the connection tells the socket machine. */
export type SocketLinkEvent =
  | { type: 'socket.connected' }
  | { type: 'socket.connectFailed'; message: string }
  | { type: 'socket.disconnected'; reason: string }
  | { type: 'socket.received'; channel: Channel; payload: unknown }
  | { type: 'socket.loginAnswered'; seq: number; ack: LoginAck }
  | { type: 'socket.loginFailed'; seq: number; message: string };

export interface ConnectionInput {
  token: string;
}

function linkEventOf(signal: SocketSignal): SocketLinkEvent {
  switch (signal.type) {
    case 'connected':
      return { type: 'socket.connected' };
    case 'connectFailed':
      return { type: 'socket.connectFailed', message: signal.message };
    case 'disconnected':
      return { type: 'socket.disconnected', reason: signal.reason };
    case 'received':
      return { type: 'socket.received', channel: signal.channel, payload: signal.payload };
  }
}

/**
 * The socket machine's connection: one RealtimeSocket for the session's token, opened by `open` (socket.io in
 * the app, a fake in tests). It turns the machine's commands into calls and the socket's signals into events,
 * and disconnects when the machine stops.
 */
export function socketConnection(open: (token: string) => RealtimeSocket) {
  return fromCallback<SocketCommand, ConnectionInput>(({ input, sendBack, receive }) => {
    const socket = open(input.token);
    let stopped = false;
    const stopListening = socket.listen((signal) => {
      if (!stopped) sendBack(linkEventOf(signal));
    });
    receive((command) => {
      switch (command.type) {
        case 'connect':
          socket.connect();
          return;
        case 'disconnect':
          socket.disconnect();
          return;
        case 'logout':
          socket.logout(command.userId);
          return;
        case 'login':
          socket.login(command.userId).then(
            (ack) => {
              if (!stopped) sendBack({ type: 'socket.loginAnswered', seq: command.seq, ack });
            },
            (error: unknown) => {
              const message = error instanceof Error ? error.message : String(error);
              if (!stopped) sendBack({ type: 'socket.loginFailed', seq: command.seq, message });
            },
          );
          return;
      }
    });
    return () => {
      stopped = true;
      stopListening();
      socket.disconnect();
    };
  });
}
