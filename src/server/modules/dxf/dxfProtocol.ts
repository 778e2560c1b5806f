import type { DisplayUnit } from '../../../engine/schema';
import type { VersionManifest } from '../versions/manifest';

/** Main thread → DXF worker, once: the version's manifest, every object body it names, and the display unit. */
export interface DxfRequest {
  manifest: VersionManifest;
  /** Parallel arrays (hash, body), each hash once: cheaper to post between threads than a Map. */
  hashes: string[];
  bodies: string[];
  units: DisplayUnit;
}

/** DXF worker → main thread: the drawing (its buffer transferred, not copied) and the entities per layer. */
export type DxfMessage =
  | { kind: 'result'; bytes: Uint8Array; layers: Record<string, Record<string, number>> }
  | { kind: 'error'; message: string; stack?: string };
