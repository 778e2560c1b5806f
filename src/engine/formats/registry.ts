import type { FileTranslator, Platform, Translator } from './types';
import { PLATFORMS } from './types';
import { etabsTranslator } from './etabs';
import { canonicalJsonTranslator } from './json';
import { sap2000Translator } from './sap2000';

/**
 * Every translator, grouped by platform in the specification's order (Etabs, Excel, RAM, Revit, SAP, Tekla).
 * A platform with no translator yet has an empty list; adding one is one line here.
 */
export const TRANSLATORS_BY_PLATFORM: Readonly<Record<Platform, readonly Translator[]>> = {
  Etabs: [etabsTranslator],
  Excel: [],
  RAM: [],
  Revit: [],
  SAP: [sap2000Translator],
  Tekla: [],
};

export const TRANSLATORS: readonly Translator[] = PLATFORMS.flatMap(
  (platform) => TRANSLATORS_BY_PLATFORM[platform],
);

/** Every format a file can be read from or written to: the platforms' translators, then Gusset's own JSON. */
export const FILE_TRANSLATORS: readonly FileTranslator[] = [...TRANSLATORS, canonicalJsonTranslator];

/** How many leading bytes `detect` is given: enough for a STEP header or a zip's first entries. */
export const DETECT_HEAD_BYTES = 64 * 1024;

/**
 * The translator for a file: the first whose `detect` recognises its content (`head`, when given: IFC and CIS/2
 * share `.stp`, and a file's schema outranks its name), otherwise the one its extension names (`model.e2k`,
 * `.$et`, `x.json`), case-insensitive.
 */
export function translatorForFile(fileName: string, head?: Uint8Array): FileTranslator | undefined {
  if (head !== undefined) {
    const slice = head.subarray(0, DETECT_HEAD_BYTES);
    const detected = FILE_TRANSLATORS.find((translator) => translator.detect?.(slice) === true);
    if (detected) return detected;
  }
  const lower = fileName.toLowerCase();
  return FILE_TRANSLATORS.find((translator) =>
    translator.extensions.some((extension) => lower.endsWith(extension)),
  );
}

/** The translator a format id or extension names (`e2k`, `.s2k`, `json`), case-insensitive. */
export function translatorById(id: string): FileTranslator | undefined {
  const lower = id.toLowerCase();
  return FILE_TRANSLATORS.find(
    (translator) => translator.id === lower || translator.extensions.includes(`.${lower}`),
  );
}
