import { describe, expect, it } from 'vitest';
import type { AreaLoad, FrameElement, Level, LinearLoad, Model, Node, Source } from '../../schema';
import { emptyModel, noEndReleases } from '../../schema';
import { decodeText } from '../../text/encoding';
import { readE2k } from './read';
import { writeE2k } from './write';

const IFC: Source = { tool: 'ifc', version: 'IFC4' };

/** GlobalId-like ids, as an IFC model names its objects. */
const gid = (tag: string): string => `2O2Fr$t4X7Zf8NOew3FL${tag}`;

function level(tag: string, name: string, elevation: number): Level {
  return { id: gid(tag), source: IFC, name, type: 'Level', elevation, height: 0, attributes: {} };
}

function node(tag: string, x: number, y: number, z: number, levelId?: string): Node {
  return {
    id: gid(tag),
    source: IFC,
    name: '',
    type: 'Node',
    x,
    y,
    z,
    ...(levelId === undefined ? {} : { levelId }),
    attributes: {},
  };
}

function frame(
  type: FrameElement['type'],
  tag: string,
  start: string,
  end: string,
  extra: Partial<FrameElement> = {},
): FrameElement {
  return {
    id: gid(tag),
    source: IFC,
    name: '',
    type,
    startNodeId: gid(start),
    endNodeId: gid(end),
    attributes: {},
    ...extra,
  };
}

/**
 * An IFC-like model: levels bottom-first (0, 3000, 6000 mm) with GlobalId ids, columns drawn bottom-up, one
 * drawn top-down with its end data, one spanning two storeys, one whose top node is on no storey, beams, a
 * floor, and area and line loads on patterns named apart from their ids (two sharing a name).
 */
function ifcModel(): Model {
  const model = emptyModel(IFC, 'mm');
  const [l0, l1, l2] = [level('L0', 'Ground', 0), level('L1', 'Level 1', 3000), level('L2', 'Level 2', 6000)];
  model.levels = [l0, l1, l2];
  const corners = [
    [0, 0],
    [6000, 0],
    [6000, 6000],
    [0, 6000],
  ] as const;
  model.nodes = [];
  corners.forEach(([x, y], index) => {
    model.nodes.push(node(`A${index}`, x, y, 0, l0.id));
    model.nodes.push(node(`B${index}`, x, y, 3000, l1.id));
    model.nodes.push(node(`C${index}`, x, y, 6000, l2.id));
  });
  // A node on no storey, between levels 1 and 2.
  model.nodes.push(node('M0', 3000, 0, 4500));
  // A column whose top node is contained in the storey below, as IFC contains a column's nodes.
  model.nodes.push(node('E0', 3000, 3000, 0, l0.id), node('D0', 3000, 3000, 3000, l0.id));
  const released = { type: 'Releases' as const, i: { ...noEndReleases(), m3: true }, j: noEndReleases() };
  model.elements = [
    frame('Column', 'K0', 'A0', 'B0'),
    // Drawn top-down: the writer swaps it, with what belongs to each end.
    frame('Column', 'K1', 'B1', 'A1', {
      releases: released,
      endOffsets: { i: 100, j: 250 },
      insertionOffsets: { i: { x: 0, y: 0, z: -50 }, j: { x: 0, y: 0, z: 0 } },
      rigidZoneFactor: 0.5,
    }),
    // Spans two storeys.
    frame('Column', 'K2', 'A2', 'C2'),
    // Its top node is on no storey.
    frame('Column', 'K3', 'A3', 'M0'),
    frame('Column', 'K4', 'B0', 'C0'),
    frame('Column', 'K5', 'E0', 'D0'),
    frame('Beam', 'G0', 'B0', 'B1'),
    frame('Beam', 'G1', 'C0', 'C1'),
  ];
  model.elements.push({
    id: gid('S1'),
    source: IFC,
    name: 'Slab',
    type: 'Floor',
    nodeIds: ['B0', 'B1', 'B2', 'B3'].map(gid),
    levelId: l1.id,
    attributes: {},
  });
  model.loadPatterns = [
    {
      id: gid('P1'),
      source: IFC,
      name: 'Live',
      type: 'LoadPattern',
      patternType: 'Live',
      selfWeightMultiplier: 0,
      attributes: {},
    },
    {
      id: gid('P2'),
      source: IFC,
      name: 'Live',
      type: 'LoadPattern',
      patternType: 'Live',
      selfWeightMultiplier: 0,
      attributes: {},
    },
  ];
  model.loadCases = [
    {
      id: gid('LC1'),
      source: IFC,
      name: 'LC Live',
      type: 'LoadCase',
      caseType: 'LinStatic',
      loads: [{ patternId: gid('P1'), scale: 1 }],
      attributes: {},
    },
  ];
  model.loadCombinations = [
    {
      id: gid('CO1'),
      source: IFC,
      name: 'ULS',
      type: 'LoadCombination',
      combinationType: 'Linear Add',
      items: [
        { kind: 'pattern', id: gid('P2'), scale: 1.5 },
        { kind: 'case', id: gid('LC1'), scale: 1.2 },
      ],
      attributes: {},
    },
  ];
  const areaLoad: AreaLoad = {
    id: gid('Q1'),
    source: IFC,
    name: '',
    type: 'AreaLoad',
    elementId: gid('S1'),
    patternId: gid('P1'),
    direction: 'Gravity',
    value: 0.003,
    attributes: {},
  };
  const lineLoad: LinearLoad = {
    id: gid('Q2'),
    source: IFC,
    name: '',
    type: 'LinearLoad',
    elementId: gid('K1'),
    patternId: gid('P2'),
    quantity: 'force',
    direction: 'X',
    distribution: { kind: 'distributed', relative: true, start: 0, end: 0.5, startValue: 2, endValue: 1 },
    attributes: {},
  };
  model.loads = [areaLoad, lineLoad];
  return model;
}

function position(model: Model, id: string): [number, number, number] {
  const found = model.nodes.find((candidate) => candidate.id === id) as Node;
  return [found.x, found.y, found.z];
}

function ends(model: Model, element: FrameElement): [[number, number, number], [number, number, number]] {
  return [position(model, element.startNodeId), position(model, element.endNodeId)];
}

describe('ETABS writer for levels from any source', () => {
  it('writes the story table top-down whatever the input order', () => {
    const text = decodeText(writeE2k(ifcModel()).bytes).text;
    const stories = [...text.matchAll(/^ {2}STORY "([^"]*)"(.*)$/gm)].map((match) => [
      match[1],
      match[2]?.trim(),
    ]);
    expect(stories).toEqual([
      ['Level 2', 'HEIGHT 3000'],
      ['Level 1', 'HEIGHT 3000'],
      ['Ground', 'ELEV 0'],
    ]);
  });

  it('puts a column node contained in the storey below on the story at its elevation', () => {
    const text = decodeText(writeE2k(ifcModel()).bytes).text;
    expect(text).toMatch(
      new RegExp(`LINE {2}"${gid('K5').replace('$', '\\$')}" {2}COLUMN {2}"[^"]+" {2}"[^"]+" {2}1`),
    );
    expect(text).toMatch(
      new RegExp(`LINE {2}"${gid('K2').replace('$', '\\$')}" {2}COLUMN {2}"[^"]+" {2}"[^"]+" {2}2`),
    );
  });

  it('reads back the same geometry, every column with its i-end at the bottom, and the loads', () => {
    const original = ifcModel();
    const { bytes, report } = writeE2k(original);
    const back = readE2k(bytes).model;
    expect(back.levels.map((item) => [item.name, item.elevation])).toEqual([
      ['Level 2', 6000],
      ['Level 1', 3000],
      ['Ground', 0],
    ]);
    const frames = back.elements.filter((element) => element.type !== 'Floor') as FrameElement[];
    const originals = original.elements.filter((element) => element.type !== 'Floor') as FrameElement[];
    // No column lost, and each column's i-end below its j-end.
    expect(frames.filter((element) => element.type === 'Column')).toHaveLength(6);
    expect(frames).toHaveLength(originals.length);
    for (const element of frames.filter((item) => item.type === 'Column')) {
      const [i, j] = ends(back, element);
      expect(i[2]).toBeLessThan(j[2]);
    }
    // The same member ends in space, in the same order except for the column the writer swapped.
    const key = (points: [number, number, number][]): string =>
      points.map((point) => point.map((value) => value.toFixed(6)).join(',')).join(' → ');
    const written = new Set(frames.map((element) => key(ends(back, element))));
    for (const element of originals) {
      const points = ends(original, element);
      const expected = element.id === gid('K1') ? [points[1], points[0]] : points;
      expect(written.has(key(expected as [number, number, number][])), element.id).toBe(true);
    }
    // The swapped column carries its end data to the other end, and the swap is reported as endOrder.
    const swapped = frames.find((element) => element.name === gid('K1')) as FrameElement;
    expect(swapped.releases?.j.m3).toBe(true);
    expect(swapped.releases?.i.m3).toBe(false);
    expect(swapped.endOffsets).toEqual({ i: 250, j: 100 });
    expect(swapped.insertionOffsets?.j.z).toBeCloseTo(-50, 9);
    expect(swapped.rigidZoneFactor).toBe(0.5);
    expect(report.items).toContainEqual(
      expect.objectContaining({ id: gid('K1'), concept: 'endOrder', severity: 'approximated' }),
    );
    // Loads name their pattern by name; the two patterns named "Live" are told apart, and that is reported.
    expect(back.loadPatterns.map((pattern) => pattern.name)).toEqual(['Live', 'Live (2)']);
    expect(report.items).toContainEqual(expect.objectContaining({ id: gid('P2'), concept: 'pattern' }));
    const areaLoads = back.loads.filter((load) => load.type === 'AreaLoad') as AreaLoad[];
    expect(areaLoads).toHaveLength(1);
    expect(areaLoads[0]).toMatchObject({ patternId: 'Live', direction: 'Gravity' });
    expect(areaLoads[0]?.value).toBeCloseTo(0.003, 12);
    const lineLoads = back.loads.filter((load) => load.type === 'LinearLoad') as LinearLoad[];
    expect(lineLoads).toHaveLength(1);
    // Mirrored along the swapped column: the same load, measured from its new i-end.
    expect(lineLoads[0]).toMatchObject({
      patternId: 'Live (2)',
      distribution: { kind: 'distributed', relative: true, start: 0.5, end: 1, startValue: 1, endValue: 2 },
    });
    expect(back.loadCases.find((item) => item.name === 'LC Live')?.loads).toEqual([
      { patternId: 'Live', scale: 1 },
    ]);
    expect(back.loadCombinations[0]?.items).toEqual([
      { kind: 'pattern', id: 'Live (2)', scale: 1.5 },
      { kind: 'case', id: 'LC Live', scale: 1.2 },
    ]);
  });

  it('names inferred storeys without float noise, uniquely', () => {
    const source: Source = { tool: 'sap2000' };
    const model = emptyModel(source, 'mm');
    model.sourceUnits = { force: 'N', length: 'MM', temperature: 'C' };
    const z = 0.1 + 0.2 + 947.7; // 948.0000000000001 in floating point
    model.nodes = [
      { id: 'a', source, name: 'a', type: 'Node', x: 0, y: 0, z: 0, attributes: {} },
      { id: 'b', source, name: 'b', type: 'Node', x: 0, y: 0, z, attributes: {} },
      { id: 'c', source, name: 'c', type: 'Node', x: 0, y: 0, z: 948.0000004, attributes: {} },
    ];
    model.elements = [
      { id: 'C1', source, name: 'C1', type: 'Column', startNodeId: 'a', endNodeId: 'b', attributes: {} },
      { id: 'C2', source, name: 'C2', type: 'Column', startNodeId: 'b', endNodeId: 'c', attributes: {} },
    ];
    const text = decodeText(writeE2k(model).bytes).text;
    const names = [...text.matchAll(/^ {2}STORY "([^"]*)"/gm)].map((match) => match[1]);
    expect(names).toEqual(['Z948', 'Z948~2', 'Base']);
  });
});
