import { z } from 'zod';
import { multilineText, text } from './text';
import { SUMMARY_PHRASE_KINDS, type ChangeSummary, type SummaryPhrase } from '../../engine/diff/summary';
import {
  PROFILE_FAMILIES,
  SCENE_ELEMENT_TYPES,
  SCENE_LOAD_KINDS,
  type SceneData,
} from '../../engine/scene/sceneData';
import {
  DisplayUnitSchema,
  ElementSchema,
  LevelSchema,
  MaterialSchema,
  ProfileSchema,
} from '../../engine/schema';
import { jobSchema } from './jobs';
import { publicUserSchema } from './users';

/** The translation report as the engine makes it (engine/formats/report.ts), stored with each version. */
export const reportItemSchema = z.object({
  severity: z.enum(['approximated', 'dropped', 'warning']),
  subject: z.string(),
  id: z.string().optional(),
  ids: z.array(z.string()).optional(),
  line: z.number().int().optional(),
  concept: z.string().optional(),
  reason: z.string(),
  /** How many objects or lines the item stands for when more than it lists (the report's per-kind cap). */
  count: z.number().int().nonnegative().optional(),
});
export const translationReportSchema = z.object({
  format: z.string(),
  direction: z.enum(['read', 'write']),
  counts: z.record(z.string(), z.number()),
  items: z.array(reportItemSchema),
  sourceCounts: z.record(z.string(), z.number()).optional(),
});
export type TranslationReportWire = z.infer<typeof translationReportSchema>;

/** How a version came to be. */
export const versionOriginSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('upload'), fileName: z.string(), format: z.string(), sizeBytes: z.number() }),
  z.object({ kind: z.literal('restore'), restoredVersionId: z.string(), restoredNumber: z.number().int() }),
  z.object({ kind: z.literal('clone'), modelId: z.string(), versionId: z.string() }),
  /** A merge (issue #7): changes of another version taken into the latest one. */
  z.object({
    kind: z.literal('merge'),
    sourceVersionId: z.string(),
    sourceNumber: z.number().int(),
    changeCount: z.number().int(),
  }),
  /** An upload reviewed before it landed (issue #7): `changeCount` of `totalChanges` were applied. */
  z.object({
    kind: z.literal('review'),
    fileName: z.string(),
    format: z.string(),
    sizeBytes: z.number(),
    changeCount: z.number().int(),
    totalChanges: z.number().int(),
  }),
  /** A repair (issue #8) of `repairedVersionId`, committed with `operationCount` operations. */
  z.object({
    kind: z.literal('repair'),
    repairId: z.string(),
    repairedVersionId: z.string(),
    repairedNumber: z.number().int(),
    operationCount: z.number().int(),
  }),
]);
export type VersionOrigin = z.infer<typeof versionOriginSchema>;

/** One phrase of a version's change summary (the engine's SummaryPhrase: lengths in mm). */
export const summaryPhraseSchema = z.object({
  kind: z.enum(SUMMARY_PHRASE_KINDS),
  subject: z.string(),
  count: z.number().int(),
  maxMove: z.number().optional(),
  from: z.string().optional(),
  to: z.string().optional(),
  pairCount: z.number().int().optional(),
}) satisfies z.ZodType<SummaryPhrase>;

/** What changed against the version before, as the engine's summarizeDiff gathers it (issue #23). */
export const changeSummarySchema = z.object({
  phrases: z.array(summaryPhraseSchema),
}) satisfies z.ZodType<ChangeSummary>;

/**
 * The results line of the engineering summary (issue #25): the member-force changes past 10 % against the
 * version before, when both have results. `top` holds the largest few, worded by describeResultChange.
 */
export const resultChangesLineSchema = z.object({
  /** The number of the version compared with. */
  against: z.number().int(),
  component: z.string(),
  thresholdPercent: z.number(),
  /** Member and case pairs past the threshold, and the members among them. */
  count: z.number().int(),
  members: z.number().int(),
  top: z.array(
    z.object({
      member: z.string(),
      case: z.string(),
      before: z.number(),
      after: z.number(),
      percent: z.number().nullable(),
    }),
  ),
});
export type ResultChangesLine = z.infer<typeof resultChangesLineSchema>;

/** Spec section 3's Version (ID, Time, Author) plus what the history screen shows. */
export const versionSchema = z.object({
  ID: z.string(),
  Time: z.string(),
  Author: publicUserSchema.nullable(),
  number: z.number().int(),
  message: z.string().nullable(),
  origin: versionOriginSchema,
  counts: z.record(z.string(), z.number()),
  /**
   * Objects the report names, by severity (engine reportItemCount: an item of 200 ids is 200), so it agrees with
   * the grouped report (the full report: GET …/versions/{versionId}).
   */
  reportSummary: z.object({ approximated: z.number(), dropped: z.number(), warning: z.number() }),
  /**
   * What changed against the version before (changeSummaryText words it in the model's display unit). Null or
   * absent for a first version, for versions made before summaries were kept, and while it is computed.
   */
  changeSummary: changeSummarySchema.nullable().optional(),
  /** How its member forces changed against the version before; absent or null unless both have results. */
  resultChanges: resultChangesLineSchema.nullable().optional(),
});
export type Version = z.infer<typeof versionSchema>;

/** GET /api/models/{id}/versions/{versionId}: one version with its whole translation report. */
export const versionDetailSchema = versionSchema.extend({ report: translationReportSchema.nullable() });
export type VersionDetail = z.infer<typeof versionDetailSchema>;

/** Upload formats accepted now (IFC and xlsx arrive with their issue). */
export const UPLOAD_EXTENSIONS = [
  '.e2k',
  '.$et',
  '.s2k',
  '.$2k',
  '.ifc',
  '.stp',
  '.step',
  '.p21',
  '.xlsx',
  '.json',
] as const;

/**
 * POST /api/v2/uploads: the request body is the file itself, streamed (`Content-Type: application/octet-stream`;
 * not multipart), its name in the `X-File-Name` header (percent-encoded UTF-8, e.g. encodeURIComponent(name);
 * only the last path segment is kept), and the fields below as query parameters: either `modelId` (a new version,
 * needs WRITE) or `organizationId` + `name` (a new model, created with its first version when the job succeeds),
 * optionally `message`. An `Idempotency-Key` header (1–200 characters, per user) makes a retried upload answer
 * 200 with the first one's job instead of making a second version. 202 with the job; 400 for an unsupported
 * extension or an empty file, 409 while another upload to the model is unfinished, 413 over the size limit.
 */
export const UPLOAD_FILE_NAME_HEADER = 'X-File-Name';
export const uploadFieldsSchema = z.object({
  modelId: text().max(100).optional(),
  organizationId: text().max(100).optional(),
  name: text().max(200).optional(),
  message: multilineText().max(2000).optional(),
  /** 'true' with modelId: make a review of the changes instead of a version (issue #7). */
  review: z.enum(['true', 'false']).optional(),
});
export const uploadResponse = jobSchema;

/** GET /api/models/{id}/data/versions/{versionId}/minimal?keys=a,b&specificAttributesOnly=true */
export const minimalQuery = z.object({
  keys: text().max(2000).optional(),
  specificAttributesOnly: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => value === 'true'),
});

/** What the viewer needs to draw a version: nodes and elements with their geometry references. */
export const minimalNodeSchema = z.tuple([z.string(), z.number(), z.number(), z.number()]);
/**
 * One element. With specificAttributesOnly only id, type and attributes are sent (and no nodes): what a view
 * colouring the elements by attribute needs, light enough to ask for again.
 */
export const minimalElementSchema = z.object({
  id: z.string(),
  type: z.string(),
  name: z.string().optional(),
  /** Node ids: two for a frame, one or two for a link, the outline for an area; none for a GeoElement. */
  nodes: z.array(z.string()).optional(),
  /** Section (profile) id. */
  profile: z.string().optional(),
  /** Material id, when the element names its own. */
  material: z.string().optional(),
  /**
   * The requested keys (spec: keys) the element has: canonical fields first (levelId, orientationAngle…),
   * then its source attributes. Absent when no keys were asked for.
   */
  attributes: z.record(z.string(), z.unknown()).optional(),
});
export const minimalModelResponse = z.object({
  modelId: z.string(),
  versionId: z.string(),
  units: z.string(),
  /** [id, x, y, z] in millimetres. */
  nodes: z.array(minimalNodeSchema),
  elements: z.array(minimalElementSchema),
});
export type MinimalModel = z.infer<typeof minimalModelResponse>;

/** GET /api/models/{id}/data/versions/{versionId}/groups */
export const groupsResponse = z.object({
  data: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      memberCount: z.number().int(),
      members: z.array(z.string()),
    }),
  ),
});

/**
 * GET /api/models/{id}/data/attributes: the keys found on the latest version's elements (canonical fields and
 * source attributes), each with the element types that have it and how many elements do. Empty without versions.
 */
export const attributesResponse = z.object({
  data: z.array(z.object({ key: z.string(), elementTypes: z.array(z.string()), count: z.number().int() })),
});

/**
 * GET /api/models/{id}/data/versions/{versionId}/export?format=e2k|s2k|json: the file as an attachment, with the
 * model's effective filter for the version's platform → the format's platform applied.
 */
export const exportQuery = z.object({ format: text().min(1).max(20) });

/** POST /api/models/{id}/versions/{versionId}/restore: a new version equal to the old one. 201. */
export const restoreVersionResponse = versionSchema;

/**
 * GET /api/models/{id}/data/versions/{versionId}/scene: what the 3-D viewer draws of a version (the engine's
 * SceneData: columns of parallel arrays, cross-references as indices) plus the ids asked for. Same access as
 * GET minimal: READ and up; LIMITEDVIEW 401; a model or version the user cannot see 404. `units` is the model's
 * display unit now (its settings), which the viewer shows lengths in.
 *
 * The number columns are checked as arrays of numbers and the parallel columns for equal lengths (one pass
 * each, a few ms for 100k elements), not element by element against each other.
 */
const numbers = z.array(z.number());
const point2 = z.tuple([z.number(), z.number()]);

const sceneObject = z.object({
  units: DisplayUnitSchema,
  levels: z.array(z.object({ id: z.string(), name: z.string(), elevation: z.number() })),
  grids: z.array(
    z.object({ id: z.string(), label: z.string(), system: z.string(), start: point2, end: point2 }),
  ),
  materials: z.array(z.object({ id: z.string(), name: z.string(), kind: z.string() })),
  profiles: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      kind: z.enum(['frame', 'shell']),
      family: z.enum(PROFILE_FAMILIES),
      depth: z.number(),
      width: z.number(),
      flangeThickness: z.number(),
      webThickness: z.number(),
      thickness: z.number(),
      approximate: z.boolean(),
    }),
  ),
  nodes: z.object({ ids: z.array(z.string()), xyz: numbers, restraints: numbers }),
  elements: z.object({
    ids: z.array(z.string()),
    names: z.array(z.string()),
    types: numbers,
    profiles: numbers,
    materials: numbers,
    levels: numbers,
    angles: numbers,
    cardinalPoints: numbers,
    releases: numbers,
    nodeOffsets: numbers,
    nodeIndices: numbers,
  }),
  loads: z.object({
    patterns: z.array(z.string()),
    kinds: numbers,
    targets: numbers,
    patternIndices: numbers,
    directions: numbers,
    magnitudes: numbers,
    local: z.array(z.boolean()),
  }),
});

function checkColumns(scene: SceneData, context: z.RefinementCtx): void {
  const problem = sceneColumnProblem(scene);
  if (problem !== null) context.addIssue({ code: 'custom', message: problem });
}

export const sceneDataSchema = sceneObject.superRefine(checkColumns);

/** Why the columns of a scene do not line up, or null when they do (cheap: lengths and index ranges). */
export function sceneColumnProblem(scene: SceneData): string | null {
  const { nodes, elements, loads } = scene;
  const nodeCount = nodes.ids.length;
  if (nodes.xyz.length !== 3 * nodeCount) return 'nodes.xyz is not 3 numbers per node';
  if (nodes.restraints.length !== nodeCount) return 'nodes.restraints is not one per node';
  const elementCount = elements.ids.length;
  for (const column of [
    'names',
    'types',
    'profiles',
    'materials',
    'levels',
    'angles',
    'cardinalPoints',
    'releases',
  ] as const) {
    if (elements[column].length !== elementCount) return `elements.${column} is not one per element`;
  }
  if (elements.nodeOffsets.length !== elementCount + 1)
    return 'elements.nodeOffsets is not one per element + 1';
  if (elements.nodeOffsets[0] !== 0 || elements.nodeOffsets[elementCount] !== elements.nodeIndices.length) {
    return 'elements.nodeOffsets does not span elements.nodeIndices';
  }
  for (const index of elements.nodeIndices) {
    if (!(index >= 0 && index < nodeCount)) return 'elements.nodeIndices names a node that is not there';
  }
  for (const type of elements.types) {
    if (!(type >= 0 && type < SCENE_ELEMENT_TYPES.length)) return 'elements.types has an unknown type';
  }
  const loadCount = loads.kinds.length;
  for (const column of ['targets', 'patternIndices', 'magnitudes', 'local'] as const) {
    if (loads[column].length !== loadCount) return `loads.${column} is not one per load`;
  }
  if (loads.directions.length !== 3 * loadCount) return 'loads.directions is not 3 numbers per load';
  for (const kind of loads.kinds) {
    if (!(kind >= 0 && kind < SCENE_LOAD_KINDS.length)) return 'loads.kinds has an unknown kind';
  }
  return null;
}

export const versionSceneResponse = sceneObject
  .extend({ modelId: z.string(), versionId: z.string() })
  .superRefine(checkColumns);
export type VersionScene = SceneData & { modelId: string; versionId: string };

/**
 * GET /api/models/{id}/data/versions/{versionId}/elements/{elementId}: the properties panel of one element.
 * READ and up. The canonical objects as stored (element, its profile, material and level, or null when it names
 * none or one that is not there), its nodes in mm, `lengthMm` for a two-node member (the distance between its
 * end nodes; null otherwise), the model's display unit and how many loads act on it. 404
 * ownMessages.elementNotFound when the version has no element with that id.
 */
export const versionElementResponse = z.object({
  element: ElementSchema,
  profile: ProfileSchema.nullable(),
  material: MaterialSchema.nullable(),
  level: LevelSchema.nullable(),
  nodes: z.array(z.object({ id: z.string(), x: z.number(), y: z.number(), z: z.number() })),
  lengthMm: z.number().nullable(),
  units: DisplayUnitSchema,
  loads: z.number().int(),
});
export type VersionElement = z.infer<typeof versionElementResponse>;
