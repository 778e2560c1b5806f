import type { FidelityConcept, ReportItem } from '../formats/report';

export type { FidelityConcept } from '../formats/report';

/** The kinds of object the oracle counts, in the order a certificate lists them. */
export const FIDELITY_KINDS = [
  'nodes',
  'beams',
  'columns',
  'braces',
  'cables',
  'walls',
  'floors',
  'areas',
  'openings',
  'links',
  'components',
  'foundations',
  'geometry',
  'sections',
  'materials',
  'linkProperties',
  'springProperties',
  'loadPatterns',
  'loadCases',
  'functions',
  'loadCombinations',
  'pointLoads',
  'lineLoads',
  'areaLoads',
  'groups',
  'levels',
  'grids',
  'diaphragms',
] as const;
export type FidelityKind = (typeof FIDELITY_KINDS)[number];

export interface CompareOptions {
  /** Two nodes closer than this (mm) are the same node; default 1 mm. */
  positionTolerance?: number;
  /** Relative tolerance on every other number (unit conversions leave float noise); default 1e-6. */
  relativeTolerance?: number;
}

/** One thing an engineer would see differ between the two models. */
export interface FidelityDifference {
  concept: FidelityConcept;
  change: 'missing' | 'added' | 'changed';
  /** The canonical type of the object: 'Beam', 'Node', 'Profile', 'LoadPattern', 'PointLoad'… */
  subject: string;
  /** The before-model id (the after-model id for 'added'). */
  id: string;
  /** The after-model id, when the object was matched to one with another id. */
  afterId?: string;
  /**
   * This object's id, its after id, and the ids of the definitions the difference involves (the profile of a
   * section difference, the pattern of a load), so a report item naming any of them explains it.
   */
  ids: string[];
  /** Path of the field that differs ('releases.i.m3'), or its root when several do ('releases'). */
  field?: string;
  before?: unknown;
  after?: unknown;
  /** In engineering words: "Beam B12@L3: end i moment M3 released before, fixed after". */
  message: string;
}

/** How one kind of object fared: counts, and per aspect checked how many matched objects differ. */
export interface KindSummary {
  kind: FidelityKind;
  before: number;
  after: number;
  matched: number;
  missing: number;
  added: number;
  /** Every aspect compared on this kind, with how many matched objects differ in it (0: identical for all). */
  aspects: Partial<Record<FidelityConcept, number>>;
}

/** Sum of the loads of one pattern: global forces (N), applied moments (N·m), and what has no global direction. */
export interface LoadResultant {
  fx: number;
  fy: number;
  fz: number;
  mx: number;
  my: number;
  mz: number;
  /** Totals of loads in local or unnamed directions, by a label such as 'line force along local 2'. */
  other: Record<string, number>;
}

export interface PatternResultant {
  /** The pattern's name in the before model (the after model's for a pattern only it has). */
  pattern: string;
  before: LoadResultant;
  after: LoadResultant;
  identical: boolean;
}

export interface FidelitySummary {
  positionTolerance: number;
  relativeTolerance: number;
  kinds: KindSummary[];
  resultants: PatternResultant[];
}

export interface FidelityComparison {
  differences: FidelityDifference[];
  summary: FidelitySummary;
}

export interface ExplainedDifference {
  difference: FidelityDifference;
  item: ReportItem;
}

export interface Explanation {
  explained: ExplainedDifference[];
  unexplained: FidelityDifference[];
}
