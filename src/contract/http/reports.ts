import { z } from 'zod';
import { modelPermissionSchema } from './models';
import { resultChangeSchema } from './results';
import { text } from './text';
import { publicUserSchema } from './users';

/** Reports (spec sections 3 and 4): a named comparison of two versions of a model, shared with collaborators. */

/**
 * Spec section 3's Report. `permissions` are the users it is assigned to, each with their role on the report
 * (spec: the model role; an ADMIN of the model is ADMIN on every report). A LIMITEDVIEW user is listed here only
 * on reports assigned to them and sees only those.
 */
export const reportSchema = z.object({
  _id: z.string(),
  modelId: z.string(),
  title: z.string(),
  dateCreated: z.string(),
  currentVersionID: z.string(),
  comparisonVersionID: z.string(),
  currentVersionDate: z.string(),
  comparisonVersionDate: z.string(),
  currentVersionNumber: z.number().int(),
  comparisonVersionNumber: z.number().int(),
  createdBy: publicUserSchema.nullable(),
  permissions: z.array(modelPermissionSchema),
  /** The caller's role on this report. */
  currentUserRole: z.enum(['ADMIN', 'WRITE', 'READ', 'LIMITEDVIEW']),
});
export type Report = z.infer<typeof reportSchema>;

/** GET /api/models/{id}/reports: newest first; LIMITEDVIEW gets only the reports assigned to them. */
export const reportListResponse = z.object({ data: z.array(reportSchema) });

/**
 * POST /api/models/{id}/reports (WRITE and up): 201 with the report. Both versions must belong to the model and
 * differ; `assignedUserIds` must be collaborators of the model (any role). The report's diff is started at once.
 */
export const createReportBody = z.strictObject({
  title: text().trim().min(1).max(200).optional(),
  currentVersionID: text().min(1).max(100),
  comparisonVersionID: text().min(1).max(100),
  assignedUserIds: z.array(text().max(100)).max(500).optional(),
});
export type CreateReportBody = z.input<typeof createReportBody>;

/** PUT /api/models/{id}/reports/{reportId} (the report's ADMIN, or its creator with WRITE): any of the fields. */
export const updateReportBody = z.strictObject({
  title: text().trim().min(1).max(200).optional(),
  currentVersionID: text().min(1).max(100).optional(),
  comparisonVersionID: text().min(1).max(100).optional(),
  assignedUserIds: z.array(text().max(100)).max(500).optional(),
});
export type UpdateReportBody = z.input<typeof updateReportBody>;

/** DELETE /api/models/{id}/reports/{reportId}: same rule as PUT; 200 with ownMessages.reportRemoved. */
export const reportRemovedResponse = z.object({ message: z.string() });

/**
 * GET /api/models/{id}/reports/{reportId}/diff: the report's diff (comparisonVersionID → currentVersionID) for
 * anyone who can see the report, LIMITEDVIEW included; same answers as GET …/data/diff.
 * GET /api/models/{id}/reports/{reportId}/xlsx: the report as an Excel workbook (attachment): a Summary sheet
 * (model, versions, dates, author, counts per type) and a Changes sheet (one row per property change).
 */

/**
 * GET /api/models/{id}/reports/{reportId}/results (issue #25): the member forces whose extreme changed by more
 * than 10 % between the report's versions, per component (M3, M2, V2, V3, P, T; N and N·m), for anyone who sees
 * the report; `missing` when either version has no analysis results.
 */
export const reportResultsResponse = z.object({
  missing: z.boolean(),
  changes: z.array(z.object({ component: z.string(), rows: z.array(resultChangeSchema) })),
});
export type ReportResultsWire = z.infer<typeof reportResultsResponse>;
