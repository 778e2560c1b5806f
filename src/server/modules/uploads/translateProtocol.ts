import type { LimitedObjects, ReadLimits } from '../../../engine/formats/limits';
import type { TranslationReport } from '../../../engine/formats/report';
import type { ObjectBodies, VersionManifest } from '../versions/manifest';

/** Main thread → worker, once: the file, its bytes transferred (not copied). */
export interface TranslateRequest {
  fileName: string;
  bytes: Uint8Array;
  /** The upload's limits: the reader stops past them. */
  limits?: ReadLimits;
}

/** What a successful translation hands back for storage. */
export interface TranslatedVersion {
  format: string;
  /** The model's display unit (a new model takes it). */
  units: string;
  modelHash: string;
  manifest: VersionManifest;
  objects: ObjectBodies;
  report: TranslationReport;
  /**
   * The version's default minimal model without its ids (minimalContentJson), UTF-8, cached once stored. Bytes,
   * transferred: 13 MB of text at 100k elements would cost the event loop ~100 ms to receive and more to write.
   */
  minimalContent: Uint8Array;
  /** The version's scene data for the viewer without its unit (sceneContentJson), UTF-8 like minimalContent. */
  sceneContent: Uint8Array;
  /** The model's sketch (modelSketchSvg at the thumbnail's size), UTF-8 SVG; absent when no element is drawn. */
  sketch?: Uint8Array;
  /**
   * IFC only: the products the reader approximated or dropped, tessellated as glTF binary (extractContextGlb),
   * cached once stored as CONTEXT_GLB_CACHE_KIND; absent when there are none or their geometry failed.
   */
  contextGlb?: Uint8Array;
}

/** Worker → main thread: progress any number of times, then one result or one failure. */
export type TranslateMessage =
  | { kind: 'progress'; stage: string; percent: number }
  | { kind: 'result'; version: TranslatedVersion }
  /** The file cannot be read (a ParseError): retrying cannot help. `line` 0 means the file as a whole. */
  | { kind: 'unreadable'; message: string; line: number }
  /** More points or elements than the limits allow; `found` is the count where reading stopped unless `exact`. */
  | { kind: 'tooLarge'; objects: LimitedObjects; found: number; limit: number; exact: boolean }
  /** The translator threw something else: a bug, as deterministic as the file, so no retry either. */
  | { kind: 'error'; message: string; stack?: string };
