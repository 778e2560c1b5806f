import type {
  FilterElementType,
  FilterPlatform,
  FilterProperty,
  FilterRules,
  NameMappingKind,
} from './platforms';

/**
 * The filter that applies to data crossing `from` → `to` in a model: the model's own for that pair, else its
 * organization's, else undefined (no filter: everything flows).
 */
export function effectiveFilter<F extends FilterRules>(
  organizationFilters: readonly F[],
  modelFilters: readonly F[],
  from: FilterPlatform,
  to: FilterPlatform,
): F | undefined {
  const forPair = (filter: F) => filter.from === from && filter.to === to;
  return modelFilters.find(forPair) ?? organizationFilters.find(forPair);
}

/** Whether `property` of an element of `elementType` may flow under `filter` (no filter lets everything flow). */
export function filterAllows(
  filter: FilterRules | undefined,
  elementType: FilterElementType,
  property: FilterProperty,
): boolean {
  if (!filter) return true;
  return filter.elementTypes.includes(elementType) && filter.properties.includes(property);
}

/** The name a profile or material takes on the other side, by the filter's name mappings (unchanged if none). */
export function mappedName(filter: FilterRules | undefined, kind: NameMappingKind, name: string): string {
  return filter?.nameMappings.find((mapping) => mapping.kind === kind && mapping.from === name)?.to ?? name;
}
