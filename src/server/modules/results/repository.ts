import type { ResultsSummaryWire } from '../../../contract/http/results';
import type { Queryable } from '../../db/db';

/** A version's stored results: the blobs and the summary made when they were read. */
export interface StoredResults {
  resultsBlob: string;
  summary: ResultsSummaryWire;
}

interface ResultsRow {
  results_blob: string;
  summary: ResultsSummaryWire | string;
}

export const resultsStore = {
  /** Keeps the version's results, replacing what it had. */
  async save(
    db: Queryable,
    row: {
      modelId: string;
      versionId: string;
      fileName: string;
      sourceBlob: string;
      resultsBlob: string;
      summary: ResultsSummaryWire;
      uploadedBy: string | null;
      uploadedAt: Date;
    },
  ): Promise<void> {
    await db.query(
      `INSERT INTO version_results
         (version_id, model_id, file_name, source_blob, results_blob, summary, uploaded_by, uploaded_at)
       VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7, $8)
       ON CONFLICT (version_id) DO UPDATE SET
         file_name = EXCLUDED.file_name, source_blob = EXCLUDED.source_blob,
         results_blob = EXCLUDED.results_blob, summary = EXCLUDED.summary,
         uploaded_by = EXCLUDED.uploaded_by, uploaded_at = EXCLUDED.uploaded_at`,
      [
        row.versionId,
        row.modelId,
        row.fileName,
        row.sourceBlob,
        row.resultsBlob,
        JSON.stringify(row.summary),
        row.uploadedBy,
        row.uploadedAt,
      ],
    );
  },

  async find(db: Queryable, modelId: string, versionId: string): Promise<StoredResults | undefined> {
    const rows = await db.query<ResultsRow>(
      'SELECT results_blob, summary FROM version_results WHERE model_id = $1 AND version_id = $2',
      [modelId, versionId],
    );
    const row = rows[0];
    if (!row) return undefined;
    const summary =
      typeof row.summary === 'string' ? (JSON.parse(row.summary) as ResultsSummaryWire) : row.summary;
    return { resultsBlob: row.results_blob, summary };
  },
};
