import {
  effectiveFilter,
  FILTER_ELEMENT_TYPES,
  FILTER_PLATFORMS,
  filterAllows,
  lastWriter,
  mappedName,
  type FilterPlatform,
  type FilterRules,
} from '../../../engine/filters';
import type { FileTranslator, Translator } from '../../../engine/formats/types';
import type { Element, Model } from '../../../engine/schema';

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
 * The model as it may flow to the export's platform. Each object goes through the filter From its last writer
 * (`filterFrom`; undefined: no filter, it flows whole), so a version whose elements came from several platforms
 * is filtered element by element. Under its filter: an element whose type or Geometry may not flow is left out
 * (with the loads on it and its group memberships); Name, Profile, Material and Releases not listed are
 * cleared; Restraints not listed leave out its nodes' restraints (by the node's writer), Loads the loads on it
 * (point loads by their node's writer), Groups its memberships (a group itself by its writer); Grid not listed
 * leaves out the grids; name mappings rename sections and materials. Levels always flow: nodes and elements
 * are placed on them.
 */
export function applyExportFilter(
  model: Model,
  filterFrom: (from: FilterPlatform) => FilterRules | undefined,
): Model {
  const filters = new Map<FilterPlatform, FilterRules | undefined>();
  const filterOf = (object: { source: { tool: string } }): FilterRules | undefined => {
    const from = lastWriter(object);
    if (from === undefined) return undefined;
    if (!filters.has(from)) filters.set(from, filterFrom(from));
    return filters.get(from);
  };
  if (!FILTER_PLATFORMS.some((platform) => filterFrom(platform) !== undefined)) return model;

  const keptElements: Element[] = [];
  const elementFilters = new Map<string, { type: Element['type']; filter: FilterRules | undefined }>();
  for (const element of model.elements) {
    const filter = filterOf(element);
    if (filter && !allows(filter, element.type, 'Geometry')) continue;
    elementFilters.set(element.id, { type: element.type, filter });
    if (!filter) {
      keptElements.push(element);
      continue;
    }
    const copy: Record<string, unknown> = { ...element };
    if (!allows(filter, element.type, 'Name')) copy.name = '';
    if (!allows(filter, element.type, 'Profile')) delete copy.profileId;
    if (!allows(filter, element.type, 'Material')) delete copy.materialId;
    if (!allows(filter, element.type, 'Releases')) delete copy.releases;
    keptElements.push(copy as Element);
  }
  const elementAllows = (elementId: string, property: FilterRules['properties'][number]) => {
    const kept = elementFilters.get(elementId);
    if (!kept) return false;
    return (
      !kept.filter || (kept.filter.properties.includes(property) && allows(kept.filter, kept.type, property))
    );
  };
  const nodesById = new Map(model.nodes.map((node) => [node.id, node]));
  const nodeAllows = (nodeId: string, property: FilterRules['properties'][number]) => {
    const node = nodesById.get(nodeId);
    const filter = node && filterOf(node);
    return !filter || filter.properties.includes(property);
  };

  const loads = model.loads.filter((load) =>
    load.type === 'PointLoad' ? nodeAllows(load.nodeId, 'Loads') : elementAllows(load.elementId, 'Loads'),
  );
  const keptLoads = new Set(loads.map((load) => load.id));
  const groups = model.groups.flatMap((group) => {
    const filter = filterOf(group);
    if (filter && !filter.properties.includes('Groups')) return [];
    return [
      {
        ...group,
        members: group.members.filter((member) =>
          member.kind === 'element'
            ? elementAllows(member.id, 'Groups')
            : member.kind === 'load'
              ? keptLoads.has(member.id)
              : nodesById.has(member.id),
        ),
      },
    ];
  });

  return {
    ...model,
    nodes: model.nodes.map((node) => {
      if (node.restraint === undefined || nodeAllows(node.id, 'Restraints')) return node;
      const { restraint: _restraint, ...rest } = node;
      return rest;
    }),
    grids: model.grids.filter((grid) => {
      const filter = filterOf(grid);
      return !filter || filter.elementTypes.includes('Grid');
    }),
    profiles: model.profiles.map((profile) => {
      const name = mappedName(filterOf(profile), 'Profile', profile.name);
      return name === profile.name ? profile : { ...profile, name };
    }),
    materials: model.materials.map((material) => {
      const name = mappedName(filterOf(material), 'Material', material.name);
      return name === material.name ? material : { ...material, name };
    }),
    elements: keptElements,
    loads,
    groups,
  };
}

/** The filters an export reads: the organization's and the model's own (the model's win for a pair). */
export interface ExportFilters {
  organization: readonly FilterRules[];
  model: readonly FilterRules[];
}

/**
 * What an export to `translator` writes of `model`: each object through the effective filter From its last
 * writer To the translator's platform. The download and the fidelity certificate both call this, so the
 * certificate speaks of exactly the model the file holds.
 */
export function modelForExport(model: Model, translator: FileTranslator, filters: ExportFilters): Model {
  const to = platformOfTranslator(translator);
  return applyExportFilter(model, (from) => effectiveFilter(filters.organization, filters.model, from, to));
}

/** Only the rules of filters (no ids or dates): what a worker thread needs and a cache key digests. */
export function filterRulesOf(filters: readonly FilterRules[]): FilterRules[] {
  return filters.map(({ from, to, elementTypes, properties, nameMappings }) => ({
    from,
    to,
    elementTypes,
    properties,
    nameMappings,
  }));
}
