import { describe, expect, it } from 'vitest';
import { compareModels, explainDifferences } from '../../fidelity';
import type { Model, Profile, Source } from '../../schema';
import { emptyModel } from '../../schema';
import { SOURCE_ROW_KEY } from './names';
import { readSap2000 } from './read';
import { decodeCsiText } from './text';
import { writeSap2000 } from './write';

/** A model from ETABS: shell properties say what they are for, and there are storeys. */
const ETABS: Source = { tool: 'etabs', version: '20.2.0' };

function etabsModel(): Model {
  const model = emptyModel(ETABS, 'm');
  model.sourceUnits = { force: 'KN', length: 'M', temperature: 'C' };
  return model;
}

function shell(id: string, use: Extract<Profile, { kind: 'shell' }>['use']): Profile {
  return { id, source: ETABS, name: id, type: 'Profile', kind: 'shell', use, thickness: 200, attributes: {} };
}

describe('SAP2000 writer', () => {
  it('keeps what a shell property is for (slab, deck, wall) through AREA SECTION PROPERTIES', () => {
    const model = etabsModel();
    model.profiles = [
      shell('S200', 'slab'),
      shell('D75', 'deck'),
      shell('W300', 'wall'),
      shell('P1', 'other'),
    ];

    const written = writeSap2000(model);
    const text = decodeCsiText(written.bytes).text;
    expect(text).toMatch(/Section=S200 .*GussetUse=Slab/);
    expect(text).toMatch(/Section=W300 .*GussetUse=Wall/);
    expect(text).not.toMatch(/Section=P1 .*GussetUse/);

    const back = readSap2000(written.bytes).model.profiles;
    const uses = Object.fromEntries(
      back.map((profile) => [profile.id, profile.kind === 'shell' && profile.use]),
    );
    expect(uses).toEqual({ S200: 'slab', D75: 'deck', W300: 'wall', P1: 'other' });
    // Read as the use, not kept as an unknown field to be written back beside it (the source row the writer
    // restores field order and text from holds every field, GussetUse too).
    const unknown = (profile: Profile): string =>
      JSON.stringify({ ...profile.attributes, [SOURCE_ROW_KEY]: undefined });
    expect(back.filter((profile) => unknown(profile).includes('GussetUse'))).toEqual([]);
  });

  it('counts what it wrote: no storeys, and no element SAP2000 has no object for', () => {
    const model = etabsModel();
    model.levels = [
      { id: 'L1', source: ETABS, name: 'L1', type: 'Level', elevation: 3000, height: 3000, attributes: {} },
      { id: 'Base', source: ETABS, name: 'Base', type: 'Level', elevation: 0, height: 0, attributes: {} },
    ];
    model.nodes = [
      { id: 'N1', source: ETABS, name: 'N1', type: 'Node', x: 0, y: 0, z: 0, attributes: {} },
      { id: 'N2', source: ETABS, name: 'N2', type: 'Node', x: 0, y: 0, z: 3000, attributes: {} },
    ];
    model.elements = [
      {
        id: 'C1',
        source: ETABS,
        name: 'C1',
        type: 'Column',
        startNodeId: 'N1',
        endNodeId: 'N2',
        attributes: {},
      },
      { id: 'F1', source: ETABS, name: 'F1', type: 'Foundation', nodeIds: ['N1'], attributes: {} },
    ];

    const written = writeSap2000(model);
    expect(written.report.counts.levels).toBe(0);
    expect(written.report.counts.foundations).toBe(0);
    expect(written.report.counts.columns).toBe(1);
    expect(written.report.counts).toEqual(readSap2000(written.bytes).report.counts);
  });

  it('reports a named spring property coming back per joint, with the same stiffness at every joint', () => {
    const model = etabsModel();
    model.springProperties = [
      {
        id: 'SOIL',
        source: ETABS,
        name: 'SOIL',
        type: 'SpringProperty',
        ux: 1e6,
        uy: 1e6,
        uz: 5e6,
        rx: 0,
        ry: 0,
        rz: 0,
        attributes: {},
      },
    ];
    model.nodes = ['N1', 'N2', 'N3'].map((id, index) => ({
      id,
      source: ETABS,
      name: id,
      type: 'Node' as const,
      x: index * 1000,
      y: 0,
      z: 0,
      ...(id === 'N3' ? {} : { springPropertyId: 'SOIL' }),
      attributes: {},
    }));

    const written = writeSap2000(model);
    const back = readSap2000(written.bytes);
    const springs = new Map(back.model.springProperties.map((spring) => [spring.id, spring]));
    for (const id of ['N1', 'N2']) {
      const node = back.model.nodes.find((candidate) => candidate.id === id);
      expect(springs.get(node?.springPropertyId ?? '')?.uz).toBeCloseTo(5e6);
    }
    const { differences } = compareModels(model, back.model);
    // The property becomes one spring per joint: named in a report, never a silent loss.
    expect(differences.filter((difference) => difference.concept === 'spring').length).toBeGreaterThan(0);
    const { unexplained } = explainDifferences(differences, [...written.report.items, ...back.report.items]);
    expect(unexplained).toEqual([]);
    const item = written.report.items.find((candidate) => candidate.concept === 'spring');
    expect(item?.ids).toEqual(expect.arrayContaining(['SOIL', 'N1', 'N2']));
  });

  it('states SAP2000 default shell formulation for a shell section that names none, and says so', () => {
    const model = etabsModel();
    const thick = shell('T150', 'slab');
    if (thick.kind === 'shell') thick.behaviour = 'Shell-Thick';
    model.profiles = [shell('S200', 'slab'), thick];

    const written = writeSap2000(model);
    const text = decodeCsiText(written.bytes).text;
    expect(text).toMatch(/Section=S200 .*Type=Shell-Thin/);
    expect(text).toMatch(/Section=T150 .*Type=Shell-Thick/);
    const item = written.report.items.find((candidate) => candidate.concept === 'section');
    expect(item?.ids).toEqual(['S200']);
    const back = readSap2000(written.bytes);
    const { unexplained } = explainDifferences(compareModels(model, back.model).differences, [
      ...written.report.items,
      ...back.report.items,
    ]);
    expect(unexplained).toEqual([]);
  });
});

describe('SAP2000 writer: names it cannot keep', () => {
  it('reports a section whose inch mark becomes a single quote, and the oracle finds nothing unexplained', () => {
    const model = etabsModel();
    const slab = shell('12" NWC SLAB', 'slab');
    if (slab.kind === 'shell') slab.behaviour = 'Shell-Thin';
    model.profiles.push(slab);
    const written = writeSap2000(model);
    const text = decodeCsiText(written.bytes).text;
    expect(text).toContain(`"12' NWC SLAB"`);
    expect(written.report.items).toContainEqual(
      expect.objectContaining({
        severity: 'approximated',
        concept: 'section',
        ids: ['12" NWC SLAB'],
      }),
    );
    const readBack = readSap2000(written.bytes);
    const { differences } = compareModels(model, readBack.model);
    expect(differences.map((difference) => difference.field)).toContain('name');
    const { unexplained } = explainDifferences(differences, [
      ...written.report.items,
      ...readBack.report.items,
    ]);
    expect(unexplained).toEqual([]);
  });
});
