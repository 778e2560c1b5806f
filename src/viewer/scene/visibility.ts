import type { SceneData } from '../../engine/scene';
import { SCENE_ELEMENT_TYPES } from '../../engine/scene';
import type { ElementFilter, SectionBox } from '../types';

/** Everything that decides whether an element is shown; each rule narrows the others. */
export interface VisibilityRules {
  filter: ElementFilter | null;
  /** Per element, 1 if isolated; null when nothing is isolated. */
  isolated: Uint8Array | null;
  /** Index into `levels` of the isolated level, or null. */
  level: number | null;
  box: SectionBox | null;
  /** Per element, 1 if it is in the plan or elevation shown (orthoViews.ts); null in the 3-D view. */
  view: Uint8Array | null;
}

export const NO_RULES: VisibilityRules = {
  filter: null,
  isolated: null,
  level: null,
  box: null,
  view: null,
};

/** A slack for comparing elevations (mm): a node 0.5 mm under a level is on it. */
const ELEVATION_TOLERANCE_MM = 1;

function indexSet(ids: readonly string[] | null, all: ReadonlyArray<{ id: string }>): Set<number> | null {
  if (ids === null) return null;
  const wanted = new Set(ids);
  const indices = new Set<number>();
  all.forEach((item, index) => {
    if (wanted.has(item.id)) indices.add(index);
  });
  return indices;
}

function isEmptyFilter(filter: ElementFilter | null): boolean {
  return (
    filter === null ||
    (filter.types === null &&
      filter.levels === null &&
      filter.profiles === null &&
      filter.materials === null &&
      filter.search.trim() === '')
  );
}

/** Whether any rule hides something (so free nodes and glyphs of nothing in particular can be shown). */
export function hasRules(rules: VisibilityRules): boolean {
  return (
    !isEmptyFilter(rules.filter) ||
    rules.isolated !== null ||
    rules.level !== null ||
    rules.box !== null ||
    rules.view !== null
  );
}

/**
 * The level an element belongs to: its own, or for an element without one (SAP2000 models have no storeys) the
 * level whose storey holds its highest point: the lowest level at or above it, as ETABS assigns a column to the
 * storey it ends at.
 */
function levelOfElement(data: SceneData, element: number, sortedLevels: Int32Array): number {
  const own = data.elements.levels[element] as number;
  if (own >= 0 || sortedLevels.length === 0) return own;
  const { nodeOffsets, nodeIndices } = data.elements;
  const xyz = data.nodes.xyz;
  let top = -Infinity;
  for (let k = nodeOffsets[element] as number; k < (nodeOffsets[element + 1] as number); k++) {
    top = Math.max(top, xyz[(nodeIndices[k] as number) * 3 + 2] as number);
  }
  if (top === -Infinity) return -1;
  for (const level of sortedLevels) {
    if ((data.levels[level]?.elevation as number) >= top - ELEVATION_TOLERANCE_MM) return level;
  }
  return -1;
}

/** Whether the element's box (its nodes', grown by `radius`) lies wholly outside the section box. */
function outsideBox(data: SceneData, element: number, radius: number, box: SectionBox): boolean {
  const { nodeOffsets, nodeIndices } = data.elements;
  const xyz = data.nodes.xyz;
  const start = nodeOffsets[element] as number;
  const end = nodeOffsets[element + 1] as number;
  if (end === start) return true;
  for (let axis = 0; axis < 3; axis++) {
    let min = Infinity;
    let max = -Infinity;
    for (let k = start; k < end; k++) {
      const value = xyz[(nodeIndices[k] as number) * 3 + axis] as number;
      if (value < min) min = value;
      if (value > max) max = value;
    }
    if (max + radius < (box.min[axis] as number) || min - radius > (box.max[axis] as number)) return true;
  }
  return false;
}

/**
 * Writes 1 for every element the rules show and 0 for the others into `out`; returns how many are shown.
 * Linear in the element count; the search compares lower-cased names and ids as substrings.
 */
export function computeVisibility(
  data: SceneData,
  rules: VisibilityRules,
  radii: Float32Array,
  out: Uint8Array,
): number {
  const { elements } = data;
  const count = elements.ids.length;
  if (!hasRules(rules)) {
    out.fill(1, 0, count);
    return count;
  }
  const filter = isEmptyFilter(rules.filter) ? null : rules.filter;
  const types = filter?.types ? new Set(filter.types) : null;
  const typeAllowed = types ? SCENE_ELEMENT_TYPES.map((type) => types.has(type)) : null;
  const levels = filter ? indexSet(filter.levels, data.levels) : null;
  const profiles = filter ? indexSet(filter.profiles, data.profiles) : null;
  const materials = filter ? indexSet(filter.materials, data.materials) : null;
  const search = filter ? filter.search.trim().toLowerCase() : '';
  const sortedLevels = Int32Array.from(data.levels.keys()).sort(
    (a, b) => (data.levels[a]?.elevation as number) - (data.levels[b]?.elevation as number),
  );
  let shown = 0;
  for (let element = 0; element < count; element++) {
    let visible =
      (typeAllowed === null || typeAllowed[elements.types[element] as number] === true) &&
      (rules.isolated === null || rules.isolated[element] === 1) &&
      (rules.view === null || rules.view[element] === 1) &&
      (profiles === null || profiles.has(elements.profiles[element] as number)) &&
      (materials === null || materials.has(elements.materials[element] as number));
    if (visible && (levels !== null || rules.level !== null)) {
      const level = levelOfElement(data, element, sortedLevels);
      visible = (levels === null || levels.has(level)) && (rules.level === null || rules.level === level);
    }
    if (visible && search !== '') {
      visible =
        (elements.names[element] as string).toLowerCase().includes(search) ||
        (elements.ids[element] as string).toLowerCase().includes(search);
    }
    if (visible && rules.box !== null)
      visible = !outsideBox(data, element, radii[element] as number, rules.box);
    out[element] = visible ? 1 : 0;
    if (visible) shown++;
  }
  return shown;
}
