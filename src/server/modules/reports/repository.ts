import type { ModelRole } from '../../../contract/http/models';
import type { Queryable } from '../../db/db';

/** A `reports` row with its two versions' numbers and dates. */
export interface ReportRow {
  id: string;
  model_id: string;
  title: string;
  current_version_id: string;
  comparison_version_id: string;
  created_by: string | null;
  created_at: Date | string;
  current_number: number;
  current_created_at: Date | string;
  comparison_number: number;
  comparison_created_at: Date | string;
}

export interface NewReport {
  id: string;
  modelId: string;
  title: string;
  currentVersionId: string;
  comparisonVersionId: string;
  createdBy: string;
  now: Date;
}

const reportColumns = `r.id, r.model_id, r.title, r.current_version_id, r.comparison_version_id, r.created_by,
  r.created_at, cv.number AS current_number, cv.created_at AS current_created_at,
  pv.number AS comparison_number, pv.created_at AS comparison_created_at`;

const reportFrom = `FROM reports r
  JOIN versions cv ON cv.id = r.current_version_id
  JOIN versions pv ON pv.id = r.comparison_version_id`;

/**
 * `$2` null: every report; else only those assigned to that user (what a LIMITEDVIEW collaborator sees).
 */
const assignedTo = `($2::uuid IS NULL OR EXISTS (
  SELECT 1 FROM report_assignees a WHERE a.report_id = r.id AND a.user_id = $2::uuid))`;

/** Newest first; id last so equal times still give one order. */
const newestFirst = 'ORDER BY r.created_at DESC, r.id DESC';

export function createReportsRepository(db: Queryable) {
  return {
    /** The model's reports, newest first; `onlyAssignedTo` limits them to one user's (LIMITEDVIEW). */
    list: (modelId: string, onlyAssignedTo: string | null) =>
      db.query<ReportRow>(
        `SELECT ${reportColumns} ${reportFrom} WHERE r.model_id = $1 AND ${assignedTo} ${newestFirst}`,
        [modelId, onlyAssignedTo],
      ),

    async find(modelId: string, reportId: string, onlyAssignedTo: string | null): Promise<ReportRow | null> {
      const [row] = await db.query<ReportRow>(
        `SELECT ${reportColumns} ${reportFrom} WHERE r.model_id = $1 AND ${assignedTo} AND r.id = $3`,
        [modelId, onlyAssignedTo, reportId],
      );
      return row ?? null;
    },

    /** Assigned user ids per report, in the order they were assigned. */
    async assignees(reportIds: readonly string[]): Promise<Map<string, string[]>> {
      const byReport = new Map<string, string[]>();
      if (reportIds.length === 0) return byReport;
      const rows = await db.query<{ report_id: string; user_id: string }>(
        `SELECT report_id, user_id FROM report_assignees WHERE report_id = ANY($1::uuid[])
          ORDER BY created_at, user_id`,
        [reportIds],
      );
      for (const row of rows) {
        const list = byReport.get(row.report_id) ?? [];
        list.push(row.user_id);
        byReport.set(row.report_id, list);
      }
      return byReport;
    },

    /** Every user with a role on the model and that role (the organization owner: ADMIN). */
    async modelRoles(modelId: string): Promise<Map<string, ModelRole>> {
      const rows = await db.query<{ user_id: string; role: ModelRole }>(
        `SELECT p.user_id, p.role FROM model_permissions p WHERE p.model_id = $1
         UNION ALL
         SELECT o.owner_id, 'ADMIN' FROM models m JOIN organizations o ON o.id = m.organization_id WHERE m.id = $1`,
        [modelId],
      );
      const roles = new Map<string, ModelRole>();
      // The owner's ADMIN wins over any stored row (access.ts applies the same rule).
      for (const row of rows) if (roles.get(row.user_id) !== 'ADMIN') roles.set(row.user_id, row.role);
      return roles;
    },

    /** The model's versions among `versionIds`, with their numbers. */
    versionsOf: (modelId: string, versionIds: readonly string[]) =>
      db.query<{ id: string; number: number }>(
        'SELECT id, number FROM versions WHERE model_id = $1 AND id = ANY($2::uuid[])',
        [modelId, versionIds],
      ),

    async insert(report: NewReport): Promise<void> {
      await db.query(
        `INSERT INTO reports (id, model_id, title, current_version_id, comparison_version_id, created_by,
                              created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $7)`,
        [
          report.id,
          report.modelId,
          report.title,
          report.currentVersionId,
          report.comparisonVersionId,
          report.createdBy,
          report.now,
        ],
      );
    },

    async update(
      reportId: string,
      changes: { title: string; currentVersionId: string; comparisonVersionId: string },
      now: Date,
    ): Promise<void> {
      await db.query(
        `UPDATE reports SET title = $2, current_version_id = $3, comparison_version_id = $4, updated_at = $5
          WHERE id = $1`,
        [reportId, changes.title, changes.currentVersionId, changes.comparisonVersionId, now],
      );
    },

    /** Replaces the report's assignees with `userIds`. */
    async setAssignees(reportId: string, userIds: readonly string[], now: Date): Promise<void> {
      await db.query('DELETE FROM report_assignees WHERE report_id = $1', [reportId]);
      if (userIds.length === 0) return;
      await db.query(
        `INSERT INTO report_assignees (report_id, user_id, created_at)
         SELECT $1, user_id, $3 FROM unnest($2::uuid[]) AS user_id`,
        [reportId, userIds, now],
      );
    },

    async remove(reportId: string): Promise<boolean> {
      const rows = await db.query('DELETE FROM reports WHERE id = $1 RETURNING id', [reportId]);
      return rows.length > 0;
    },
  };
}
