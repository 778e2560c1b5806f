import type { z } from 'zod';
import type { Model } from '../../contract/http/models';
import type { Organization } from '../../contract/http/organizations';
import { versionMergedEventSchema, type VersionMergedEvent } from '../../contract/http/merge';
import type { Job } from '../../contract/http/jobs';
import { ownMessages } from '../../contract/errors';
import {
  eventDataSchemas,
  type EventData,
  type EventName,
  type ModelUpdateKind,
  type RealtimePayload,
} from '../../contract/realtime';
import type { EventOrigin, RealtimeEvent, RealtimeViewer } from './types';

/**
 * Spec section 4's realtime rules, as pure functions. The socket machine and the feature machines (model list,
 * model page, upload panel, organizations directory) name these in their guards; each rule has its test in
 * eventRules.test.ts. Rules are lettered as in the issue: (a) … (g).
 */

/**
 * (a) An event carrying a session id is applied only in the tab with that id; one without, always. The id names
 * a tab of the event's author, and the server sends the same payload to everyone it concerns: compared in
 * another user's tabs, it would drop every change a person made, which (c) and (g) exist to show. So it decides
 * among the current user's own tabs, and another user's events apply whatever id they carry.
 */
export function appliesToThisTab(payload: RealtimePayload, viewer: RealtimeViewer): boolean {
  if (payload.GussetSessionId === undefined) return true;
  if (payload.author?._id !== viewer.userId) return true;
  return payload.GussetSessionId === viewer.tabSessionId;
}

/** Who caused it, seen from this tab (rule (a) has already been applied). */
export function originOf(payload: RealtimePayload, viewer: RealtimeViewer): EventOrigin {
  if (payload.GussetSessionId !== undefined && payload.GussetSessionId === viewer.tabSessionId)
    return 'thisTab';
  if (payload.author === null) return 'system';
  return payload.author._id === viewer.userId ? 'currentUser' : 'anotherUser';
}

const fromSameUser = (event: RealtimeEvent) => event.origin === 'thisTab' || event.origin === 'currentUser';

/** Empty data: nothing, an empty string, an empty list or an object without keys. */
export function isEmptyData(data: unknown): boolean {
  if (data === null || data === undefined || data === '') return true;
  if (Array.isArray(data)) return data.length === 0;
  return typeof data === 'object' && Object.keys(data).length === 0;
}

/** The data of a known event, parsed; null when the event is another one or its data breaks the contract. */
function dataOf<K extends keyof typeof eventDataSchemas>(
  event: RealtimeEvent,
  name: K,
): z.output<(typeof eventDataSchemas)[K]> | null {
  if (event.payload.eventName !== name) return null;
  const parsed = eventDataSchemas[name].safeParse(event.payload.data);
  // The schema is the one for `name`: its output is that event's data.
  return parsed.success ? (parsed.data as z.output<(typeof eventDataSchemas)[K]>) : null;
}

/** The model an event is about, when it names one. */
export function modelIdOf(event: RealtimeEvent): string | null {
  const progress = dataOf(event, 'ProgressUpdate');
  if (progress) return progress.modelId;
  const cloned = dataOf(event, 'ModelCloned');
  if (cloned) return cloned.model._id;
  // ModelAdded, ModelUpdated, ModelRemoved, ModelError and the events of later issues carry `modelId`.
  const data = event.payload.data;
  if (typeof data === 'object' && data !== null && 'modelId' in data && typeof data.modelId === 'string') {
    return data.modelId;
  }
  return null;
}

/** (b) ModelCloned by this user puts the clone at the front of the list, unless it is there already. */
export function withClonedModelFirst(
  models: readonly Model[],
  event: RealtimeEvent,
  organizationId: string | null,
): Model[] | null {
  const cloned = dataOf(event, 'ModelCloned');
  if (!cloned || !fromSameUser(event)) return null;
  if (organizationId !== null && cloned.model.organization._id !== organizationId) return null;
  if (models.some((model) => model._id === cloned.model._id)) return null;
  return [cloned.model, ...models];
}

/** The events that change what a model list or a model page shows (a fetch brings the new state). */
const dataChangingEvents: ReadonlySet<EventName> = new Set<EventName>([
  'ModelAdded',
  'ModelCloned',
  'ModelUpdated',
  'ModelRemoved',
  'ModelRepaired',
  'ModelRepairCommit',
  'VersionMerged',
]);

/** What a screen shows, for deciding whether an event is about it. */
export type RealtimeSubject =
  | { kind: 'model'; modelId: string }
  /** A model list: one organization's (organizationId) or all of the user's (null). */
  | { kind: 'list'; organizationId: string | null; modelIds: readonly string[] };

function concerns(event: RealtimeEvent, subject: RealtimeSubject): boolean {
  const modelId = modelIdOf(event);
  if (subject.kind === 'model') return modelId === subject.modelId;
  if (modelId !== null && subject.modelIds.includes(modelId)) return true;
  // A model the list does not hold yet: a new one in the list's organization (or anywhere, for all of mine).
  const added = dataOf(event, 'ModelAdded');
  const cloned = dataOf(event, 'ModelCloned');
  const organizationId = added?.organizationId ?? cloned?.model.organization._id;
  return organizationId !== undefined && (subject.organizationId ?? organizationId) === organizationId;
}

/**
 * (c) How long a screen holds its reload flag before fetching, so a burst of events (a bulk change) makes one
 * fetch instead of one per event.
 */
export const REMOTE_RELOAD_DELAY_MS = 300;

/**
 * (c) An event from another user that changes what this screen shows: the screen refreshes what the event
 * carries, raises its reload flag, then fetches again.
 */
export function isRemoteChangeFor(event: RealtimeEvent, subject: RealtimeSubject): boolean {
  return (
    event.origin === 'anotherUser' &&
    dataChangingEvents.has(event.payload.eventName) &&
    concerns(event, subject)
  );
}

/**
 * A new version (or a new model) for this screen, whoever made it: the screen fetches again. A merge's version
 * (VersionMerged with data, issue #7) is one too.
 */
export function isNewVersionFor(event: RealtimeEvent, subject: RealtimeSubject): boolean {
  const isNew = event.payload.eventName === 'ModelAdded' || mergedVersionOf(event) !== null;
  return isNew && concerns(event, subject);
}

/** The version a ModelAdded (or VersionMerged) event announces, to skip a fetch when the screen shows it already. */
export function addedVersionIdOf(event: RealtimeEvent): string | null {
  return dataOf(event, 'ModelAdded')?.versionId ?? mergedVersionOf(event)?.versionId ?? null;
}

/** The version a merge made (VersionMerged with data, to the model's room); null for the empty "done" one. */
export function mergedVersionOf(event: RealtimeEvent): VersionMergedEvent | null {
  if (event.payload.eventName !== 'VersionMerged') return null;
  const parsed = versionMergedEventSchema.safeParse(event.payload.data);
  return parsed.success ? parsed.data : null;
}

/** The models a ModelRemoved event takes out of a list at once, before the list is fetched again. */
export function withoutRemovedModel(models: readonly Model[], event: RealtimeEvent): Model[] | null {
  const removed = dataOf(event, 'ModelRemoved');
  if (!removed || !models.some((model) => model._id === removed.modelId)) return null;
  return models.filter((model) => model._id !== removed.modelId);
}

/** An upload's progress (ProgressUpdate), when the event is one. */
export function progressOf(event: RealtimeEvent): Job | null {
  return dataOf(event, 'ProgressUpdate');
}

/** A failed job (ModelError) by its id, when the event is one. */
export function failedJobIdOf(event: RealtimeEvent): string | null {
  return dataOf(event, 'ModelError')?.jobId ?? null;
}

/** A failed job (ModelError) with the server's reason, when the event is one. */
export function jobFailureOf(event: RealtimeEvent): { jobId: string; error: string } | null {
  const failed = dataOf(event, 'ModelError');
  return failed?.jobId ? { jobId: failed.jobId, error: failed.error } : null;
}

/** Which organization changed, with its details (null when the server could not read them). */
export type OrganizationUpdate = EventData<'OrganizationUpdated'>;

/** (d) An organization event: which organization, and its details if the server sent them. */
export function organizationUpdateOf(event: RealtimeEvent): OrganizationUpdate | null {
  if (event.channel !== 'fromOrganizationService') return null;
  return dataOf(event, 'OrganizationUpdated');
}

/**
 * (d) The directory with that organization's collaborators replaced by the event's; null when the directory
 * does not hold the organization (or the details are missing).
 */
export function withCollaboratorsOf(
  organizations: readonly Organization[],
  update: OrganizationUpdate,
): Organization[] | null {
  const details = update.organization;
  if (details === null || !organizations.some((known) => known._id === update.organizationId)) return null;
  return organizations.map((known) =>
    known._id === update.organizationId ? { ...known, collaborators: details.collaborators } : known,
  );
}

/** (e) An analytic event counts only when the current user caused it, it succeeded and it carries data. */
export function isAcceptedAnalyticEvent(payload: RealtimePayload, userId: string): boolean {
  return payload.author?._id === userId && payload.message === 'success' && !isEmptyData(payload.data);
}

/** (f) VersionMerged with empty data marks the merge done. */
export function marksMergeDone(payload: RealtimePayload): boolean {
  return payload.eventName === 'VersionMerged' && isEmptyData(payload.data);
}

function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => String(values[key] ?? whole));
}

function whoOf(event: RealtimeEvent): string {
  const author = event.payload.author;
  if (event.origin === 'thisTab' || event.origin === 'currentUser') return ownMessages.realtimeYou;
  if (author === null) return ownMessages.realtimeSomeone;
  const name = `${author.firstName} ${author.lastName}`.trim();
  return name === '' ? ownMessages.realtimeSomeone : name;
}

const MODEL_UPDATE_MESSAGES: Readonly<Record<ModelUpdateKind, string>> = {
  renamed: ownMessages.realtimeModelRenamed,
  unitsChanged: ownMessages.realtimeModelUnitsChanged,
  planChanged: ownMessages.realtimeModelPlanChanged,
  rolesChanged: ownMessages.realtimeModelRolesChanged,
  collaboratorAdded: ownMessages.realtimeModelCollaboratorAdded,
  collaboratorRemoved: ownMessages.realtimeModelCollaboratorRemoved,
  reportAdded: ownMessages.realtimeReportAdded,
  reportChanged: ownMessages.realtimeReportChanged,
  reportRemoved: ownMessages.realtimeReportRemoved,
  resultsAdded: ownMessages.realtimeResultsAdded,
};

/**
 * A ModelUpdated's sentence: the model and what changed ('Ada renamed Tower to Selecto Tower.'). A new thumbnail
 * is no news (the viewer sets one by itself): no toast.
 */
function modelUpdatedText(updated: EventData<'ModelUpdated'>, who: string): string | null {
  if (updated.thumbnail) return null;
  if (updated.modelName === undefined) return fill(ownMessages.realtimeModelUpdated, { who });
  const model = updated.modelName;
  if (updated.change === undefined) return fill(ownMessages.realtimeModelUpdatedNamed, { who, model });
  if (updated.change === 'renamed' && updated.previousName === undefined) {
    return fill(ownMessages.realtimeModelUpdatedNamed, { who, model });
  }
  return fill(MODEL_UPDATE_MESSAGES[updated.change], { who, model, previous: updated.previousName ?? '' });
}

/**
 * The sentence a toast says for an event (the server's `message` is only success, progress or error). Null for
 * the events that show themselves on the screen instead (ProgressUpdate moves a progress bar) or that have no
 * sentence yet (the events of later issues).
 */
export function toastTextOf(event: RealtimeEvent): string | null {
  const who = whoOf(event);
  const added = dataOf(event, 'ModelAdded');
  if (added) {
    if (added.newModel) return fill(ownMessages.realtimeModelCreated, { who });
    const version = added.versionNumber;
    if (added.modelName === undefined) return fill(ownMessages.realtimeVersionAdded, { who, version });
    const model = added.modelName;
    return added.changeSummary
      ? fill(ownMessages.realtimeVersionAddedWithSummary, {
          who,
          version,
          model,
          summary: added.changeSummary,
        })
      : fill(ownMessages.realtimeVersionAddedTo, { who, version, model });
  }
  const cloned = dataOf(event, 'ModelCloned');
  if (cloned) return fill(ownMessages.realtimeModelCloned, { who, model: cloned.model.name });
  const updated = dataOf(event, 'ModelUpdated');
  if (updated) return modelUpdatedText(updated, who);
  const removed = dataOf(event, 'ModelRemoved');
  if (removed) {
    return removed.modelName === undefined
      ? fill(ownMessages.realtimeModelRemoved, { who })
      : fill(ownMessages.realtimeModelRemovedNamed, { who, model: removed.modelName });
  }
  const failed = dataOf(event, 'ModelError');
  if (failed) return fill(ownMessages.realtimeModelError, { error: failed.error });
  const organization = dataOf(event, 'OrganizationUpdated');
  if (organization?.organization) {
    return fill(ownMessages.realtimeOrganizationUpdated, {
      who,
      organization: organization.organization.name,
    });
  }
  return null;
}

/** (g) An info toast for events from other users, or flagged for the web UI, when there is a sentence for it. */
export function deservesToast(event: RealtimeEvent): boolean {
  return (event.origin === 'anotherUser' || event.payload.showInWebUI) && toastTextOf(event) !== null;
}
