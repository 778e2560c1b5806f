import type {
  AreaElement,
  AreaLoad,
  Element,
  FrameElement,
  Grid,
  Group,
  Level,
  LinearLoad,
  LoadCase,
  LoadCombination,
  LoadPattern,
  Material,
  Model,
  Node,
  PointLoad,
  Profile,
  Releases,
  Source,
} from '../schema';
import { emptyModel, noEndReleases } from '../schema';
import { createRandom } from './random';

/**
 * A regular steel building: `storeys` above a base level, `baysX` × `baysY` bays in plan. Every storey has a
 * column on each grid point, beams along every grid line, one floor panel per bay, X-braces in every
 * `braceEvery`-th bay of each facade, and a concrete core of `coreBaysX` × `coreBaysY` bays walled on its
 * perimeter. Bay widths and storey heights, sections, orientations, releases and load values come from `seed`.
 */
export interface BuildingParameters {
  storeys: number;
  baysX: number;
  baysY: number;
  /** 0 = no braces. */
  braceEvery: number;
  /** 0 = no core walls. */
  coreBaysX: number;
  coreBaysY: number;
  seed: number;
}

/**
 * The generated model is described as ETABS 20.2 would describe it (ids `label@story`, kN and m as source units),
 * so that writing it to `.e2k` and reading it back can be compared object by object.
 */
export const GENERATED_SOURCE: Source = { tool: 'etabs', version: '20.2.0' };

const BAY_WIDTHS_MM = [6000, 7200, 7500, 8000, 8400, 9000] as const;
const STOREY_HEIGHTS_MM = [3600, 3800, 4000] as const;
const GROUND_STOREY_MM = 4500;
const LIVE_LOADS_PA = [2000, 2500, 3000, 4000, 5000] as const;

export const PATTERNS = ['DEAD', 'SDL', 'LIVE', 'WX'] as const;

/** Spreadsheet-style grid labels: A…Z, AA, AB… */
function letters(index: number): string {
  let label = '';
  for (let rest = index + 1; rest > 0; rest = Math.floor((rest - 1) / 26)) {
    label = String.fromCharCode(65 + ((rest - 1) % 26)) + label;
  }
  return label;
}

function pinnedBothEnds(): Releases {
  return {
    type: 'Releases',
    i: { ...noEndReleases(), m2: true, m3: true },
    j: { ...noEndReleases(), m2: true, m3: true },
  };
}

export function generateBuilding(parameters: BuildingParameters): Model {
  const { storeys, baysX: nx, baysY: ny, braceEvery, seed } = parameters;
  if (!Number.isInteger(storeys) || storeys < 1 || nx < 1 || ny < 1) {
    throw new RangeError('a building needs at least one storey and one bay each way');
  }
  const coreX = Math.min(parameters.coreBaysX, nx);
  const coreY = Math.min(parameters.coreBaysY, ny);
  const random = createRandom(seed);
  const source = GENERATED_SOURCE;
  const model = emptyModel(source, 'm');
  model.sourceUnits = { force: 'KN', length: 'M', temperature: 'C' };

  // Plan: grid ordinates from random bay widths.
  const xs = [0];
  for (let i = 0; i < nx; i++) xs.push((xs[i] as number) + random.pick(BAY_WIDTHS_MM));
  const ys = [0];
  for (let j = 0; j < ny; j++) ys.push((ys[j] as number) + random.pick(BAY_WIDTHS_MM));
  const grid = (label: string, direction: 'X' | 'Y', coordinate: number): Grid => ({
    id: `G1/${label}`,
    source,
    name: label,
    type: 'Grid',
    system: 'G1',
    label,
    geometry: { kind: 'axis', direction, coordinate },
    attributes: {},
  });
  xs.forEach((x, i) => model.grids.push(grid(letters(i), 'X', x)));
  ys.forEach((y, j) => model.grids.push(grid(String(j + 1), 'Y', y)));

  // Levels, listed from the top as ETABS does; index `storeys` is the base.
  const heights: number[] = [];
  for (let storey = 1; storey <= storeys; storey++) {
    heights.push(storey === 1 ? GROUND_STOREY_MM : random.pick(STOREY_HEIGHTS_MM));
  }
  const levels: Level[] = [];
  let elevation = heights.reduce((sum, height) => sum + height, 0);
  for (let storey = storeys; storey >= 1; storey--) {
    const height = heights[storey - 1] as number;
    levels.push({
      id: `Story${storey}`,
      source,
      name: `Story${storey}`,
      type: 'Level',
      elevation,
      height,
      attributes: {},
    });
    elevation -= height;
  }
  levels.push({ id: 'Base', source, name: 'Base', type: 'Level', elevation: 0, height: 0, attributes: {} });
  model.levels = levels;

  model.materials = [
    {
      id: 'S355',
      source,
      name: 'S355',
      type: 'Material',
      kind: 'steel',
      grade: 'S355',
      elasticModulus: 210e9,
      poissonRatio: 0.3,
      thermalCoefficient: 1.2e-5,
      unitWeight: 76980,
      fy: 355e6,
      fu: 510e6,
      attributes: {},
    } satisfies Material,
    {
      id: 'C35',
      source,
      name: 'C35',
      type: 'Material',
      kind: 'concrete',
      grade: 'C35/45',
      elasticModulus: 34e9,
      poissonRatio: 0.2,
      thermalCoefficient: 1e-5,
      unitWeight: 24990,
      fc: 35e6,
      attributes: {},
    } satisfies Material,
  ];
  const iSection = (
    id: string,
    depth: number,
    flangeWidth: number,
    flangeThickness: number,
    webThickness: number,
  ): Profile => ({
    id,
    source,
    name: id,
    type: 'Profile',
    kind: 'frame',
    materialId: 'S355',
    section: { shape: 'i', depth, flangeWidth, flangeThickness, webThickness },
    attributes: {},
  });
  model.profiles = [
    iSection('COL-HEAVY', 450, 420, 40, 25),
    iSection('COL-MEDIUM', 400, 400, 30, 20),
    iSection('COL-LIGHT', 350, 350, 22, 14),
    iSection('BEAM-SHORT', 450, 190, 15, 9.5),
    iSection('BEAM-LONG', 550, 210, 17, 11),
    {
      id: 'BRACE-SHS',
      source,
      name: 'BRACE-SHS',
      type: 'Profile',
      kind: 'frame',
      materialId: 'S355',
      section: { shape: 'tube', depth: 200, width: 200, flangeThickness: 10, webThickness: 10 },
      attributes: {},
    },
    {
      id: 'SLAB200',
      source,
      name: 'SLAB200',
      type: 'Profile',
      kind: 'shell',
      materialId: 'C35',
      use: 'slab',
      behaviour: 'ShellThin',
      thickness: 200,
      attributes: {},
    },
    {
      id: 'WALL300',
      source,
      name: 'WALL300',
      type: 'Profile',
      kind: 'shell',
      materialId: 'C35',
      use: 'wall',
      behaviour: 'ShellThin',
      thickness: 300,
      attributes: {},
    },
  ];
  model.diaphragms = [
    { id: 'DIAPH1', source, name: 'DIAPH1', type: 'Diaphragm', rigidity: 'rigid', attributes: {} },
  ];

  model.loadPatterns = (
    [
      ['DEAD', 'Dead', 1],
      ['SDL', 'Super Dead', 0],
      ['LIVE', 'Live', 0],
      ['WX', 'Wind', 0],
    ] as const
  ).map(([id, patternType, selfWeightMultiplier]): LoadPattern => ({
    id,
    source,
    name: id,
    type: 'LoadPattern',
    patternType,
    selfWeightMultiplier,
    attributes: {},
  }));
  model.loadCases = PATTERNS.map((id): LoadCase => ({
    id,
    source,
    name: id,
    type: 'LoadCase',
    caseType: 'Linear Static',
    loads: [{ patternId: id, scale: 1 }],
    attributes: {},
  }));
  const combination = (
    id: string,
    combinationType: string,
    items: LoadCombination['items'],
  ): LoadCombination => ({
    id,
    source,
    name: id,
    type: 'LoadCombination',
    combinationType,
    items,
    attributes: {},
  });
  model.loadCombinations = [
    combination('ULS1', 'Linear Add', [
      { kind: 'case', id: 'DEAD', scale: 1.35 },
      { kind: 'case', id: 'SDL', scale: 1.35 },
      { kind: 'case', id: 'LIVE', scale: 1.5 },
    ]),
    combination('ULS2', 'Linear Add', [
      { kind: 'case', id: 'DEAD', scale: 1.2 },
      { kind: 'case', id: 'SDL', scale: 1.2 },
      { kind: 'case', id: 'LIVE', scale: 0.5 },
      { kind: 'case', id: 'WX', scale: 1.5 },
    ]),
    combination('SLS', 'Linear Add', [
      { kind: 'case', id: 'DEAD', scale: 1 },
      { kind: 'case', id: 'SDL', scale: 1 },
      { kind: 'case', id: 'LIVE', scale: 1 },
    ]),
    combination('ULS-ENV', 'Envelope', [
      { kind: 'combination', id: 'ULS1', scale: 1 },
      { kind: 'combination', id: 'ULS2', scale: 1 },
    ]),
  ];

  // Plan labels, fixed for every storey as ETABS plan objects are.
  const pointLabel = (i: number, j: number): string => String(j * (nx + 1) + i + 1);
  const columnAngles: number[] = [];
  for (let index = 0; index < (nx + 1) * (ny + 1); index++) columnAngles.push(random.chance(0.5) ? 90 : 0);
  const coreX0 = Math.floor((nx - coreX) / 2);
  const coreY0 = Math.floor((ny - coreY) / 2);
  const inCore = (i: number, j: number): boolean =>
    i >= coreX0 && i < coreX0 + coreX && j >= coreY0 && j < coreY0 + coreY;

  const nodes: Node[] = [];
  const elements: Element[] = [];
  const loads: (PointLoad | LinearLoad | AreaLoad)[] = [];
  const core: Group = {
    id: 'Core walls',
    source,
    name: 'Core walls',
    type: 'Group',
    members: [],
    attributes: {},
  };
  const bracing: Group = {
    id: 'Bracing',
    source,
    name: 'Bracing',
    type: 'Group',
    members: [],
    attributes: {},
  };

  const baseIndex = storeys;
  for (let levelIndex = baseIndex; levelIndex >= 0; levelIndex--) {
    const level = levels[levelIndex] as Level;
    for (let j = 0; j <= ny; j++) {
      for (let i = 0; i <= nx; i++) {
        const label = pointLabel(i, j);
        const node: Node = {
          id: `${label}@${level.id}`,
          source,
          name: label,
          type: 'Node',
          x: xs[i] as number,
          y: ys[j] as number,
          z: level.elevation,
          levelId: level.id,
          attributes: {},
        };
        if (levelIndex === baseIndex) {
          node.restraint = { type: 'Restraint', ux: true, uy: true, uz: true, rx: true, ry: true, rz: true };
        }
        nodes.push(node);
      }
    }
  }

  const storeyFromTop = (storey: number): number => storeys - storey;
  for (let storey = 1; storey <= storeys; storey++) {
    const level = levels[storeyFromTop(storey)] as Level;
    const below = levels[storeyFromTop(storey) + 1] as Level;
    const at = (i: number, j: number): string => `${pointLabel(i, j)}@${level.id}`;
    const under = (i: number, j: number): string => `${pointLabel(i, j)}@${below.id}`;
    const columnProfile =
      storey <= storeys / 3 ? 'COL-HEAVY' : storey <= (2 * storeys) / 3 ? 'COL-MEDIUM' : 'COL-LIGHT';

    for (let j = 0; j <= ny; j++) {
      for (let i = 0; i <= nx; i++) {
        const label = `C${pointLabel(i, j)}`;
        const column: FrameElement = {
          id: `${label}@${level.id}`,
          source,
          name: label,
          type: 'Column',
          startNodeId: under(i, j),
          endNodeId: at(i, j),
          profileId: columnProfile,
          levelId: level.id,
          attributes: {},
        };
        const angle = columnAngles[j * (nx + 1) + i] as number;
        if (angle !== 0) column.orientationAngle = angle;
        elements.push(column);
      }
    }

    let beamNumber = 0;
    const beam = (a: [number, number], b: [number, number], span: number, perimeter: boolean): void => {
      beamNumber++;
      const label = `B${beamNumber}`;
      const element: FrameElement = {
        id: `${label}@${level.id}`,
        source,
        name: label,
        type: 'Beam',
        startNodeId: at(...a),
        endNodeId: at(...b),
        profileId: span > 7500 ? 'BEAM-LONG' : 'BEAM-SHORT',
        levelId: level.id,
        cardinalPoint: 8,
        attributes: {},
      };
      if (!perimeter && random.chance(0.2)) element.releases = pinnedBothEnds();
      elements.push(element);
      if (perimeter) {
        const value = random.int(8, 16) * 500;
        loads.push({
          id: `line:${element.id}:SDL`,
          source,
          name: label,
          type: 'LinearLoad',
          elementId: element.id,
          patternId: 'SDL',
          quantity: 'force',
          direction: 'Gravity',
          distribution: {
            kind: 'distributed',
            relative: true,
            start: 0,
            end: 1,
            startValue: value,
            endValue: value,
          },
          attributes: {},
        });
      }
    };
    for (let j = 0; j <= ny; j++) {
      for (let i = 0; i < nx; i++)
        beam([i, j], [i + 1, j], (xs[i + 1] as number) - (xs[i] as number), j === 0 || j === ny);
    }
    for (let i = 0; i <= nx; i++) {
      for (let j = 0; j < ny; j++)
        beam([i, j], [i, j + 1], (ys[j + 1] as number) - (ys[j] as number), i === 0 || i === nx);
    }

    // X-braces in every `braceEvery`-th bay of each facade; each diagonal runs up from the storey below.
    let braceNumber = 0;
    const brace = (low: [number, number], high: [number, number]): void => {
      braceNumber++;
      const label = `D${braceNumber}`;
      const element: FrameElement = {
        id: `${label}@${level.id}`,
        source,
        name: label,
        type: 'Brace',
        startNodeId: under(...low),
        endNodeId: at(...high),
        profileId: 'BRACE-SHS',
        levelId: level.id,
        releases: pinnedBothEnds(),
        attributes: {},
      };
      elements.push(element);
      bracing.members.push({ kind: 'element', id: element.id });
    };
    if (braceEvery > 0) {
      for (const j of [0, ny]) {
        for (let i = 0; i < nx; i += braceEvery) {
          brace([i, j], [i + 1, j]);
          brace([i + 1, j], [i, j]);
        }
      }
      for (const i of [0, nx]) {
        for (let j = 0; j < ny; j += braceEvery) {
          brace([i, j], [i, j + 1]);
          brace([i, j + 1], [i, j]);
        }
      }
    }

    let floorNumber = 0;
    for (let j = 0; j < ny; j++) {
      for (let i = 0; i < nx; i++) {
        floorNumber++;
        const label = `F${floorNumber}`;
        const floor: AreaElement = {
          id: `${label}@${level.id}`,
          source,
          name: label,
          type: 'Floor',
          nodeIds: [at(i, j), at(i + 1, j), at(i + 1, j + 1), at(i, j + 1)],
          profileId: 'SLAB200',
          levelId: level.id,
          diaphragmId: 'DIAPH1',
          attributes: {},
        };
        elements.push(floor);
        loads.push({
          id: `area:${floor.id}:LIVE`,
          source,
          name: label,
          type: 'AreaLoad',
          elementId: floor.id,
          patternId: 'LIVE',
          direction: 'Gravity',
          value: inCore(i, j) ? 5000 : random.pick(LIVE_LOADS_PA),
          attributes: {},
        });
      }
    }

    // Core walls: one panel per bay edge on the core's perimeter, from the storey below up to this one.
    let wallNumber = 0;
    const wall = (a: [number, number], b: [number, number]): void => {
      wallNumber++;
      const label = `W${wallNumber}`;
      const element: AreaElement = {
        id: `${label}@${level.id}`,
        source,
        name: label,
        type: 'Wall',
        nodeIds: [under(...a), under(...b), at(...b), at(...a)],
        profileId: 'WALL300',
        levelId: level.id,
        attributes: {},
      };
      elements.push(element);
      core.members.push({ kind: 'element', id: element.id });
    };
    if (coreX > 0 && coreY > 0) {
      for (const j of [coreY0, coreY0 + coreY]) {
        for (let i = coreX0; i < coreX0 + coreX; i++) wall([i, j], [i + 1, j]);
      }
      for (const i of [coreX0, coreX0 + coreX]) {
        for (let j = coreY0; j < coreY0 + coreY; j++) wall([i, j], [i, j + 1]);
      }
    }

    // Wind on the x = 0 facade, one point load per node.
    for (let j = 0; j <= ny; j++) {
      const nodeId = at(0, j);
      loads.push({
        id: `point:${nodeId}:WX`,
        source,
        name: pointLabel(0, j),
        type: 'PointLoad',
        nodeId,
        patternId: 'WX',
        coordinateSystem: 'global',
        fx: random.int(50, 300) * 100,
        fy: 0,
        fz: 0,
        mx: 0,
        my: 0,
        mz: 0,
        attributes: {},
      });
    }
  }

  model.nodes = nodes;
  model.elements = elements;
  model.loads = loads;
  model.groups = [core, bracing].filter((group) => group.members.length > 0);
  return model;
}
