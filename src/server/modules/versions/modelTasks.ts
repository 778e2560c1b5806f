import type { MergeConflictWire, MergePreview } from '../../../contract/http/merge';
import {
  applyDiff,
  describeDiff,
  diffModels,
  mergeModels,
  selectChanges,
  selectedDiff,
  summarizeDiff,
  type ChangeSummary,
  type Change,
  type ChangeSelection,
  type DiffView,
  type MergeConflict,
} from '../../../engine/diff';
import { countModel } from '../../../engine/formats/report';
import type { DisplayUnit, Model } from '../../../engine/schema';
import { manifestDiffHints } from './diffHints';
import {
  buildManifest,
  isManifestText,
  manifestEntryCount,
  manifestModelHash,
  rebuildModel,
  type ManifestSource,
  type ObjectBodies,
  type VersionManifest,
} from './manifest';

/**
 * The whole-model work of merge and upload review (issue #7, #22): rebuild stored versions, diff, merge, apply,
 * and split the result back into objects. Pure functions of manifests and object bodies, so the same code runs
 * in this thread for a small model and in a worker thread (modelWorker.ts, through runModelTask) for a large one.
 */

/**
 * A version as a task gets it: its manifest, parsed or as the database's text (parsed where the task runs); the
 * bodies of its objects are in the task's `objects`.
 */
type Manifest = ManifestSource;

export type ModelTask =
  | {
      task: 'mergePreview';
      target: Manifest;
      source: Manifest;
      base: Manifest | null;
      resolutions?: Record<string, 'source' | 'target'>;
      units: DisplayUnit;
      latestVersionId: string;
      baseVersionId: string | null;
      objects: ObjectBodies;
    }
  | { task: 'reviewDiff'; base: Manifest; upload: Manifest; units: DisplayUnit; objects: ObjectBodies }
  /** What changed from a version to the next, in engineering phrases (issue #23). */
  | { task: 'changeSummary'; before: Manifest; after: Manifest; objects: ObjectBodies }
  | {
      task: 'reviewApply';
      base: Manifest;
      upload: Manifest;
      selection: ChangeSelection;
      objects: ObjectBodies;
    }
  | {
      task: 'merge';
      target: Manifest;
      source: Manifest;
      base: Manifest | null;
      selection: ChangeSelection;
      resolutions: Record<string, 'source' | 'target'>;
      objects: ObjectBodies;
    };

/** A model made by a task, split as an upload's is: ready for createVersion. */
export interface BuiltVersion {
  manifest: VersionManifest;
  objects: ObjectBodies;
  modelHash: string;
  counts: Record<string, number>;
}

export interface ModelTaskResults {
  /** MergePreview as JSON text. */
  mergePreview: string;
  /** The review's DiffView as JSON text (what the cache stores). */
  reviewDiff: string;
  changeSummary: ChangeSummary;
  /**
   * `version` null: the selection takes every change (the upload is stored as it is) or none. `summary`: what a
   * part of the upload takes (null for all or none), for the version's message.
   */
  reviewApply: {
    totalChanges: number;
    changeCount: number;
    version: BuiltVersion | null;
    summary: ChangeSummary | null;
  };
  merge: { applied: number; conflicts: number; version: BuiltVersion };
}

export type ModelTaskResult<Task extends ModelTask> = ModelTaskResults[Task['task']];

/** How many objects a task rebuilds: what its time grows with. */
export function modelTaskSize(task: ModelTask): number {
  let size = 0;
  for (const field of MANIFEST_FIELDS) {
    const manifest = manifestField(task, field);
    if (manifest) size += manifestEntryCount(manifest);
  }
  return size;
}

/** The fields of a task that hold a version's manifest. */
const MANIFEST_FIELDS = ['target', 'source', 'base', 'upload', 'before', 'after'] as const;
type ManifestField = (typeof MANIFEST_FIELDS)[number];

function manifestField(task: ModelTask, field: ManifestField): Manifest | null | undefined {
  return field in task ? (task as Partial<Record<ManifestField, Manifest | null>>)[field] : undefined;
}

/** A task with every manifest parsed. */
type Parsed<Task> = {
  [Key in keyof Task]: Task[Key] extends Manifest
    ? VersionManifest
    : Task[Key] extends Manifest | null
      ? VersionManifest | null
      : Task[Key];
};
type ParsedModelTask = ModelTask extends infer Task ? (Task extends ModelTask ? Parsed<Task> : never) : never;

function parseManifests(task: ModelTask): ParsedModelTask {
  const parsed: Record<string, unknown> = { ...task };
  for (const field of MANIFEST_FIELDS) {
    const manifest = manifestField(task, field);
    if (manifest && isManifestText(manifest)) parsed[field] = JSON.parse(manifest.json) as VersionManifest;
  }
  return parsed as ParsedModelTask;
}

function built(model: Model): BuiltVersion {
  const { manifest, objects } = buildManifest(model);
  return { manifest, objects, modelHash: manifestModelHash(manifest), counts: { ...countModel(model) } };
}

/** What a conflict's side did, as the diff's lines in display units ('Profile: W12X26 → W14X30'). */
function sideLines(change: Change | null, views: readonly DiffView[]): string[] {
  if (change === null) return [];
  for (const view of views) {
    const found = view.changes.find((candidate) => candidate.key === change.key);
    if (found && found.details.length > 0) return found.details.map((detail) => detail.text);
  }
  return [change.kind === 'added' ? 'Added' : change.kind === 'removed' ? 'Removed' : 'Changed'];
}

function labelOf(conflict: MergeConflict, views: readonly DiffView[]): string {
  const keys = [conflict.key, conflict.source?.key, conflict.target?.key];
  for (const view of views) {
    const found = view.changes.find((candidate) => keys.includes(candidate.key));
    if (found) return found.label;
  }
  return conflict.name || conflict.id;
}

/**
 * Every change base → source (latest → source without a base), and the conflicts taking all of them into the
 * latest version would meet.
 */
function mergePreview(
  task: Extract<ParsedModelTask, { task: 'mergePreview' }>,
  bodies: Map<string, string>,
): string {
  const target = rebuildModel(task.target, bodies);
  const source = rebuildModel(task.source, bodies);
  const base = task.base ? rebuildModel(task.base, bodies) : null;
  const before = base ?? target;
  const beforeManifest = task.base ?? task.target;
  // All sides are stored versions: their manifests' object hashes let the diffs skip unchanged objects.
  const changes = describeDiff(
    diffModels(before, source, undefined, manifestDiffHints(beforeManifest, task.source)),
    before,
    source,
    task.units,
  );
  const merged = mergeModels({
    base,
    target,
    source,
    selection: { all: true },
    ...(task.resolutions ? { resolutions: task.resolutions } : {}),
  });
  const views: DiffView[] = [changes];
  if (merged.conflicts.length > 0 && base && task.base) {
    // What the latest version changed since the base, for the target side of each conflict.
    const hints = manifestDiffHints(task.base, task.target);
    views.push(describeDiff(diffModels(base, target, undefined, hints), base, target, task.units));
  }
  const conflicts: MergeConflictWire[] = merged.conflicts.map((conflict) => ({
    key: conflict.key,
    kind: conflict.kind,
    type: conflict.type,
    label: labelOf(conflict, views),
    source: sideLines(conflict.source, [changes]),
    target: sideLines(conflict.target, views.slice(1).concat(changes)),
  }));
  const preview: MergePreview = {
    latestVersionId: task.latestVersionId,
    baseVersionId: task.baseVersionId,
    changes,
    conflicts,
  };
  return JSON.stringify(preview);
}

/** Performs a task here, in whichever thread calls it. */
export function performModelTask<Task extends ModelTask>(task: Task): ModelTaskResult<Task> {
  const bodies = new Map<string, string>();
  for (let index = 0; index < task.objects.hashes.length; index++) {
    bodies.set(task.objects.hashes[index] as string, task.objects.bodies[index] as string);
  }
  return performWith(parseManifests(task), bodies) as ModelTaskResult<Task>;
}

function performWith(
  task: ParsedModelTask,
  bodies: Map<string, string>,
): ModelTaskResults[ModelTask['task']] {
  switch (task.task) {
    case 'mergePreview':
      return mergePreview(task, bodies);
    case 'reviewDiff':
    case 'reviewApply': {
      const base = rebuildModel(task.base, bodies);
      const upload = rebuildModel(task.upload, bodies);
      // Both sides are stored manifests: their object hashes let the diff skip unchanged objects.
      const diff = diffModels(base, upload, undefined, manifestDiffHints(task.base, task.upload));
      if (task.task === 'reviewDiff') return JSON.stringify(describeDiff(diff, base, upload, task.units));
      const totalChanges = diff.changes.length;
      if ('all' in task.selection)
        return { totalChanges, changeCount: totalChanges, version: null, summary: null };
      const changeCount = selectChanges(diff, task.selection).size;
      if (changeCount === 0) return { totalChanges, changeCount, version: null, summary: null };
      return {
        totalChanges,
        changeCount,
        version: built(applyDiff(base, diff, task.selection)),
        summary: summarizeDiff(selectedDiff(diff, task.selection), base, upload),
      };
    }
    case 'changeSummary': {
      const before = rebuildModel(task.before, bodies);
      const after = rebuildModel(task.after, bodies);
      const diff = diffModels(before, after, undefined, manifestDiffHints(task.before, task.after));
      return summarizeDiff(diff, before, after);
    }
    case 'merge': {
      const merged = mergeModels({
        base: task.base ? rebuildModel(task.base, bodies) : null,
        target: rebuildModel(task.target, bodies),
        source: rebuildModel(task.source, bodies),
        selection: task.selection,
        resolutions: task.resolutions,
      });
      return {
        applied: merged.applied.length,
        conflicts: merged.conflicts.length,
        version: built(merged.model),
      };
    }
  }
}
