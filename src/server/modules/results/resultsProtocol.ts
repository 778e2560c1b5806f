import type { ResultsTableSummaryWire } from '../../../contract/http/results';
import type { ReportItem } from '../../../engine/formats/report';
import type { VersionManifest } from '../versions/manifest';

/**
 * Main thread → results worker, once: the results file's bytes, the units it was said to be in, and the version
 * it goes onto (its manifest and every object body it names, parallel arrays as the other model tasks take them).
 */
export interface ResultsRequest {
  bytes: Uint8Array;
  /** As the client wrote them (`KN, m, C`), when the file does not say. */
  units?: string;
  manifest: VersionManifest;
  hashes: string[];
  bodies: string[];
}

/** Results worker → main thread: the stored form and its summary, or why the file cannot be read as results. */
export type ResultsAnswer =
  | {
      kind: 'read';
      /** GRS1 (engine/results/encode.ts), each matched row carrying its model object's id. */
      encoded: Uint8Array;
      program?: string;
      tables: ResultsTableSummaryWire[];
      items: ReportItem[];
    }
  | { kind: 'unreadable'; message: string };
