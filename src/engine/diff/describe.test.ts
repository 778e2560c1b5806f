import { describe, expect, it } from 'vitest';
import type { Element, Level, Model, Node, Profile } from '../schema';
import { emptyModel } from '../schema';
import { describeDiff, diffModels, formatLength } from './index';

const source = { tool: 'etabs', version: '20.2.0' } as const;

function level(id: string, name: string, elevation: number): Level {
  return { id, source, name, type: 'Level', elevation, height: 4000, attributes: {} };
}

function nodeAt(label: string, levelId: string, x: number, y: number, z: number): Node {
  return { id: `${label}@${levelId}`, source, name: label, type: 'Node', x, y, z, levelId, attributes: {} };
}

function wide(id: string): Profile {
  return {
    id,
    source,
    name: id,
    type: 'Profile',
    kind: 'frame',
    section: { shape: 'library', library: 'AISC14', designation: id },
    attributes: {},
  };
}

/** Story 4 (level id L4) with one beam B12 between two points, as ETABS names them (label@story). */
function model(): Model {
  const result = emptyModel(source, 'mm');
  result.levels = [level('L4', 'Story 4', 16000), level('L3', 'Story 3', 12000)];
  result.profiles = [wide('W12X26'), wide('W14X30')];
  result.nodes = [nodeAt('1', 'L4', 0, 0, 16000), nodeAt('2', 'L4', 6000, 0, 16000)];
  const beam: Element = {
    id: 'B12@L4',
    source,
    name: 'B12',
    type: 'Beam',
    startNodeId: '1@L4',
    endNodeId: '2@L4',
    profileId: 'W12X26',
    levelId: 'L4',
    attributes: {},
  };
  result.elements = [beam];
  return result;
}

function edited(edit: (model: Model) => void): { before: Model; after: Model } {
  const before = model();
  const after = model();
  edit(after);
  return { before, after };
}

describe('describeDiff', () => {
  it("labels an ETABS element 'B12 at Story 4' and reads a section swap by profile names", () => {
    const { before, after } = edited((m) => {
      (m.elements[0] as Extract<Element, { type: 'Beam' }>).profileId = 'W14X30';
    });
    const view = describeDiff(diffModels(before, after), before, after, 'mm');
    expect(view.changes).toHaveLength(1);
    expect(view.changes[0]).toMatchObject({
      key: 'elements:B12@L4',
      label: 'B12 at Story 4',
      level: 'Story 4',
      groups: ['Profile'],
      details: [{ group: 'Profile', path: 'profileId', text: 'Profile: W12X26 → W14X30', deviation: null }],
    });
  });

  it("reads a node move as 'Moved 12 mm in Z' and its members' move in the model's units", () => {
    const { before, after } = edited((m) => {
      for (const node of m.nodes) node.z += 12;
    });
    const diff = diffModels(before, after);
    const inMm = describeDiff(diff, before, after, 'mm');
    const node = inMm.changes.find((change) => change.key === 'nodes:1@L4');
    expect(node?.label).toBe('1 at Story 4');
    expect(node?.details).toEqual([
      { group: 'Geometry', path: 'z', text: 'Moved 12 mm in Z', deviation: 12 },
    ]);
    const beam = inMm.changes.find((change) => change.key === 'elements:B12@L4');
    expect(beam?.details.map((detail) => detail.text)).toEqual(['Moved 12 mm in Z']);

    const inMetres = describeDiff(diff, before, after, 'm');
    expect(inMetres.units).toBe('m');
    const metreNode = inMetres.changes.find((change) => change.key === 'nodes:1@L4');
    expect(metreNode?.details[0]?.text).toBe('Moved 0.012 m in Z');
    expect(metreNode?.details[0]?.deviation).toBeCloseTo(0.012, 12);
  });

  it('shows lengths in every display unit', () => {
    expect(formatLength(12, 'mm')).toBe('12 mm');
    expect(formatLength(12, 'cm')).toBe('1.2 cm');
    expect(formatLength(12, 'm')).toBe('0.012 m');
    expect(formatLength(25.4, 'in')).toBe('1 in');
    expect(formatLength(304.8 * 2.5, 'ft')).toBe('2.5 ft');
    expect(formatLength(-12, 'mm')).toBe('-12 mm');
  });

  it('reads a move that is not along one axis with its components, and one end moving alone', () => {
    const { before, after } = edited((m) => {
      const end = m.nodes[1] as Node;
      end.x += 30;
      end.y += 40;
    });
    const view = describeDiff(diffModels(before, after), before, after, 'mm');
    const beam = view.changes.find((change) => change.key === 'elements:B12@L4');
    expect(beam?.details[0]?.text).toBe('End j moved 50 mm (X 30 mm, Y 40 mm)');
    expect(beam?.details[0]?.deviation).toBe(50);
  });

  it('labels added and removed objects from the model they are in', () => {
    const { before, after } = edited((m) => {
      m.elements = [];
      m.nodes.push(nodeAt('3', 'L3', 0, 0, 12000));
    });
    const view = describeDiff(diffModels(before, after), before, after, 'ft');
    expect(view.changes.map((change) => [change.kind, change.label])).toEqual([
      ['added', '3 at Story 3'],
      ['removed', 'B12 at Story 4'],
    ]);
    expect(view.counts.elements.removed).toBe(1);
    expect(view.elementCounts['Beam']?.removed).toBe(1);
  });
});
