/**
 * Model-based test of the socket's reconnect lifecycle. xstate/graph walks the production socket machine (its
 * connection bound to a FakeSocket; the socket's signals, login answers and the 1 s timer fed in as events, since
 * a traversal steps pure transitions only) to every state it can reach, then replays each path on a real actor
 * whose FakeSocket emits those signals and whose clock is simulated. What is proven: no path makes a 6th
 * reconnection attempt, the 5th failure ends offline and nothing connects again until the user retries, and
 * every connection sends `login` before the socket counts as online.
 */
import { describe, expect, it } from 'vitest';
import { transition, type AnyEventObject, type SnapshotFrom } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { SOCKET_RECONNECTION_ATTEMPTS, SOCKET_RECONNECTION_DELAY_MS } from '../constants';
import { socketConnection } from './connection';
import { socketMachine } from './socketMachine';
import { FakeSocket, startSocket, viewer } from './socketTestKit';

const walkedMachine = socketMachine.provide({
  actors: { connection: socketConnection(() => new FakeSocket()) },
  actions: { publish: () => {}, announce: () => {}, reportInvalidPayload: () => {} },
});

type Snapshot = SnapshotFrom<typeof socketMachine>;

/** The 1 s wait between reconnection attempts, as the traversal names its timer event. */
const reconnectionTimer = { type: 'xstate.after.reconnectionDelay.socket.reconnecting.waiting' };
const isTimer = (event: AnyEventObject) => event.type === reconnectionTimer.type;

/** The lifecycle's events (payloads are another test's business); login answers name the awaited login. */
function lifecycleEvents(state: Snapshot): AnyEventObject[] {
  const seq = state.context.loginSeq;
  return [
    { type: 'socket.connected' },
    { type: 'socket.connectFailed', message: 'xhr poll error' },
    { type: 'socket.disconnected', reason: 'transport close' },
    { type: 'socket.loginAnswered', seq, ack: { ok: true } },
    { type: 'socket.loginAnswered', seq, ack: { ok: false, message: 'Unauthorized access' } },
    { type: 'socket.loginFailed', seq, message: 'operation has timed out' },
    { type: 'socket.retry' },
    { type: 'session.ended' },
    reconnectionTimer,
  ];
}

const paths = getShortestPaths(walkedMachine, {
  input: viewer,
  events: lifecycleEvents as (state: Snapshot) => never[],
  // The login counter grows forever; what matters is where the socket is, the attempt and whether it was online.
  serializeState: (state) =>
    JSON.stringify([state.value, state.context.attempt, state.context.everOnline, state.status]),
});

/** Replays a path on a real actor over a FakeSocket, checking the cap after every step. */
async function replay(events: readonly AnyEventObject[]) {
  const harness = startSocket();
  const { actor, socket, clock } = harness;
  // Connects since the last time the socket was online, the start, or the user's retry.
  let connectsAtReset = 0;
  let accepted = 0;
  let mostConnectsInARow = socket.connects;
  for (const event of events) {
    if (isTimer(event)) clock.increment(SOCKET_RECONNECTION_DELAY_MS);
    else if (event.type === 'socket.connected') {
      accepted += 1;
      socket.acceptConnection();
    } else if (event.type === 'socket.connectFailed') socket.refuseConnection(String(event.message));
    else if (event.type === 'socket.disconnected') socket.drop(String(event.reason));
    else if (event.type === 'socket.loginAnswered') await socket.answerLogin(event.ack as never);
    else if (event.type === 'socket.loginFailed') await socket.failLogin(String(event.message));
    else {
      if (event.type === 'socket.retry') connectsAtReset = socket.connects;
      actor.send(event as never);
    }
    if (actor.getSnapshot().hasTag('online')) connectsAtReset = socket.connects;
    mostConnectsInARow = Math.max(mostConnectsInARow, socket.connects - connectsAtReset);
  }
  return { ...harness, accepted, mostConnectsInARow };
}

describe('the socket reconnect lifecycle, walked', () => {
  const reconnecting = paths.filter((path) => path.state.hasTag('reconnecting'));

  it('reaches reconnection attempts 1 to 5 and never a 6th', () => {
    const attempts = new Set(reconnecting.map((path) => path.state.context.attempt));
    expect([...attempts].sort()).toEqual([1, 2, 3, 4, 5]);
    expect(paths.every((path) => path.state.context.attempt <= SOCKET_RECONNECTION_ATTEMPTS)).toBe(true);
  });

  it('goes offline on the failure of the 5th attempt, and only then', () => {
    for (const path of reconnecting) {
      if (!path.state.matches({ reconnecting: 'trying' })) continue;
      const [next] = transition(walkedMachine, path.state, {
        type: 'socket.connectFailed',
        message: 'xhr poll error',
      });
      const last = path.state.context.attempt === SOCKET_RECONNECTION_ATTEMPTS;
      expect(next.hasTag('offline')).toBe(last);
    }
  });

  it('reaches every state of the lifecycle', () => {
    const reached = new Set(paths.map((path) => JSON.stringify(path.state.value)));
    for (const state of [
      '"connecting"',
      '{"connected":"loggingIn"}',
      '{"connected":"online"}',
      '{"reconnecting":"waiting"}',
      '{"reconnecting":"trying"}',
      '"failed"',
      '"disconnected"',
    ]) {
      expect(reached).toContain(state);
    }
  });

  it.each(
    paths.map((path) => [path.steps.map((step) => step.event.type).join(' → ') || 'start', path] as const),
  )('replayed on a FakeSocket: %s', async (_name, path) => {
    const events = path.steps.slice(1).map((step) => step.event);
    const { actor, socket, clock, accepted, mostConnectsInARow } = await replay(events);
    const snapshot = actor.getSnapshot();

    // The real actor is where the walk said it would be.
    expect(snapshot.value).toEqual(path.state.value);
    expect(snapshot.context.attempt).toBe(path.state.context.attempt);
    // The first connect and at most 5 more, between two times online (or a retry).
    expect(mostConnectsInARow).toBeLessThanOrEqual(1 + SOCKET_RECONNECTION_ATTEMPTS);
    // Every accepted connection sent `login` with the user's _id.
    expect(socket.logins).toEqual(Array.from({ length: accepted }, () => viewer.userId));

    if (snapshot.hasTag('offline') || snapshot.status === 'done') {
      // Given up (or logged out): time passing connects nothing.
      const connects = socket.connects;
      clock.increment(10 * 60_000);
      expect(socket.connects).toBe(connects);
    }
    if (snapshot.status === 'done') expect(socket.logouts).toEqual([viewer.userId]);
    actor.stop();
  });

  it('a connection lost for good costs exactly 5 attempts, 1 s apart, then waits for the user', async () => {
    const { actor, socket, clock, goOnline } = startSocket();
    await goOnline();
    socket.drop();
    const connectTimes: number[] = [];
    let elapsed = 0;
    while (!actor.getSnapshot().hasTag('offline') && elapsed < 60_000) {
      const before = socket.connects;
      clock.increment(100);
      elapsed += 100;
      if (socket.connects > before) {
        connectTimes.push(elapsed);
        socket.refuseConnection();
      }
    }
    expect(connectTimes).toEqual([1000, 2000, 3000, 4000, 5000]);
  });
});
