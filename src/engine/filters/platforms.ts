import type { SourceTool } from '../schema';

/** The platforms of spec section 1 that a filter can name (the product's own platform is Gusset). */
export const FILTER_PLATFORMS = [
  'Etabs',
  'Excel',
  'Grasshopper',
  'RAM',
  'Revit',
  'SAP',
  'Tekla',
  'Gusset',
] as const;
export type FilterPlatform = (typeof FILTER_PLATFORMS)[number];

/** Spec section 3: the element types. */
export const FILTER_ELEMENT_TYPES = [
  'Area',
  'Beam',
  'Brace',
  'Cable',
  'Column',
  'Component',
  'Floor',
  'Foundation',
  'Grid',
  'Level',
  'Opening',
  'Wall',
] as const;
export type FilterElementType = (typeof FILTER_ELEMENT_TYPES)[number];

/** What may flow for an element: the spec's four properties plus the analysis data engineers care about. */
export const FILTER_PROPERTIES = [
  'Geometry',
  'Name',
  'Profile',
  'Material',
  'Releases',
  'Restraints',
  'Loads',
  'Groups',
] as const;
export type FilterProperty = (typeof FILTER_PROPERTIES)[number];

/** What a name mapping renames. */
export const NAME_MAPPING_KINDS = ['Profile', 'Material'] as const;
export type NameMappingKind = (typeof NAME_MAPPING_KINDS)[number];

/** A name in one platform and the name it takes in the other (a Revit family → an ETABS section). */
export interface NameMappingRule {
  kind: NameMappingKind;
  from: string;
  to: string;
}

/**
 * What the export and upload rules need of a filter to decide what flows From one platform To another (the
 * contract's saved filter adds its ids and dates).
 */
export interface FilterRules {
  from: FilterPlatform;
  to: FilterPlatform;
  elementTypes: readonly FilterElementType[];
  properties: readonly FilterProperty[];
  nameMappings: readonly NameMappingRule[];
}

/** The filter platform a model's source tool belongs to (undefined: no platform, so no filter applies). */
const PLATFORM_OF_TOOL: Readonly<Record<SourceTool, FilterPlatform | undefined>> = {
  etabs: 'Etabs',
  sap2000: 'SAP',
  csibridge: 'SAP',
  safe: 'SAP',
  ram: 'RAM',
  revit: 'Revit',
  tekla: 'Tekla',
  excel: 'Excel',
  ifc: undefined,
  // CIS/2 is Tekla's steel path in the product (SDS/2 and RISA write it too).
  cis2: 'Tekla',
  gusset: 'Gusset',
};

const isSourceTool = (tool: string): tool is SourceTool => Object.hasOwn(PLATFORM_OF_TOOL, tool);

export function platformOfTool(tool: string): FilterPlatform | undefined {
  return isSourceTool(tool) ? PLATFORM_OF_TOOL[tool] : undefined;
}

/**
 * The platform that last wrote an object: the platform of its `source.tool`. An upload stores the objects it
 * changes with its own source, and keeps the previous ones (source included) where filters hold changes back.
 */
export function lastWriter(object: { source: { tool: string } }): FilterPlatform | undefined {
  return platformOfTool(object.source.tool);
}
