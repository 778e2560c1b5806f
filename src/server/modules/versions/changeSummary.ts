import type { FastifyBaseLogger } from 'fastify';
import type { EventData } from '../../../contract/realtime';
import { changeSummaryText, type ChangeSummary } from '../../../engine/diff/summary';
import type { DisplayUnit } from '../../../engine/schema';
import type { Queryable } from '../../db/db';
import { runModelTask } from './runModelTask';
import { loadTaskVersions } from './storedModels';

/*
 * A version's change summary (issue #23): what changed against the version before it, in the engine's phrases,
 * computed once when the version is made and kept in `versions.change_summary`, so lists, toasts and the
 * dashboard never diff. The diff is a model task: inline for small models, a worker thread for large ones.
 */

/** Summaries being computed in this process, by version: a second ask waits for the first. */
const computing = new Map<string, Promise<ChangeSummary | null>>();

async function compute(db: Queryable, versionId: string): Promise<ChangeSummary | null> {
  const [row] = await db.query<{ model_id: string; number: number; change_summary: ChangeSummary | null }>(
    'SELECT model_id, number, change_summary FROM versions WHERE id = $1',
    [versionId],
  );
  if (!row) return null;
  if (row.change_summary) return row.change_summary;
  const [previous] = await db.query<{ id: string }>(
    'SELECT id FROM versions WHERE model_id = $1 AND number < $2 ORDER BY number DESC LIMIT 1',
    [row.model_id, row.number],
  );
  // A first version has nothing to compare with: its counts say what it holds.
  if (!previous) return null;
  const {
    manifests: [before, after],
    objects,
  } = await loadTaskVersions(db, [
    { modelId: row.model_id, versionId: previous.id },
    { modelId: row.model_id, versionId },
  ]);
  // Removed meanwhile: nothing to summarize.
  if (!before || !after) return null;
  const summary = await runModelTask({ task: 'changeSummary', before, after, objects });
  await db.query('UPDATE versions SET change_summary = $2::jsonb WHERE id = $1', [
    versionId,
    JSON.stringify(summary),
  ]);
  return summary;
}

/**
 * The version's change summary, computed and stored when it is missing; null for a first version or a version
 * that is gone. A failure is logged and answers null: a summary never costs a version or its event.
 */
export async function ensureChangeSummary(
  db: Queryable,
  versionId: string,
  log: FastifyBaseLogger,
): Promise<ChangeSummary | null> {
  const running = computing.get(versionId);
  if (running) return running;
  const work = compute(db, versionId)
    .catch((error: unknown) => {
      log.warn({ err: error, versionId }, 'Could not summarize the changes of a version');
      return null;
    })
    .finally(() => computing.delete(versionId));
  computing.set(versionId, work);
  return work;
}

/**
 * ModelAdded's data for a version (every way a version is made tells it so): its number, model, organization,
 * and what changed in the model's display unit, computed first when missing. Undefined when the version is gone.
 */
export async function modelAddedData(
  db: Queryable,
  made: { modelId: string; versionId: string; newModel: boolean },
  log: FastifyBaseLogger,
): Promise<EventData<'ModelAdded'> | undefined> {
  const summary = made.newModel ? null : await ensureChangeSummary(db, made.versionId, log);
  const [version] = await db.query<{
    number: number;
    organization_id: string;
    name: string;
    units: DisplayUnit;
  }>(
    `SELECT v.number, m.organization_id, m.name, m.units
       FROM versions v JOIN models m ON m.id = v.model_id WHERE v.id = $1`,
    [made.versionId],
  );
  if (!version) return undefined;
  return {
    modelId: made.modelId,
    versionId: made.versionId,
    versionNumber: version.number,
    organizationId: version.organization_id,
    newModel: made.newModel,
    modelName: version.name,
    changeSummary: summary ? changeSummaryText(summary, version.units) : null,
  };
}
