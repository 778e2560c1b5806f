import { z } from 'zod';
import { RESULT_KINDS } from '../../engine/results/catalogue';
import { QUANTITIES } from '../../engine/results/quantities';
import { idSchema } from './names';
import { text } from './text';
import { reportItemSchema } from './versions';

/**
 * Analysis results on a version (issue #25), under /api/models/{id}/data/versions/{versionId}/results:
 *
 * - `PUT …/results?fileName=…[&units=…]`, the file's bytes as the body (application/octet-stream): WRITE and up.
 *   The CSI text export, the Excel export or the CSV export of SAP2000 / ETABS result tables. Rows are matched
 *   to the version's members, joints and stories by label; what does not match is in the answer's report. A
 *   second upload replaces the first. 200 with the summary; 400 for a file that is not readable as results.
 * - `GET …/results`: the summary (404 when the version has none). READ and up.
 * - `GET …/results/values?table=&component=&case=`: per model object, the component's signed extreme in the case
 *   (over stations and envelope steps), for colouring. READ and up.
 * - `GET …/results/diagrams?component=&case=`: along each member, the component per station (max and min lines).
 * - `GET …/results/drifts?case=`: per story, its largest drift ratio in X and in Y in the case (ETABS Story Drifts).
 * - `GET …/results/displacements?case=&step=`: per joint, its translations and rotations in the case, for the
 *   deformed shape: of a case with several steps (modes, an envelope's Max and Min) the step asked for or else the
 *   first, with every step listed and, for a mode, its period when the results have Modal Periods.
 * - `GET …/results/diff?against={versionId}&component=&threshold=`: per member and case, the change of the
 *   component's extreme from the `against` version's results to this version's, past the threshold (%).
 *
 * Values are in Gusset's canonical units: N, N·m, mm, rad, s (the client words them in the model's units).
 */
/** The kinds of result table (engine/results/catalogue.ts). */
export const RESULT_TABLE_KINDS = RESULT_KINDS;

export const resultsUploadQuery = z.object({
  fileName: text().min(1).max(255),
  /** The file's units when it does not say them, as CSI writes them: `KN, m, C`. */
  units: text().max(60).optional(),
});

const quantitySchema = z.enum(QUANTITIES);

export const resultsTableSummarySchema = z.object({
  kind: z.enum(RESULT_TABLE_KINDS),
  /** Engineering words: 'member forces'. */
  title: z.string(),
  /** The file's tables the rows came from. */
  sources: z.array(z.string()),
  rows: z.number().int(),
  cases: z.array(z.object({ name: z.string(), type: z.string().optional() })),
  components: z.array(z.object({ component: z.string(), quantity: quantitySchema })),
  /** Distinct members, joints or stories of the version the rows matched; those the version lacks. */
  matched: z.number().int(),
  unmatched: z.number().int(),
  /** Beams, columns and braces of the version without forces (member forces only). */
  membersWithoutResults: z.number().int(),
});
export type ResultsTableSummaryWire = z.infer<typeof resultsTableSummarySchema>;

export const resultsSummarySchema = z.object({
  versionId: idSchema,
  fileName: z.string(),
  uploadedAt: z.string(),
  /** `ETABS 21.0.0` when the file says. */
  program: z.string().optional(),
  tables: z.array(resultsTableSummarySchema),
  /** What was not read or did not match: never a silent loss. */
  items: z.array(reportItemSchema),
});
export type ResultsSummaryWire = z.infer<typeof resultsSummarySchema>;

const componentField = text().min(1).max(40);

export const resultsValuesQuery = z.object({
  table: z.enum(RESULT_TABLE_KINDS).default('frameForces'),
  component: componentField,
  /** An output case or combination; absent: the extreme over every case. */
  case: text().max(200).optional(),
});

export const resultsValuesSchema = z.object({
  table: z.enum(RESULT_TABLE_KINDS),
  component: z.string(),
  quantity: quantitySchema,
  case: z.string().optional(),
  /**
   * Every model object the results matched and, at the same index, its signed extreme in the case (canonical
   * units; null where it has no value there). The ids are the same, in the same order, for every case and
   * component of one upload: `idsKey` names them, so a client resolves them to its elements once.
   */
  idsKey: z.string(),
  ids: z.array(z.string()),
  values: z.array(z.number().nullable()),
});
export type ResultsValuesWire = z.infer<typeof resultsValuesSchema>;

export const resultsDiagramsQuery = z.object({ component: componentField, case: text().min(1).max(200) });

export const resultsDiagramsSchema = z.object({
  component: z.string(),
  quantity: quantitySchema,
  case: z.string(),
  members: z.array(
    z.object({
      id: z.string(),
      /** mm from the i-end. */
      stations: z.array(z.number()),
      max: z.array(z.number()),
      min: z.array(z.number()),
    }),
  ),
});
export type ResultsDiagramsWire = z.infer<typeof resultsDiagramsSchema>;

export const resultsDiffQuery = z.object({
  against: idSchema,
  component: componentField,
  /** Smallest change listed, in percent of the value before. */
  threshold: z.coerce.number().min(0).max(10_000).default(10),
});

export const resultChangeSchema = z.object({
  /** The member's id in the model. */
  member: z.string(),
  case: z.string(),
  before: z.number(),
  after: z.number(),
  change: z.number(),
  /** Growth of the magnitude in percent of |before|; null when before was 0. */
  percent: z.number().nullable(),
  /** |after − before| in percent of |before| (what the threshold compares); null when before was 0. */
  relative: z.number().nullable(),
});
export type ResultChangeWire = z.infer<typeof resultChangeSchema>;

export const resultsDiffSchema = z.object({
  component: z.string(),
  quantity: quantitySchema,
  against: idSchema,
  thresholdPercent: z.number(),
  changes: z.array(resultChangeSchema),
  /** Member and case pairs compared, and those with results on one side only. */
  compared: z.number().int(),
  onlyBefore: z.number().int(),
  onlyAfter: z.number().int(),
  /** Changes smaller than this (canonical units) are not listed. */
  noiseFloor: z.number(),
});
export type ResultsDiffWire = z.infer<typeof resultsDiffSchema>;

export const resultsDriftsQuery = z.object({ case: text().min(1).max(200) });

export const resultsDriftsSchema = z.object({
  case: z.string(),
  /** Per story the results matched (level id): the largest drift ratio in X and in Y; null for none. */
  stories: z.array(z.object({ id: z.string(), x: z.number().nullable(), y: z.number().nullable() })),
});
export type ResultsDriftsWire = z.infer<typeof resultsDriftsSchema>;

export const resultsDisplacementsQuery = z.object({
  case: text().min(1).max(200),
  step: text().min(1).max(200).optional(),
});

const vector = z.tuple([z.number().nullable(), z.number().nullable(), z.number().nullable()]);

export const resultsDisplacementsSchema = z.object({
  case: z.string(),
  /** The step shown of a case with several (`Mode 1`, `Max`). */
  step: z.string().optional(),
  /** Every step of the case, as the file lists them; a mode's period in s when Modal Periods give it. */
  steps: z.array(z.object({ name: z.string(), period: z.number().optional() })),
  /** Per joint the results matched (node id): translations in mm and rotations in rad, global; null for none. */
  joints: z.array(z.object({ id: z.string(), u: vector, r: vector })),
});
export type ResultsDisplacementsWire = z.infer<typeof resultsDisplacementsSchema>;
