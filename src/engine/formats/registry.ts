import type { FileTranslator, Platform, Translator } from './types';
import { PLATFORMS } from './types';
import { cis2Translator } from './cis2';
import { etabsTranslator } from './etabs';
import { ifcTranslator } from './ifc';
import { canonicalJsonTranslator } from './json';
import { sap2000Translator } from './sap2000';
import { xlsxTranslator } from './xlsx';

/**
 * Every translator, grouped by platform in the specification's order (Etabs, Excel, RAM, Revit, SAP, Tekla).
 * One translator may serve several platforms (IFC is both Revit's and Tekla's path); RAM has no model file, its
 * path is a plugin (PLATFORM_PATHS).
 */
export const TRANSLATORS_BY_PLATFORM: Readonly<Record<Platform, readonly Translator[]>> = {
  Etabs: [etabsTranslator],
  Excel: [xlsxTranslator],
  RAM: [],
  Revit: [ifcTranslator],
  SAP: [sap2000Translator],
  Tekla: [ifcTranslator, cis2Translator],
};

/** Each translator once, in the order of its first platform. */
export const TRANSLATORS: readonly Translator[] = [
  ...new Set(PLATFORMS.flatMap((platform) => TRANSLATORS_BY_PLATFORM[platform])),
];

/** A platform's way in or out that is not a file Gusset reads: a plugin or a script on the engineer's machine. */
export interface PlatformPath {
  platform: Platform | 'Scripts';
  title: string;
  directions: 'into Gusset' | 'out of Gusset' | 'both ways';
  how: string;
}

export const PLATFORM_PATHS: readonly PlatformPath[] = [
  {
    platform: 'RAM',
    title: 'RAM plugin (plugins/ram/gusset_ram.py)',
    directions: 'both ways',
    how:
      'RAM Structural System keeps its model in a binary database reachable only through its DataAccess COM API: ' +
      'the plugin reads stories, beams, columns, braces, walls, floors, sections and materials there and pushes ' +
      'them as a version; pull writes levels, columns, beams and walls back. Tested against a stand-in of the ' +
      'documented interface, not against RAM.',
  },
  {
    platform: 'Scripts',
    title: 'Python client (plugins/python/gusset_client.py) and the REST API (docs/api.md)',
    directions: 'both ways',
    how:
      'Grasshopper (Rhino 8 CPython), Dynamo and CSI API scripts push and pull versions as canonical JSON with a ' +
      'personal API token.',
  },
];

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
