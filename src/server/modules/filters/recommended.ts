import {
  FILTER_ELEMENT_TYPES,
  FILTER_PROPERTIES,
  type FilterPlatform,
  type RecommendedFilter,
} from '../../../contract/http/filters';

/** Spec section 1: the analysis platforms. */
const analysisPlatforms = ['SAP', 'Etabs', 'RAM'] as const satisfies readonly FilterPlatform[];

const analysisNames: Readonly<Record<(typeof analysisPlatforms)[number], string>> = {
  SAP: 'SAP2000',
  Etabs: 'ETABS',
  RAM: 'RAM Structural System',
};

/** What an analysis model holds of a building: the structure, not architectural components. */
const structuralTypes: RecommendedFilter['elementTypes'] = [
  'Area',
  'Beam',
  'Brace',
  'Cable',
  'Column',
  'Floor',
  'Foundation',
  'Grid',
  'Level',
  'Opening',
  'Wall',
];

/** The members whose sections and materials analysis designs. */
const designedTypes: RecommendedFilter['elementTypes'] = ['Beam', 'Brace', 'Column', 'Floor', 'Wall'];

/**
 * Filters engineers commonly want between a BIM model and an analysis model: the geometry comes from Revit and
 * the sections come back from analysis, so neither side overwrites what the other owns. Excel is a table of
 * everything, both ways.
 */
const recommendations: readonly RecommendedFilter[] = [
  ...analysisPlatforms.flatMap((analysis): RecommendedFilter[] => [
    {
      from: 'Revit',
      to: analysis,
      elementTypes: structuralTypes,
      properties: ['Geometry', 'Name', 'Material'],
      nameMappings: [],
      reason:
        `Send Revit's geometry, names and materials to ${analysisNames[analysis]} but not its profiles: ` +
        'the analysis model owns the sections its engineers designed.',
    },
    {
      from: analysis,
      to: 'Revit',
      elementTypes: designedTypes,
      properties: ['Profile', 'Material'],
      nameMappings: [],
      reason:
        `Let ${analysisNames[analysis]} update Revit's sections and materials after design, without moving ` +
        "Revit's geometry or renaming its elements.",
    },
  ]),
  ...(['Revit', 'Etabs', 'SAP'] as const).flatMap((platform): RecommendedFilter[] => [
    {
      from: platform,
      to: 'Excel',
      elementTypes: [...FILTER_ELEMENT_TYPES],
      properties: [...FILTER_PROPERTIES],
      nameMappings: [],
      reason:
        'Excel is a table of everything: export every element type and property for schedules and checks.',
    },
    {
      from: 'Excel',
      to: platform,
      elementTypes: [...FILTER_ELEMENT_TYPES],
      properties: [...FILTER_PROPERTIES],
      nameMappings: [],
      reason: 'Edits made in the Excel tables come back whole: every element type and property.',
    },
  ]),
];

/** The recommendations for the pairs that have no saved filter yet. */
export function recommendedFilters(
  saved: ReadonlyArray<{ from: FilterPlatform; to: FilterPlatform }>,
): RecommendedFilter[] {
  return recommendations.filter(
    (recommendation) =>
      !saved.some((filter) => filter.from === recommendation.from && filter.to === recommendation.to),
  );
}
