import { Readable } from 'node:stream';
import { ownMessages } from '../../../contract/errors';
import type { ResultChangesLine } from '../../../contract/http/versions';
import type {
  RESULT_TABLE_KINDS,
  ResultsDiagramsWire,
  ResultsDiffWire,
  ResultsDisplacementsWire,
  ResultsDriftsWire,
  ResultsSummaryWire,
  ResultsValuesWire,
} from '../../../contract/http/results';
import {
  decodeResults,
  diffResults,
  resultsOf,
  memberDiagrams,
  objectExtremes,
  RESULT_TABLES,
  resultTable,
  storyDrifts,
  deformedShape,
  modalPeriods,
  type Quantity,
  type ResultSet,
  type ResultTable,
} from '../../../engine/results/index';
import { BlobTooLargeError, EmptyBlobError, type BlobStore } from '../../blobs/blobStore';
import { recordBlob } from '../../blobs/repository';
import type { ServerContext } from '../../context';
import { HttpError } from '../../httpError';
import { runTask } from '../../jobs/workerTask';
import { fill } from '../../messageTemplate';
import { isUuid } from '../access/access';
import type { StoredResults } from '../capability';
import type { VersionInput } from '../repair/repairProtocol';
import { versionInput } from '../repair/store';
import { resultsStore } from './repository';
import type { ResultsAnswer, ResultsRequest } from './resultsProtocol';

const entry = new URL('./resultsWorker.ts', import.meta.url);

/** Decoded result sets kept in memory, by blob: recolouring and diagrams read the same set again and again. */
const DECODED_KEPT = 4;

type TableKind = (typeof RESULT_TABLE_KINDS)[number];

/** The engine threw inside the worker: deterministic for this file and version, so retrying cannot help. */
export class ResultsComputationError extends Error {
  override readonly name = 'ResultsComputationError';
}

export interface ResultsUpload {
  userId: string;
  modelId: string;
  versionId: string;
  fileName: string;
  units: string | undefined;
  declaredBytes: number | undefined;
  body: Readable;
}

/** Stored results as the server reads them back: one decoded set per blob, the last few kept in memory. */
/** NaN (no value) as the wire carries it: null. */
const orNull = (value: number): number | null => (Number.isNaN(value) ? null : value);

export function createResultsReader(context: ServerContext, deps: { blobs: BlobStore }) {
  const decoded = new Map<string, ResultSet>();

  /** A version's stored results, decoded; undefined when it has none. */
  async function find(
    modelId: string,
    versionId: string,
  ): Promise<{ set: ResultSet; summary: ResultsSummaryWire; blob: string } | undefined> {
    const stored = await resultsStore.find(context.db, modelId, versionId);
    if (!stored) return undefined;
    let set = decoded.get(stored.resultsBlob);
    if (!set) {
      set = decodeResults(await deps.blobs.read(stored.resultsBlob));
      decoded.set(stored.resultsBlob, set);
      const oldest = decoded.keys().next().value;
      if (decoded.size > DECODED_KEPT && oldest !== undefined) decoded.delete(oldest);
    }
    return { set, summary: stored.summary, blob: stored.resultsBlob };
  }

  /**
   * The member-force changes of `component` from one version's results to another's (by model object), past
   * `threshold` percent; undefined when either version has no results.
   */
  async function changes(
    modelId: string,
    before: string,
    after: string,
    component: string,
    threshold: number,
  ): Promise<Omit<ResultsDiffWire, 'quantity'> | undefined> {
    const [old, next] = await Promise.all([find(modelId, before), find(modelId, after)]);
    if (!old || !next) return undefined;
    const beforeTable = resultTable(old.set, 'frameForces');
    const afterTable = resultTable(next.set, 'frameForces');
    const empty = { compared: 0, onlyBefore: 0, onlyAfter: 0, noiseFloor: 0, changes: [] };
    const diff =
      afterTable && beforeTable
        ? diffResults(beforeTable, afterTable, component, { thresholdPercent: threshold, by: 'target' })
        : empty;
    const finite = (value: number) => (Number.isFinite(value) ? value : null);
    return {
      component,
      against: before,
      thresholdPercent: threshold,
      compared: diff.compared,
      onlyBefore: diff.onlyBefore,
      onlyAfter: diff.onlyAfter,
      noiseFloor: diff.noiseFloor,
      changes: diff.changes.map((change) => ({
        member: change.member,
        case: change.case,
        before: change.before,
        after: change.after,
        change: change.change,
        percent: finite(change.percent),
        relative: finite(change.relative),
      })),
    };
  }

  return { find, changes };
}

export type ResultsReader = ReturnType<typeof createResultsReader>;

/** A version's stored results as canonical objects, for exports (capability.ts StoredResults). */
export function createStoredResults(context: ServerContext, deps: { blobs: BlobStore }): StoredResults {
  const reader = createResultsReader(context, deps);
  return {
    async of(modelId, versionId) {
      const stored = await reader.find(modelId, versionId);
      if (!stored) return undefined;
      const { results, leftBehind } = resultsOf(stored.set);
      return { results, leftBehind, key: stored.blob };
    },
  };
}

/**
 * Reads a stored results file onto a version (in a worker: a million rows take seconds), matches it, stores the
 * column store as a blob and the summary as the version's results, replacing any before. The caller has checked
 * access and stored the file.
 */
export async function storeResults(
  context: ServerContext,
  deps: { blobs: BlobStore },
  input: {
    modelId: string;
    versionId: string;
    fileName: string;
    sourceBlob: string;
    units: string | undefined;
    uploadedBy: string | null;
    version: VersionInput;
  },
): Promise<
  | { kind: 'stored'; summary: ResultsSummaryWire }
  | { kind: 'unreadable'; message: string }
  | { kind: 'failed'; message: string }
> {
  const request: ResultsRequest = {
    bytes: await deps.blobs.read(input.sourceBlob),
    ...(input.units === undefined ? {} : { units: input.units }),
    ...input.version,
  };
  let answer: ResultsAnswer;
  try {
    answer = await runTask<ResultsRequest, ResultsAnswer>(entry, request, {
      failure: (message) => new ResultsComputationError(message),
    });
  } catch (error) {
    if (error instanceof ResultsComputationError) return { kind: 'failed', message: error.message };
    throw error;
  }
  if (answer.kind === 'unreadable') return answer;
  const now = context.clock();
  const results = await deps.blobs.put(Readable.from([answer.encoded]), {
    maxBytes: Math.max(answer.encoded.byteLength, 1),
  });
  await recordBlob(context.db, results, now);
  const summary: ResultsSummaryWire = {
    versionId: input.versionId,
    fileName: input.fileName,
    uploadedAt: now.toISOString(),
    ...(answer.program === undefined ? {} : { program: answer.program }),
    tables: answer.tables,
    items: answer.items,
  };
  await resultsStore.save(context.db, {
    modelId: input.modelId,
    versionId: input.versionId,
    fileName: input.fileName,
    sourceBlob: input.sourceBlob,
    resultsBlob: results.sha256,
    summary,
    uploadedBy: input.uploadedBy,
    uploadedAt: now,
  });
  await refreshResultChanges(context, deps, input.modelId, input.versionId);
  return { kind: 'stored', summary };
}

/** The component and threshold of the engineering summary's results line (the example: M3, 10 %). */
const SUMMARY_COMPONENT = 'm3';
const SUMMARY_THRESHOLD = 10;
/** Changes a version keeps for its line: the largest few. */
const SUMMARY_TOP = 3;

/**
 * Keeps the results line of the engineering summary right once a version's results are stored: its own (against
 * the version before) and the next version's (against it), each null unless both sides have results.
 */
async function refreshResultChanges(
  context: ServerContext,
  deps: { blobs: BlobStore },
  modelId: string,
  versionId: string,
): Promise<void> {
  const neighbours = await context.db.query<{ id: string; number: number; has_results: boolean }>(
    `SELECT v.id, v.number, EXISTS (SELECT 1 FROM version_results r WHERE r.version_id = v.id) AS has_results
       FROM versions v, versions self
      WHERE self.id = $2 AND v.model_id = $1 AND v.number BETWEEN self.number - 1 AND self.number + 1
      ORDER BY v.number`,
    [modelId, versionId],
  );
  const reader = createResultsReader(context, deps);
  for (let index = 1; index < neighbours.length; index++) {
    const before = neighbours[index - 1];
    const after = neighbours[index];
    if (!before || !after || !after.has_results || after.number !== before.number + 1) continue;
    const diff = before.has_results
      ? await reader.changes(modelId, before.id, after.id, SUMMARY_COMPONENT, SUMMARY_THRESHOLD)
      : undefined;
    const line: ResultChangesLine | null = diff
      ? {
          against: before.number,
          component: SUMMARY_COMPONENT,
          thresholdPercent: SUMMARY_THRESHOLD,
          count: diff.changes.length,
          members: new Set(diff.changes.map((change) => change.member)).size,
          top: diff.changes.slice(0, SUMMARY_TOP).map((change) => ({
            member: change.member,
            case: change.case,
            before: change.before,
            after: change.after,
            percent: change.percent,
          })),
        }
      : null;
    await context.db.query('UPDATE version_results SET changes = $2::jsonb WHERE version_id = $1', [
      after.id,
      line === null ? null : JSON.stringify(line),
    ]);
  }
}

/**
 * Results the model file itself holds (a SAP2000 .s2k exported with its analysis tables): read onto the version
 * the upload made (issue #25), for a file `holdsResultTables` says has them.
 */
export function createModelFileResults(context: ServerContext, deps: { blobs: BlobStore }) {
  return async (upload: {
    modelId: string;
    versionId: string;
    fileName: string;
    sourceBlob: string;
    uploadedBy: string | null;
  }): Promise<void> => {
    const version = await versionInput(context.db, upload.modelId, upload.versionId);
    if (!version) return;
    const stored = await storeResults(context, deps, { ...upload, units: undefined, version });
    if (stored.kind !== 'stored') {
      context.log.warn(
        { versionId: upload.versionId, reason: stored.message },
        'The results in an uploaded model file could not be read',
      );
    }
  };
}

/** The table titles of results as CSI text writes them, searched for as bytes. */
const RESULT_TABLE_MARKERS = [
  'ELEMENT FORCES - ',
  'JOINT REACTIONS',
  'JOINT DISPLACEMENTS',
  'BASE REACTIONS',
  'MODAL PERIODS',
  'MODAL PARTICIPATING',
  'STORY DRIFTS',
  'STORY FORCES',
].map((marker) => Buffer.from(marker, 'latin1'));

/** Whether a file holds result tables: one native byte search per title, no decoding. */
export function holdsResultTables(bytes: Uint8Array): boolean {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return RESULT_TABLE_MARKERS.some((marker) => buffer.includes(marker));
}

export function createResultsService(context: ServerContext, deps: { blobs: BlobStore }) {
  const { db, access, clock } = context;
  const maxBytes = context.config.uploads.maxBytes;
  const reader = createResultsReader(context, deps);

  async function requireVersion(
    userId: string,
    modelId: string,
    versionId: string,
    ability: 'view' | 'update',
  ) {
    await access.requireModel(userId, modelId, ability);
    if (!isUuid(versionId)) throw new HttpError(404, ownMessages.versionNotFound);
  }

  async function storedSet(
    modelId: string,
    versionId: string,
  ): Promise<{ set: ResultSet; summary: ResultsSummaryWire; blob: string }> {
    const stored = await reader.find(modelId, versionId);
    if (!stored) throw new HttpError(404, ownMessages.resultsNotFound);
    return stored;
  }

  /** The table of `kind` and the quantity of its `component`; 400 for a component the table cannot hold. */
  function tableAndQuantity(
    set: ResultSet,
    kind: TableKind,
    component: string,
  ): { table: ResultTable | undefined; quantity: Quantity } {
    const spec = RESULT_TABLES.find((candidate) => candidate.kind === kind);
    const field = spec?.fields.find((candidate) => candidate.name === component);
    if (!spec || !field || field.type === 'text' || !spec.components.includes(component)) {
      throw new HttpError(
        400,
        fill(ownMessages.resultsComponentUnknown, { component, table: spec?.title ?? kind }),
      );
    }
    return { table: resultTable(set, kind), quantity: field.type };
  }

  function requireCase(table: ResultTable | undefined, caseName: string | undefined): void {
    if (caseName === undefined) return;
    if (!table?.text.case?.values.includes(caseName)) {
      throw new HttpError(404, fill(ownMessages.resultsCaseNotFound, { case: caseName }));
    }
  }

  return {
    async upload(upload: ResultsUpload): Promise<ResultsSummaryWire> {
      await requireVersion(upload.userId, upload.modelId, upload.versionId, 'update');
      if (upload.declaredBytes !== undefined && upload.declaredBytes > maxBytes) {
        upload.body.resume();
        throw new HttpError(413, ownMessages.uploadFileTooLarge);
      }
      const version = await versionInput(db, upload.modelId, upload.versionId);
      if (!version) {
        upload.body.resume();
        throw new HttpError(404, ownMessages.versionNotFound);
      }
      let source;
      try {
        source = await deps.blobs.put(upload.body, { maxBytes });
      } catch (error) {
        upload.body.resume();
        if (error instanceof BlobTooLargeError) throw new HttpError(413, ownMessages.uploadFileTooLarge);
        if (error instanceof EmptyBlobError) throw new HttpError(400, ownMessages.uploadFileEmpty);
        throw error;
      }
      await recordBlob(db, source, clock());
      const stored = await storeResults(context, deps, {
        modelId: upload.modelId,
        versionId: upload.versionId,
        fileName: upload.fileName,
        sourceBlob: source.sha256,
        units: upload.units,
        uploadedBy: upload.userId,
        version,
      });
      if (stored.kind === 'failed') {
        throw new HttpError(422, fill(ownMessages.resultsFailed, { reason: stored.message }));
      }
      if (stored.kind === 'unreadable') {
        throw new HttpError(
          400,
          fill(ownMessages.resultsUnreadable, { file: upload.fileName, reason: stored.message }),
        );
      }
      const summary = stored.summary;
      return summary;
    },

    async summary(userId: string, modelId: string, versionId: string): Promise<ResultsSummaryWire> {
      await requireVersion(userId, modelId, versionId, 'view');
      const stored = await resultsStore.find(db, modelId, versionId);
      if (!stored) throw new HttpError(404, ownMessages.resultsNotFound);
      return stored.summary;
    },

    async values(
      userId: string,
      modelId: string,
      versionId: string,
      query: { table: TableKind; component: string; case?: string | undefined },
    ): Promise<ResultsValuesWire> {
      await requireVersion(userId, modelId, versionId, 'view');
      const { set, blob } = await storedSet(modelId, versionId);
      const { table, quantity } = tableAndQuantity(set, query.table, query.component);
      requireCase(table, query.case);
      const extremes = table
        ? objectExtremes(table, query.component, query.case)
        : { ids: [], values: new Float64Array(0) };
      return {
        table: query.table,
        component: query.component,
        quantity,
        ...(query.case === undefined ? {} : { case: query.case }),
        idsKey: `${blob}:${query.table}`,
        ids: [...extremes.ids],
        values: Array.from(extremes.values, orNull),
      };
    },

    async diagrams(
      userId: string,
      modelId: string,
      versionId: string,
      query: { component: string; case: string },
    ): Promise<ResultsDiagramsWire> {
      await requireVersion(userId, modelId, versionId, 'view');
      const { set } = await storedSet(modelId, versionId);
      const { table, quantity } = tableAndQuantity(set, 'frameForces', query.component);
      requireCase(table, query.case);
      return {
        component: query.component,
        quantity,
        case: query.case,
        members: table
          ? memberDiagrams(table, query.component, query.case).map((diagram) => ({
              id: diagram.id,
              stations: [...diagram.stations],
              max: [...diagram.max],
              min: [...diagram.min],
            }))
          : [],
      };
    },

    async drifts(
      userId: string,
      modelId: string,
      versionId: string,
      query: { case: string },
    ): Promise<ResultsDriftsWire> {
      await requireVersion(userId, modelId, versionId, 'view');
      const { set } = await storedSet(modelId, versionId);
      const table = resultTable(set, 'storyDrifts');
      requireCase(table, query.case);
      return {
        case: query.case,
        stories: (table ? storyDrifts(table, query.case) : []).map((story) => ({
          id: story.id,
          x: orNull(story.x),
          y: orNull(story.y),
        })),
      };
    },

    async displacements(
      userId: string,
      modelId: string,
      versionId: string,
      query: { case: string; step?: string | undefined },
    ): Promise<ResultsDisplacementsWire> {
      await requireVersion(userId, modelId, versionId, 'view');
      const { set } = await storedSet(modelId, versionId);
      const table = resultTable(set, 'jointDisplacements');
      requireCase(table, query.case);
      const shape = table ? deformedShape(table, query.case, query.step) : { steps: [], joints: [] };
      if (query.step !== undefined && !shape.steps.includes(query.step)) {
        throw new HttpError(
          404,
          fill(ownMessages.resultsStepNotFound, { case: query.case, step: query.step }),
        );
      }
      const modal = resultTable(set, 'modalPeriods');
      const periods = modal ? modalPeriods(modal, query.case) : new Map<string, number>();
      const vector = (values: readonly [number, number, number]) =>
        [orNull(values[0]), orNull(values[1]), orNull(values[2])] as [
          number | null,
          number | null,
          number | null,
        ];
      return {
        case: query.case,
        ...(shape.step === undefined ? {} : { step: shape.step }),
        steps: shape.steps.map((name) => {
          const period = periods.get(name);
          return period === undefined ? { name } : { name, period };
        }),
        joints: shape.joints.map((joint) => ({ id: joint.id, u: vector(joint.u), r: vector(joint.r) })),
      };
    },

    async diff(
      userId: string,
      modelId: string,
      versionId: string,
      query: { against: string; component: string; threshold: number },
    ): Promise<ResultsDiffWire> {
      await requireVersion(userId, modelId, versionId, 'view');
      if (!isUuid(query.against)) throw new HttpError(404, ownMessages.versionNotFound);
      const { set } = await storedSet(modelId, versionId);
      const { quantity } = tableAndQuantity(set, 'frameForces', query.component);
      const diff = await reader.changes(modelId, query.against, versionId, query.component, query.threshold);
      if (!diff) throw new HttpError(404, ownMessages.resultsNotFound);
      return { ...diff, quantity };
    },
  };
}
