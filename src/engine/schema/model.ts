import { z } from 'zod';
import { AttributesSchema, SourceSchema } from './common';
import { JointConstraintSchema } from './constraint';
import { DiaphragmSchema } from './diaphragm';
import { ElementSchema } from './element';
import { AnalysisFunctionSchema } from './function';
import { GridSchema } from './grid';
import { GroupSchema } from './group';
import { LevelSchema } from './level';
import { LinkPropertySchema } from './linkProperty';
import { LoadSchema } from './load';
import { LoadCaseSchema } from './loadCase';
import { LoadCombinationSchema } from './loadCombination';
import { LoadPatternSchema } from './loadPattern';
import { MaterialSchema } from './material';
import { NodeSchema } from './node';
import { ProfileSchema } from './profile';
import { ResultsSchema } from './results';
import { SpringPropertySchema } from './spring';

/** Bump when a stored model needs a migration; additive optional fields do not. */
export const SCHEMA_VERSION = 1 as const;

export const DISPLAY_UNITS = ['cm', 'mm', 'm', 'ft', 'in'] as const;
export const DisplayUnitSchema = z.enum(DISPLAY_UNITS);
export type DisplayUnit = z.infer<typeof DisplayUnitSchema>;

/**
 * The units the source file was written in (e.g. ETABS `UNITS "KGF" "M" "C"`, SAP `CurrUnits="Kip, in, F"`),
 * kept so a writer can answer in the same units. The model's own numbers are always canonical (see common.ts).
 */
export const SourceUnitsSchema = z.object({
  force: z.string(),
  length: z.string(),
  temperature: z.string().optional(),
});
export type SourceUnits = z.infer<typeof SourceUnitsSchema>;

/**
 * The canonical structural model. Cross-references are by id into these collections. `attributes` holds
 * whole-model source data no collection maps (ETABS sections we do not read, kept to be written back).
 */
export const ModelSchema = z.object({
  schemaVersion: z.literal(SCHEMA_VERSION),
  units: DisplayUnitSchema,
  source: SourceSchema,
  sourceUnits: SourceUnitsSchema.optional(),
  nodes: z.array(NodeSchema),
  levels: z.array(LevelSchema),
  grids: z.array(GridSchema),
  materials: z.array(MaterialSchema),
  profiles: z.array(ProfileSchema),
  elements: z.array(ElementSchema),
  groups: z.array(GroupSchema),
  loadPatterns: z.array(LoadPatternSchema),
  loadCases: z.array(LoadCaseSchema),
  loadCombinations: z.array(LoadCombinationSchema),
  loads: z.array(LoadSchema),
  linkProperties: z.array(LinkPropertySchema),
  springProperties: z.array(SpringPropertySchema),
  diaphragms: z.array(DiaphragmSchema),
  /**
   * Response spectrum and time history functions the cases refer to. Optional and absent when empty, and not one
   * of MODEL_COLLECTIONS: it hashes with the header only when present, so every stored model keeps its hash.
   */
  functions: z.array(AnalysisFunctionSchema).optional(),
  /**
   * Joint constraints that tie joints together (SAP2000 body, equal, weld…; diaphragms are `diaphragms`). Optional
   * and absent when empty, outside MODEL_COLLECTIONS like `functions`, so models without them keep their hash.
   */
  constraints: z.array(JointConstraintSchema).optional(),
  results: ResultsSchema.optional(),
  attributes: AttributesSchema,
});
export type Model = z.infer<typeof ModelSchema>;

/** The id-keyed collections of a model, in a fixed order (used by hashing and counting). */
export const MODEL_COLLECTIONS = [
  'nodes',
  'levels',
  'grids',
  'materials',
  'profiles',
  'elements',
  'groups',
  'loadPatterns',
  'loadCases',
  'loadCombinations',
  'loads',
  'linkProperties',
  'springProperties',
  'diaphragms',
] as const satisfies readonly (keyof Model)[];
export type ModelCollection = (typeof MODEL_COLLECTIONS)[number];

/** A model with nothing in it, from the given source. */
export function emptyModel(source: z.infer<typeof SourceSchema>, units: DisplayUnit = 'mm'): Model {
  return {
    schemaVersion: SCHEMA_VERSION,
    units,
    source,
    nodes: [],
    levels: [],
    grids: [],
    materials: [],
    profiles: [],
    elements: [],
    groups: [],
    loadPatterns: [],
    loadCases: [],
    loadCombinations: [],
    loads: [],
    linkProperties: [],
    springProperties: [],
    diaphragms: [],
    attributes: {},
  };
}
