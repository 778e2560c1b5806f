import type { PluginKind, PluginPlatform } from '../../../contract/http/plugins';

/** How a download is made: a zip of repository folders, a guide in docs/guides, or the Excel template. */
export type PluginSource =
  | { type: 'zip'; folders: readonly { from: string; into: string }[] }
  | { type: 'guide'; guide: GuideName }
  | { type: 'excelTemplate' };

export interface CatalogEntry {
  id: string;
  title: string;
  platform: PluginPlatform;
  description: string;
  kind: PluginKind;
  fileName: string;
  source: PluginSource;
}

/** The guides in docs/guides (served rendered at /docs/guides/{name} and as Markdown by the download). */
export const GUIDES = [
  'etabs-e2k',
  'sap2000-s2k',
  'revit-ifc',
  'tekla-ifc',
  'tekla-cis2',
  'gusset-cli',
] as const;
export type GuideName = (typeof GUIDES)[number];

export const GUIDE_TITLES: Readonly<Record<GuideName, string>> = {
  'etabs-e2k': 'ETABS: export and import .e2k',
  'sap2000-s2k': 'SAP2000: export and import .s2k',
  'revit-ifc': 'Revit: IFC export settings for structure',
  'tekla-ifc': 'Tekla Structures: IFC export',
  'tekla-cis2': 'Tekla Structures: CIS/2 (CIMSteel)',
  'gusset-cli': 'The gusset command',
};

export const isGuide = (name: string): name is GuideName => (GUIDES as readonly string[]).includes(name);

const guide = (guideName: GuideName, platform: PluginPlatform, description: string): CatalogEntry => ({
  id: guideName,
  title: GUIDE_TITLES[guideName],
  platform,
  description,
  kind: 'guide',
  fileName: `gusset-${guideName}.md`,
  source: { type: 'guide', guide: guideName },
});

/**
 * Everything Get Plugins offers, in the order shown within each platform. Only what is real: guides for the
 * tools whose own export Gusset reads, the RAM plugin (a Python script, not run against RAM here: its README
 * says so), the Python client, the Excel template and the CLI guide.
 */
export const PLUGIN_CATALOG: readonly CatalogEntry[] = [
  guide(
    'etabs-e2k',
    'Etabs',
    'Export your ETABS model as .e2k text for Gusset, and import Gusset’s .e2k back.',
  ),
  {
    id: 'excel-template',
    title: 'Excel template',
    platform: 'Excel',
    description: 'A Gusset workbook with one sheet per element type: fill it in and upload it as a model.',
    kind: 'file',
    fileName: 'gusset-template.xlsx',
    source: { type: 'excelTemplate' },
  },
  {
    id: 'ram-plugin',
    title: 'RAM Structural System plugin',
    platform: 'RAM',
    description:
      'A Python script for the Windows machine where RAM is installed: pushes stories, members, walls and decks ' +
      'to Gusset through RAM DataAccess and pulls versions back. Tested against a stand-in of the documented ' +
      'interface, not yet against RAM itself.',
    kind: 'file',
    fileName: 'gusset-ram.zip',
    source: {
      type: 'zip',
      folders: [
        { from: 'ram', into: 'gusset-ram/ram' },
        { from: 'python', into: 'gusset-ram/python' },
      ],
    },
  },
  guide('revit-ifc', 'Revit', 'The IFC export settings that bring Revit’s structure into Gusset.'),
  guide(
    'sap2000-s2k',
    'SAP',
    'Export your SAP2000 model as .s2k text for Gusset, and import Gusset’s .s2k back.',
  ),
  guide('tekla-ifc', 'Tekla', 'Export a Tekla Structures model to IFC for Gusset.'),
  guide('tekla-cis2', 'Tekla', 'Exchange analysis and design models with Tekla Structures through CIS/2.'),
  {
    id: 'python-client',
    title: 'Gusset Python client',
    platform: 'Scripts',
    description:
      'Upload and download model versions from your own Python scripts (Python 3.8+, standard library only).',
    kind: 'file',
    fileName: 'gusset-python-client.zip',
    source: { type: 'zip', folders: [{ from: 'python', into: 'gusset-python-client' }] },
  },
  guide('gusset-cli', 'Scripts', 'Translate, compare, check and repair model files on your computer.'),
];
