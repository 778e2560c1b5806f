import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { ownMessages } from '../../../contract/errors';
import type { createReportBody, Report, updateReportBody } from '../../../contract/http/reports';
import type { ModelRole } from '../../../contract/http/models';
import type { ServerContext } from '../../context';
import { HttpError } from '../../httpError';
import { isUuid, mayEditReport, reportsLimitedTo } from '../access/access';
import type { CompareService, DiffAnswer } from '../compare/service';
import type { VersionPair } from '../compare/diffStore';
import { loadPublicUsers } from '../models/versionRows';
import { createReportsRepository, type ReportRow } from './repository';
import { reportWorkbook, type ReportResultChanges } from './workbook';
import type { ResultsReader } from '../results/service';

const iso = (value: Date | string) => new Date(value).toISOString();

/** Spec: 'Version {comparison} → Version {current}' when the creator gives no title. */
export function defaultReportTitle(comparisonNumber: number, currentNumber: number): string {
  return `Version ${comparisonNumber} → Version ${currentNumber}`;
}

/** The member-force components a report lists the changes of, moments first. */
const REPORTED_COMPONENTS = ['m3', 'm2', 'v2', 'v3', 'p', 't'] as const;

export function pairOf(row: ReportRow): VersionPair {
  return {
    modelId: row.model_id,
    fromVersionId: row.comparison_version_id,
    toVersionId: row.current_version_id,
  };
}

/**
 * The member forces whose extreme changed by more than 10 % between the report's versions, per component; null
 * when either version has no analysis results (the workbook says which).
 */
async function resultChangesOf(results: ResultsReader, pair: VersionPair): Promise<ReportResultChanges> {
  const changes: ReportResultChanges['changes'] = [];
  for (const component of REPORTED_COMPONENTS) {
    const diff = await results.changes(pair.modelId, pair.fromVersionId, pair.toVersionId, component, 10);
    if (!diff) return { missing: true, changes: [] };
    changes.push({ component, rows: diff.changes });
  }
  return { missing: false, changes };
}

/** The report and its model as the caller may see them; the caller's role is the model's. */
interface VisibleReport {
  row: ReportRow;
  role: ModelRole;
}

/**
 * Reports (spec sections 3 and 4). A report's role is the model role; a LIMITEDVIEW collaborator sees only the
 * reports assigned to them, and every other report of the model answers 404 reportNotFound, as an unknown one
 * does, so they never learn it exists.
 */
export function createReportsService(
  context: ServerContext,
  deps: { compare: CompareService; results: ResultsReader },
) {
  const { db, clock, access, log } = context;
  const { compare, results } = deps;
  const reports = createReportsRepository(db);
  const reportNotFound = () => new HttpError(404, ownMessages.reportNotFound);

  async function toReports(
    rows: readonly ReportRow[],
    modelId: string,
    callerRole: ModelRole,
  ): Promise<Report[]> {
    const [assigned, roles] = await Promise.all([
      reports.assignees(rows.map((row) => row.id)),
      reports.modelRoles(modelId),
    ]);
    const userIds = new Set<string>();
    for (const row of rows) if (row.created_by) userIds.add(row.created_by);
    for (const list of assigned.values()) for (const id of list) userIds.add(id);
    const users = await loadPublicUsers(db, userIds);
    return rows.map((row) => ({
      _id: row.id,
      modelId: row.model_id,
      title: row.title,
      dateCreated: iso(row.created_at),
      currentVersionID: row.current_version_id,
      comparisonVersionID: row.comparison_version_id,
      currentVersionDate: iso(row.current_created_at),
      comparisonVersionDate: iso(row.comparison_created_at),
      currentVersionNumber: row.current_number,
      comparisonVersionNumber: row.comparison_number,
      createdBy: row.created_by ? (users.get(row.created_by) ?? null) : null,
      // An assignee who is no longer a collaborator has no role on the report: left out.
      permissions: (assigned.get(row.id) ?? []).flatMap((userId) => {
        const user = users.get(userId);
        const type = roles.get(userId);
        return user && type ? [{ user, type }] : [];
      }),
      currentUserRole: callerRole,
    }));
  }

  async function toReport(row: ReportRow, callerRole: ModelRole): Promise<Report> {
    const [report] = await toReports([row], row.model_id, callerRole);
    if (!report) throw new Error('toReports dropped a report');
    return report;
  }

  /** The report if the user may see it: 404 modelNotFound without a role on the model, else reportNotFound. */
  async function visible(userId: string, modelId: string, reportId: string): Promise<VisibleReport> {
    const { role } = await access.requireModel(userId, modelId, 'see');
    if (!isUuid(reportId)) throw reportNotFound();
    const row = await reports.find(modelId, reportId, reportsLimitedTo(role, userId));
    if (!row) throw reportNotFound();
    return { row, role };
  }

  /** PUT and DELETE: the model's ADMIN, or the report's creator while they can still write. */
  function requireEditable(userId: string, { row, role }: VisibleReport): void {
    if (!mayEditReport(role, userId, row.created_by))
      throw new HttpError(401, ownMessages.reportEditForbidden);
  }

  /** Both versions the model's and different; their numbers. */
  async function checkVersions(modelId: string, comparisonVersionId: string, currentVersionId: string) {
    const versionNotFound = new HttpError(404, ownMessages.versionNotFound);
    if (!isUuid(comparisonVersionId) || !isUuid(currentVersionId)) throw versionNotFound;
    if (comparisonVersionId === currentVersionId) throw new HttpError(400, ownMessages.sameVersionCompared);
    const found = await reports.versionsOf(modelId, [comparisonVersionId, currentVersionId]);
    const numberOf = (id: string) => found.find((version) => version.id === id)?.number;
    const comparisonNumber = numberOf(comparisonVersionId);
    const currentNumber = numberOf(currentVersionId);
    if (comparisonNumber === undefined || currentNumber === undefined) throw versionNotFound;
    return { comparisonNumber, currentNumber };
  }

  /** The assignees, each once, checked to be collaborators of the model (any role). */
  async function checkAssignees(modelId: string, userIds: readonly string[]): Promise<string[]> {
    const unique = [...new Set(userIds)];
    const roles = await reports.modelRoles(modelId);
    if (unique.some((id) => !roles.has(id)))
      throw new HttpError(400, ownMessages.reportAssigneeNotCollaborator);
    return unique;
  }

  /** Starts the report's diff so it opens fast; a failure here only means the first open starts it. */
  function startDiff(pair: VersionPair): void {
    compare.pairDiff(pair).then(
      // A diff already cached comes as an open stream of its file: nobody reads it here, so close it now rather
      // than leave its file handle to the garbage collector.
      (answer) => {
        if (answer.status === 'done') answer.json.destroy();
      },
      (error: unknown) => {
        log.warn({ err: error, ...pair }, 'Could not start a report diff');
      },
    );
  }

  return {
    /** GET …/reports: newest first; LIMITEDVIEW gets only the reports assigned to them. */
    async list(userId: string, modelId: string): Promise<Report[]> {
      const { role } = await access.requireModel(userId, modelId, 'see');
      const rows = await reports.list(modelId, reportsLimitedTo(role, userId));
      return toReports(rows, modelId, role);
    },

    async create(userId: string, modelId: string, body: z.output<typeof createReportBody>): Promise<Report> {
      const { role } = await access.requireModel(userId, modelId, 'update');
      const numbers = await checkVersions(modelId, body.comparisonVersionID, body.currentVersionID);
      const assignees = await checkAssignees(modelId, body.assignedUserIds ?? []);
      const id = randomUUID();
      const now = clock();
      await db.transaction(async (tx) => {
        const repository = createReportsRepository(tx);
        await repository.insert({
          id,
          modelId,
          title: body.title ?? defaultReportTitle(numbers.comparisonNumber, numbers.currentNumber),
          currentVersionId: body.currentVersionID,
          comparisonVersionId: body.comparisonVersionID,
          createdBy: userId,
          now,
        });
        await repository.setAssignees(id, assignees, now);
      });
      const row = await reports.find(modelId, id, null);
      if (!row) throw reportNotFound();
      startDiff(pairOf(row));
      return toReport(row, role);
    },

    async update(
      userId: string,
      modelId: string,
      reportId: string,
      body: z.output<typeof updateReportBody>,
    ): Promise<Report> {
      const found = await visible(userId, modelId, reportId);
      requireEditable(userId, found);
      const { row } = found;
      const currentVersionId = body.currentVersionID ?? row.current_version_id;
      const comparisonVersionId = body.comparisonVersionID ?? row.comparison_version_id;
      const pairChanged =
        currentVersionId !== row.current_version_id || comparisonVersionId !== row.comparison_version_id;
      if (pairChanged) await checkVersions(modelId, comparisonVersionId, currentVersionId);
      const assignees =
        body.assignedUserIds === undefined ? undefined : await checkAssignees(modelId, body.assignedUserIds);
      const now = clock();
      await db.transaction(async (tx) => {
        const repository = createReportsRepository(tx);
        await repository.update(
          reportId,
          { title: body.title ?? row.title, currentVersionId, comparisonVersionId },
          now,
        );
        if (assignees) await repository.setAssignees(reportId, assignees, now);
      });
      const updated = await reports.find(modelId, reportId, null);
      if (!updated) throw reportNotFound();
      if (pairChanged) startDiff(pairOf(updated));
      return toReport(updated, found.role);
    },

    async remove(userId: string, modelId: string, reportId: string): Promise<{ message: string }> {
      const found = await visible(userId, modelId, reportId);
      requireEditable(userId, found);
      if (!(await reports.remove(reportId))) throw reportNotFound();
      return { message: ownMessages.reportRemoved };
    },

    /** GET …/reports/{reportId}/diff: the pair comparison → current, for anyone who sees the report. */
    async diff(
      userId: string,
      modelId: string,
      reportId: string,
    ): Promise<{ pair: VersionPair; answer: DiffAnswer }> {
      const { row } = await visible(userId, modelId, reportId);
      const pair = pairOf(row);
      return { pair, answer: await compare.pairDiff(pair) };
    },

    /** GET …/reports/{reportId}/results: the analysis results that changed, for anyone who sees the report. */
    async results(userId: string, modelId: string, reportId: string): Promise<ReportResultChanges> {
      const { row } = await visible(userId, modelId, reportId);
      return resultChangesOf(results, pairOf(row));
    },

    /**
     * GET …/reports/{reportId}/xlsx: the workbook. A diff not computed yet is computed in this request (worker
     * thread) rather than answering 409: the download is what the user asked for, and it is cached after.
     */
    async workbook(userId: string, modelId: string, reportId: string) {
      const { row } = await visible(userId, modelId, reportId);
      const [report] = await toReports([row], modelId, 'ADMIN');
      const [model] = await db.query<{ name: string }>('SELECT name FROM models WHERE id = $1', [modelId]);
      if (!report || !model) throw reportNotFound();
      const pair = pairOf(row);
      const diffJson = await compare.diffNow(pair);
      const resultChanges = await resultChangesOf(results, pair);
      return reportWorkbook({ modelName: model.name, report, diffJson, resultChanges });
    },
  };
}

export type ReportsService = ReturnType<typeof createReportsService>;
