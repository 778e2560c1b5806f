/*
 * A seeded synthetic building and a defect injector with an oracle (issue #8, research §7 "Testing approach"):
 * `gridBuilding` makes a clean nx × ny bay frame of `stories` storeys; `injectDefects` puts each requested defect
 * class at its own site (a block of bays no other defect touches) and returns, per check, the ids of the issues
 * the checks must report. Some defects are, by their nature, seen by more than one check (a secondary beam framing
 * into two girders without splits is C03 twice, two free ends and a floating part); the oracle lists all of them.
 */
import type { Element, FrameElement, Model, Node, Point3 } from '../../schema';
import { emptyModel } from '../../schema';
import type { CheckId } from '../types';
import { CHECK_IDS } from '../types';
import { issueId } from '../../connectivity/issues';

export interface GridBuildingOptions {
  bays: [number, number];
  stories: number;
  /** Bay width, mm. */
  bay: number;
  /** Storey height, mm. */
  storyHeight: number;
  seed: number;
}

/** Mulberry32: small, fast, seeded. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const copy = [...items];
  for (let index = copy.length - 1; index > 0; index--) {
    const other = Math.floor(random() * (index + 1));
    [copy[index], copy[other]] = [copy[other] as T, copy[index] as T];
  }
  return copy;
}

export const nodeId = (ix: number, iy: number, k: number): string => `N${ix}_${iy}_${k}`;
const beamXId = (ix: number, iy: number, k: number): string => `BX${ix}_${iy}_${k}`;
const beamYId = (ix: number, iy: number, k: number): string => `BY${ix}_${iy}_${k}`;
const columnId = (ix: number, iy: number, k: number): string => `C${ix}_${iy}_${k}`;
const levelId = (k: number): string => `L${k}`;

const SOURCE = { tool: 'gusset' } as const;

/**
 * A clean moment frame: nodes on every grid intersection of every level (ids N{ix}_{iy}_{k}), columns between
 * levels, beams along X and Y on every level above the base, fixed supports at the base, grids X0… and Y0…, one
 * I profile and one steel material. The seed only orders the collections (a clean model is the same building in
 * any order).
 */
export function gridBuilding(options: GridBuildingOptions): Model {
  const [nx, ny] = options.bays;
  const { stories, bay, storyHeight } = options;
  const model = emptyModel(SOURCE, 'mm');
  model.materials.push({
    id: 'S355',
    source: SOURCE,
    name: 'S355',
    attributes: {},
    type: 'Material',
    kind: 'steel',
  });
  model.profiles.push({
    id: 'IPE300',
    source: SOURCE,
    name: 'IPE300',
    attributes: {},
    type: 'Profile',
    kind: 'frame',
    materialId: 'S355',
    section: { shape: 'i', depth: 300, flangeWidth: 150, flangeThickness: 10.7, webThickness: 7.1 },
  });
  for (let k = 0; k <= stories; k++)
    model.levels.push({
      id: levelId(k),
      source: SOURCE,
      name: levelId(k),
      attributes: {},
      type: 'Level',
      elevation: k * storyHeight,
      height: k === 0 ? 0 : storyHeight,
    });
  for (let ix = 0; ix <= nx; ix++)
    model.grids.push({
      id: `X${ix}`,
      source: SOURCE,
      name: `X${ix}`,
      attributes: {},
      type: 'Grid',
      system: 'G1',
      label: `X${ix}`,
      geometry: { kind: 'axis', direction: 'X', coordinate: ix * bay },
    });
  for (let iy = 0; iy <= ny; iy++)
    model.grids.push({
      id: `Y${iy}`,
      source: SOURCE,
      name: `Y${iy}`,
      attributes: {},
      type: 'Grid',
      system: 'G1',
      label: `Y${iy}`,
      geometry: { kind: 'axis', direction: 'Y', coordinate: iy * bay },
    });
  for (let k = 0; k <= stories; k++)
    for (let ix = 0; ix <= nx; ix++)
      for (let iy = 0; iy <= ny; iy++) {
        const node: Node = {
          id: nodeId(ix, iy, k),
          source: SOURCE,
          name: nodeId(ix, iy, k),
          attributes: {},
          type: 'Node',
          x: ix * bay,
          y: iy * bay,
          z: k * storyHeight,
          levelId: levelId(k),
        };
        if (k === 0)
          node.restraint = { type: 'Restraint', ux: true, uy: true, uz: true, rx: true, ry: true, rz: true };
        model.nodes.push(node);
        if (k === 0) continue;
        model.elements.push(
          frame('Column', columnId(ix, iy, k), nodeId(ix, iy, k - 1), nodeId(ix, iy, k), k),
        );
        if (ix < nx)
          model.elements.push(frame('Beam', beamXId(ix, iy, k), nodeId(ix, iy, k), nodeId(ix + 1, iy, k), k));
        if (iy < ny)
          model.elements.push(frame('Beam', beamYId(ix, iy, k), nodeId(ix, iy, k), nodeId(ix, iy + 1, k), k));
      }
  const random = seededRandom(options.seed);
  model.nodes = shuffled(model.nodes, random);
  model.elements = shuffled(model.elements, random);
  model.attributes = { gridBuilding: { nx, ny, stories, bay, storyHeight } };
  return model;
}

function frame(
  type: 'Beam' | 'Column' | 'Brace',
  id: string,
  start: string,
  end: string,
  k: number,
): FrameElement {
  return {
    id,
    source: SOURCE,
    name: id,
    attributes: {},
    type,
    startNodeId: start,
    endNodeId: end,
    profileId: 'IPE300',
    levelId: levelId(k),
  };
}

export type DefectCounts = Partial<Record<CheckId, number>> & {
  seed: number;
  /**
   * Issue #21's real case: a beam end drawn 5–24 mm off a column node, on the girder's span (a near miss, a node
   * on a span, a free end, an off-grid node).
   */
  nearMissOnSpan?: number;
};

export interface InjectedDefects {
  model: Model;
  /** Per check, the sorted ids of the issues it must report. */
  oracle: Record<CheckId, string[]>;
}

/**
 * Injects `counts[check]` defects of each class into a copy of a `gridBuilding` model. Each defect gets a site: a
 * block of 2 × 1 bays on one level whose neighbourhood (±1 bay, ±1 level) no other site touches, so classes do
 * not interfere. Throws when the building is too small for the sites asked for.
 */
export function injectDefects(source: Model, counts: DefectCounts): InjectedDefects {
  const model = JSON.parse(JSON.stringify(source)) as Model;
  const layout = model.attributes['gridBuilding'] as
    { nx: number; ny: number; stories: number; bay: number; storyHeight: number } | undefined;
  if (!layout) throw new Error('injectDefects needs a model made by gridBuilding');
  const { nx, ny, stories, bay, storyHeight } = layout;
  const random = seededRandom(counts.seed);
  const oracle = Object.fromEntries(CHECK_IDS.map((id) => [id, [] as string[]])) as Record<CheckId, string[]>;
  const nodes = new Map(model.nodes.map((node) => [node.id, node] as const));
  const elements = new Map(model.elements.map((element) => [element.id, element] as const));

  // Sites: the block ix..ix+2, iy..iy+1 on level k; a new site's block may not touch another's ±1 neighbourhood.
  const candidates: [number, number, number][] = [];
  for (let k = 1; k <= stories; k++)
    for (let ix = 0; ix + 2 <= nx; ix++) for (let iy = 0; iy + 1 <= ny; iy++) candidates.push([ix, iy, k]);
  const taken = new Set<string>();
  const sites = shuffled(candidates, random).filter(([ix, iy, k]) => {
    for (let x = ix; x <= ix + 2; x++)
      for (let y = iy; y <= iy + 1; y++) if (taken.has(`${x},${y},${k}`)) return false;
    for (let x = ix - 1; x <= ix + 3; x++)
      for (let y = iy - 1; y <= iy + 2; y++) for (let z = k - 1; z <= k + 1; z++) taken.add(`${x},${y},${z}`);
    return true;
  });
  let nextSite = 0;
  const site = (): [number, number, number] => {
    const found = sites[nextSite++];
    if (!found) throw new Error('the building is too small for the defects asked for');
    return found;
  };
  const node = (id: string): Node => nodes.get(id) as Node;
  const addNode = (id: string, at: Point3, level?: number): Node => {
    const created: Node = { id, source: SOURCE, name: id, attributes: {}, type: 'Node', ...at };
    if (level !== undefined) created.levelId = levelId(level);
    model.nodes.push(created);
    nodes.set(id, created);
    return created;
  };
  const addElement = (element: Element): void => {
    model.elements.push(element);
    elements.set(element.id, element);
  };
  const beam = (id: string): FrameElement => elements.get(id) as FrameElement;
  const expect = (check: CheckId, elementIds: string[], nodeIds: string[]): void => {
    oracle[check].push(issueId(check, [...elementIds].sort(), [...nodeIds].sort()));
  };
  /** The beams at grid node (ix, iy, k). */
  const beamsAt = (ix: number, iy: number, k: number): string[] =>
    [
      ix < nx ? beamXId(ix, iy, k) : null,
      ix > 0 ? beamXId(ix - 1, iy, k) : null,
      iy < ny ? beamYId(ix, iy, k) : null,
      iy > 0 ? beamYId(ix, iy - 1, k) : null,
    ].filter((id): id is string => id !== null);
  const columnsAt = (ix: number, iy: number, k: number): string[] =>
    [columnId(ix, iy, k), k < stories ? columnId(ix, iy, k + 1) : null].filter(
      (id): id is string => id !== null,
    );
  const between = (low: number, high: number): number => low + random() * (high - low);
  const floorZ = (k: number): number => k * storyHeight;

  for (let q = 0; q < (counts.C01 ?? 0); q++) {
    const [ix, iy, k] = site();
    const anchor = node(nodeId(ix, iy, k));
    const copy = addNode(`D01_${q}`, { x: anchor.x + 0.3, y: anchor.y + 0.2, z: anchor.z }, k);
    beam(beamXId(ix, iy, k)).startNodeId = copy.id;
    expect('C01', [], [anchor.id, copy.id]);
  }
  for (let q = 0; q < (counts.C02 ?? 0); q++) {
    const [ix, iy, k] = site();
    const at = { x: (ix + 0.5) * bay, y: (iy + 0.5) * bay, z: floorZ(k) + storyHeight / 2 };
    const a = addNode(`D02_${q}a`, at);
    const b = addNode(`D02_${q}b`, { ...at, x: at.x + between(5, 20) });
    expect('C02', [], [a.id, b.id]);
  }
  for (let q = 0; q < (counts.C03 ?? 0); q++) {
    const [ix, iy, k] = site();
    const m1 = addNode(`D03_${q}a`, { x: (ix + 0.5) * bay, y: iy * bay, z: floorZ(k) }, k);
    const m2 = addNode(`D03_${q}b`, { x: (ix + 0.5) * bay, y: (iy + 1) * bay, z: floorZ(k) }, k);
    const secondary = frame('Beam', `D03_${q}`, m1.id, m2.id, k);
    addElement(secondary);
    expect('C03', [beamXId(ix, iy, k)], [m1.id]);
    expect('C03', [beamXId(ix, iy + 1, k)], [m2.id]);
    expect('C08', [secondary.id], [m1.id]);
    expect('C08', [secondary.id], [m2.id]);
    expect('C09', [], [[m1.id, m2.id].sort()[0] as string]);
  }
  for (let q = 0; q < (counts.C04 ?? 0); q++) {
    const [ix, iy, k] = site();
    const a = frame('Beam', `D04_${q}a`, nodeId(ix, iy, k), nodeId(ix + 1, iy + 1, k), k);
    const b = frame('Beam', `D04_${q}b`, nodeId(ix + 1, iy, k), nodeId(ix, iy + 1, k), k);
    addElement(a);
    addElement(b);
    expect('C04', [a.id, b.id], []);
  }
  for (let q = 0; q < (counts.C05 ?? 0); q++) {
    const [ix, iy, k] = site();
    const original = beam(beamXId(ix, iy, k));
    const copy = frame('Beam', `D05_${q}`, original.endNodeId, original.startNodeId, k);
    addElement(copy);
    expect('C05', [original.id, copy.id], []);
  }
  for (let q = 0; q < (counts.C06 ?? 0); q++) {
    const [ix, iy, k] = site();
    const original = beam(beamXId(ix, iy, k));
    const middle = addNode(`D06_${q}m`, { x: (ix + 0.5) * bay, y: iy * bay, z: floorZ(k) }, k);
    const first = frame('Beam', `D06_${q}a`, original.startNodeId, middle.id, k);
    const second = frame('Beam', `D06_${q}b`, middle.id, original.endNodeId, k);
    addElement(first);
    addElement(second);
    expect('C06', [original.id, first.id], []);
    expect('C06', [original.id, second.id], []);
    expect('C03', [original.id], [middle.id]);
  }
  for (let q = 0; q < (counts.C07 ?? 0); q++) {
    const [ix, iy, k] = site();
    const anchor = node(nodeId(ix, iy, k));
    if (q % 2 === 0) {
      // 0.5 mm: also a coincident pair, and no free end once merged.
      const end = addNode(`D07_${q}n`, { x: anchor.x, y: anchor.y, z: anchor.z + 0.5 }, k);
      const stub = frame('Column', `D07_${q}`, anchor.id, end.id, k);
      addElement(stub);
      expect('C07', [stub.id], []);
      expect('C01', [], [anchor.id, end.id]);
    } else {
      // 50 mm diagonal stub in plan: short, and its far end is free.
      const end = addNode(
        `D07_${q}n`,
        { x: anchor.x + 50 / Math.SQRT2, y: anchor.y + 50 / Math.SQRT2, z: anchor.z },
        k,
      );
      const stub = frame('Beam', `D07_${q}`, anchor.id, end.id, k);
      addElement(stub);
      expect('C07', [stub.id], []);
      expect('C08', [stub.id], [end.id]);
    }
  }
  for (let q = 0; q < (counts.C08 ?? 0); q++) {
    // A beam stopping short of its column's centreline (a physical model framed to the column face), the
    // catalogue's R07 case. The gap stays beyond tolNear (else it is also a C02 near miss) and within half the
    // column's section (IPE300: 150 mm), so R07 can close it.
    const [ix, iy, k] = site();
    const target = beam(beamXId(ix, iy, k));
    const column = node(target.endNodeId);
    const tip = addNode(`D08_${q}n`, { x: column.x - between(30, 140), y: column.y, z: column.z }, k);
    target.endNodeId = tip.id;
    expect('C08', [target.id], [tip.id]);
  }
  for (let q = 0; q < (counts.C09 ?? 0); q++) {
    const [ix, iy, k] = site();
    const at = { x: (ix + 0.5) * bay - 500, y: (iy + 0.5) * bay, z: floorZ(k) + storyHeight / 2 };
    const a = addNode(`D09_${q}a`, at);
    const b = addNode(`D09_${q}b`, { ...at, x: at.x + 1000 });
    const canopy = frame('Beam', `D09_${q}`, a.id, b.id, k);
    addElement(canopy);
    expect('C09', [], [a.id]);
    expect('C08', [canopy.id], [a.id]);
    expect('C08', [canopy.id], [b.id]);
  }
  for (let q = 0; q < (counts.C10 ?? 0); q++) {
    const [ix, iy, k] = site();
    const lifted = node(nodeId(ix, iy, k));
    lifted.z += between(3, 20) * (random() < 0.5 ? -1 : 1);
    expect('C10', [], [lifted.id]);
    for (const id of beamsAt(ix, iy, k)) expect('C12', [id], []);
  }
  for (let q = 0; q < (counts.C11 ?? 0); q++) {
    const [ix, iy, k] = site();
    const shifted = node(nodeId(ix, iy, k));
    shifted.x += between(5, 20);
    expect('C11', [], [shifted.id]);
    for (const id of columnsAt(ix, iy, k)) expect('C12', [id], []);
  }
  for (let q = 0; q < (counts.C12 ?? 0); q++) {
    const [ix, iy, k] = site();
    // Beyond tolSnap (so not C10) yet under 1° over a bay.
    const rise = bay * Math.tan((0.5 * Math.PI) / 180);
    if (rise <= 26) throw new Error('bays are too short to tilt a beam beyond the snap distance');
    node(nodeId(ix, iy, k)).z += rise;
    for (const id of beamsAt(ix, iy, k)) expect('C12', [id], []);
  }
  for (let q = 0; q < (counts.C13 ?? 0); q++) {
    const [ix, iy, k] = site();
    const floorId = `D13_${q}`;
    addElement({
      id: floorId,
      source: SOURCE,
      name: floorId,
      attributes: {},
      type: 'Floor',
      nodeIds: [nodeId(ix, iy, k), nodeId(ix + 2, iy, k), nodeId(ix + 2, iy + 1, k), nodeId(ix, iy + 1, k)],
      levelId: levelId(k),
    });
    oracle.C13.push(
      `C13:${floorId}#0@${nodeId(ix + 1, iy, k)}`,
      `C13:${floorId}#2@${nodeId(ix + 1, iy + 1, k)}`,
    );
  }
  for (let q = 0; q < (counts.C14 ?? 0); q++) {
    const [ix, iy, k] = site();
    const target = beam(beamXId(ix, iy, k));
    target.insertionOffsets = { i: { x: 0, y: 150, z: 0 }, j: { x: 0, y: 150, z: 0 } };
    expect('C14', [target.id], []);
  }
  for (let q = 0; q < (counts.C15 ?? 0); q++) {
    const [ix, iy, k] = site();
    const target = beam(beamXId(ix, iy, k));
    const end = { p: false, v2: false, v3: false, t: true, m2: false, m3: false };
    target.releases = { type: 'Releases', i: { ...end }, j: { ...end } };
    expect('C15', [target.id], []);
  }
  for (let q = 0; q < (counts.C16 ?? 0); q++) {
    const [ix, iy, k] = site();
    const target = beam(beamXId(ix, iy, k));
    target.attributes = { ...target.attributes, ANG: 90 };
    delete target.orientationAngle;
    expect('C16', [target.id], []);
  }
  for (let q = 0; q < (counts.nearMissOnSpan ?? 0); q++) {
    // A diagonal beam from the far corner of the bay whose other end stops 5–24 mm short of the column node, on
    // the girder's span: the girder carries a node that is really the column's.
    const [ix, iy, k] = site();
    const column = node(nodeId(ix, iy, k));
    const end = addNode(`D21_${q}n`, { x: column.x + between(5, 24), y: column.y, z: column.z }, k);
    const diagonal = frame('Beam', `D21_${q}`, nodeId(ix + 1, iy + 1, k), end.id, k);
    addElement(diagonal);
    expect('C02', [], [column.id, end.id]);
    expect('C03', [beamXId(ix, iy, k)], [end.id]);
    expect('C08', [diagonal.id], [end.id]);
    expect('C11', [], [end.id]);
  }
  for (const id of CHECK_IDS) oracle[id].sort();
  return { model, oracle };
}
