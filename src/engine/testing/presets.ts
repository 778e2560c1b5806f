import type { BuildingParameters } from './building';

export const DEFAULT_SEED = 20240611;

/**
 * Sizes for the benchmarks, after docs/performance-notes.md §6.1: storeys × bays × bays, plus braces and core
 * walls, for about 1k, 10k, 100k and 1M elements (columns, beams, braces, floors and walls).
 */
export const PRESETS = {
  '1k': { storeys: 5, baysX: 6, baysY: 6, braceEvery: 2, coreBaysX: 2, coreBaysY: 2 },
  '10k': { storeys: 20, baysX: 10, baysY: 10, braceEvery: 3, coreBaysX: 2, coreBaysY: 2 },
  '100k': { storeys: 50, baysX: 22, baysY: 22, braceEvery: 4, coreBaysX: 4, coreBaysY: 4 },
  '1m': { storeys: 50, baysX: 70, baysY: 70, braceEvery: 5, coreBaysX: 6, coreBaysY: 6 },
} as const satisfies Record<string, Omit<BuildingParameters, 'seed'>>;

export type PresetName = keyof typeof PRESETS;
export const PRESET_NAMES = Object.keys(PRESETS) as PresetName[];

/** The nominal element count each preset aims at. */
export const NOMINAL_ELEMENTS: Record<PresetName, number> = {
  '1k': 1_000,
  '10k': 10_000,
  '100k': 100_000,
  '1m': 1_000_000,
};

export function presetParameters(name: PresetName, seed: number = DEFAULT_SEED): BuildingParameters {
  return { ...PRESETS[name], seed };
}

/** Accepts `1k`, `10K`, `1M`, `1m`. */
export function parsePresetName(text: string): PresetName | undefined {
  const lower = text.toLowerCase();
  return (PRESET_NAMES as string[]).includes(lower) ? (lower as PresetName) : undefined;
}

/** What a building of these parameters contains, counted from the layout rather than from a generated model. */
export interface BuildingCounts {
  levels: number;
  grids: number;
  nodes: number;
  columns: number;
  beams: number;
  braces: number;
  floors: number;
  walls: number;
  elements: number;
  restraints: number;
  pointLoads: number;
  linearLoads: number;
  areaLoads: number;
}

export function expectedCounts(parameters: Omit<BuildingParameters, 'seed'>): BuildingCounts {
  const { storeys: s, baysX: nx, baysY: ny, braceEvery } = parameters;
  const coreX = Math.min(parameters.coreBaysX, nx);
  const coreY = Math.min(parameters.coreBaysY, ny);
  const gridPoints = (nx + 1) * (ny + 1);
  const columns = s * gridPoints;
  const beams = s * (nx * (ny + 1) + ny * (nx + 1));
  const bracedBays = braceEvery > 0 ? 2 * Math.ceil(nx / braceEvery) + 2 * Math.ceil(ny / braceEvery) : 0;
  const braces = s * 2 * bracedBays;
  const floors = s * nx * ny;
  const walls = coreX > 0 && coreY > 0 ? s * (2 * coreX + 2 * coreY) : 0;
  return {
    levels: s + 1,
    grids: nx + 1 + ny + 1,
    nodes: (s + 1) * gridPoints,
    columns,
    beams,
    braces,
    floors,
    walls,
    elements: columns + beams + braces + floors + walls,
    restraints: gridPoints,
    pointLoads: s * (ny + 1),
    linearLoads: s * (2 * nx + 2 * ny),
    areaLoads: floors,
  };
}
