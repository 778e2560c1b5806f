import { FILTER_ELEMENT_TYPES, type FilterPlatform } from '../../../contract/http/filters';
import type { FileTranslator, Translator } from '../../../engine/formats/types';
import type { Element, Model, SourceTool } from '../../../engine/schema';
import { filterAllows, mappedName, type FilterRules } from '../filters/effective';

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
  gusset: 'Gusset',
};

export function platformOfTool(tool: SourceTool): FilterPlatform | undefined {
  return PLATFORM_OF_TOOL[tool];
}

/** The platform a file is written for: the translator's, or Gusset for the canonical JSON. */
export function platformOfTranslator(translator: FileTranslator): FilterPlatform {
  return 'platform' in translator ? (translator as Translator).platform : 'Gusset';
}

type FilterableType = (typeof FILTER_ELEMENT_TYPES)[number];
const FILTERABLE = new Set<string>(FILTER_ELEMENT_TYPES);

/**
 * Whether `property` of an element may flow. Types a filter cannot name (Link, GeoElement) are not the
 * filter's to stop, so they flow whole.
 */
function allows(
  filter: FilterRules,
  type: Element['type'],
  property: FilterRules['properties'][number],
): boolean {
  return FILTERABLE.has(type) ? filterAllows(filter, type as FilterableType, property) : true;
}

/**
 * The model as it may flow through `filter`: element types not listed are left out (with the loads on them and
 * their group memberships); an element whose Geometry may not flow is left out too; Name, Profile, Material and
 * Releases not listed are cleared; Restraints, Loads and Groups not listed leave out node restraints, loads and
 * groups; Grid not listed leaves out the grids; name mappings rename sections and materials. Levels always flow:
 * nodes and elements are placed on them.
 */
export function applyExportFilter(model: Model, filter: FilterRules | undefined): Model {
  if (!filter) return model;
  const keptElements: Element[] = [];
  for (const element of model.elements) {
    if (!allows(filter, element.type, 'Geometry')) continue;
    const copy: Record<string, unknown> = { ...element };
    if (!allows(filter, element.type, 'Name')) copy.name = '';
    if (!allows(filter, element.type, 'Profile')) delete copy.profileId;
    if (!allows(filter, element.type, 'Material')) delete copy.materialId;
    if (!allows(filter, element.type, 'Releases')) delete copy.releases;
    keptElements.push(copy as Element);
  }
  const elementTypes = new Map(keptElements.map((element) => [element.id, element.type]));
  const restraintsFlow = filter.properties.includes('Restraints');
  const loadsFlow = filter.properties.includes('Loads');
  const groupsFlow = filter.properties.includes('Groups');

  const loads = loadsFlow
    ? model.loads.filter((load) => {
        if (load.type === 'PointLoad') return true;
        const type = elementTypes.get(load.elementId);
        return type !== undefined && allows(filter, type, 'Loads');
      })
    : [];
  const keptLoads = new Set(loads.map((load) => load.id));
  const nodeIds = new Set(model.nodes.map((node) => node.id));
  const groups = groupsFlow
    ? model.groups.map((group) => ({
        ...group,
        members: group.members.filter((member) =>
          member.kind === 'element'
            ? elementTypes.has(member.id)
            : member.kind === 'load'
              ? keptLoads.has(member.id)
              : nodeIds.has(member.id),
        ),
      }))
    : [];

  return {
    ...model,
    nodes: restraintsFlow
      ? model.nodes
      : model.nodes.map((node) => {
          if (node.restraint === undefined) return node;
          const { restraint: _restraint, ...rest } = node;
          return rest;
        }),
    grids: filter.elementTypes.includes('Grid') ? model.grids : [],
    profiles: model.profiles.map((profile) => ({
      ...profile,
      name: mappedName(filter, 'Profile', profile.name),
    })),
    materials: model.materials.map((material) => ({
      ...material,
      name: mappedName(filter, 'Material', material.name),
    })),
    elements: keptElements,
    loads,
    groups,
  };
}
