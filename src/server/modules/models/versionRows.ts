import type { PublicUser } from '../../../contract/http/users';
import type { ResultChangesLine, Version, VersionOrigin } from '../../../contract/http/versions';
import type { ChangeSummary } from '../../../engine/diff/summary';
import { reportItemCount, type ReportItem } from '../../../engine/formats/report';
import type { Queryable } from '../../db/db';
import { isUuid } from '../access/access';
import { initialsOf } from '../../../contract/http/users';

/** Objects a translation report names, by severity, as the version summary shows them. */
export interface ReportSummaryCounts {
  approximated: number;
  dropped: number;
  warning: number;
}

/**
 * A `versions` row as far as the wire needs it (never the manifest: it can hold 100k entries). Give either
 * `report` (the stored jsonb, e.g. from an INSERT you just made) or `report_summary` (the stored column, migration 009,
 * so a list does not ship whole reports to Node).
 */
export interface VersionRow {
  id: string;
  model_id: string;
  number: number;
  author_id: string | null;
  created_at: Date | string;
  message: string | null;
  origin: VersionOrigin;
  counts: Record<string, number>;
  report?: { items?: ReadonlyArray<ReportItem> } | null;
  report_summary?: ReportSummaryCounts | null;
  /** What changed against the version before (issue #23); null until computed, and for a first version. */
  change_summary?: ChangeSummary | null;
  /** Its results' changes against the version before (issue #25); null unless both have results. */
  result_changes?: ResultChangesLine | null;
}

/** The columns of VersionRow (with report_summary, without report or manifest) for a SELECT on `versions`. */
export function versionSummaryColumns(alias = 'v'): string {
  return `${alias}.id, ${alias}.model_id, ${alias}.number, ${alias}.author_id, ${alias}.created_at,
          ${alias}.message, ${alias}.origin, ${alias}.counts, ${alias}.change_summary,
          ${alias}.report_summary,
          (SELECT r.changes FROM version_results r WHERE r.version_id = ${alias}.id) AS result_changes`;
}

function summarize(row: VersionRow): ReportSummaryCounts {
  if (row.report_summary) return row.report_summary;
  const summary: ReportSummaryCounts = { approximated: 0, dropped: 0, warning: 0 };
  for (const item of row.report?.items ?? []) {
    if (item.severity === 'approximated' || item.severity === 'dropped' || item.severity === 'warning') {
      summary[item.severity] += reportItemCount(item);
    }
  }
  return summary;
}

/** Contract `Version` of a row; the author is null when unknown (deleted account). */
export function toVersion(row: VersionRow, authorsById: ReadonlyMap<string, PublicUser>): Version {
  return {
    ID: row.id,
    Time: new Date(row.created_at).toISOString(),
    Author: row.author_id === null ? null : (authorsById.get(row.author_id) ?? null),
    number: row.number,
    message: row.message,
    origin: row.origin,
    counts: row.counts,
    reportSummary: summarize(row),
    changeSummary: row.change_summary ?? null,
    ...(row.result_changes ? { resultChanges: row.result_changes } : {}),
  };
}

export interface PublicUserRow {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  avatar_url: string | null;
}

/** Public users by id, in one query (unknown ids are simply absent). */
export async function loadPublicUsers(
  db: Queryable,
  userIds: Iterable<string>,
): Promise<Map<string, PublicUser>> {
  const ids = [...new Set(userIds)].filter(isUuid);
  const byId = new Map<string, PublicUser>();
  if (ids.length === 0) return byId;
  const rows = await db.query<PublicUserRow>(
    'SELECT id, email, first_name, last_name, avatar_url FROM users WHERE id = ANY($1::uuid[])',
    [ids],
  );
  for (const row of rows) byId.set(row.id, publicUserOfRow(row));
  return byId;
}

export function publicUserOfRow(row: PublicUserRow): PublicUser {
  return {
    _id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    initials: initialsOf(row.first_name, row.last_name),
    avatarUrl: row.avatar_url,
    emailAddress: row.email,
  };
}

/** The version rows of each model, newest first (number DESC), in one query. Every requested id is a key. */
export async function versionRowsByModel(
  db: Queryable,
  modelIds: readonly string[],
): Promise<Map<string, VersionRow[]>> {
  const byModel = new Map<string, VersionRow[]>(modelIds.map((id) => [id, []]));
  const ids = modelIds.filter(isUuid);
  if (ids.length === 0) return byModel;
  const rows = await db.query<VersionRow>(
    `SELECT ${versionSummaryColumns('v')} FROM versions v
      WHERE v.model_id = ANY($1::uuid[])
      ORDER BY v.model_id, v.number DESC`,
    [ids],
  );
  for (const row of rows) byModel.get(row.model_id)?.push(row);
  return byModel;
}

/** The authors of version rows (for `toVersion`). */
export function versionAuthorIds(rows: Iterable<readonly VersionRow[]>): string[] {
  const ids = new Set<string>();
  for (const list of rows) for (const row of list) if (row.author_id !== null) ids.add(row.author_id);
  return [...ids];
}

/**
 * The versions of each model, newest first (number DESC), in two queries whatever the number of models: one for
 * the versions, one for their authors. Every requested id is a key (an empty list when it has no version).
 */
export async function listVersions(
  db: Queryable,
  modelIds: readonly string[],
): Promise<Map<string, Version[]>> {
  const rows = await versionRowsByModel(db, modelIds);
  const authors = await loadPublicUsers(db, versionAuthorIds(rows.values()));
  return new Map([...rows].map(([modelId, list]) => [modelId, list.map((row) => toVersion(row, authors))]));
}

/** The id of each model's newest version; models without a version are absent. */
export async function latestVersionIds(
  db: Queryable,
  modelIds: readonly string[],
): Promise<Map<string, string>> {
  const ids = modelIds.filter(isUuid);
  if (ids.length === 0) return new Map();
  const rows = await db.query<{ model_id: string; id: string }>(
    `SELECT DISTINCT ON (model_id) model_id, id FROM versions
      WHERE model_id = ANY($1::uuid[])
      ORDER BY model_id, number DESC`,
    [ids],
  );
  return new Map(rows.map((row) => [row.model_id, row.id]));
}
