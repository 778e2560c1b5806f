import { SCENE_ELEMENT_TYPES, type SceneData } from '../../engine/scene';
import { FILTER_FACETS, type FilterFacet, type SectionBoxMm, type ShownElements } from './types';

/** One entry of a filter checklist: the value the viewer filters by, what the user reads, how many elements. */
export interface FacetEntry {
  value: string;
  label: string;
  count: number;
}

export type SceneFacets = Record<FilterFacet, FacetEntry[]>;

const facetsCache = new WeakMap<SceneData, SceneFacets>();

/** Counts one index column (-1 for none) into entries for the values that occur, in the scene's own order. */
function countColumn(
  column: readonly number[],
  size: number,
  valueOf: (index: number) => { value: string; label: string },
): FacetEntry[] {
  const counts = new Uint32Array(size);
  for (const index of column) if (index >= 0 && index < size) counts[index] = (counts[index] ?? 0) + 1;
  const entries: FacetEntry[] = [];
  for (let index = 0; index < size; index += 1) {
    const count = counts[index] ?? 0;
    if (count > 0) entries.push({ ...valueOf(index), count });
  }
  return entries;
}

/**
 * The filter panel's checklists with their counts. Computed once per scene (a scene is never changed after it
 * arrives), so a 100k-element model is counted once, not on every render.
 */
export function facetsOf(scene: SceneData): SceneFacets {
  const known = facetsCache.get(scene);
  if (known) return known;
  const { elements } = scene;
  const facets: SceneFacets = {
    types: countColumn(elements.types, SCENE_ELEMENT_TYPES.length, (index) => ({
      value: SCENE_ELEMENT_TYPES[index] ?? '',
      label: SCENE_ELEMENT_TYPES[index] ?? '',
    })),
    // Levels read bottom to top, the way a building is described.
    levels: countColumn(elements.levels, scene.levels.length, (index) => ({
      value: scene.levels[index]?.id ?? '',
      label: scene.levels[index]?.name ?? '',
    })).sort(
      (a, b) =>
        (scene.levels.find((level) => level.id === a.value)?.elevation ?? 0) -
        (scene.levels.find((level) => level.id === b.value)?.elevation ?? 0),
    ),
    profiles: countColumn(elements.profiles, scene.profiles.length, (index) => ({
      value: scene.profiles[index]?.id ?? '',
      label: scene.profiles[index]?.name ?? '',
    })),
    materials: countColumn(elements.materials, scene.materials.length, (index) => ({
      value: scene.materials[index]?.id ?? '',
      label: scene.materials[index]?.name ?? '',
    })),
  };
  facetsCache.set(scene, facets);
  return facets;
}

/** What the viewer is told to show: per checklist, the checked values (none unchecked: every value). */
export function shownElementsOf(
  hidden: Readonly<Record<FilterFacet, readonly string[]>>,
  search: string,
  facets: SceneFacets | null,
): ShownElements {
  const shown = (facet: FilterFacet): string[] | null => {
    const unchecked = hidden[facet];
    if (unchecked.length === 0 || !facets) return null;
    return facets[facet].map((entry) => entry.value).filter((value) => !unchecked.includes(value));
  };
  const [types, levels, profiles, materials] = FILTER_FACETS.map(shown) as [
    string[] | null,
    string[] | null,
    string[] | null,
    string[] | null,
  ];
  return { types, levels, profiles, materials, search: search.trim() };
}

/** The box around every node of the scene (mm), or null for a scene without nodes. */
export function boundsOf(scene: SceneData): SectionBoxMm | null {
  const { xyz } = scene.nodes;
  if (xyz.length < 3) return null;
  const min: [number, number, number] = [Infinity, Infinity, Infinity];
  const max: [number, number, number] = [-Infinity, -Infinity, -Infinity];
  for (let offset = 0; offset + 2 < xyz.length; offset += 3) {
    for (let axis = 0; axis < 3; axis += 1) {
      const value = xyz[offset + axis] ?? 0;
      if (value < min[axis]!) min[axis] = value;
      if (value > max[axis]!) max[axis] = value;
    }
  }
  return { min, max };
}

/** Moves one bound of the box, keeping it a box: a min never passes its max, nor a max its min. */
export function withBound(
  box: SectionBoxMm,
  axis: 0 | 1 | 2,
  bound: 'min' | 'max',
  valueMm: number,
): SectionBoxMm {
  if (!Number.isFinite(valueMm)) return box;
  const min: [number, number, number] = [...box.min];
  const max: [number, number, number] = [...box.max];
  if (bound === 'min') min[axis] = Math.min(valueMm, max[axis]);
  else max[axis] = Math.max(valueMm, min[axis]);
  return { min, max };
}
