import type { Element, FrameProfile, Load, Model, Profile, SectionShape } from '../schema';
import { END_RELEASE_NAMES } from '../schema';
import type { ProfileFamily, SceneData, SceneGrid, SceneLoads, SceneProfile } from './sceneData';
import { RELEASE_BITS_PER_END, RESTRAINT_BITS, SCENE_LOAD_KINDS, sceneTypeIndex } from './sceneData';

const INCH_MM = 25.4;
/** Drawn size of a frame profile the source gives no dimensions for (a `general` section): 300 mm square. */
const DEFAULT_FRAME_MM = 300;
/** Drawn thickness of a shell profile without one. */
const DEFAULT_SHELL_MM = 200;
/** How far axis grid lines run past the outermost nodes, mm. */
const GRID_MARGIN_MM = 2000;

/**
 * Families of library designations, tried in order (AISC, European and Indian names). The leading number of
 * an AISC name is the nominal depth in inches, which is enough to draw it.
 */
const LIBRARY_FAMILIES: ReadonlyArray<{ pattern: RegExp; family: ProfileFamily }> = [
  // CHS is a circular hollow section, like a round HSS (diameter × wall: two numbers).
  { pattern: /^(PIPE|P\d|CHS)/, family: 'pipe' },
  { pattern: /^HSS[\d.]+X[\d./]+$/, family: 'pipe' },
  { pattern: /^(HSS|TS|SHS|RHS)/, family: 'tube' },
  { pattern: /^(MC|C|UPN|UPE|PFC|ISMC)\d/, family: 'channel' },
  { pattern: /^(L|ISA)\d/, family: 'angle' },
  { pattern: /^(W|HP|M|S|IPE|HE|HEA|HEB|HEM|UB|UC|ISMB|ISHB|IPN)\d/, family: 'i' },
  // Older ETABS files name a shape rather than a library section (SHAPE "Rectangular"): drawn as that shape.
  { pattern: /^RECT/, family: 'rectangle' },
  { pattern: /^CIRC/, family: 'circle' },
];

function libraryProfile(designation: string): Omit<SceneProfile, 'id' | 'name' | 'kind'> {
  const upper = designation.toUpperCase().replace(/\s+/g, '');
  const family = LIBRARY_FAMILIES.find(({ pattern }) => pattern.test(upper))?.family ?? 'generic';
  const leading = /(\d+(?:\.\d+)?)/.exec(upper);
  const nominal = leading ? Number(leading[1]) : NaN;
  // AISC names are in inches (W14X90); European ones in mm (IPE300, HEB200).
  const metric = /^(IPE|HE|UPN|UPE|PFC|UB|UC|IS|IPN|SHS|RHS|CHS)/.test(upper);
  const depth = Number.isFinite(nominal) && nominal > 0 ? nominal * (metric ? 1 : INCH_MM) : DEFAULT_FRAME_MM;
  const round = family === 'pipe' || family === 'circle';
  const square = family === 'tube' || family === 'rectangle';
  const width = round || square ? depth : family === 'i' ? depth * 0.6 : depth * 0.4;
  return {
    family,
    depth,
    width,
    flangeThickness: depth * 0.06,
    webThickness: depth * 0.04,
    thickness: 0,
    approximate: true,
  };
}

function sectionProfile(section: SectionShape): Omit<SceneProfile, 'id' | 'name' | 'kind'> {
  const exact = (family: ProfileFamily, depth: number, width: number, flange = 0, web = 0) => ({
    family,
    depth,
    width,
    flangeThickness: flange,
    webThickness: web,
    thickness: 0,
    approximate: false,
  });
  switch (section.shape) {
    case 'rectangle':
      return exact('rectangle', section.depth, section.width);
    case 'circle':
      return exact('circle', section.diameter, section.diameter);
    case 'i':
      return exact('i', section.depth, section.flangeWidth, section.flangeThickness, section.webThickness);
    case 'pipe':
      return exact('pipe', section.diameter, section.diameter, section.wallThickness, section.wallThickness);
    case 'tube':
      return exact('tube', section.depth, section.width, section.flangeThickness, section.webThickness);
    case 'library':
      return libraryProfile(section.designation);
    case 'general':
      return { ...exact('generic', DEFAULT_FRAME_MM, DEFAULT_FRAME_MM), approximate: true };
  }
}

/**
 * A `general` section drawn as the rectangle with the same area and inertias (h² = 12·I33/A, b² = 12·I22/A),
 * so a 36 in column or a bridge girder keeps its proportions; the default size when the source gives neither.
 */
function equivalentRectangle(profile: FrameProfile): Omit<SceneProfile, 'id' | 'name' | 'kind'> {
  const { area = 0, i33 = 0, i22 = 0 } = profile.properties ?? {};
  const known = positive(area) && positive(i33) && positive(i22);
  return {
    family: 'generic',
    depth: known ? Math.sqrt((12 * i33) / area) : DEFAULT_FRAME_MM,
    width: known ? Math.sqrt((12 * i22) / area) : DEFAULT_FRAME_MM,
    flangeThickness: 0,
    webThickness: 0,
    thickness: 0,
    approximate: true,
  };
}

function positive(value: number): boolean {
  return Number.isFinite(value) && value > 0;
}

function toSceneProfile(profile: Profile): SceneProfile {
  if (profile.kind === 'shell') {
    const thickness = profile.thickness !== undefined && positive(profile.thickness) ? profile.thickness : 0;
    return {
      id: profile.id,
      name: profile.name,
      kind: 'shell',
      family: 'generic',
      depth: 0,
      width: 0,
      flangeThickness: 0,
      webThickness: 0,
      thickness: thickness || DEFAULT_SHELL_MM,
      approximate: thickness === 0,
    };
  }
  const frame = profile as FrameProfile;
  const drawn =
    frame.section.shape === 'general' ? equivalentRectangle(frame) : sectionProfile(frame.section);
  // A zero or missing dimension would draw nothing: fall back to the default size, marked approximate.
  if (!positive(drawn.depth) || !positive(drawn.width)) {
    return {
      id: profile.id,
      name: profile.name,
      kind: 'frame',
      ...drawn,
      depth: DEFAULT_FRAME_MM,
      width: DEFAULT_FRAME_MM,
      approximate: true,
    };
  }
  return { id: profile.id, name: profile.name, kind: 'frame', ...drawn };
}

function indexById<T extends { id: string }>(items: readonly T[]): Map<string, number> {
  const map = new Map<string, number>();
  items.forEach((item, index) => map.set(item.id, index));
  return map;
}

function releaseBits(element: Element): number {
  if (!('releases' in element) || element.releases === undefined) return 0;
  let bits = 0;
  END_RELEASE_NAMES.forEach((name, bit) => {
    if (element.releases?.i[name]) bits |= 1 << bit;
    if (element.releases?.j[name]) bits |= 1 << (bit + RELEASE_BITS_PER_END);
  });
  return bits;
}

/** Unit vector of a load direction in global axes, and whether it was local (drawn as gravity). */
function loadDirection(load: Load): { vector: [number, number, number]; magnitude: number; local: boolean } {
  if (load.type === 'PointLoad') {
    const length = Math.hypot(load.fx, load.fy, load.fz);
    if (length > 0) {
      return {
        vector: [load.fx / length, load.fy / length, load.fz / length],
        magnitude: length,
        local: false,
      };
    }
    // A pure moment: drawn as a downward glyph, magnitude the moment's.
    return { vector: [0, 0, -1], magnitude: Math.hypot(load.mx, load.my, load.mz), local: false };
  }
  const value =
    load.type === 'AreaLoad'
      ? load.value
      : load.distribution.kind === 'point'
        ? load.distribution.value
        : (load.distribution.startValue + load.distribution.endValue) / 2;
  const sign = value < 0 ? -1 : 1;
  const magnitude = Math.abs(value);
  switch (load.direction) {
    case 'X':
    case 'X-projected':
      return { vector: [sign, 0, 0], magnitude, local: false };
    case 'Y':
    case 'Y-projected':
      return { vector: [0, sign, 0], magnitude, local: false };
    case 'Z':
    case 'Z-projected':
      return { vector: [0, 0, sign], magnitude, local: false };
    case 'Gravity':
    case 'Gravity-projected':
      return { vector: [0, 0, -sign], magnitude, local: false };
    default:
      return { vector: [0, 0, -1], magnitude, local: true };
  }
}

function elementNodeIds(element: Element): readonly string[] {
  if ('startNodeId' in element) {
    return element.endNodeId === undefined ? [element.startNodeId] : [element.startNodeId, element.endNodeId];
  }
  if ('nodeIds' in element) return element.nodeIds;
  return [];
}

/**
 * The scene data of a canonical model. Pure and linear in the model's size. References to objects that do not
 * exist (a member naming a missing node) are skipped for nodes and set to -1 for profiles, materials and levels:
 * the viewer draws what it can and the repair issue reports the rest.
 */
export function toSceneData(model: Model): SceneData {
  const profileIndex = indexById(model.profiles);
  const materialIndex = indexById(model.materials);
  const levelIndex = indexById(model.levels);
  const nodeIndex = indexById(model.nodes);

  const ids: string[] = [];
  const xyz: number[] = [];
  const restraints: number[] = [];
  for (const node of model.nodes) {
    ids.push(node.id);
    xyz.push(node.x, node.y, node.z);
    let bits = 0;
    if (node.restraint) {
      for (const [dof, bit] of Object.entries(RESTRAINT_BITS)) {
        if (node.restraint[dof as keyof typeof RESTRAINT_BITS]) bits |= bit;
      }
    }
    restraints.push(bits);
  }

  const elements: SceneData['elements'] = {
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
  };
  for (const element of model.elements) {
    if (element.type === 'GeoElement') {
      element.points.forEach((point, k) => {
        elements.nodeIndices.push(ids.length);
        ids.push(`${element.id}#${k}`);
        xyz.push(point.x, point.y, point.z);
        restraints.push(0);
      });
    } else {
      for (const id of elementNodeIds(element)) {
        const index = nodeIndex.get(id);
        if (index !== undefined) elements.nodeIndices.push(index);
      }
    }
    elements.nodeOffsets.push(elements.nodeIndices.length);
    elements.ids.push(element.id);
    elements.names.push(element.name);
    elements.types.push(sceneTypeIndex(element.type));
    const profileId = 'profileId' in element ? element.profileId : undefined;
    const profile = profileId === undefined ? -1 : (profileIndex.get(profileId) ?? -1);
    elements.profiles.push(profile);
    const ownMaterial = 'materialId' in element ? element.materialId : undefined;
    const materialId = ownMaterial ?? (profile >= 0 ? model.profiles[profile]?.materialId : undefined);
    elements.materials.push(materialId === undefined ? -1 : (materialIndex.get(materialId) ?? -1));
    const levelId = 'levelId' in element ? element.levelId : undefined;
    elements.levels.push(levelId === undefined ? -1 : (levelIndex.get(levelId) ?? -1));
    elements.angles.push('orientationAngle' in element ? (element.orientationAngle ?? 0) : 0);
    elements.cardinalPoints.push('cardinalPoint' in element ? (element.cardinalPoint ?? 10) : 10);
    elements.releases.push(releaseBits(element));
  }

  const elementIndex = indexById(model.elements);
  const patternIndex = indexById(model.loadPatterns);
  const loads: SceneLoads = {
    patterns: model.loadPatterns.map((pattern) => pattern.name),
    kinds: [],
    targets: [],
    patternIndices: [],
    directions: [],
    magnitudes: [],
    local: [],
  };
  for (const load of model.loads) {
    const target = load.type === 'PointLoad' ? nodeIndex.get(load.nodeId) : elementIndex.get(load.elementId);
    if (target === undefined) continue;
    const { vector, magnitude, local } = loadDirection(load);
    loads.kinds.push(
      SCENE_LOAD_KINDS.indexOf(
        load.type === 'PointLoad' ? 'point' : load.type === 'LinearLoad' ? 'linear' : 'area',
      ),
    );
    loads.targets.push(target);
    loads.patternIndices.push(patternIndex.get(load.patternId) ?? -1);
    loads.directions.push(...vector);
    loads.magnitudes.push(magnitude);
    loads.local.push(local);
  }

  return {
    units: model.units,
    levels: model.levels.map((level) => ({ id: level.id, name: level.name, elevation: level.elevation })),
    grids: sceneGrids(model, xyz),
    materials: model.materials.map((material) => ({
      id: material.id,
      name: material.name,
      kind: material.kind,
    })),
    profiles: model.profiles.map(toSceneProfile),
    nodes: { ids, xyz, restraints },
    elements,
    loads,
  };
}

/** Grid lines as plan segments: axis lines across the nodes' plan extent (and every other grid) plus a margin. */
function sceneGrids(model: Model, xyz: readonly number[]): SceneGrid[] {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  const include = (x: number, y: number) => {
    minX = Math.min(minX, x);
    maxX = Math.max(maxX, x);
    minY = Math.min(minY, y);
    maxY = Math.max(maxY, y);
  };
  for (let i = 0; i < xyz.length; i += 3) include(xyz[i] as number, xyz[i + 1] as number);
  for (const grid of model.grids) {
    if (grid.geometry.kind === 'axis') {
      if (grid.geometry.direction === 'X') include(grid.geometry.coordinate, minY === Infinity ? 0 : minY);
      else include(minX === Infinity ? 0 : minX, grid.geometry.coordinate);
    } else {
      include(grid.geometry.start.x, grid.geometry.start.y);
      include(grid.geometry.end.x, grid.geometry.end.y);
    }
  }
  if (minX === Infinity) return [];
  minX -= GRID_MARGIN_MM;
  minY -= GRID_MARGIN_MM;
  maxX += GRID_MARGIN_MM;
  maxY += GRID_MARGIN_MM;
  return model.grids.map((grid) => {
    const { geometry } = grid;
    const segment: Pick<SceneGrid, 'start' | 'end'> =
      geometry.kind === 'general'
        ? { start: [geometry.start.x, geometry.start.y], end: [geometry.end.x, geometry.end.y] }
        : geometry.direction === 'X'
          ? { start: [geometry.coordinate, minY], end: [geometry.coordinate, maxY] }
          : { start: [minX, geometry.coordinate], end: [maxX, geometry.coordinate] };
    return { id: grid.id, label: grid.label, system: grid.system, ...segment };
  });
}
