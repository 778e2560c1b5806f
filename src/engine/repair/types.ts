/*
 * Connectivity checks and model repair (issue #8): the shapes the engine, the server, the client and the CLI share.
 * The catalogue is ../shared/docs/repair-diff-domain.md section 7: checks C01–C16, operations R01–R13, in the
 * default pipeline order. All lengths here are canonical millimetres; display units are applied by describe.
 */
import type { DisplayUnit, Model, Node, Point3, Releases } from '../schema';

export const CHECK_IDS = [
  'C01',
  'C02',
  'C03',
  'C04',
  'C05',
  'C06',
  'C07',
  'C08',
  'C09',
  'C10',
  'C11',
  'C12',
  'C13',
  'C14',
  'C15',
  'C16',
] as const;
export type CheckId = (typeof CHECK_IDS)[number];

export const CHECK_TITLES: Record<CheckId, string> = {
  C01: 'Coincident nodes',
  C02: 'Near-miss nodes',
  C03: 'Node on member span',
  C04: 'Crossing members without a node',
  C05: 'Duplicate elements',
  C06: 'Overlapping collinear members',
  C07: 'Zero-length or short members',
  C08: 'Free member ends',
  C09: 'Floating parts',
  C10: 'Off-level nodes',
  C11: 'Off-grid nodes',
  C12: 'Nearly horizontal or vertical members',
  C13: 'Area edge incompatibility',
  C14: 'Eccentric members',
  C15: 'Unstable releases',
  C16: 'Orientation missing',
};

/** Operations in the default pipeline order (R03 is opt-in; R14 is later). */
export const OPERATION_IDS = [
  'R13',
  'R01',
  'R06',
  'R04',
  'R05',
  'R08',
  'R09',
  'R10',
  'R07',
  'R02',
  'R03',
  'R11',
  'R12',
] as const;
export type OperationId = (typeof OPERATION_IDS)[number];

export const OPERATION_TITLES: Record<OperationId, string> = {
  R01: 'Merge coincident nodes',
  R02: 'Split member at node',
  R03: 'Split crossing members',
  R04: 'Remove duplicates',
  R05: 'Resolve collinear overlaps',
  R06: 'Collapse zero-length members',
  R07: 'Extend or trim to support',
  R08: 'Snap to level',
  R09: 'Snap to grid',
  R10: 'Straighten near-horizontal or vertical members',
  R11: 'Keep offsets as end offsets',
  R12: 'Fix unstable releases',
  R13: 'Delete orphan nodes',
};

/** The operations a pipeline runs unless told otherwise: all but R03 (crossing bracing is often intentional). */
export const DEFAULT_OPERATIONS: readonly OperationId[] = OPERATION_IDS.filter((id) => id !== 'R03');

/**
 * Tolerances, mm and degrees (section 7's parameter table). One set per model; the server keeps the model's own,
 * the CLI takes `--tolerance` for `merge`.
 */
export interface RepairTolerances {
  /** Nodes this close are one node (C01, R01); also the split and crossing distance (C03, C04). */
  merge: number;
  /** Upper bound of a near miss (C02), flag only. */
  near: number;
  /** Level and grid snapping distance applied automatically (C10/C11, R08/R09). */
  snap: number;
  /** Members shorter than this are flagged (C07 warning); at or under `merge` they are errors. */
  minLength: number;
  /** Longest gap a free end is extended across (R07), before the 0.5 × section dimension cap. */
  gapMax: number;
  /** Parallel / collinear angle tolerance, degrees (C04 rejects near-parallel pairs; C06). */
  angle: number;
  /** Column/beam classification angle, degrees (C12, R10). */
  classAngle: number;
}

/** Section 7's defaults: 1 mm metric, 0.1 in imperial (CSI), and the derived bands. */
export function defaultTolerances(units: DisplayUnit): RepairTolerances {
  const imperial = units === 'ft' || units === 'in';
  return {
    merge: imperial ? 2.54 : 1,
    near: 25,
    snap: 25,
    minLength: 100,
    gapMax: 500,
    angle: 0.1,
    classAngle: 1,
  };
}

export type Severity = 'error' | 'warning' | 'info';

/** What each check reports about one finding; `distance` in Issue is the measure a person sorts by. */
export type IssueDetail =
  | { check: 'C01'; anchorId: string; diameter: number; refused: boolean }
  | { check: 'C02'; pair: [string, string] }
  /** `meshed`: the model's tool joins them itself at analysis (auto mesh, edge constraint), so only info. */
  | { check: 'C03'; elementId: string; nodeId: string; t: number; meshed?: boolean }
  | {
      check: 'C04';
      elementIds: [string, string];
      point: Point3;
      t: [number, number];
      intentional: boolean;
      meshed?: boolean;
    }
  | { check: 'C05'; keepId: string; duplicateIds: string[] }
  | { check: 'C06'; elementIds: [string, string]; overlapLength: number }
  | { check: 'C07'; elementId: string; length: number }
  | { check: 'C08'; elementId: string; end: 'i' | 'j'; nodeId: string }
  | { check: 'C09'; size: number }
  | { check: 'C10'; nodeId: string; levelId: string; dz: number; auto: boolean }
  | { check: 'C11'; nodeId: string; gridIds: string[]; target: Point3; auto: boolean }
  | { check: 'C12'; elementId: string; angle: number; currentType: string; suggestedType: string }
  | { check: 'C13'; elementId: string; edge: number; nodeIds: string[]; gap: number | null; meshed?: boolean }
  | { check: 'C14'; elementId: string; offsets: { i: Point3; j: Point3 } }
  | { check: 'C15'; elementId: string | null; nodeId: string | null; reason: string }
  | { check: 'C16'; elementId: string; profileId: string };

export interface Issue {
  /** Stable across runs and input order: `${check}:${sorted ids of what it names}`. */
  id: string;
  check: CheckId;
  severity: Severity;
  /** Sorted. */
  nodeIds: string[];
  /** Sorted. */
  elementIds: string[];
  /** Where to look, mm (a cluster's anchor, a split point, a component's first node…). */
  location: Point3;
  /** The defect's measure in mm (gap, diameter, offset, length), degrees for C12, null when none applies. */
  distance: number | null;
  detail: IssueDetail;
}

export interface ConnectivitySummary {
  nodes: number;
  members: number;
  components: number;
  floatingComponents: number;
  freeEnds: number;
  nearMisses: number;
  duplicateGroups: number;
  unstableReleases: number;
}

export interface ConnectivityReport {
  tolerances: RepairTolerances;
  /** Every check id is present, 0 when clean. */
  counts: Record<CheckId, number>;
  /** Sorted by check, then id. */
  issues: Issue[];
  summary: ConnectivitySummary;
}

/** One edit of a repair patch. Ids of what it creates are deterministic (see newId rules in docs). */
export type RepairEdit =
  | { kind: 'moveNode'; nodeId: string; from: Point3; to: Point3 }
  /** Every reference to `nodeIds` is rewritten to `anchorId`; those nodes are deleted. */
  | { kind: 'mergeNodes'; anchorId: string; nodeIds: string[] }
  | { kind: 'addNode'; node: Node }
  /**
   * Split a frame member at existing nodes (sorted by t): `elementId` keeps the first segment, `newIds[k]` is
   * segment k+1; every segment carries `attributes.parentId = elementId`; releases go to the outer ends, loads
   * are split by position.
   */
  | { kind: 'splitMember'; elementId: string; at: { nodeId: string; t: number }[]; newIds: string[] }
  /** Point one end of a member at another node (R07's snap to a node). */
  | { kind: 'replaceEndNode'; elementId: string; end: 'i' | 'j'; from: string; to: string }
  | { kind: 'deleteElement'; elementId: string }
  | { kind: 'deleteNode'; nodeId: string }
  | { kind: 'setReleases'; elementId: string; before: Releases | null; after: Releases | null }
  | {
      kind: 'setEndOffset';
      elementId: string;
      before: { i: Point3; j: Point3 } | null;
      after: { i: Point3; j: Point3 } | null;
    }
  | {
      kind: 'setType';
      elementId: string;
      from: 'Beam' | 'Column' | 'Brace';
      to: 'Beam' | 'Column' | 'Brace';
    };

export interface RepairOperation {
  /** Stable: `${operation}:${sorted ids it touches}`. */
  id: string;
  operation: OperationId;
  /** The check that triggered it. */
  reason: CheckId;
  /** The issue it answers. */
  issueId: string;
  edits: RepairEdit[];
  /** Within merge/snap tolerance: applied unless rejected. Otherwise it waits for a person to accept it. */
  requiresConfirmation: boolean;
  /** Largest distance anything moves, mm; null when nothing moves. */
  distance: number | null;
  /** The tolerance the decision used, mm (or degrees for R10). */
  tolerance: number;
  /** Operations that must be applied before this one (it touches what they made or moved). Rejecting one rejects these. */
  dependsOn: string[];
  /** Sorted node and element ids it touches, for highlighting. */
  nodeIds: string[];
  elementIds: string[];
}

/**
 * An operation the pipeline found but did not propose: applied to its neighbourhood it made some check find more
 * than before (issue #21: a repair never makes a model worse).
 */
export interface RejectedOperation {
  operation: OperationId;
  reason: CheckId;
  issueId: string;
  /** Sorted node and element ids it would have touched. */
  nodeIds: string[];
  elementIds: string[];
  /** Per check, how many findings it would have added. */
  added: Partial<Record<CheckId, number>>;
  /** 'would add 1 × Zero-length or short members (C07)'. */
  why: string;
  /** Ids of the findings it would have made (in its neighbourhood), for highlighting. */
  findingIds: string[];
}

export interface RepairPlan {
  tolerances: RepairTolerances;
  operations: RepairOperation[];
  /** Operations found but not proposed because they would add findings; counted for the report and the UI. */
  rejected: RejectedOperation[];
  /** The checks of the input. */
  before: ConnectivityReport;
  /** The checks after applying the operations that do not need confirmation. */
  after: ConnectivityReport;
}

export interface RepairOptions {
  /** Which operations run; default DEFAULT_OPERATIONS. */
  operations?: readonly OperationId[];
  /** Reports progress 0–1 between pipeline stages (the server turns it into ProgressUpdate). */
  onProgress?: (fraction: number, stage: OperationId) => void;
}

export interface AppliedRepair {
  model: Model;
  /** Ids of the operations applied, in order (the accepted ones plus nothing that depends on a rejected one). */
  applied: string[];
  /** Accepted operations left out because something they depend on was not applied. */
  skipped: string[];
}
