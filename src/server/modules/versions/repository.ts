import type { TranslationReportWire, VersionOrigin } from '../../../contract/http/versions';
import type { DisplayUnit, ModelCollection } from '../../../engine/schema';
import type { Queryable } from '../../db/db';
import { versionSummaryColumns, type VersionRow } from '../models/versionRows';
import {
  isManifestText,
  type ManifestEntry,
  type ManifestSource,
  type ManifestText,
  type ObjectBodies,
  type VersionManifest,
} from './manifest';

/** Rows per INSERT: a few statements for 100k objects, each well under any parameter size limit. */
const INSERT_BATCH = 10000;
/** Hashes per read of bodies. */
const READ_BATCH = 50000;
/**
 * Joins texts for one parameter, split again in SQL with string_to_table. Both drivers pass one long text much
 * faster than a text[] of 100k JSON bodies (whose array literal needs every quote escaped, 3× slower on
 * PostgreSQL). Canonical JSON escapes every control character and hashes are hex, so the separator never occurs.
 */
const SEPARATOR = '\u001e';

/**
 * A `manifest` column read as ManifestText: its JSON as text and its entry count, both from the database, so the
 * driver parses nothing (the versions and the upload reviews both store one).
 */
export const manifestTextColumns = `manifest::text AS json,
  (SELECT COALESCE(sum(jsonb_array_length(value)), 0)::int FROM jsonb_each(manifest -> 'collections')) AS entries`;

export interface ManifestTextColumns {
  json: string;
  entries: number;
}

export interface NewVersion {
  id: string;
  modelId: string;
  authorId: string | null;
  createdAt: Date;
  message: string | null;
  origin: VersionOrigin;
  sourceBlob: string | null;
  /** Parsed, or as the database gave it (a review applied whole: stored without a parse). */
  manifest: ManifestSource;
  modelHash: string;
  counts: Record<string, number>;
  report: TranslationReportWire | null;
  jobId: string | null;
}

/** Content-addressed storage of model objects and the versions that list them. */
export const versionStore = {
  /** Stores the bodies not stored yet; the same object uploaded again adds no row. */
  async insertObjects(tx: Queryable, objects: ObjectBodies): Promise<void> {
    for (let start = 0; start < objects.hashes.length; start += INSERT_BATCH) {
      await tx.query(
        `INSERT INTO model_objects (hash, body)
         SELECT hash, body FROM ROWS FROM (string_to_table($1, E'\\x1e'), string_to_table($2, E'\\x1e')) AS o (hash, body)
         ON CONFLICT (hash) DO NOTHING`,
        [
          objects.hashes.slice(start, start + INSERT_BATCH).join(SEPARATOR),
          objects.bodies.slice(start, start + INSERT_BATCH).join(SEPARATOR),
        ],
      );
    }
  },

  /**
   * Locks the model row so versions of one model are numbered one at a time; false when the model is gone.
   */
  async lockModel(tx: Queryable, modelId: string): Promise<boolean> {
    const rows = await tx.query('SELECT id FROM models WHERE id = $1 FOR UPDATE', [modelId]);
    return rows.length > 0;
  },

  /** Inserts the next version of the model (call with the model locked); createVersion is its one caller. */
  async insert(tx: Queryable, version: NewVersion): Promise<VersionRow> {
    const rows = await tx.query<VersionRow>(
      `INSERT INTO versions (id, model_id, number, author_id, created_at, message, origin, source_blob, manifest,
                             model_hash, counts, report, job_id)
       VALUES ($1, $2, (SELECT COALESCE(max(number), 0) + 1 FROM versions WHERE model_id = $2), $3, $4, $5,
               $6::jsonb, $7, $8::jsonb, $9, $10::jsonb, $11::jsonb, $12)
       RETURNING id, model_id, number, author_id, created_at, message, origin, counts, report, change_summary`,
      [
        version.id,
        version.modelId,
        version.authorId,
        version.createdAt,
        version.message,
        JSON.stringify(version.origin),
        version.sourceBlob,
        isManifestText(version.manifest) ? version.manifest.json : JSON.stringify(version.manifest),
        version.modelHash,
        JSON.stringify(version.counts),
        version.report === null ? null : JSON.stringify(version.report),
        version.jobId,
      ],
    );
    return rows[0] as VersionRow;
  },

  /**
   * A copy of a version of the same model as its next version (the manifest never leaves the database);
   * createVersion is its one caller.
   */
  async insertCopy(
    tx: Queryable,
    source: { modelId: string; versionId: string },
    copy: {
      id: string;
      authorId: string;
      createdAt: Date;
      message: string | null;
      origin: VersionOrigin;
      jobId: string | null;
    },
  ): Promise<VersionRow | undefined> {
    const rows = await tx.query<VersionRow>(
      `INSERT INTO versions (id, model_id, number, author_id, created_at, message, origin, source_blob, manifest,
                             model_hash, counts, report, job_id)
       SELECT $1, s.model_id, (SELECT max(number) + 1 FROM versions WHERE model_id = s.model_id), $2, $3, $4,
              $5::jsonb, s.source_blob, s.manifest, s.model_hash, s.counts, s.report, $6
         FROM versions s
        WHERE s.id = $7 AND s.model_id = $8
       RETURNING id, model_id, number, author_id, created_at, message, origin, counts, report, change_summary`,
      [
        copy.id,
        copy.authorId,
        copy.createdAt,
        copy.message,
        JSON.stringify(copy.origin),
        copy.jobId,
        source.versionId,
        source.modelId,
      ],
    );
    return rows[0];
  },

  async findByJob(db: Queryable, jobId: string): Promise<{ id: string; model_id: string } | undefined> {
    const rows = await db.query<{ id: string; model_id: string }>(
      'SELECT id, model_id FROM versions WHERE job_id = $1',
      [jobId],
    );
    return rows[0];
  },

  /** One version of one model with its whole report, or undefined. */
  async findWithReport(db: Queryable, modelId: string, versionId: string): Promise<VersionRow | undefined> {
    const rows = await db.query<VersionRow>(
      `SELECT id, model_id, number, author_id, created_at, message, origin, counts, report, change_summary
         FROM versions WHERE id = $1 AND model_id = $2`,
      [versionId, modelId],
    );
    return rows[0];
  },

  async findSummary(db: Queryable, modelId: string, versionId: string): Promise<VersionRow | undefined> {
    const rows = await db.query<VersionRow>(
      `SELECT ${versionSummaryColumns('v')} FROM versions v WHERE v.id = $1 AND v.model_id = $2`,
      [versionId, modelId],
    );
    return rows[0];
  },

  /** The newest version's id, or undefined when the model has none. */
  async latestId(db: Queryable, modelId: string): Promise<string | undefined> {
    const rows = await db.query<{ id: string }>(
      'SELECT id FROM versions WHERE model_id = $1 ORDER BY number DESC LIMIT 1',
      [modelId],
    );
    return rows[0]?.id;
  },

  /** The newest version's id and the source tools its manifest lists (null: made before manifests had them). */
  async latestTools(
    db: Queryable,
    modelId: string,
  ): Promise<{ id: string; tools: string[] | null } | undefined> {
    const rows = await db.query<{ id: string; tools: string[] | null }>(
      `SELECT id, manifest -> 'tools' AS tools FROM versions WHERE model_id = $1 ORDER BY number DESC LIMIT 1`,
      [modelId],
    );
    return rows[0];
  },

  /** The whole manifest of a version of the model, with its number. */
  async manifest(
    db: Queryable,
    modelId: string,
    versionId: string,
  ): Promise<{ number: number; manifest: VersionManifest } | undefined> {
    const rows = await db.query<{ number: number; manifest: VersionManifest }>(
      'SELECT number, manifest FROM versions WHERE id = $1 AND model_id = $2',
      [versionId, modelId],
    );
    return rows[0];
  },

  /** The version's manifest as text, unparsed (ManifestText), when the version belongs to the model. */
  async manifestText(
    db: Queryable,
    modelId: string,
    versionId: string,
  ): Promise<{ number: number; manifest: ManifestText } | undefined> {
    const rows = await db.query<{ number: number } & ManifestTextColumns>(
      `SELECT number, ${manifestTextColumns} FROM versions WHERE id = $1 AND model_id = $2`,
      [versionId, modelId],
    );
    const row = rows[0];
    return row && { number: row.number, manifest: { json: row.json, entries: row.entries } };
  },

  /**
   * Every object body named by the manifests of the versions and of the upload reviews given, each once, found by
   * the database from the manifests themselves: this process never parses the manifests to ask (ManifestText).
   */
  async objectBodiesNamedBy(
    db: Queryable,
    manifests: { versionIds: readonly string[]; reviewIds?: readonly string[] },
  ): Promise<ObjectBodies> {
    const rows = await db.query<{ hash: string; body: string }>(
      `WITH m AS (SELECT manifest FROM versions WHERE id = ANY($1::uuid[])
                  UNION ALL SELECT manifest FROM upload_reviews WHERE id = ANY($2::uuid[])),
            wanted AS (
              SELECT entry ->> 1 AS hash
                FROM m, jsonb_each(m.manifest -> 'collections') AS c, jsonb_array_elements(c.value) AS entry
              UNION SELECT manifest ->> 'header' FROM m
              UNION SELECT manifest ->> 'results' FROM m WHERE manifest ? 'results'
            )
       SELECT o.hash, o.body FROM model_objects o JOIN wanted ON wanted.hash = o.hash`,
      [manifests.versionIds, manifests.reviewIds ?? []],
    );
    const objects: ObjectBodies = {
      hashes: new Array<string>(rows.length),
      bodies: new Array<string>(rows.length),
    };
    rows.forEach((row, index) => {
      objects.hashes[index] = row.hash;
      objects.bodies[index] = row.body;
    });
    return objects;
  },

  /** The display unit and the named collections of a manifest (the rest stays in the database). */
  async partialManifest(
    db: Queryable,
    modelId: string,
    versionId: string,
    collections: readonly ModelCollection[],
  ): Promise<{ units: string; collections: Partial<Record<ModelCollection, ManifestEntry[]>> } | undefined> {
    const columns = collections.map(
      (collection, index) => `manifest -> 'collections' -> $${index + 3} AS c${index}`,
    );
    const rows = await db.query<Record<string, unknown>>(
      `SELECT manifest ->> 'units' AS units${columns.length ? `, ${columns.join(', ')}` : ''}
         FROM versions WHERE id = $1 AND model_id = $2`,
      [versionId, modelId, ...collections],
    );
    const row = rows[0];
    if (!row) return undefined;
    const picked: Partial<Record<ModelCollection, ManifestEntry[]>> = {};
    collections.forEach((collection, index) => {
      picked[collection] = (row[`c${index}`] as ManifestEntry[] | null) ?? [];
    });
    return { units: String(row.units), collections: picked };
  },

  /** The bodies of the given hashes, read in batches. */
  async bodies(db: Queryable, hashes: readonly string[]): Promise<Map<string, string>> {
    const bodies = new Map<string, string>();
    for (let start = 0; start < hashes.length; start += READ_BATCH) {
      const rows = await db.query<{ hash: string; body: string }>(
        `SELECT hash, body FROM model_objects WHERE hash = ANY(string_to_array($1, ','))`,
        [hashes.slice(start, start + READ_BATCH).join(',')],
      );
      for (const row of rows) bodies.set(row.hash, row.body);
    }
    return bodies;
  },

  /** Whether the version belongs to the model. */
  async exists(db: Queryable, modelId: string, versionId: string): Promise<boolean> {
    const rows = await db.query('SELECT 1 FROM versions WHERE id = $1 AND model_id = $2', [
      versionId,
      modelId,
    ]);
    return rows.length > 0;
  },

  /** The model's display unit (its setting now) when the version belongs to the model; undefined otherwise. */
  async modelUnits(db: Queryable, modelId: string, versionId: string): Promise<DisplayUnit | undefined> {
    const rows = await db.query<{ units: DisplayUnit }>(
      `SELECT m.units FROM versions v JOIN models m ON m.id = v.model_id WHERE v.id = $1 AND v.model_id = $2`,
      [versionId, modelId],
    );
    return rows[0]?.units;
  },

  /**
   * The hash of one element of a version (null when the version has no such element) with the model's display
   * unit; undefined when the version does not belong to the model. The manifest is searched in the database, so
   * a click on one of 100k elements does not ship the whole list here.
   */
  async findElement(
    db: Queryable,
    modelId: string,
    versionId: string,
    elementId: string,
  ): Promise<{ units: DisplayUnit; hash: string | null } | undefined> {
    const rows = await db.query<{ units: DisplayUnit; hash: string | null }>(
      `SELECT m.units,
              (SELECT e ->> 1 FROM jsonb_array_elements(v.manifest -> 'collections' -> 'elements') e
                WHERE e ->> 0 = $3 LIMIT 1) AS hash
         FROM versions v JOIN models m ON m.id = v.model_id
        WHERE v.id = $1 AND v.model_id = $2`,
      [versionId, modelId, elementId],
    );
    return rows[0];
  },

  /**
   * The manifest entry at `position` of a collection, read in the database (one array element, not the list).
   */
  async entryAt(
    db: Queryable,
    modelId: string,
    versionId: string,
    collection: ModelCollection,
    position: number,
  ): Promise<ManifestEntry | undefined> {
    const rows = await db.query<{ entry: ManifestEntry | null }>(
      `SELECT manifest #> ARRAY['collections', $3, $4] AS entry FROM versions WHERE id = $1 AND model_id = $2`,
      [versionId, modelId, collection, String(position)],
    );
    return rows[0]?.entry ?? undefined;
  },

  /** Rows in model_objects (tests and benchmarks measure growth with it). */
  async objectCount(db: Queryable): Promise<number> {
    const rows = await db.query<{ count: number }>('SELECT count(*)::int AS count FROM model_objects');
    return rows[0]?.count ?? 0;
  },
};
