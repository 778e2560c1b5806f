import type { ModelUpdateKind } from '../../../contract/realtime';
import type { Queryable } from '../../db/db';
import { isUuid } from '../access/access';
import { realtimeEvent, type EventCause } from '../../realtime/events';
import type { Realtime } from '../../realtime/realtime';

/** The model's name now, or undefined when it is gone. */
export async function modelNameOf(db: Queryable, modelId: string): Promise<string | undefined> {
  // Read before the route's access check, which answers an id that is no UUID (404).
  if (!isUuid(modelId)) return undefined;
  const [row] = await db.query<{ name: string }>('SELECT name FROM models WHERE id = $1', [modelId]);
  return row?.name;
}

/**
 * ModelUpdated to everyone who can see the model (LIMITEDVIEW included: their lists refresh too), naming the
 * model and what changed so a toast can say it (issue #23). A report change, or new analysis results (issue
 * #25), is told as such to READ and up only; LIMITEDVIEW collaborators hear that the model changed, since the
 * report or the results may not be theirs to read.
 * Resolves once the events are queued (not delivered): a route awaits it before answering, so one user's
 * changes reach everyone in the order they were made.
 */
export async function publishModelUpdated(
  db: Queryable,
  realtime: Realtime,
  modelId: string,
  detail: { change: ModelUpdateKind; previousName?: string | undefined; versionId?: string | undefined },
  cause: EventCause,
): Promise<void> {
  const modelName = await modelNameOf(db, modelId);
  const base = { modelId, ...(modelName === undefined ? {} : { modelName }) };
  const told = {
    ...base,
    change: detail.change,
    ...(detail.previousName === undefined ? {} : { previousName: detail.previousName }),
    ...(detail.versionId === undefined ? {} : { versionId: detail.versionId }),
  };
  // Reports and analysis results are READ's and up: LIMITEDVIEW collaborators only hear that the model changed.
  const forReaders = detail.change.startsWith('report') || detail.change === 'resultsAdded';
  if (!forReaders) {
    void realtime.emitToModel(modelId, realtimeEvent('ModelUpdated', told, cause), { minimumAbility: 'see' });
    return;
  }
  void realtime.emitToModel(modelId, realtimeEvent('ModelUpdated', told, cause), { minimumAbility: 'view' });
  void realtime.emitToModel(modelId, realtimeEvent('ModelUpdated', base, cause), {
    minimumAbility: 'see',
    onlyRoles: ['LIMITEDVIEW'],
  });
}
