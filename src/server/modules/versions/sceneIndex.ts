import type { SceneData } from '../../../engine/scene';
import { SCENE_LOAD_KINDS } from '../../../engine/scene';
import type { ManifestEntry } from './manifest';

/**
 * What the properties panel needs of a version to answer a click in a few milliseconds, whatever the model's
 * size: each element's position (its place in the manifest), nodes, profile, material and level, and how many
 * loads act on it. Built once per version from its scene data (which the viewer has just loaded, so it is in the
 * derived cache) and the manifest entries of the small collections; versions never change, so it never goes
 * stale.
 */
export interface SceneIndex {
  /** Element id → its position in the scene's columns and in the manifest's `elements`. */
  elementPositions: Map<string, number>;
  nodeIds: string[];
  /** x, y, z (mm) of node i at 3i…3i+2. */
  xyz: Float64Array;
  nodeOffsets: Int32Array;
  nodeIndices: Int32Array;
  /** Per element: index into the scene's profiles, materials and levels, -1 for none. */
  profiles: Int32Array;
  materials: Int32Array;
  levels: Int32Array;
  /** Per element: the linear and area loads acting on it. */
  loadCounts: Int32Array;
  profileIds: string[];
  materialIds: string[];
  levelIds: string[];
  /** Id → hash of the small collections (the elements' hashes are read by position when asked for). */
  hashes: { profiles: Map<string, string>; materials: Map<string, string>; levels: Map<string, string> };
}

/** The scene content as cached (everything but the display unit). */
export type SceneContent = Omit<SceneData, 'units'>;

export function buildSceneIndex(
  scene: SceneContent,
  entries: { profiles: ManifestEntry[]; materials: ManifestEntry[]; levels: ManifestEntry[] },
): SceneIndex {
  const { elements, nodes, loads } = scene;
  const elementPositions = new Map<string, number>();
  elements.ids.forEach((id, position) => {
    // The first of two elements with one id is the one a click on that id means (ids are unique in practice).
    if (!elementPositions.has(id)) elementPositions.set(id, position);
  });
  const loadCounts = new Int32Array(elements.ids.length);
  const pointKind = SCENE_LOAD_KINDS.indexOf('point');
  loads.kinds.forEach((kind, load) => {
    const target = loads.targets[load];
    if (kind !== pointKind && target !== undefined) loadCounts[target] = (loadCounts[target] ?? 0) + 1;
  });
  const byId = (list: readonly ManifestEntry[]) => new Map(list.map(([id, hash]) => [id, hash]));
  return {
    elementPositions,
    nodeIds: nodes.ids,
    xyz: Float64Array.from(nodes.xyz),
    nodeOffsets: Int32Array.from(elements.nodeOffsets),
    nodeIndices: Int32Array.from(elements.nodeIndices),
    profiles: Int32Array.from(elements.profiles),
    materials: Int32Array.from(elements.materials),
    levels: Int32Array.from(elements.levels),
    loadCounts,
    profileIds: scene.profiles.map((profile) => profile.id),
    materialIds: scene.materials.map((material) => material.id),
    levelIds: scene.levels.map((level) => level.id),
    hashes: {
      profiles: byId(entries.profiles),
      materials: byId(entries.materials),
      levels: byId(entries.levels),
    },
  };
}

/** The element at `position`: its nodes as {id, x, y, z}, the ids it refers to and its load count. */
export function indexedElement(index: SceneIndex, position: number) {
  const nodes: Array<{ id: string; x: number; y: number; z: number }> = [];
  for (let k = index.nodeOffsets[position] ?? 0; k < (index.nodeOffsets[position + 1] ?? 0); k++) {
    const node = index.nodeIndices[k] ?? 0;
    nodes.push({
      id: index.nodeIds[node] ?? '',
      x: index.xyz[3 * node] ?? 0,
      y: index.xyz[3 * node + 1] ?? 0,
      z: index.xyz[3 * node + 2] ?? 0,
    });
  }
  const idAt = (ids: readonly string[], at: number | undefined) =>
    at === undefined || at < 0 ? undefined : ids[at];
  return {
    nodes,
    profileId: idAt(index.profileIds, index.profiles[position]),
    materialId: idAt(index.materialIds, index.materials[position]),
    levelId: idAt(index.levelIds, index.levels[position]),
    loads: index.loadCounts[position] ?? 0,
  };
}

/**
 * Scene indexes of the versions clicked last, within a budget of elements across them (the newest is kept
 * whatever its size). Concurrent requests for one version share one build; a failed build is not kept.
 */
export function createSceneIndexCache(budgetElements: number) {
  const entries = new Map<string, { index: Promise<SceneIndex>; size: number }>();

  function evict(): void {
    let total = 0;
    for (const entry of entries.values()) total += entry.size;
    for (const [key, entry] of entries) {
      if (total <= budgetElements || entries.size <= 1) break;
      entries.delete(key);
      total -= entry.size;
    }
  }

  return {
    get(versionId: string, build: () => Promise<SceneIndex>): Promise<SceneIndex> {
      const found = entries.get(versionId);
      if (found) {
        // Most recently used last: Map iteration order is insertion order.
        entries.delete(versionId);
        entries.set(versionId, found);
        return found.index;
      }
      const entry = { index: build(), size: 0 };
      entries.set(versionId, entry);
      entry.index.then(
        (index) => {
          entry.size = index.elementPositions.size;
          evict();
        },
        () => {
          if (entries.get(versionId) === entry) entries.delete(versionId);
        },
      );
      return entry.index;
    },
  };
}
