import type { Platform, Translator } from './types';
import { PLATFORMS } from './types';
import { etabsTranslator } from './etabs';
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

/** The translator for a file name or extension (`model.e2k`, `.$et`), case-insensitive. */
export function translatorForFile(fileName: string): Translator | undefined {
  const lower = fileName.toLowerCase();
  return TRANSLATORS.find((translator) =>
    translator.extensions.some((extension) => lower.endsWith(extension)),
  );
}

export function translatorById(id: string): Translator | undefined {
  const lower = id.toLowerCase();
  return TRANSLATORS.find(
    (translator) => translator.id === lower || translator.extensions.includes(`.${lower}`),
  );
}
