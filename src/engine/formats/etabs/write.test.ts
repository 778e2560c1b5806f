import { describe, expect, it } from 'vitest';
import { hashModel } from '../../canonical';
import { compareModels, explainDifferences } from '../../fidelity';
import type { Element, Material, Model, Node, Profile, Source } from '../../schema';
import { emptyModel } from '../../schema';
import { decodeText, encodeWindows1252 } from '../../text/encoding';
import { readE2k } from './read';
import { writeE2k } from './write';

/** Models from another tool: the ETABS writer must say everything itself, with nothing kept as ETABS text. */
const SAP: Source = { tool: 'sap2000', version: '25.3.1' };

function sapModel(): Model {
  const model = emptyModel(SAP, 'm');
  model.sourceUnits = { force: 'KN', length: 'M', temperature: 'C' };
  return model;
}

function node(id: string, x: number, z: number, extra: Partial<Node> = {}): Node {
  return { id, source: SAP, name: id, type: 'Node', x, y: 0, z, attributes: {}, ...extra };
}

function member(type: 'Beam' | 'Column', id: string, startNodeId: string, endNodeId: string): Element {
  return { id, source: SAP, name: id, type, startNodeId, endNodeId, attributes: {} };
}

function textOf(bytes: Uint8Array): string {
  return decodeText(bytes).text;
}

/** Equal to 1e-9 relative: what goes through a text file in other units comes back with float noise only. */
function expectClose(actual: number | undefined, expected: number): void {
  expect(actual).toBeDefined();
  expect(Math.abs((actual as number) - expected)).toBeLessThanOrEqual(1e-9 * Math.abs(expected));
}

describe('ETABS writer', () => {
  it('assigns a joint spring by the name it defines it under, so the spring is read back', () => {
    const model = sapModel();
    model.nodes = [
      node('N1', 0, 0, { springPropertyId: 'joint:N1' }),
      node('N2', 0, 3000),
      node('N3', 5000, 3000),
    ];
    model.elements = [member('Beam', 'B1', 'N2', 'N3'), member('Column', 'C1', 'N1', 'N2')];
    model.springProperties = [
      {
        id: 'joint:N1',
        source: SAP,
        name: 'N1',
        type: 'SpringProperty',
        ux: 1e6,
        uy: 2e6,
        uz: 0,
        rx: 0,
        ry: 0,
        rz: 5e5,
        attributes: {},
      },
    ];

    const written = writeE2k(model);
    const text = textOf(written.bytes);
    expect(text).toContain('POINTSPRING  "N1"');
    expect(text).toMatch(/POINTASSIGN {2}"N1" {2}"Base" {2}SPRINGPROP "N1"/);

    const back = readE2k(written.bytes).model;
    const supported = back.nodes.find((candidate) => candidate.z === 0);
    const spring = back.springProperties.find((candidate) => candidate.id === supported?.springPropertyId);
    expect(spring).toBeDefined();
    expectClose(spring?.ux, 1e6);
    expectClose(spring?.uy, 2e6);
    expectClose(spring?.rz, 5e5);
    expect(spring?.uz).toBe(0);
  });

  it('keeps mass per volume and shear modulus: isotropic G from E and U, any other G stated and reported', () => {
    const model = sapModel();
    const steel: Material = {
      id: 'STEEL',
      source: SAP,
      name: 'STEEL',
      type: 'Material',
      kind: 'steel',
      elasticModulus: 2e11,
      poissonRatio: 0.3,
      shearModulus: 2e11 / 2.6,
      unitWeight: 76972.86,
      massDensity: 7849.047,
      attributes: {},
    };
    const soil: Material = {
      id: 'SOIL',
      source: SAP,
      name: 'SOIL',
      type: 'Material',
      kind: 'other',
      elasticModulus: 1e8,
      poissonRatio: 0.25,
      shearModulus: 3e7,
      unitWeight: 19620,
      massDensity: 0,
      attributes: {},
    };
    model.materials = [steel, soil];

    const written = writeE2k(model);
    const text = textOf(written.bytes);
    expect(text).toMatch(/MATERIAL {2}"STEEL" {2}SYMTYPE "Isotropic" {2}E /);
    expect(text).toMatch(/MATERIAL {2}"STEEL" .*MASSPERVOLUME 7\.849047/);
    expect(text).not.toMatch(/MATERIAL {2}"STEEL" .*G12/);
    expect(text).toMatch(/MATERIAL {2}"SOIL" .*G12 30000/);
    expect(written.report.items).toContainEqual(
      expect.objectContaining({ severity: 'approximated', subject: 'MATERIAL', id: 'SOIL' }),
    );
    expect(written.report.items).toContainEqual(
      expect.objectContaining({ severity: 'warning', subject: 'MATERIAL', id: 'SOIL' }),
    );
    expect(written.report.items.filter((item) => item.id === 'STEEL')).toEqual([]);

    const back = new Map(readE2k(written.bytes).model.materials.map((material) => [material.id, material]));
    expectClose(back.get('STEEL')?.shearModulus, 2e11 / 2.6);
    expectClose(back.get('STEEL')?.massDensity, 7849.047);
    expectClose(back.get('STEEL')?.unitWeight, 76972.86);
    expectClose(back.get('SOIL')?.shearModulus, 3e7);
    expect(back.get('SOIL')?.massDensity).toBe(0);
  });

  it('keeps stated section properties, on a parametric shape and on a General section', () => {
    const model = sapModel();
    const properties = { area: 120000, i33: 3.6e9, i22: 1.6e9, j: 3.75e9, as2: 100000, as3: 100000 };
    const rectangle: Profile = {
      id: 'R400x300',
      source: SAP,
      name: 'R400x300',
      type: 'Profile',
      kind: 'frame',
      section: { shape: 'rectangle', depth: 400, width: 300 },
      properties,
      attributes: {},
    };
    const general: Profile = {
      id: 'GEN',
      source: SAP,
      name: 'GEN',
      type: 'Profile',
      kind: 'frame',
      section: { shape: 'general' },
      properties: { area: 5000, i33: 2e8 },
      attributes: {},
    };
    model.profiles = [rectangle, general];

    const written = writeE2k(model);
    expect(textOf(written.bytes)).toMatch(
      /FRAMESECTION {2}"GEN" {2}SHAPE "General" {2}AREA 0\.005 I33 0\.0002/,
    );
    expect(written.report.items).toContainEqual(
      expect.objectContaining({ severity: 'approximated', subject: 'FRAMESECTION', id: 'R400x300' }),
    );

    const back = new Map(readE2k(written.bytes).model.profiles.map((profile) => [profile.id, profile]));
    const rectangleBack = back.get('R400x300');
    const generalBack = back.get('GEN');
    expect(rectangleBack?.kind === 'frame' && rectangleBack.section).toEqual(rectangle.section);
    expect(generalBack?.kind === 'frame' && generalBack.section).toEqual({ shape: 'general' });
    for (const [key, value] of Object.entries(properties)) {
      expectClose(
        rectangleBack?.kind === 'frame' ? rectangleBack.properties?.[key as 'area'] : undefined,
        value,
      );
    }
    expectClose(generalBack?.kind === 'frame' ? generalBack.properties?.area : undefined, 5000);
    expectClose(generalBack?.kind === 'frame' ? generalBack.properties?.i33 : undefined, 2e8);
  });

  it('writes sections and materials that share a name under distinct names, so each member keeps its own', () => {
    // IFC and hand-made models can name two different sections (or materials) alike; ETABS refers to them by
    // name, so writing both under one name would give every member the same section on the way back.
    const model = sapModel();
    const grade = (id: string, fy: number): Material => ({
      id,
      source: SAP,
      name: 'S355',
      type: 'Material',
      kind: 'steel',
      fy,
      attributes: {},
    });
    const section = (id: string, depth: number, materialId: string): Profile => ({
      id,
      source: SAP,
      name: 'W12X26',
      type: 'Profile',
      kind: 'frame',
      section: { shape: 'rectangle', depth, width: 200 },
      materialId,
      attributes: {},
    });
    model.materials = [grade('S355 a', 355), grade('S355 b', 460)];
    model.profiles = [section('W a', 300, 'S355 a'), section('W b', 400, 'S355 b')];
    model.nodes = [node('N1', 0, 0), node('N2', 0, 3000), node('N3', 5000, 3000), node('N4', 5000, 0)];
    const framed = (
      type: 'Beam' | 'Column',
      id: string,
      ends: [string, string],
      profileId: string,
      materialId?: string,
    ): Element => ({
      id,
      source: SAP,
      name: id,
      type,
      startNodeId: ends[0],
      endNodeId: ends[1],
      profileId,
      ...(materialId === undefined ? {} : { materialId }),
      attributes: {},
    });
    model.elements = [
      // Its own section's material: not an override, nothing to report.
      framed('Beam', 'B1', ['N2', 'N3'], 'W a', 'S355 a'),
      framed('Column', 'C1', ['N1', 'N2'], 'W b'),
      // A material its section does not have: ETABS has no member material, so this one is reported lost.
      framed('Column', 'C2', ['N4', 'N3'], 'W a', 'S355 b'),
    ];

    const written = writeE2k(model);
    const items = written.report.items;
    expect(items).toContainEqual(
      expect.objectContaining({ severity: 'approximated', subject: 'FRAMESECTION', id: 'W b' }),
    );
    expect(items).toContainEqual(
      expect.objectContaining({ severity: 'approximated', subject: 'MATERIAL', id: 'S355 b' }),
    );
    const overrides = items.filter((item) => item.reason === 'a member material override is not written');
    expect(overrides.map((item) => item.id)).toEqual(['C2']);

    const back = readE2k(written.bytes).model;
    const profiles = new Map(back.profiles.map((profile) => [profile.id, profile]));
    const materials = new Map(back.materials.map((material) => [material.id, material]));
    const sectionOf = (name: string) => {
      const element = back.elements.find((candidate) => candidate.name === name);
      const profile = element && 'profileId' in element ? profiles.get(element.profileId ?? '') : undefined;
      return profile?.kind === 'frame' ? profile : undefined;
    };
    const [beam, column] = [sectionOf('B1'), sectionOf('C1')];
    expect(beam?.name).toBe('W12X26');
    expect(column?.name).not.toBe(beam?.name);
    expect(beam?.section).toEqual(model.profiles[0]?.kind === 'frame' && model.profiles[0].section);
    expect(column?.section).toEqual(model.profiles[1]?.kind === 'frame' && model.profiles[1].section);
    expectClose(materials.get(beam?.materialId ?? '')?.fy, 355);
    expectClose(materials.get(column?.materialId ?? '')?.fy, 460);
  });

  it('counts what it wrote, and says once which nodes went with the elements it could not write', () => {
    const model = sapModel();
    model.nodes = [node('N1', 0, 0), node('N2', 5000, 0), node('N3', 0, 3000), node('N4', 5000, 3000)];
    model.elements = [
      member('Beam', 'B1', 'N1', 'N2'),
      { id: 'L1', source: SAP, name: 'L1', type: 'Link', startNodeId: 'N3', endNodeId: 'N4', attributes: {} },
    ];
    model.groups = [
      {
        id: 'TOP',
        source: SAP,
        name: 'TOP',
        type: 'Group',
        members: [{ kind: 'node', id: 'N3' }],
        attributes: {},
      },
    ];

    const written = writeE2k(model);
    expect(written.report.counts.links).toBe(0);
    expect(written.report.counts.beams).toBe(1);
    expect(written.report.counts.nodes).toBe(2);
    expect(written.report.counts).toEqual(readE2k(written.bytes).report.counts);
    const nodeItems = written.report.items.filter((item) => item.subject === 'POINT');
    expect(nodeItems).toHaveLength(1);
    expect(nodeItems[0]?.severity).toBe('dropped');
    expect(nodeItems[0]?.reason).toMatch(/^2 nodes used only by elements not written .*"N3", "N4"/);
    expect(written.report.items).toContainEqual(
      expect.objectContaining({ severity: 'dropped', subject: 'GROUP', id: 'TOP' }),
    );
  });

  it('reads a blank frame-load direction as gravity, reports it, and writes the blank back', () => {
    const lines = [
      '$ File C:\\model.e2k saved 1/1/2025',
      '$ PROGRAM INFORMATION',
      '  PROGRAM  "ETABS"  VERSION "20.3.0"  ',
      '$ CONTROLS',
      '  UNITS  "KN"  "M"  "C"  ',
      '$ STORIES - IN SEQUENCE FROM TOP',
      '  STORY "L1"  HEIGHT 3',
      '  STORY "Base"  ELEV 0',
      '$ POINT COORDINATES',
      '  POINT "1"  0 0',
      '  POINT "2"  5 0',
      '$ LINE CONNECTIVITIES',
      '  LINE  "B1"  BEAM  "1"  "2"  0',
      '$ LINE ASSIGNS',
      '  LINEASSIGN  "B1"  "L1"  ANG 0',
      '$ LOAD PATTERNS',
      '  LOADPATTERN "Dead"  TYPE  "Dead"  SELFWEIGHT  1',
      '$ FRAME OBJECT LOADS',
      '  LINELOAD  "B1"  "L1"  TYPE "TRAPF"  DIR " "  LC "Dead"  FSTART 2  FEND 2  RDSTART 0  RDEND 1  ',
      '$ END OF MODEL FILE',
      '',
    ];
    const first = readE2k(encodeWindows1252(lines.join('\n')).bytes);
    const [load] = first.model.loads;
    expect(load?.type === 'LinearLoad' && load.direction).toBe('Gravity');
    expect(first.report.items).toContainEqual(
      expect.objectContaining({ severity: 'approximated', subject: 'LINELOAD', line: 19 }),
    );

    const written = writeE2k(first.model);
    expect(textOf(written.bytes)).toMatch(/LINELOAD {2}"B1" {2}"L1" {2}TYPE "UNIFF" {2}DIR " "/);
    expect(hashModel(readE2k(written.bytes).model)).toBe(hashModel(first.model));
  });

  it('reports every link element it does not write in one item the fidelity oracle reads as an element loss', () => {
    const model = sapModel();
    model.nodes = [node('N1', 0, 0), node('N2', 5000, 0), node('N3', 0, 3000), node('N4', 5000, 3000)];
    model.elements = [
      member('Column', 'C1', 'N1', 'N3'),
      member('Column', 'C2', 'N2', 'N4'),
      member('Beam', 'B1', 'N3', 'N4'),
      { id: 'K1', source: SAP, name: 'K1', type: 'Link', startNodeId: 'N1', endNodeId: 'N3', attributes: {} },
      { id: 'K2', source: SAP, name: 'K2', type: 'Link', startNodeId: 'N2', endNodeId: 'N4', attributes: {} },
    ];

    const written = writeE2k(model);
    const links = written.report.items.filter((item) => item.subject === 'Link');
    expect(links).toHaveLength(1);
    expect(links[0]).toMatchObject({ severity: 'dropped', concept: 'element', ids: ['K1', 'K2'] });
    const back = readE2k(written.bytes);
    const { unexplained } = explainDifferences(compareModels(model, back.model).differences, [
      ...written.report.items,
      ...back.report.items,
    ]);
    expect(unexplained).toEqual([]);
  });

  it('says so when a modal or response spectrum case has no definition it can write', () => {
    const model = sapModel();
    model.loadCases = [
      {
        id: 'MODAL',
        source: SAP,
        name: 'MODAL',
        type: 'LoadCase',
        caseType: 'LinModal',
        loads: [],
        attributes: {},
      },
      {
        id: 'RS',
        source: SAP,
        name: 'RS',
        type: 'LoadCase',
        caseType: 'LinRespSpec',
        loads: [],
        attributes: {},
      },
      {
        id: 'RITZ',
        source: SAP,
        name: 'RITZ',
        type: 'LoadCase',
        caseType: 'LinModal',
        loads: [],
        modal: { method: 'ritz', maxModes: 12 },
        attributes: {},
      },
    ];

    const written = writeE2k(model);
    const text = textOf(written.bytes);
    expect(text).toContain('LOADCASE "MODAL"  TYPE  "Modal - Eigen"');
    expect(text).toContain('LOADCASE "RS"  TYPE  "Response Spectrum"');
    const caseItems = written.report.items.filter((item) => item.concept === 'case');
    expect(caseItems.map((item) => item.ids)).toEqual([['MODAL'], ['RS']]);
    const back = readE2k(written.bytes);
    // (RITZ's LinModal/"Modal - Ritz" is the same analysis; the oracle's synonym table does not say so yet.)
    const differences = compareModels(model, back.model).differences.filter(
      (difference) => difference.id !== 'RITZ',
    );
    expect(differences.map((difference) => difference.id).sort()).toEqual(['MODAL', 'RS']);
    const items = [...written.report.items, ...back.report.items];
    expect(explainDifferences(differences, items).unexplained).toEqual([]);
  });

  it('reads unlabelled grid lines back under the ids the SAP2000 reader gives them: axis and coordinate', () => {
    const model = sapModel();
    model.sourceUnits = { force: 'KIP', length: 'IN', temperature: 'F' };
    const grid = (direction: 'X' | 'Y', inches: number): Model['grids'][number] => ({
      id: `GLOBAL/${direction}/@${inches}`,
      source: SAP,
      name: '',
      type: 'Grid',
      system: 'GLOBAL',
      label: '',
      geometry: { kind: 'axis', direction, coordinate: inches * 25.4 },
      attributes: {},
    });
    model.grids = [grid('X', -48), grid('X', 0), grid('X', 96), grid('Y', 0), grid('Y', 0.55)];

    const written = writeE2k(model);
    const back = readE2k(written.bytes);
    expect(back.model.grids.map((line) => line.id)).toEqual(model.grids.map((line) => line.id));
    expect(compareModels(model, back.model).differences).toEqual([]);
  });
});
