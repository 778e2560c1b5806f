import type { TranslationReportWire, VersionOrigin } from '../../../contract/http/versions';
import type { Queryable } from '../../db/db';
import type { ManifestText, VersionManifest } from '../versions/manifest';
import { manifestTextColumns, type ManifestTextColumns } from '../versions/repository';

export type ReviewStatus = 'open' | 'applied' | 'discarded';

/** An `upload_reviews` row without its manifest (which can list 100k objects). */
export interface ReviewRow {
  id: string;
  model_id: string;
  job_id: string;
  file_name: string;
  message: string | null;
  created_by: string | null;
  created_at: Date | string;
  base_version_id: string;
  base_version_number: number;
  origin: Extract<VersionOrigin, { kind: 'upload' }>;
  status: ReviewStatus;
  applied_version_id: string | null;
}

/**
 * What applying all of a review stores as the version: the upload exactly as a plain upload would. The manifest
 * as text: a model task parses it where it runs, and applying all stores it as it is.
 */
export interface ReviewContent {
  manifest: ManifestText;
  model_hash: string;
  counts: Record<string, number>;
  report: TranslationReportWire | null;
  source_blob: string | null;
}

export interface NewReview {
  id: string;
  modelId: string;
  jobId: string;
  fileName: string;
  message: string | null;
  createdBy: string;
  createdAt: Date;
  baseVersionId: string;
  sourceBlob: string;
  origin: Extract<VersionOrigin, { kind: 'upload' }>;
  manifest: VersionManifest;
  modelHash: string;
  counts: Record<string, number>;
  report: TranslationReportWire;
}

const reviewColumns = `r.id, r.model_id, r.job_id, r.file_name, r.message, r.created_by, r.created_at,
  r.base_version_id, v.number AS base_version_number, r.origin, r.status, r.applied_version_id`;

/** Upload reviews (migration 005): an upload's objects kept aside until its uploader applies or discards it. */
export const reviewStore = {
  async insert(tx: Queryable, review: NewReview): Promise<void> {
    await tx.query(
      `INSERT INTO upload_reviews (id, model_id, job_id, file_name, message, created_by, created_at,
                                   base_version_id, source_blob, origin, manifest, model_hash, counts, report,
                                   status)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10::jsonb, $11::jsonb, $12, $13::jsonb, $14::jsonb, 'open')`,
      [
        review.id,
        review.modelId,
        review.jobId,
        review.fileName,
        review.message,
        review.createdBy,
        review.createdAt,
        review.baseVersionId,
        review.sourceBlob,
        JSON.stringify(review.origin),
        JSON.stringify(review.manifest),
        review.modelHash,
        JSON.stringify(review.counts),
        JSON.stringify(review.report),
      ],
    );
  },

  async findByJob(db: Queryable, jobId: string): Promise<{ id: string; model_id: string } | undefined> {
    const rows = await db.query<{ id: string; model_id: string }>(
      'SELECT id, model_id FROM upload_reviews WHERE job_id = $1',
      [jobId],
    );
    return rows[0];
  },

  /** The review of the model; `lock` holds the row until the transaction ends (apply and discard). */
  async find(db: Queryable, modelId: string, reviewId: string, lock = false): Promise<ReviewRow | undefined> {
    const rows = await db.query<ReviewRow>(
      `SELECT ${reviewColumns}
         FROM upload_reviews r JOIN versions v ON v.id = r.base_version_id
        WHERE r.id = $1 AND r.model_id = $2${lock ? ' FOR UPDATE OF r' : ''}`,
      [reviewId, modelId],
    );
    return rows[0];
  },

  async content(db: Queryable, reviewId: string): Promise<ReviewContent | undefined> {
    const rows = await db.query<Omit<ReviewContent, 'manifest'> & ManifestTextColumns>(
      `SELECT ${manifestTextColumns}, model_hash, counts, report, source_blob FROM upload_reviews WHERE id = $1`,
      [reviewId],
    );
    const row = rows[0];
    if (!row) return undefined;
    const { json, entries, ...rest } = row;
    return { ...rest, manifest: { json, entries } };
  },

  async close(
    tx: Queryable,
    reviewId: string,
    status: Exclude<ReviewStatus, 'open'>,
    appliedVersionId: string | null,
  ): Promise<void> {
    await tx.query('UPDATE upload_reviews SET status = $2, applied_version_id = $3 WHERE id = $1', [
      reviewId,
      status,
      appliedVersionId,
    ]);
  },
};
