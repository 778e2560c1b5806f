import type { Model } from '../schema';
import type { TranslationReport } from './report';

/** The platforms of the product, in the specification's order. */
export const PLATFORMS = ['Etabs', 'Excel', 'RAM', 'Revit', 'SAP', 'Tekla'] as const;
export type Platform = (typeof PLATFORMS)[number];

export interface ReadResult {
  model: Model;
  report: TranslationReport;
}

export interface WriteResult {
  bytes: Uint8Array;
  report: TranslationReport;
}

/** How well a translator carries one canonical concept: fully, partly (see note), or not at all. */
export interface Capability {
  concept: string;
  read: 'full' | 'partial' | 'none';
  write: 'full' | 'partial' | 'none';
  note?: string;
}

/** Any file format Gusset reads and writes. `read` throws only `ParseError`; the report lists what was not exact. */
export interface FileTranslator {
  /** Short format id used on the command line (`--to e2k`). */
  id: string;
  title: string;
  /** Lower-case file extensions with the dot. */
  extensions: readonly string[];
  read(bytes: Uint8Array): ReadResult;
  write(model: Model): WriteResult;
}

/**
 * A platform's file format. `capabilities` is data so docs/supported-elements.md can be generated from it.
 * (Gusset's own canonical JSON is a FileTranslator of no platform: it carries everything.)
 */
export interface Translator extends FileTranslator {
  platform: Platform;
  capabilities: readonly Capability[];
}
