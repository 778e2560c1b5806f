import type { FastifyBaseLogger } from 'fastify';
import type { ModelAbility, ModelRole } from '../../contract/http/models';
import type { Server, Socket } from 'socket.io';
import type { z } from 'zod';
import {
  channelOf,
  eventDataSchemas,
  realtimePayloadSchema,
  type Channel,
  type ClientToServerEvents,
  type EventName,
  type RealtimePayload,
  type ServerToClientEvents,
} from '../../contract/realtime';
import type { Clock } from '../clock';
import type { RealtimeAccess, Refusal } from './access';

/**
 * Who may receive an event, as rules checked again when it is sent: the sockets of a model's room whose user
 * still has at least `minimumAbility` on it, an organization's room whose user is still a member, a user's own
 * sockets. Every rule also needs the socket's session to be live.
 */
export type Audience =
  | {
      kind: 'model';
      modelId: string;
      minimumAbility: ModelAbility;
      /** Only these roles (a narrower word for some of the room, e.g. LIMITEDVIEW); else every role allowed. */
      onlyRoles?: ModelRole[];
    }
  | { kind: 'organization'; organizationId: string }
  | { kind: 'user'; userId: string };

export const rooms = {
  user: (userId: string) => `user:${userId}`,
  organization: (organizationId: string) => `organization:${organizationId}`,
  model: (modelId: string) => `model:${modelId}`,
};

function roomOf(audience: Audience): string {
  switch (audience.kind) {
    case 'model':
      return rooms.model(audience.modelId);
    case 'organization':
      return rooms.organization(audience.organizationId);
    case 'user':
      return rooms.user(audience.userId);
  }
}

/** What a socket carries from its handshake: the token's user and session (the hash, never the token). */
export interface SocketData {
  userId: string;
  tokenHash: string;
}

/** One event on its way to the sockets of every instance; each instance checks its own sockets. */
export interface Delivery {
  audiences: Audience[];
  channel: Channel;
  payload: RealtimePayload;
}

/** Between instances (through the Redis adapter): deliver an event to your sockets. */
export interface InterServerEvents {
  deliver: (delivery: Delivery) => void;
}

export type RealtimeIo = Server<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;
export type RealtimeSocket = Socket<
  ClientToServerEvents,
  ServerToClientEvents,
  InterServerEvents,
  SocketData
>;

/**
 * The live socket as the modules see it. Emits never fail the request that causes them (a failure is logged) and
 * resolve when this instance has delivered the event to its own sockets.
 */
export interface Realtime {
  /** One event to every socket any audience allows, once per socket. */
  publish(audiences: readonly Audience[], payload: RealtimePayload): Promise<void>;
  /** To the model's room; `minimumAbility` defaults to view (READ+): version data never reaches LIMITEDVIEW. */
  emitToModel(
    modelId: string,
    payload: RealtimePayload,
    options?: { minimumAbility?: ModelAbility; onlyRoles?: ModelRole[] },
  ): Promise<void>;
  emitToOrganization(organizationId: string, payload: RealtimePayload): Promise<void>;
  emitToUser(userId: string, payload: RealtimePayload): Promise<void>;
  /** Everyone who can see the model now (captured before a delete, which takes the permissions along). */
  modelAudience(modelId: string): Promise<string[]>;
  /** The signed-in sockets of everyone who can see the model join its room (a new model, a new collaborator). */
  syncModelRoom(modelId: string): Promise<void>;
  /** The user's sockets leave the model's room at once (their permission was removed). */
  leaveModel(userId: string, modelId: string): void;
  /** Every socket leaves the model's room (the model was deleted). */
  closeModelRoom(modelId: string): void;
  joinOrganization(userId: string, organizationId: string): void;
  leaveOrganization(userId: string, organizationId: string): void;
}

/** For a server without sockets (and the default of ServerContext.realtime): every call does nothing. */
export const noRealtime: Realtime = {
  publish: () => Promise.resolve(),
  emitToModel: () => Promise.resolve(),
  emitToOrganization: () => Promise.resolve(),
  emitToUser: () => Promise.resolve(),
  modelAudience: () => Promise.resolve([]),
  syncModelRoom: () => Promise.resolve(),
  leaveModel: () => undefined,
  closeModelRoom: () => undefined,
  joinOrganization: () => undefined,
  leaveOrganization: () => undefined,
};

export interface RealtimeDeps {
  io: RealtimeIo;
  /** Who may receive what: the access port app.ts hands in. */
  access: RealtimeAccess;
  clock: Clock;
  log: FastifyBaseLogger;
  /** True when other instances share the rooms (Redis adapter): events are relayed to them too. */
  clustered: boolean;
}

export interface RealtimeEmitter extends Realtime {
  /** Disconnects this instance's sockets whose session was revoked or expired. */
  sweepSessions(): Promise<void>;
  /** Stops sending and waits for the deliveries under way. */
  stop(): Promise<void>;
}

const dataSchemas: Partial<Record<EventName, z.ZodType>> = eventDataSchemas;

function distinct<T>(values: Iterable<T>): T[] {
  return [...new Set(values)];
}

/**
 * The emitter. Rooms are kept exact (joined after a database check at login, left when a permission or a
 * membership goes), and every delivery checks again, per session in the room, with one query per audience
 * whatever the number of sockets: a user whose role went while an event was on its way, or whose session was
 * revoked (that socket is disconnected), gets nothing. Each instance runs that check for its own sockets, so the
 * Redis adapter only carries the event, and deliveries run one at a time so events arrive in the order sent.
 */
export function createRealtime(deps: RealtimeDeps): RealtimeEmitter {
  const { io, clock, log } = deps;
  const repository = deps.access;
  let stopped = false;
  let queue: Promise<void> = Promise.resolve();

  function socketsIn(room: string): RealtimeSocket[] {
    const ids = io.sockets.adapter.rooms.get(room);
    if (!ids) return [];
    const found: RealtimeSocket[] = [];
    for (const id of ids) {
      const socket = io.sockets.sockets.get(id);
      if (socket) found.push(socket);
    }
    return found;
  }

  /**
   * The sockets of the room the audience allows now. One query per audience answers, for every session in the
   * room, whether it is live and what its user may do (it returns the refusals only): a socket whose session
   * ended is disconnected, one whose user lost every right to the room leaves it.
   */
  async function allowedIn(audience: Audience, room: string, members: RealtimeSocket[]) {
    const hashes = distinct(members.map((socket) => socket.data.tokenHash));
    const now = clock();
    let refusals: Map<string, Refusal>;
    switch (audience.kind) {
      case 'user': {
        const ended = await repository.endedSessions(hashes, now);
        refusals = new Map([...ended].map((hash) => [hash, 'ended']));
        break;
      }
      case 'organization':
        refusals = await repository.organizationRefusals(audience.organizationId, hashes, now);
        break;
      case 'model':
        refusals = await repository.modelRefusals(audience.modelId, hashes, audience, now);
        break;
    }
    return members.filter((socket) => {
      // The room of a user is theirs alone; a socket of someone else there would be a bug, never a recipient.
      if (audience.kind === 'user' && socket.data.userId !== audience.userId) return false;
      const refusal = refusals.get(socket.data.tokenHash);
      if (refusal === 'ended') socket.disconnect(true);
      if (refusal === 'none') void socket.leave(room);
      return refusal === undefined;
    });
  }

  async function deliverHere({ audiences, channel, payload }: Delivery): Promise<void> {
    const recipients = new Set<string>();
    for (const audience of audiences) {
      const room = roomOf(audience);
      const members = socketsIn(room);
      if (members.length === 0) continue;
      for (const socket of await allowedIn(audience, room, members)) recipients.add(socket.id);
    }
    // Each socket is in the room named by its id: one packet, encoded once, to exactly these sockets.
    if (recipients.size > 0) io.local.to([...recipients]).emit(channel, payload);
  }

  function enqueue(delivery: Delivery): Promise<void> {
    const run = queue.then(() =>
      stopped
        ? undefined
        : deliverHere(delivery).catch((error: unknown) => {
            log.error({ err: error, eventName: delivery.payload.eventName }, 'Realtime delivery failed');
          }),
    );
    queue = run;
    return run;
  }

  if (deps.clustered) io.on('deliver', (delivery) => void enqueue(delivery));

  /** The payload as the contract allows it (unknown fields dropped), or null with the reason logged. */
  function validated(payload: RealtimePayload): RealtimePayload | null {
    const parsed = realtimePayloadSchema.safeParse(payload);
    if (!parsed.success) {
      log.error({ issues: parsed.error.issues, eventName: payload.eventName }, 'Invalid realtime payload');
      return null;
    }
    const schema = dataSchemas[parsed.data.eventName];
    if (!schema) return parsed.data;
    const data = schema.safeParse(parsed.data.data);
    if (!data.success) {
      log.error({ issues: data.error.issues, eventName: payload.eventName }, 'Invalid realtime event data');
      return null;
    }
    return { ...parsed.data, data: data.data };
  }

  const realtime: RealtimeEmitter = {
    publish(audiences, payload) {
      if (stopped || audiences.length === 0) return Promise.resolve();
      const checked = validated(payload);
      if (!checked) return Promise.resolve();
      const delivery: Delivery = {
        audiences: [...audiences],
        channel: channelOf(checked.eventName),
        payload: checked,
      };
      if (deps.clustered) io.serverSideEmit('deliver', delivery);
      return enqueue(delivery);
    },
    emitToModel(modelId, payload, options = {}) {
      return realtime.publish(
        [
          {
            kind: 'model',
            modelId,
            minimumAbility: options.minimumAbility ?? 'view',
            ...(options.onlyRoles ? { onlyRoles: options.onlyRoles } : {}),
          },
        ],
        payload,
      );
    },
    emitToOrganization(organizationId, payload) {
      return realtime.publish([{ kind: 'organization', organizationId }], payload);
    },
    emitToUser(userId, payload) {
      return realtime.publish([{ kind: 'user', userId }], payload);
    },
    modelAudience: (modelId) => repository.modelAudience(modelId),
    async syncModelRoom(modelId) {
      const userIds = await repository.modelAudience(modelId);
      if (!stopped && userIds.length > 0) io.in(userIds.map(rooms.user)).socketsJoin(rooms.model(modelId));
    },
    leaveModel(userId, modelId) {
      if (!stopped) io.in(rooms.user(userId)).socketsLeave(rooms.model(modelId));
    },
    closeModelRoom(modelId) {
      if (!stopped) io.in(rooms.model(modelId)).socketsLeave(rooms.model(modelId));
    },
    joinOrganization(userId, organizationId) {
      if (!stopped) io.in(rooms.user(userId)).socketsJoin(rooms.organization(organizationId));
    },
    leaveOrganization(userId, organizationId) {
      if (!stopped) io.in(rooms.user(userId)).socketsLeave(rooms.organization(organizationId));
    },
    async sweepSessions() {
      const sockets = [...io.sockets.sockets.values()];
      if (sockets.length === 0) return;
      const hashes = distinct(sockets.map((socket) => socket.data.tokenHash));
      const ended = await repository.endedSessions(hashes, clock());
      for (const socket of sockets) if (ended.has(socket.data.tokenHash)) socket.disconnect(true);
    },
    async stop() {
      stopped = true;
      await queue;
    },
  };
  return realtime;
}
