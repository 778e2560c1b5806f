import type { SceneData, SceneProfile } from '../../engine/scene';
import { sceneTypeIndex } from '../../engine/scene';
import type { ElementType } from '../../engine/schema';

/** A hand-made element for `sceneOf`: its type and node indices, with optional profile, level, angle… */
export interface TestElement {
  id: string;
  type: ElementType;
  nodes: number[];
  profile?: number;
  level?: number;
  angle?: number;
  cardinalPoint?: number;
  releases?: number;
}

/** A frame profile of a family and size, for hand-made scenes. */
export function frameProfile(
  id: string,
  family: SceneProfile['family'],
  depth: number,
  width: number,
): SceneProfile {
  return {
    id,
    name: id,
    kind: 'frame',
    family,
    depth,
    width,
    flangeThickness: depth * 0.05,
    webThickness: width * 0.05,
    thickness: 0,
    approximate: false,
  };
}

/** A SceneData from nodes (x, y, z in mm) and elements, for tests of the scene and the viewer. */
export function sceneOf(
  nodes: ReadonlyArray<readonly [number, number, number]>,
  elements: readonly TestElement[],
  extra: Partial<Pick<SceneData, 'profiles' | 'levels' | 'materials' | 'grids' | 'loads'>> & {
    restraints?: number[];
  } = {},
): SceneData {
  const data: SceneData = {
    units: 'm',
    levels: extra.levels ?? [],
    grids: extra.grids ?? [],
    materials: extra.materials ?? [],
    profiles: extra.profiles ?? [],
    nodes: {
      ids: nodes.map((_, k) => `N${k}`),
      xyz: nodes.flatMap((point) => [...point]),
      restraints: extra.restraints ?? nodes.map(() => 0),
    },
    elements: {
      ids: [],
      names: [],
      types: [],
      profiles: [],
      materials: [],
      levels: [],
      angles: [],
      cardinalPoints: [],
      releases: [],
      nodeOffsets: [0],
      nodeIndices: [],
    },
    loads: extra.loads ?? {
      patterns: [],
      kinds: [],
      targets: [],
      patternIndices: [],
      directions: [],
      magnitudes: [],
      local: [],
    },
  };
  for (const element of elements) {
    data.elements.ids.push(element.id);
    data.elements.names.push(element.id);
    data.elements.types.push(sceneTypeIndex(element.type));
    data.elements.profiles.push(element.profile ?? -1);
    data.elements.materials.push(-1);
    data.elements.levels.push(element.level ?? -1);
    data.elements.angles.push(element.angle ?? 0);
    data.elements.cardinalPoints.push(element.cardinalPoint ?? 10);
    data.elements.releases.push(element.releases ?? 0);
    data.elements.nodeIndices.push(...element.nodes);
    data.elements.nodeOffsets.push(data.elements.nodeIndices.length);
  }
  return data;
}

/** A hand-made element given by its own points (no shared nodes), for geometry and picking tests. */
export interface PointsElement {
  type: ElementType;
  points: ReadonlyArray<readonly [number, number, number]>;
  profile?: number;
  level?: number;
  angle?: number;
  cardinalPoint?: number;
}

/** A SceneData whose elements each bring their own nodes; element k has the id `e<k>`. */
export function sceneOfPoints(
  elements: readonly PointsElement[],
  extra: Parameters<typeof sceneOf>[2] = {},
): SceneData {
  const nodes: Array<readonly [number, number, number]> = [];
  const placed = elements.map((element, index): TestElement => {
    const first = nodes.length;
    nodes.push(...element.points);
    return {
      id: `e${index}`,
      type: element.type,
      nodes: element.points.map((_, k) => first + k),
      ...(element.profile === undefined ? {} : { profile: element.profile }),
      ...(element.level === undefined ? {} : { level: element.level }),
      ...(element.angle === undefined ? {} : { angle: element.angle }),
      ...(element.cardinalPoint === undefined ? {} : { cardinalPoint: element.cardinalPoint }),
    };
  });
  return sceneOf(nodes, placed, extra);
}
