import type { DisplayUnit, Model, ModelCollection, Point3 } from '../schema';

/**
 * The engineering diff of two models (issue #7; ../shared/docs/repair-diff-domain.md section 3). `before` is the
 * older model (a), `after` the newer (b). Everything here is plain JSON so a diff can be cached, posted between
 * threads and sent over HTTP as it is.
 */

/**
 * How a change reads to an engineer: spec section 3's four properties, a member's end releases, a node's
 * supports (restraints and springs), then loads and everything else.
 */
export const PROPERTY_GROUPS = [
  'Geometry',
  'Name',
  'Profile',
  'Material',
  'Releases',
  'Supports',
  'Loads',
  'Attributes',
] as const;
export type PropertyGroup = (typeof PROPERTY_GROUPS)[number];

export const CHANGE_KINDS = ['added', 'removed', 'modified'] as const;
export type ChangeKind = (typeof CHANGE_KINDS)[number];

/**
 * Why two objects were paired: the same id; (ids changed) the same type at the same place, a level at the same
 * elevation, a member on the same paired nodes; or a definition (profile, material, pattern…) with the same content.
 */
export const MATCHED_BY = ['id', 'geometry', 'content'] as const;
export type MatchedBy = (typeof MATCHED_BY)[number];

export interface DiffOptions {
  /** Absolute tolerance for lengths and coordinates, mm. Default 1. */
  lengthTolerance: number;
  /** Relative tolerance for every other number. Default 1e-4. */
  relativeTolerance: number;
  /**
   * 'fallback' (default) pairs objects left unmatched by id by type and position (ETABS relabels; two models of
   * one building from different tools), and when labels do not line up (a relabelled story, a sub-model, another
   * tool's names) pairs levels by elevation, definitions by content and members by their paired nodes first;
   * 'off' leaves them added and removed.
   */
  geometricMatching: 'fallback' | 'off';
}

export const DEFAULT_DIFF_OPTIONS: DiffOptions = {
  lengthTolerance: 1,
  relativeTolerance: 1e-4,
  geometricMatching: 'fallback',
};

/** One property that differs beyond tolerance. Values are canonical (mm, N, Pa…), never display units. */
export interface PropertyChange {
  /** Dotted path into the object: 'x', 'profileId', 'releases.i.m3', 'nodeIds', 'attributes.FOO'. */
  path: string;
  group: PropertyGroup;
  before: unknown;
  after: unknown;
  /** Geometry only: how far the object moved, mm (a node's distance; a member's largest end movement). */
  deviation?: number;
}

/** The key of one changed object: `${collection}:${id}` (the after id for modified and added objects). */
export type ChangeKey = string;

interface ChangeBase {
  key: ChangeKey;
  collection: ModelCollection;
  /** The object's id in the model it is in (after for added and modified, before for removed). */
  id: string;
  /** Element or object type: 'Beam', 'Node', 'Level', 'PointLoad', 'LoadCase'… */
  type: string;
  name: string;
}

export interface AddedChange extends ChangeBase {
  kind: 'added';
  /** The object as it is in `after`, so the diff applies without the after model. */
  object: unknown;
}

export interface RemovedChange extends ChangeBase {
  kind: 'removed';
  object: unknown;
}

export interface ModifiedChange extends ChangeBase {
  kind: 'modified';
  /** The id in `before` (differs from `id` only when matchedBy is 'geometry'). */
  beforeId: string;
  matchedBy: MatchedBy;
  /** The groups of `changes`, in PROPERTY_GROUPS order. */
  groups: PropertyGroup[];
  changes: PropertyChange[];
  /**
   * The whole object as it is in `after`: applying takes it, so a diff applied with zero tolerance gives `after`
   * exactly (hash-equal), and with the defaults gives it to within tolerance.
   */
  object: unknown;
}

export type Change = AddedChange | RemovedChange | ModifiedChange;

export interface CollectionCounts {
  added: number;
  removed: number;
  modified: number;
  unchanged: number;
}

/**
 * An object paired across a label change (a relabelled story renames every ETABS `label@story` id on it) that is
 * otherwise the same: counted unchanged, not listed as a change, but applying the diff gives it its new id.
 */
export interface Relabel {
  collection: ModelCollection;
  beforeId: string;
  id: string;
}

/**
 * What a root cause says: a story moved (with its nodes), a story renamed, a definition renamed (matched by
 * content), one section swapped for another on all members of a type on a level or everywhere, a material swapped
 * everywhere.
 */
export const ROOT_CAUSE_KINDS = [
  'levelRenamed',
  'levelMoved',
  'definitionRenamed',
  'profileReplaced',
  'materialReplaced',
] as const;
export type RootCauseKind = (typeof ROOT_CAUSE_KINDS)[number];

/**
 * One systematic change that explains many per-object changes ("Story L5 and its 312 nodes moved up 2.825 m",
 * "All 48 beams of L3: W14X90 → W14X120"). Values are canonical (mm, ids); describeDiff words them.
 */
export interface RootCause {
  /** Stable within a diff: `${kind}:${subject}`. */
  key: string;
  kind: RootCauseKind;
  /** The object the cause is about: the level, the renamed definition, the profile or material replaced. */
  collection: ModelCollection;
  /** Its id in `after` (for profileReplaced and materialReplaced, the new profile or material). */
  id: string;
  /** Its id in `before` (the old profile or material when replaced). */
  beforeId: string;
  /** levelMoved: how far every node of the level moved, mm. */
  vector?: Point3;
  /** profileReplaced: the element type and level (after id) it covers, or null level when it is model-wide. */
  elementType?: string;
  levelId?: string | null;
  /** How many objects it covers: the level's nodes, the members resized, the objects relabelled or using it. */
  count: number;
  /** The changes it explains (each change is under at most one cause, the first that names it). */
  keys: ChangeKey[];
}

export interface ModelDiff {
  options: DiffOptions;
  /** Changes sorted by collection (MODEL_COLLECTIONS order), then kind (added, removed, modified), then id. */
  changes: Change[];
  /** Model-level data (units, source, attributes) that differs. */
  header: PropertyChange[];
  /** Per collection, every collection present. */
  counts: Record<ModelCollection, CollectionCounts>;
  /** Per element type ('Beam', 'Column'…), elements only. */
  elementCounts: Record<string, CollectionCounts>;
  /** Systematic changes, each with the keys of the changes it explains (empty when there are none). */
  rootCauses: RootCause[];
  /** Objects whose id changed with a label and nothing else (counted unchanged); empty when labels line up. */
  relabels: Relabel[];
}

/**
 * Which changes to take (upload review, merge): `keys` names changes one by one; `types` (element or object
 * types), `groups` (property groups of modified objects) and `kinds` name categories. A change is selected
 * when it is named by key, or when it passes every category list that is given. `parts` takes some property
 * groups of a modified change and leaves the rest as it was (a resized beam's new profile without its move);
 * a change also named whole is taken whole. An empty selection takes nothing; `{ all: true }` takes everything.
 */
export type ChangeSelection =
  | { all: true }
  | {
      keys?: ChangeKey[];
      types?: string[];
      groups?: PropertyGroup[];
      kinds?: ChangeKind[];
      parts?: Record<ChangeKey, PropertyGroup[]>;
    };

/** Three-way merge (section 3.4): take changes base → source into target. */
export interface MergeInput {
  base: Model | null;
  target: Model;
  source: Model;
  selection: ChangeSelection;
  /** Per conflict key, how it was decided; an undecided conflict keeps the target's object. */
  resolutions?: Record<ChangeKey, 'source' | 'target'>;
  options?: Partial<DiffOptions>;
}

export type ConflictKind = 'modify/modify' | 'delete/modify' | 'modify/delete' | 'duplicate add';

export interface MergeConflict {
  key: ChangeKey;
  kind: ConflictKind;
  collection: ModelCollection;
  id: string;
  type: string;
  name: string;
  /** What the source side did and what the target side did, each as a change (null when it did nothing). */
  source: Change | null;
  target: Change | null;
}

export interface MergeResult {
  model: Model;
  /** Keys of source changes applied (dependencies brought along included). */
  applied: ChangeKey[];
  conflicts: MergeConflict[];
}

/**
 * A diff as people read it, in the model's display units (what the server sends and the report exports):
 * 'B12 at Story 4', 'Profile: W12X26 → W14X30', 'Moved 12 mm in Z'.
 */
export interface DiffViewChange {
  key: ChangeKey;
  kind: ChangeKind;
  collection: ModelCollection;
  id: string;
  beforeId: string | null;
  type: string;
  /** 'B12 at Story 4', or the id when the object has neither name nor level. */
  label: string;
  /** Level name (elements and nodes on a level), else null. */
  level: string | null;
  matchedBy: MatchedBy | null;
  groups: PropertyGroup[];
  /** One line per property change: { group, text: 'Profile: W12X26 → W14X30', deviation in display units }. */
  details: Array<{ group: PropertyGroup; path: string; text: string; deviation: number | null }>;
  /** The key of the root cause this change sits under, or null. */
  cause: string | null;
}

/** A root cause as people read it: 'Story L5 and its 312 nodes moved up 2.825 m'. */
export interface DiffViewRootCause {
  key: string;
  kind: RootCauseKind;
  text: string;
  count: number;
  /** The changes under it, in the order of `changes`. */
  keys: ChangeKey[];
}

export interface DiffView {
  units: DisplayUnit;
  options: DiffOptions;
  counts: Record<ModelCollection, CollectionCounts>;
  elementCounts: Record<string, CollectionCounts>;
  header: Array<{ path: string; text: string }>;
  /** Shown above the per-object lines; each change names its cause (DiffViewChange.cause). */
  rootCauses: DiffViewRootCause[];
  changes: DiffViewChange[];
}

/**
 * Optional content hashes for diffModels' fast path: per collection, one hash per object, parallel to the model's
 * array (hashes.before.nodes[k] is the hash of before.nodes[k]). The hash must be of the object's whole canonical
 * content, id included (the server's version manifests store SHA-256 of canonical JSON): two objects with equal
 * hashes are then the same object, unchanged, without reading their ids or properties (elements on a moved node
 * still get their Geometry change). A collection missing on either side, or whose array length differs from the
 * model's, is compared in full. The diff is the same with or without hints.
 */
export interface DiffHints {
  before: Partial<Record<ModelCollection, readonly string[]>>;
  after: Partial<Record<ModelCollection, readonly string[]>>;
}
