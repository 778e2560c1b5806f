import type { RepairTolerancesWire } from '../../../contract/http/repair';
import type { OperationId, RepairTolerances } from '../../../engine/repair';
import type { DisplayUnit, Model } from '../../../engine/schema';
import type { VersionManifest } from '../versions/manifest';

/** The version a repair task reads: its manifest and every object body it names (parallel arrays). */
export interface VersionInput {
  manifest: VersionManifest;
  hashes: string[];
  bodies: string[];
}

interface TaskBase {
  version: VersionInput;
  units: DisplayUnit;
  /** As asked, display units: what the views show. */
  display: RepairTolerancesWire;
  /** The same in mm: what the engine uses. */
  tolerances: RepairTolerances;
}

/** Main thread → repair worker, once. `plan` is the stored plan: the engine's RepairOperation[] as JSON. */
export type RepairTask =
  | (TaskBase & { task: 'connectivity' })
  | (TaskBase & { task: 'plan'; operations: OperationId[] })
  | (TaskBase & { task: 'preview'; plan: string; accepted: string[] })
  | (TaskBase & { task: 'scene'; plan: string; accepted: string[] })
  | (TaskBase & { task: 'apply'; plan: string; accepted: string[] });

/** Repair worker → main thread: progress on the way (plan only), then one answer. */
export type RepairMessage =
  | { kind: 'progress'; fraction: number; stage: OperationId }
  | { kind: 'connectivity'; json: string; counts: Record<string, number> }
  /** `plan` is what to store (RepairOperation[], mm, with edits); `view` the contract's RepairResponse['plan']. */
  | { kind: 'plan'; plan: string; view: string }
  /** PreviewRepairResponse as JSON text. */
  | { kind: 'preview'; json: string }
  /** Scene content (SceneData without the unit) as JSON text. */
  | { kind: 'scene'; json: string }
  /** `kinds` are the applied operations' ids in the catalogue (R01…), in order, for the version's message. */
  | { kind: 'applied'; model: Model; applied: string[]; kinds: OperationId[]; skipped: string[] }
  | { kind: 'error'; message: string; stack?: string };
