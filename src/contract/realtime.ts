import { z } from 'zod';
import { analyticsSummarySchema } from './http/analytics';
import { versionDiffEventSchema } from './http/compare';
import { versionMergedEventSchema } from './http/merge';
import { dxfExportEventSchema } from './http/dxf';
import { modelSchema } from './http/models';
import {
  modelConnectivityEventSchema,
  modelRepairCommitEventSchema,
  modelRepairedEventSchema,
} from './http/repair';
import { organizationSchema } from './http/organizations';
import { jobSchema } from './http/jobs';

/**
 * The live socket (spec sections 4 and 7): three channels from the server, `login` and `logout` from the client.
 * Every payload is `{ author, message, eventName, data, showInWebUI, GussetSessionId }`; this file is the one
 * declaration of names and shapes, and socket.io's typed event maps are derived from it.
 */

/** Spec section 4's event names, in its order. */
export const MODEL_EVENT_NAMES = [
  'ModelConnectivity',
  'ModelRepaired',
  'ModelRepairCommit',
  'VersionDiff',
  'MinimalModel',
  'MinimalModelAtts',
  'VersionMerged',
  'ModelError',
  'ModelAdded',
  'ModelCloned',
  'DXFExport',
  'ProgressUpdate',
  'routesAnalytics',
] as const;

/**
 * Names the spec leaves to us: a model's summary or permissions changed (ModelUpdated), a model was deleted
 * (ModelRemoved), an organization or its collaborators changed (OrganizationUpdated).
 */
export const OWN_EVENT_NAMES = ['ModelUpdated', 'ModelRemoved', 'OrganizationUpdated'] as const;

export const eventNameSchema = z.enum([...MODEL_EVENT_NAMES, ...OWN_EVENT_NAMES]);
export type EventName = z.infer<typeof eventNameSchema>;

export const CHANNELS = ['fromElementService', 'fromOrganizationService', 'fromAnalyticService'] as const;
export type Channel = (typeof CHANNELS)[number];

/** The channel each event travels on: organizations on their own, analytics on theirs, the rest as elements. */
export function channelOf(eventName: EventName): Channel {
  if (eventName === 'OrganizationUpdated') return 'fromOrganizationService';
  if (eventName === 'routesAnalytics') return 'fromAnalyticService';
  return 'fromElementService';
}

/**
 * The `message` of the events the server sends now: what happened, as a word the client can branch on (spec:
 * analytic events apply only when it is `success`). The sentence a person reads is the client's, by event name.
 */
export const EVENT_MESSAGES = { success: 'success', progress: 'progress', error: 'error' } as const;

/** What a ModelUpdated says changed (issue #23): one per route that changes a model's summary or people. */
export const MODEL_UPDATE_KINDS = [
  'renamed',
  'unitsChanged',
  'planChanged',
  'rolesChanged',
  'collaboratorAdded',
  'collaboratorRemoved',
  'reportAdded',
  'reportChanged',
  'reportRemoved',
  'resultsAdded',
] as const;
export type ModelUpdateKind = (typeof MODEL_UPDATE_KINDS)[number];

/** Who caused the event (spec section 3: "author (with _id)"); null for the system. */
export const eventAuthorSchema = z
  .object({ _id: z.string(), firstName: z.string(), lastName: z.string(), initials: z.string() })
  .nullable();
export type EventAuthor = z.infer<typeof eventAuthorSchema>;

/** The data of the events whose shape is known now; the others carry what their capability defines. */
export const eventDataSchemas = {
  /** An upload's or a merge's progress: the same object as GET /api/v2/uploads/{jobId} (`kind` tells which). */
  ProgressUpdate: jobSchema,
  /** A new version (and, for an upload as a new model, a new model) is ready. */
  ModelAdded: z.object({
    modelId: z.string(),
    versionId: z.string(),
    versionNumber: z.number().int(),
    organizationId: z.string(),
    /** True when this upload created the model. */
    newModel: z.boolean(),
    /** The model's name, so a toast can say which model (issue #23). */
    modelName: z.string().optional(),
    /**
     * What changed against the version before, in the model's display unit ('3 beams resized W18X35 → W21X44');
     * null for a new model's first version or when it could not be computed.
     */
    changeSummary: z.string().nullable().optional(),
  }),
  /** An upload or another job failed; `error` is what the user reads. */
  ModelError: z.object({ modelId: z.string().nullable(), jobId: z.string().nullable(), error: z.string() }),
  /** A clone, with the model as the cloning user's list shows it. */
  ModelCloned: z.object({ model: modelSchema }),
  /**
   * A model's name, units or collaborators changed. With ModelRemoved, the only events a LIMITEDVIEW
   * collaborator receives: they name the model, never its versions or jobs.
   */
  ModelUpdated: z.object({
    modelId: z.string(),
    /** Only the model's thumbnail changed (POST /api/images/modelScreenshot): lists refresh its image alone. */
    thumbnail: z.literal(true).optional(),
    /** The model's name (after a rename, the new one), so a toast can say which model (issue #23). */
    modelName: z.string().optional(),
    /**
     * What changed, so a toast can say it. Absent for a thumbnail and, for LIMITEDVIEW collaborators, for report
     * changes (they would learn of reports not shared with them).
     */
    change: z.enum(MODEL_UPDATE_KINDS).optional(),
    /** renamed: the name before. */
    previousName: z.string().optional(),
    /** resultsAdded: the version whose analysis results were uploaded (issue #25). */
    versionId: z.string().optional(),
  }),
  /** The model was deleted; sent to everyone who could see it just before. */
  ModelRemoved: z.object({ modelId: z.string(), modelName: z.string().optional() }),
  /**
   * `organization` is null when the details could not be read (the client then shows an info toast). It is the
   * same for every member, so it leaves out `currentUserRole` (each client keeps its own).
   */
  OrganizationUpdated: z.object({
    organizationId: z.string(),
    organization: organizationSchema.omit({ currentUserRole: true }).nullable(),
  }),
  /** A diff of two versions is ready (or failed): the client asks for it again (issue #7). */
  VersionDiff: versionDiffEventSchema,
  /** A merge made a version; spec: empty data marks the merge done (sent to the merging tab). */
  VersionMerged: z.union([versionMergedEventSchema, z.object({})]),
  /** A version's connectivity checks are ready (or failed): the client asks again (issue #8). */
  ModelConnectivity: modelConnectivityEventSchema,
  /** A repair's plan is ready (or failed) (issue #8). */
  ModelRepaired: modelRepairedEventSchema,
  /** A repair was committed as a version (issue #8). */
  ModelRepairCommit: modelRepairCommitEventSchema,
  /** A version's DXF drawing is ready to download (or failed) (issue #9). */
  DXFExport: dxfExportEventSchema,
  /** An internal admin's usage summary, sent to that admin's user room when GET /api/analytics/summary computed it. */
  routesAnalytics: analyticsSummarySchema,
} satisfies Partial<Record<EventName, z.ZodType>>;

/** The data of an event: its schema's type where one is declared, else whatever its capability sends. */
export type EventData<Name extends EventName> = Name extends keyof typeof eventDataSchemas
  ? z.infer<(typeof eventDataSchemas)[Name]>
  : unknown;

/** A browser tab's id (the client makes a UUID); anything else in a request is ignored. */
export const gussetSessionIdSchema = z
  .string()
  .max(100)
  .regex(/^[A-Za-z0-9_-]+$/);

export const realtimePayloadSchema = z.object({
  author: eventAuthorSchema,
  message: z.string(),
  eventName: eventNameSchema,
  data: z.unknown(),
  showInWebUI: z.boolean(),
  /**
   * The browser tab that caused it (the request's GussetSessionId); absent for events not caused by a tab. Every
   * recipient gets the same payload: the author's own tabs apply it only in the tab that caused it, other users
   * always apply it (src/machines/socket/eventRules.ts).
   */
  GussetSessionId: gussetSessionIdSchema.optional(),
});
export type RealtimePayload = z.infer<typeof realtimePayloadSchema>;

/** The `login` and `logout` events carry the user's `_id`; the server checks it against the socket's token. */
export const socketUserIdSchema = z.string().min(1).max(100);

/**
 * What `login` answers through its acknowledgement: refused ('Unauthorized access') when the id is not the
 * token's user or is not an id at all, with no room joined.
 */
export type LoginAck = { ok: true } | { ok: false; message: string };

export interface ServerToClientEvents {
  fromElementService: (payload: RealtimePayload) => void;
  fromOrganizationService: (payload: RealtimePayload) => void;
  fromAnalyticService: (payload: RealtimePayload) => void;
}

export interface ClientToServerEvents {
  login: (userId: string, ack?: (answer: LoginAck) => void) => void;
  logout: (userId: string) => void;
}

/** The handshake: the session token, as the REST calls send it. */
export const socketAuthSchema = z.object({ token: z.string().min(16).max(256) });
