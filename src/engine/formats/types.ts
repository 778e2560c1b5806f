import type { Model } from '../schema';
import type { CapabilityConcept } from './capabilities';
import type { ReadLimits } from './limits';
import type { TranslationReport } from './report';

/** The platforms of the product, in the specification's order. */
export const PLATFORMS = ['Etabs', 'Excel', 'RAM', 'Revit', 'SAP', 'Tekla'] as const;
export type Platform = (typeof PLATFORMS)[number];

export interface ReadResult {
  model: Model;
  report: TranslationReport;
}

export interface ReadOptions {
  limits?: ReadLimits;
}

export interface WriteResult {
  bytes: Uint8Array;
  report: TranslationReport;
}

/**
 * How well a translator carries one canonical concept: fully, partly (see note), or not at all. The concept is
 * keyed to a fidelity concept (CAPABILITY_CONCEPTS), so the docs and the reports name the same thing.
 */
export interface Capability {
  concept: CapabilityConcept;
  read: 'full' | 'partial' | 'none';
  write: 'full' | 'partial' | 'none';
  note?: string;
}

/**
 * Any file format Gusset reads and writes. `read` rejects only with `ParseError`; the report lists what was not
 * exact. Both are async because some formats are read by libraries that are (web-ifc loads WebAssembly, exceljs
 * unzips asynchronously); the text formats resolve at once.
 */
export interface FileTranslator {
  /** Short format id used on the command line (`--to e2k`). */
  id: string;
  title: string;
  /** Lower-case file extensions with the dot. */
  extensions: readonly string[];
  /**
   * Whether the file's first bytes are this format, for formats that say what they are inside (a STEP file's
   * FILE_SCHEMA, a workbook's sheets): such a file goes to this translator whatever its extension.
   */
  detect?(head: Uint8Array): boolean;
  /**
   * `options.limits`: the most points and elements to build (an upload's limits); past them `read` rejects with
   * ModelLimitError (a ParseError). Text readers count while they read; the others are checked once read.
   */
  read(bytes: Uint8Array, options?: ReadOptions): Promise<ReadResult>;
  write(model: Model): Promise<WriteResult>;
}

/**
 * A platform's file format. `capabilities` is data so docs/supported-elements.md can be generated from it.
 * (Gusset's own canonical JSON is a FileTranslator of no platform: it carries everything.)
 */
export interface Translator extends FileTranslator {
  platform: Platform;
  capabilities: readonly Capability[];
}
