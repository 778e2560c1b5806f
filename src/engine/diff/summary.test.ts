import { describe, expect, it } from 'vitest';
import type { Element, Load, Material, Model, Node, Profile } from '../schema';
import { emptyModel } from '../schema';
import { changeSummaryText, diffModels, summarizeDiff, type ChangeSummary } from './index';

const source = { tool: 'etabs', version: '20.2.0' } as const;

function node(id: string, x: number, y: number, z: number): Node {
  return { id, source, name: id, type: 'Node', x, y, z, attributes: {} };
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

function steel(id: string): Material {
  return { id, source, name: id, type: 'Material', kind: 'steel', attributes: {} };
}

function member(type: 'Beam' | 'Column' | 'Brace', id: string, start: string, end: string): Element {
  return {
    id,
    source,
    name: id,
    type,
    startNodeId: start,
    endNodeId: end,
    profileId: type === 'Column' ? 'W14X90' : 'W18X35',
    materialId: 'S275',
    attributes: {},
  } as Element;
}

/**
 * A frame of `bays` bays along X: a column on every grid point (base nodes `b{k}`, top nodes `t{k}` at 4 m) and
 * a beam between neighbouring tops.
 */
function frame(bays = 3): Model {
  const model = emptyModel(source, 'mm');
  model.profiles = ['W14X90', 'W18X35', 'W21X44', 'W24X55'].map(wide);
  model.materials = [steel('S275'), steel('S355')];
  for (let k = 0; k <= bays; k++) {
    model.nodes.push(node(`b${k}`, k * 6000, 0, 0), node(`t${k}`, k * 6000, 0, 4000));
    model.elements.push(member('Column', `C${k}`, `b${k}`, `t${k}`));
    if (k > 0) model.elements.push(member('Beam', `B${k}`, `t${k - 1}`, `t${k}`));
  }
  return model;
}

function elementById(model: Model, id: string): Element {
  const found = model.elements.find((element) => element.id === id);
  if (!found) throw new Error(`no element ${id}`);
  return found;
}

function frameMember(model: Model, id: string): Extract<Element, { type: 'Beam' }> {
  return elementById(model, id) as Extract<Element, { type: 'Beam' }>;
}

function summaryOf(edit: (model: Model) => void, bays = 3): ChangeSummary {
  const before = frame(bays);
  const after = frame(bays);
  edit(after);
  return summarizeDiff(diffModels(before, after), before, after);
}

function textOf(edit: (model: Model) => void, units: Model['units'] = 'mm', bays = 3): string {
  return changeSummaryText(summaryOf(edit, bays), units);
}

describe('summarizeDiff', () => {
  it("says 'no changes' for an empty diff", () => {
    const summary = summaryOf(() => {});
    expect(summary.phrases).toEqual([]);
    expect(changeSummaryText(summary, 'm')).toBe('no changes');
  });

  it('names a single resize with its sections', () => {
    expect(textOf((m) => void (frameMember(m, 'B1').profileId = 'W21X44'))).toBe(
      '1 beam resized W18X35 → W21X44',
    );
  });

  it('gives the commonest pair when resizes differ, and the pair alone when they agree', () => {
    expect(
      textOf((m) => {
        frameMember(m, 'B1').profileId = 'W21X44';
        frameMember(m, 'B2').profileId = 'W21X44';
        frameMember(m, 'B3').profileId = 'W24X55';
      }),
    ).toBe('3 beams resized (2 of them W18X35 → W21X44)');
    expect(
      textOf((m) => {
        frameMember(m, 'B1').profileId = 'W21X44';
        frameMember(m, 'B2').profileId = 'W21X44';
      }),
    ).toBe('2 beams resized W18X35 → W21X44');
  });

  it('tells moves with the largest displacement in every display unit, nodes under them not again', () => {
    const raiseTops = (m: Model) => {
      for (const each of m.nodes) if (each.id.startsWith('t')) each.z += 100;
      (m.nodes.find((each) => each.id === 't0') as Node).z += 50;
    };
    expect(textOf(raiseTops, 'mm')).toBe('4 columns moved (max 150 mm) and 3 beams moved (max 150 mm)');
    expect(textOf(raiseTops, 'm')).toBe('4 columns moved (max 0.15 m) and 3 beams moved (max 0.15 m)');
    expect(textOf(raiseTops, 'ft')).toBe('4 columns moved (max 0.492 ft) and 3 beams moved (max 0.492 ft)');
    expect(textOf(raiseTops, 'in')).toBe('4 columns moved (max 5.91 in) and 3 beams moved (max 5.91 in)');
  });

  it('says how far a single object moved, and tells nodes that carry no moved element', () => {
    expect(
      textOf((m) => {
        m.nodes.push(node('free', 0, 9000, 0));
        const moved = m.nodes.find((each) => each.id === 't3') as Node;
        moved.x += 25.4;
      }, 'in'),
    ).toBe('1 column moved 1 in, 1 beam moved 1 in and 1 node added');
    const before = frame();
    before.nodes.push(node('free', 0, 9000, 0));
    const after = frame();
    after.nodes.push(node('free', 0, 9000, 12));
    expect(changeSummaryText(summarizeDiff(diffModels(before, after), before, after), 'mm')).toBe(
      '1 node moved 12 mm',
    );
  });

  it('orders removals and additions of elements, then resizes, then moves, then the rest', () => {
    const summary = summaryOf((m) => {
      for (const each of m.nodes) if (each.id === 't1') each.z += 100;
      frameMember(m, 'B3').profileId = 'W21X44';
      m.elements = m.elements.filter((element) => element.id !== 'C3');
      m.nodes.push(node('x', 3000, 0, 4000));
      m.elements.push(member('Beam', 'B9', 't0', 'x'));
      frameMember(m, 'B2').materialId = 'S355';
    });
    expect(summary.phrases.map((phrase) => `${phrase.kind} ${phrase.subject}`)).toEqual([
      'removed Column',
      'added Beam',
      'resized Beam',
      'moved Column',
      'moved Beam',
      'material Beam',
      'added nodes',
    ]);
    expect(changeSummaryText(summary, 'm', 10)).toBe(
      '1 column removed, 1 beam added, 1 beam resized W18X35 → W21X44, 1 column moved 0.1 m, ' +
        "2 beams moved (max 0.1 m), 1 beam's material changed S275 → S355 and 1 node added",
    );
  });

  it("caps the phrases with 'and N more changes', N the objects the hidden phrases count", () => {
    const summary = summaryOf((m) => {
      m.elements = m.elements.filter((element) => element.id !== 'C3');
      m.elements.push(member('Brace', 'X1', 'b0', 't1'));
      frameMember(m, 'B3').profileId = 'W21X44';
      for (const each of m.nodes) if (each.id === 't1') each.z += 100;
      frameMember(m, 'B2').materialId = 'S355';
      m.nodes.push(node('free', 0, 9000, 0), node('free2', 0, 9500, 0));
    });
    // column removed, brace added, beam resized, column moved | 2 beams moved, 1 material, 2 nodes added.
    expect(changeSummaryText(summary, 'mm')).toBe(
      '1 column removed, 1 brace added, 1 beam resized W18X35 → W21X44, 1 column moved 100 mm and 5 more changes',
    );
    expect(changeSummaryText(summary, 'mm', 6)).toBe(
      '1 column removed, 1 brace added, 1 beam resized W18X35 → W21X44, 1 column moved 100 mm, ' +
        "2 beams moved (max 100 mm), 1 beam's material changed S275 → S355 and 2 more changes",
    );
    expect(changeSummaryText(summary, 'mm', 5)).toMatch(/ and 3 more changes$/);
  });

  it('uses singular and plural, the possessive included: end releases, restraints, renames', () => {
    const released = (count: number) =>
      textOf((m) => {
        for (let k = 1; k <= count; k++) {
          const beam = frameMember(m, `B${k}`);
          const pinned = { p: false, v2: false, v3: false, t: false, m2: true, m3: true };
          const fixed = { p: false, v2: false, v3: false, t: false, m2: false, m3: false };
          beam.releases = { type: 'Releases', i: pinned, j: count > 1 ? pinned : fixed };
        }
      });
    expect(released(1)).toBe("1 beam's end releases changed");
    expect(released(2)).toBe("2 beams' end releases changed");
    expect(
      textOf((m) => {
        for (const each of m.nodes)
          if (each.id.startsWith('b'))
            each.restraint = {
              type: 'Restraint',
              ux: true,
              uy: true,
              uz: true,
              rx: false,
              ry: false,
              rz: false,
            };
      }),
    ).toBe("4 nodes' restraints changed");
    expect(textOf((m) => void (elementById(m, 'C1').name = 'C1-renamed'))).toBe('1 column renamed');
    expect(
      textOf((m) => {
        elementById(m, 'C1').attributes = { note: 'checked' };
        elementById(m, 'C2').attributes = { note: 'checked' };
      }),
    ).toBe('2 columns changed');
  });

  it('counts loads by their kind and definitions by their engineering name', () => {
    const withLoads = (fz: number) => (m: Model) => {
      m.loadPatterns = [
        {
          id: 'DEAD',
          source,
          name: 'DEAD',
          type: 'LoadPattern',
          patternType: 'Dead',
          selfWeightMultiplier: 1,
          attributes: {},
        },
      ];
      const load = (id: string, nodeId: string): Load => ({
        id,
        source,
        name: id,
        type: 'PointLoad',
        nodeId,
        patternId: 'DEAD',
        coordinateSystem: 'Global',
        fx: 0,
        fy: 0,
        fz,
        mx: 0,
        my: 0,
        mz: 0,
        attributes: {},
      });
      m.loads = [load('P1', 't1'), load('P2', 't2')];
    };
    const before = frame();
    withLoads(-1000)(before);
    const after = frame();
    withLoads(-2000)(after);
    (after.profiles.find((each) => each.id === 'W14X90') as Profile).name = 'W14X99';
    after.units = 'm';
    const text = changeSummaryText(summarizeDiff(diffModels(before, after), before, after), 'm');
    expect(text).toBe('1 section renamed, 2 point loads changed and model settings changed');
  });

  it("tells a level's new elevation as a move, and a new storey height as a change", () => {
    const withLevel = (elevation: number, height: number) => (m: Model) => {
      m.levels = [{ id: 'L1', source, name: 'L1', type: 'Level', elevation, height, attributes: {} }];
    };
    const levelled = (elevation: number, height: number) => {
      const before = frame();
      withLevel(4000, 4000)(before);
      const after = frame();
      withLevel(elevation, height)(after);
      return changeSummaryText(summarizeDiff(diffModels(before, after), before, after), 'm');
    };
    expect(levelled(4300, 4000)).toBe('1 level moved 0.3 m');
    expect(levelled(4000, 4500)).toBe('1 level changed');
  });
});
