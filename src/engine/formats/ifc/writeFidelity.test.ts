import { describe, expect, it } from 'vitest';
import { compareModels, explainDifferences, type FidelityDifference } from '../../fidelity';
import type { Element, Material, Model, Node, Source } from '../../schema';
import { emptyModel } from '../../schema';
import { readIfc } from './read';
import { writeIfc } from './write';

/**
 * What the fidelity oracle (issue #20) finds between a small model and the same model after IFC: each case
 * checks that a thing IFC carries comes back, and that a thing it cannot carry is named in a report.
 */
const SOURCE: Source = { tool: 'gusset' };

function node(id: string, x: number, y: number, z: number): Node {
  return { id, source: SOURCE, name: id, type: 'Node', x, y, z, attributes: {} };
}

function frame(id: string, type: 'Beam' | 'Column' | 'Brace', i: string, j: string, extra = {}): Element {
  return {
    id,
    source: SOURCE,
    name: id,
    type,
    startNodeId: i,
    endNodeId: j,
    profileId: 'P1',
    attributes: {},
    ...extra,
  } as Element;
}

function concrete(extra: Partial<Material> = {}): Material {
  return {
    id: 'C30',
    source: SOURCE,
    name: 'C30',
    type: 'Material',
    kind: 'concrete',
    elasticModulus: 30e9,
    poissonRatio: 0.2,
    fc: 30e6,
    attributes: {},
    ...extra,
  };
}

/** A portal: two columns, a beam and a brace on a 400 × 600 rectangle of concrete. */
function portal(material: Material = concrete()): Model {
  const model = emptyModel(SOURCE);
  model.nodes = [
    node('N1', 0, 0, 0),
    node('N2', 6000, 0, 0),
    node('N3', 0, 0, 3000),
    node('N4', 6000, 0, 3000),
  ];
  model.materials = [material];
  model.profiles = [
    {
      id: 'P1',
      source: SOURCE,
      name: 'R400x600',
      type: 'Profile',
      kind: 'frame',
      materialId: material.id,
      section: { shape: 'rectangle', depth: 600, width: 400 },
      attributes: {},
    } as Model['profiles'][number],
  ];
  model.elements = [
    frame('C1', 'Column', 'N1', 'N3'),
    frame('C2', 'Column', 'N2', 'N4'),
    frame('B1', 'Beam', 'N3', 'N4'),
    frame('D1', 'Brace', 'N1', 'N4'),
  ];
  return model;
}

async function roundTrip(model: Model): Promise<{ back: Model; unexplained: FidelityDifference[] }> {
  const written = await writeIfc(model);
  const read = await readIfc(written.bytes);
  const { differences } = compareModels(model, read.model);
  const { unexplained } = explainDifferences(differences, [...written.report.items, ...read.report.items]);
  return { back: read.model, unexplained };
}

const fixed = (): NonNullable<Node['restraint']> => ({
  type: 'Restraint',
  ux: true,
  uy: true,
  uz: true,
  rx: true,
  ry: true,
  rz: true,
});

const summary = (differences: FidelityDifference[]): string[] => differences.map((d) => d.message);

describe('IFC writer: what the fidelity oracle finds after a round trip', () => {
  it('carries a unit weight stated alone as the mass density w / g', async () => {
    const { back, unexplained } = await roundTrip(portal(concrete({ unitWeight: 23_563.1 })));
    expect(summary(unexplained)).toEqual([]);
    expect(back.materials.find((m) => m.name === 'C30')?.massDensity).toBeCloseTo(23_563.1 / 9.80665, 3);
  });

  it('reports a unit weight that is not the mass density times g', async () => {
    const written = await writeIfc(portal(concrete({ unitWeight: 24_000, massDensity: 0 })));
    const item = written.report.items.find((i) => i.concept === 'material');
    expect(item?.ids).toEqual(['C30']);
    const { unexplained } = await roundTrip(portal(concrete({ unitWeight: 24_000, massDensity: 0 })));
    expect(summary(unexplained).filter((m) => m.includes('unit weight'))).toEqual([]);
  });

  it('writes insertion offsets as IfcRelConnectsWithEccentricity and end length offsets as a shorter edge', async () => {
    const model = portal();
    const beam = model.elements.find((e) => e.id === 'B1') as Element & Record<string, unknown>;
    Object.assign(beam, {
      insertionOffsets: { i: { x: 0, y: 200, z: -300 }, j: { x: 0, y: 200, z: -300 } },
      endOffsets: { i: 250, j: 400 },
      rigidZoneFactor: 1,
    });
    const { bytes } = await writeIfc(model);
    const text = new TextDecoder().decode(bytes);
    expect(text.match(/IFCRELCONNECTSWITHECCENTRICITY/g)).toHaveLength(2);
    expect(text).toMatch(/IFCCONNECTIONPOINTECCENTRICITY\(#\d+,#\d+,0\.,200\.,-300\.\)/);
    const { back, unexplained } = await roundTrip(model);
    expect(summary(unexplained)).toEqual([]);
    const read = back.elements.find((e) => e.name === 'B1') as Element & Record<string, unknown>;
    expect(read['endOffsets']).toEqual({ i: expect.closeTo(250, 6), j: expect.closeTo(400, 6) });
    expect(read['insertionOffsets']).toEqual({
      i: { x: expect.closeTo(0, 6), y: expect.closeTo(200, 6), z: expect.closeTo(-300, 6) },
      j: { x: expect.closeTo(0, 6), y: expect.closeTo(200, 6), z: expect.closeTo(-300, 6) },
    });
    expect(read['rigidZoneFactor']).toBe(1);
  });

  it('pairs the ends of a short member whose end offset brings its edge nearer the far node', async () => {
    const model = portal();
    model.nodes.push(node('N5', 6300, 0, 3000));
    model.elements.push(
      frame('B2', 'Beam', 'N4', 'N5', { endOffsets: { i: 200, j: 0 }, rigidZoneFactor: 1 }),
    );
    const { back, unexplained } = await roundTrip(model);
    expect(summary(unexplained)).toEqual([]);
    const read = back.elements.find((e) => e.name === 'B2') as Element & Record<string, unknown>;
    expect(read['endOffsets']).toEqual({ i: expect.closeTo(200, 6), j: 0 });
  });

  it('reports rigid zone factors IFC cannot carry, once, with every member', async () => {
    const model = portal();
    for (const element of model.elements) Object.assign(element, { rigidZoneFactor: 0.5 });
    Object.assign(model.elements[2] as object, { endOffsets: { i: 300, j: 300 } });
    const written = await writeIfc(model);
    const items = written.report.items.filter((i) => i.concept === 'rigidZone');
    expect(items).toHaveLength(1);
    expect(items[0]?.ids).toEqual(['C1', 'C2', 'B1', 'D1']);
    const { unexplained } = await roundTrip(model);
    expect(summary(unexplained)).toEqual([]);
  });

  it('reports what it drops once per reason, with every object and the concept', async () => {
    const model = portal();
    for (const id of ['G1', 'G2', 'G3']) {
      model.groups.push({ id, source: SOURCE, name: id, type: 'Group', members: [], attributes: {} });
    }
    const written = await writeIfc(model);
    const items = written.report.items.filter((i) => i.subject === 'Group');
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ concept: 'group', ids: ['G1', 'G2', 'G3'] });
    expect(items[0]?.reason).toMatch(/^3 objects: /);
  });

  it('reports the sections and materials no written element uses, once each, with every id', async () => {
    const model = portal();
    model.materials.push(concrete({ id: 'C40', name: 'C40' }));
    model.profiles.push({ ...model.profiles[0]!, id: 'P2', name: 'R300x300', materialId: 'C40' });
    const written = await writeIfc(model);
    expect(written.report.items.find((i) => i.concept === 'section')).toMatchObject({ ids: ['P2'] });
    expect(written.report.items.find((i) => i.concept === 'material')).toMatchObject({ ids: ['C40'] });
    const { unexplained } = await roundTrip(model);
    expect(summary(unexplained)).toEqual([]);
  });

  it('keeps the written type of a sloped beam, a plumb brace and an area: the physical class names it', async () => {
    const model = portal();
    model.nodes.push(node('N5', 0, 0, 6000), node('N6', 6000, 0, 3600), node('N7', 0, 3000, 0));
    model.elements.push(frame('B2', 'Beam', 'N3', 'N6'), frame('D2', 'Brace', 'N3', 'N5'), {
      id: 'A1',
      source: SOURCE,
      name: 'A1',
      type: 'Area',
      nodeIds: ['N1', 'N2', 'N4', 'N7'],
      attributes: {},
    } as Element);
    const { back, unexplained } = await roundTrip(model);
    expect(summary(unexplained).filter((m) => m.includes(' before, a '))).toEqual([]);
    const typeOf = (name: string) => back.elements.find((e) => e.name === name)?.type;
    expect([typeOf('B2'), typeOf('D2'), typeOf('A1')]).toEqual(['Beam', 'Brace', 'Area']);
  });

  it('keeps patterns (with no loads too), their cases, other cases and combinations with their types', async () => {
    const model = portal();
    const pattern = (id: string, patternType: string, selfWeightMultiplier = 0) => ({
      id,
      source: SOURCE,
      name: id,
      type: 'LoadPattern' as const,
      patternType,
      selfWeightMultiplier,
      attributes: {},
    });
    model.loadPatterns = [
      pattern('DEAD', 'Dead', 1),
      pattern('EQX', 'Seismic'),
      pattern('DW', 'Wearing Surface'),
    ];
    const loadCase = (id: string, caseType: string, loads: { patternId: string; scale: number }[]) => ({
      id,
      source: SOURCE,
      name: id,
      type: 'LoadCase' as const,
      caseType,
      loads,
      attributes: {},
    });
    model.loadCases = [
      loadCase('DEAD', 'Linear Static', [{ patternId: 'DEAD', scale: 1 }]),
      loadCase('EQX', 'LinStatic', [{ patternId: 'EQX', scale: 1 }]),
      loadCase('HIST', 'NonModHist', [{ patternId: 'DEAD', scale: 0.5 }]),
    ];
    model.loadCombinations = [
      {
        id: 'ENV',
        source: SOURCE,
        name: 'ENV',
        type: 'LoadCombination',
        combinationType: 'Envelope',
        items: [
          { kind: 'case', id: 'DEAD', scale: 1.2 },
          { kind: 'case', id: 'EQX', scale: 1 },
        ],
        attributes: {},
      },
    ];
    const { back, unexplained } = await roundTrip(model);
    expect(summary(unexplained)).toEqual([]);
    expect(back.loadPatterns.map((p) => [p.name, p.patternType])).toEqual([
      ['DEAD', 'Dead'],
      ['EQX', 'Seismic'],
      ['DW', 'Wearing Surface'],
    ]);
    expect(back.loadCases.map((c) => [c.name, c.caseType]).sort()).toEqual([
      ['DEAD', 'Linear Static'],
      ['DW', 'Linear Static'],
      ['EQX', 'LinStatic'],
      ['HIST', 'NonModHist'],
    ]);
    expect(back.loadCombinations[0]?.combinationType).toBe('Envelope');
  });

  it('shares one support condition and one spring property among the nodes of a spring; reports what it cannot', async () => {
    const model = portal();
    const spring = (id: string, ux: number) => ({
      id,
      source: SOURCE,
      name: id,
      type: 'SpringProperty' as const,
      ux,
      uy: ux,
      uz: 0,
      rx: 0,
      ry: 0,
      rz: 0,
      attributes: {},
    });
    model.springProperties = [spring('K1', 2e6), spring('UNUSED', 1e6)];
    const fixed = { type: 'Restraint' as const, ux: true, uy: true, uz: true, rx: true, ry: true, rz: true };
    Object.assign(model.nodes[0]!, { springPropertyId: 'K1' });
    Object.assign(model.nodes[1]!, { springPropertyId: 'K1' });
    Object.assign(model.nodes[2]!, { springPropertyId: 'K1', restraint: fixed });
    const written = await writeIfc(model);
    const text = new TextDecoder().decode(written.bytes);
    expect(text.match(/IFCBOUNDARYNODECONDITION\('K1'/g)).toHaveLength(2);
    const { back, unexplained } = await roundTrip(model);
    expect(summary(unexplained)).toEqual([]);
    expect(back.springProperties.map((p) => p.id)).toEqual(['K1']);
    const items = written.report.items.filter((i) => i.concept === 'spring');
    expect(items.map((i) => i.ids)).toEqual([['N3'], ['UNUSED']]);
  });

  it("keeps a shell section's behaviour word (ObjectType agreeing with PredefinedType)", async () => {
    const model = portal();
    model.nodes.push(node('N7', 0, 3000, 3000), node('N8', 6000, 3000, 3000));
    for (const [id, behaviour] of [
      ['S1', 'Membrane'],
      ['S2', 'Shell-Thin'],
    ] as const) {
      model.profiles.push({
        id,
        source: SOURCE,
        name: id,
        type: 'Profile',
        kind: 'shell',
        use: 'slab',
        thickness: 200,
        behaviour,
        materialId: 'C30',
        attributes: {},
      } as Model['profiles'][number]);
    }
    const floor = (id: string, profileId: string, nodeIds: string[]) =>
      ({ id, source: SOURCE, name: id, type: 'Floor', nodeIds, profileId, attributes: {} }) as Element;
    model.elements.push(floor('F1', 'S1', ['N3', 'N4', 'N8', 'N7']), floor('F2', 'S2', ['N3', 'N4', 'N8']));
    const { back, unexplained } = await roundTrip(model);
    expect(summary(unexplained)).toEqual([]);
    const behaviourOf = (name: string) => {
      const floorRead = back.elements.find((e) => e.name === name) as Element & { profileId?: string };
      const profile = back.profiles.find((p) => p.id === floorRead.profileId);
      return profile?.kind === 'shell' ? profile.behaviour : undefined;
    };
    expect([behaviourOf('F1'), behaviourOf('F2')]).toEqual(['Membrane', 'Shell-Thin']);
  });

  it("keeps a shell section's name (the layer set's) and its exact thickness, however thin", async () => {
    const model = portal();
    model.nodes.push(node('N7', 0, 3000, 3000));
    model.profiles.push({
      id: '12" NWC SLAB',
      source: SOURCE,
      name: '12" NWC SLAB',
      type: 'Profile',
      kind: 'shell',
      use: 'other',
      thickness: 0.0001,
      behaviour: 'Membrane',
      materialId: 'C30',
      attributes: {},
    } as Model['profiles'][number]);
    model.elements.push({
      id: 'A1',
      source: SOURCE,
      name: 'A1',
      type: 'Area',
      nodeIds: ['N3', 'N4', 'N7'],
      profileId: '12" NWC SLAB',
      attributes: {},
    } as Element);
    const { back, unexplained } = await roundTrip(model);
    expect(summary(unexplained)).toEqual([]);
    const shell = back.profiles.find((profile) => profile.kind === 'shell');
    expect(shell?.name).toBe('12" NWC SLAB');
    expect(shell?.kind === 'shell' ? shell.thickness : undefined).toBe(0.0001);
  });

  it('reports a grid line given by end points that reads back as an axis line, and finds unlabelled lines by position', async () => {
    const model = portal();
    const grid = (id: string, label: string, geometry: Model['grids'][number]['geometry']) =>
      ({
        id,
        source: SOURCE,
        name: label,
        type: 'Grid',
        system: 'G',
        label,
        geometry,
        attributes: {},
      }) as Model['grids'][number];
    model.grids = [
      grid('A', 'A', { kind: 'general', start: { x: 0, y: 0 }, end: { x: 6000, y: 0 } }),
      grid('G/X/@0', '', { kind: 'axis', direction: 'X', coordinate: 0 }),
      grid('G/X/@6000', '', { kind: 'axis', direction: 'X', coordinate: 6000 }),
    ];
    const written = await writeIfc(model);
    expect(written.report.items).toContainEqual(
      expect.objectContaining({ severity: 'approximated', concept: 'grid', id: 'A' }),
    );
    const { unexplained } = await roundTrip(model);
    expect(summary(unexplained)).toEqual([]);
  });

  it('states a general or library section as an IfcProfileDef of its name with Pset_ProfileMechanical', async () => {
    const model = portal();
    const general = {
      ...model.profiles[0]!,
      id: 'G1',
      name: 'VAR1',
      section: { shape: 'general' },
      properties: { area: 278_709, i33: 8.63e9, i22: 1.2e9, j: 2e9, as2: 1e5, as3: 9e4 },
    } as Model['profiles'][number];
    const library = {
      ...model.profiles[0]!,
      id: 'L1',
      name: 'W14X90',
      section: { shape: 'library', designation: 'W14X90' },
    } as Model['profiles'][number];
    model.profiles.push(general, library);
    Object.assign(model.elements[2]!, { profileId: 'G1' });
    Object.assign(model.elements[3]!, { profileId: 'L1' });
    const { bytes } = await writeIfc(model);
    const text = new TextDecoder().decode(bytes);
    expect(text).toContain("IFCPROFILEDEF(.AREA.,'VAR1')");
    expect(text).toContain("IFCPROFILEPROPERTIES('Pset_ProfileMechanical'");
    const { back, unexplained } = await roundTrip(model);
    expect(summary(unexplained)).toEqual([]);
    const sectionOf = (name: string) => {
      const read = back.elements.find((e) => e.name === name) as Element & { profileId?: string };
      const profile = back.profiles.find((p) => p.id === read.profileId);
      return profile?.kind === 'frame' ? profile.section.shape : undefined;
    };
    expect([sectionOf('B1'), sectionOf('D1')]).toEqual(['general', 'library']);
  });

  it('keeps a material of kind other however it is named; reports coincident nodes once', async () => {
    const model = portal(concrete({ id: 'STEEL', name: 'STEEL', kind: 'other' }));
    model.nodes.push(node('N1b', 0, 0, 0.4));
    const written = await writeIfc(model);
    expect(written.report.items.find((i) => i.concept === 'node')).toMatchObject({ ids: ['N1', 'N1b'] });
    const { back, unexplained } = await roundTrip(model);
    expect(summary(unexplained)).toEqual([]);
    expect(back.materials.find((m) => m.name === 'STEEL')?.kind).toBe('other');
  });

  it('reports twin members on coincident nodes with different supports (two frames drawn on one another)', async () => {
    const model = portal();
    // A second column on its own joints at the same places as C1's, the lower one pinned instead of fixed.
    model.nodes[0] = { ...(model.nodes[0] as Node), restraint: fixed() };
    model.nodes.push({ ...node('N1b', 0, 0, 0), restraint: { ...fixed(), rx: false, ry: false, rz: false } });
    model.nodes.push(node('N3b', 0, 0, 3000));
    model.elements.push(frame('C1b', 'Column', 'N1b', 'N3b'));
    const written = await writeIfc(model);
    expect(written.report.items).toContainEqual(
      expect.objectContaining({ concept: 'restraint', ids: ['N1', 'N1b'] }),
    );
    expect(written.report.items).toContainEqual(
      expect.objectContaining({ concept: 'element', ids: expect.arrayContaining(['C1', 'C1b']) }),
    );
    const { unexplained } = await roundTrip(model);
    expect(summary(unexplained)).toEqual([]);
  });

  it('reads member line loads along local 2 and 3 back along the same axes', async () => {
    const model = portal();
    model.loadPatterns = [
      {
        id: 'W',
        source: SOURCE,
        name: 'W',
        type: 'LoadPattern',
        patternType: 'Wind',
        selfWeightMultiplier: 0,
        attributes: {},
      },
    ];
    const line = (id: string, elementId: string, direction: '2' | '3', value: number) =>
      ({
        id,
        source: SOURCE,
        name: id,
        type: 'LinearLoad',
        elementId,
        patternId: 'W',
        quantity: 'force',
        direction,
        distribution: {
          kind: 'distributed',
          relative: true,
          start: 0,
          end: 1,
          startValue: value,
          endValue: value,
        },
        attributes: {},
      }) as Model['loads'][number];
    model.loads = [line('L1', 'C1', '2', 1500), line('L2', 'B1', '3', -2500)];
    const { back, unexplained } = await roundTrip(model);
    expect(summary(unexplained)).toEqual([]);
    const read = back.loads.map((load) =>
      load.type === 'LinearLoad' && load.distribution.kind === 'distributed'
        ? [load.direction, load.distribution.startValue]
        : undefined,
    );
    expect(read).toEqual([
      ['2', expect.closeTo(1500, 6)],
      ['3', expect.closeTo(-2500, 6)],
    ]);
  });

  it('reads an area without a section back without one, with its material', async () => {
    const model = portal();
    const area = (id: string, extra = {}) =>
      ({
        id,
        source: SOURCE,
        name: id,
        type: 'Area',
        nodeIds: ['N1', 'N2', 'N4', 'N3'],
        attributes: {},
        ...extra,
      }) as Element;
    model.elements.push(area('A2'), area('A3', { materialId: 'C30' }));
    const { unexplained } = await roundTrip(model);
    expect(summary(unexplained)).toEqual([]);
  });

  it('reads a CABLE curve member back as a cable', async () => {
    const model = portal();
    model.elements.push({
      id: 'K1',
      source: SOURCE,
      name: 'K1',
      type: 'Cable',
      startNodeId: 'N2',
      endNodeId: 'N3',
      profileId: 'P1',
      attributes: {},
    } as Element);
    const { back, unexplained } = await roundTrip(model);
    expect(summary(unexplained)).toEqual([]);
    expect(back.elements.find((e) => e.name === 'K1')?.type).toBe('Cable');
  });
});
