import { describe, expect, it } from 'vitest';
import { ParseError } from '../parseError';
import { cis2Translator, detectCis2 } from './index';
import { readCis2 } from './read';
import { parseStep } from './step';

/** Small hand-written CIS/2 files (synthetic: no public CIS/2 file exists), as a steel program might write them. */
const bytes = (text: string) => Uint8Array.from(text, (char) => char.charCodeAt(0));

function header(schema = "'STRUCTURAL_FRAME_SCHEMA'", system = 'Tekla Structures 2023') {
  return [
    'ISO-10303-21;',
    'HEADER;',
    "FILE_DESCRIPTION(('synthetic portal'),'2;1');",
    `FILE_NAME('portal.stp','2025-01-01T00:00:00',('me'),('us'),'exporter 1.0','${system}','');`,
    `FILE_SCHEMA((${schema}));`,
    'ENDSEC;',
  ];
}

/** A portal in inches: two columns, one beam, pinned bases, a gravity load on the beam. */
const PORTAL = [
  ...header(),
  'DATA;',
  '/* units: inch through a conversion from millimetres */',
  '#1=(LENGTH_UNIT()NAMED_UNIT(*)SI_UNIT(.MILLI.,.METRE.));',
  '#2=LENGTH_MEASURE_WITH_UNIT(LENGTH_MEASURE(25.4),#1);',
  "#3=(CONVERSION_BASED_UNIT('INCH',#2)LENGTH_UNIT()NAMED_UNIT(*));",
  '#4=(FORCE_UNIT()NAMED_UNIT(*)SI_UNIT(.KILO.,.NEWTON.));',
  "#5=(GEOMETRIC_REPRESENTATION_CONTEXT(3)GLOBAL_UNIT_ASSIGNED_CONTEXT((#3,#4))REPRESENTATION_CONTEXT('',''));",
  "#6=ANALYSIS_MODEL_3D('portal',$,.SPACE_FRAME.,.STATIC_LINEAR.,3);",
  // Forward references and a record continued over three lines.
  "#10=NODE('N1',#11,#30,",
  '  #6',
  '  );',
  "#11=CARTESIAN_POINT('',(0.,0.,0.));",
  "#12=NODE('N2',#13,#30,#6);",
  "#13=CARTESIAN_POINT('',(240.,0.,0.));",
  "#14=NODE('N3',#15,$,#6);",
  "#15=CARTESIAN_POINT('',(0.,0.,144.));",
  "#16=NODE('N4',#17,$,#6);",
  "#17=CARTESIAN_POINT('',(240.,0.,144.));",
  "#30=BOUNDARY_CONDITION_LOGICAL('pinned',$,.F.,.F.,.F.,.T.,.T.,.T.);",
  // The section's dimensions: a measure in millimetres (its own unit) and plain numbers in the global unit (inch).
  '#40=POSITIVE_LENGTH_MEASURE_WITH_UNIT(POSITIVE_LENGTH_MEASURE(353.06),#1);',
  "#41=SECTION_PROFILE_I_TYPE(1,'W14X22',$,'AISC',10,.F.,#40,5.,0.23,0.335,$,$,$);",
  "#42=SECTION_PROFILE_CHANNEL(2,'C8X11.5',$,$,10,.F.,8.,2.26,0.22,0.39,$,$,$);",
  "#50=ELEMENT_CURVE_SIMPLE('C1','column',#6,1,#41,$);",
  "#51=ELEMENT_CURVE_SIMPLE('C2',$,#6,1,#41,$);",
  "#52=ELEMENT_CURVE_SIMPLE('B1',$,#6,1,#42,$);",
  // Connectivities listed end first: the reader sorts by connectivity number.
  "#60=ELEMENT_NODE_CONNECTIVITY(2,'end',#14,#50,$);",
  "#61=ELEMENT_NODE_CONNECTIVITY(1,'start',#10,#50,$);",
  "#62=ELEMENT_NODE_CONNECTIVITY(1,'start',#12,#51,$);",
  "#63=ELEMENT_NODE_CONNECTIVITY(2,'end',#16,#51,$);",
  "#64=ELEMENT_NODE_CONNECTIVITY(1,'start',#14,#52,#66);",
  "#65=ELEMENT_NODE_CONNECTIVITY(2,'end',#16,#52,#66);",
  "#66=RELEASE_LOGICAL('pin',.F.,.F.,.F.,.F.,.T.,.T.);",
  "#70=MATERIAL_ISOTROPIC(1,'A992','Gr 50',#71);",
  "#71=MATERIAL_REPRESENTATION('steel',(#72,#73),#5);",
  '#72=MATERIAL_ELASTICITY($,0.3,2.E8,$,$);',
  "#73=MATERIAL_STRENGTH('yield strength',344737.9);",
  // An assignment entity under a name we do not know: linked by what it references.
  '#74=SOME_MATERIAL_LINK(#70,#41);',
  "#80=LOAD_CASE('DL','Dead (self weight 1)');",
  "#81=APPLIED_LOAD_STATIC_FORCE('w',0.,0.,-0.01,0.,0.,0.);",
  "#82=LOAD_ELEMENT_DISTRIBUTED('w on B1',#80,#52,.GLOBAL_AXES.,.F.,POSITIVE_RATIO_MEASURE(0.),POSITIVE_RATIO_MEASURE(1.),#81,#81);",
  "#83=APPLIED_LOAD_STATIC_FORCE('P',5.,0.,0.,0.,0.,0.);",
  "#84=LOAD_NODE('P at N3',#80,#14,#83);",
  "#90=LOCATED_PART('ignored',$);",
  'ENDSEC;',
  'END-ISO-10303-21;',
].join('\n');

function parseErrorOf(run: () => unknown): ParseError {
  try {
    run();
  } catch (error) {
    if (error instanceof ParseError) return error;
    throw error;
  }
  throw new Error('expected a ParseError');
}

describe('CIS/2 reader on a synthetic hand-written portal', () => {
  const { model, report } = readCis2(bytes(PORTAL));

  it('reads nodes in inches as millimetres, with pinned supports', () => {
    const n2 = model.nodes.find((node) => node.id === 'N2');
    expect(n2?.x).toBeCloseTo(240 * 25.4, 6);
    expect(model.nodes.find((node) => node.id === 'N3')?.z).toBeCloseTo(144 * 25.4, 6);
    expect(model.nodes.find((node) => node.id === 'N1')?.restraint).toEqual({
      type: 'Restraint',
      ux: true,
      uy: true,
      uz: true,
      rx: false,
      ry: false,
      rz: false,
    });
    expect(model.nodes.find((node) => node.id === 'N3')?.restraint).toBeUndefined();
  });

  it('orders ends by connectivity number, takes the role from the description or else the geometry', () => {
    const c1 = model.elements.find((element) => element.id === 'C1');
    expect(c1).toMatchObject({ type: 'Column', startNodeId: 'N1', endNodeId: 'N3', profileId: 'W14X22' });
    expect(model.elements.find((element) => element.id === 'C2')?.type).toBe('Column');
    const beam = model.elements.find((element) => element.id === 'B1');
    expect(beam?.type).toBe('Beam');
    expect(beam && 'releases' in beam ? beam.releases?.j.m3 : undefined).toBe(true);
  });

  it('converts each dimension through its own unit, or the global one', () => {
    const w14 = model.profiles.find((profile) => profile.id === 'W14X22');
    expect(w14?.kind === 'frame' ? w14.section : undefined).toEqual({
      shape: 'i',
      depth: expect.closeTo(353.06, 6),
      flangeWidth: expect.closeTo(127, 6),
      webThickness: expect.closeTo(5.842, 6),
      flangeThickness: expect.closeTo(8.509, 6),
    });
    const channel = model.profiles.find((profile) => profile.id === 'C8X11.5');
    expect(channel?.kind === 'frame' ? channel.section : undefined).toEqual({
      shape: 'library',
      designation: 'C8X11.5',
    });
    expect(channel?.attributes['cis2:profile']).toBe('SECTION_PROFILE_CHANNEL');
  });

  it('reads the material through its representation, and finds an unknown-named assignment', () => {
    const steel = model.materials.find((material) => material.id === 'A992');
    // Pressures with no unit of their own: the global force over length squared (kN/in²).
    expect(steel?.elasticModulus).toBeCloseTo((2e8 * 1000) / 0.0254 ** 2, -3);
    expect(steel?.poissonRatio).toBe(0.3);
    expect(steel?.grade).toBe('Gr 50');
    expect(model.profiles.find((profile) => profile.id === 'W14X22')?.materialId).toBe('A992');
  });

  it('reads load cases and loads, a downward line load as gravity', () => {
    expect(model.loadPatterns).toEqual([
      expect.objectContaining({ id: 'DL', patternType: 'Dead', selfWeightMultiplier: 1 }),
    ]);
    expect(model.loadCases.map((loadCase) => loadCase.id)).toEqual(['DL']);
    const line = model.loads.find((load) => load.type === 'LinearLoad');
    expect(line).toMatchObject({ elementId: 'B1', direction: 'Gravity', patternId: 'DL' });
    // 0.01 kN per inch = 10 N / 0.0254 m.
    expect(
      line?.type === 'LinearLoad' && line.distribution.kind === 'distributed'
        ? line.distribution.startValue
        : 0,
    ).toBeCloseTo(10 / 0.0254, 6);
    expect(model.loads.find((load) => load.type === 'PointLoad')).toMatchObject({ nodeId: 'N3', fx: 5000 });
  });

  it('names Tekla as the source when FILE_NAME says so, and reports what it skipped', () => {
    expect(model.source.tool).toBe('tekla');
    expect(report.items).toContainEqual(
      expect.objectContaining({ severity: 'dropped', subject: 'LOCATED_PART' }),
    );
  });
});

describe('Part 21 syntax', () => {
  const wrap = (data: string) => [...header(), 'DATA;', data, 'ENDSEC;', 'END-ISO-10303-21;'].join('\n');

  it('decodes \\X2\\, \\X\\, \\S\\, doubled apostrophes and backslashes, and joins strings wrapped over lines', () => {
    const step = parseStep(
      bytes(
        wrap("#1=X('Tr\\X2\\00E4\\X0\\ger ''A'' \\X\\E9 \\S\\i \\\\ \\X2\\D83DDE00\\X0\\ long\n text');"),
      ),
    );
    const [value] = step.instances.get(1)?.parts[0]?.args ?? [];
    expect(value).toEqual({ str: "Träger 'A' é é \\ 😀 long text" });
  });

  it('reads typed values, lists, enums, $, * and comments anywhere', () => {
    const step = parseStep(bytes(wrap('#1=X(/* c */ 1.E3,(2,(3)),.T.,$,*,LENGTH_MEASURE(-2.5E-1),"0AF");')));
    expect(step.instances.get(1)?.parts[0]?.args).toEqual([
      1000,
      [2, [3]],
      { enum: 'T' },
      null,
      { derived: true },
      { typed: 'LENGTH_MEASURE', value: -0.25 },
      { binary: '0AF' },
    ]);
  });

  it('skips edition 3 REFERENCE sections without following their URIs', () => {
    const text = [
      ...header(),
      'REFERENCE;\n#5=<https://example.com/x>;\nENDSEC;',
      'DATA;',
      "#1=X('a');",
      'ENDSEC;',
      'END-ISO-10303-21;',
    ].join('\n');
    expect(parseStep(bytes(text)).instances.size).toBe(1);
  });
});

describe('detect', () => {
  it('accepts a CIS/2 header and refuses IFC, CIS/1 and other text', () => {
    expect(detectCis2(bytes(PORTAL.slice(0, 400)))).toBe(true);
    expect(detectCis2(bytes([...header("'IFC4'")].join('\n')))).toBe(false);
    expect(detectCis2(bytes([...header("'LPM4DEP1'")].join('\n')))).toBe(false);
    expect(detectCis2(bytes('$ PROGRAM INFORMATION\n  PROGRAM "ETABS"'))).toBe(false);
    expect(cis2Translator.detect?.(bytes('/* exported */ ' + PORTAL))).toBe(true);
  });
});

describe('CIS/2 reader on bad input', () => {
  it('refuses a file without a DATA section', () => {
    const error = parseErrorOf(() => readCis2(bytes([...header(), 'END-ISO-10303-21;'].join('\n'))));
    expect(error.message).toMatch(/no DATA section/);
  });

  it('refuses a dangling reference, with the line that makes it', () => {
    const text = PORTAL.replace("#12=NODE('N2',#13,#30,#6);", "#12=NODE('N2',#999,#30,#6);");
    const error = parseErrorOf(() => readCis2(bytes(text)));
    expect(error.message).toMatch(/#999/);
    expect(error.line).toBe(PORTAL.split('\n').findIndex((line) => line.startsWith('#12=')) + 1);
  });

  it('refuses IFC, CIS/1 and other schemas with what to do', () => {
    expect(
      parseErrorOf(() => readCis2(bytes(PORTAL.replace("'STRUCTURAL_FRAME_SCHEMA'", "'IFC2X3'")))).message,
    ).toMatch(/IFC file.*upload it as IFC/);
    expect(
      parseErrorOf(() => readCis2(bytes(PORTAL.replace("'STRUCTURAL_FRAME_SCHEMA'", "'LPM4DEP1'")))).message,
    ).toMatch(/CIS\/1/);
    expect(
      parseErrorOf(() => readCis2(bytes(PORTAL.replace("'STRUCTURAL_FRAME_SCHEMA'", "'AP214'")))).line,
    ).toBe(5);
  });

  it('refuses binary garbage and empty files', () => {
    expect(parseErrorOf(() => readCis2(new Uint8Array([0x50, 0x4b, 3, 4, 0, 0]))).message).toMatch(/zip/);
    expect(parseErrorOf(() => readCis2(new Uint8Array([1, 2, 0, 250, 7]))).message).toMatch(/binary/);
    expect(parseErrorOf(() => readCis2(new Uint8Array())).message).toMatch(/empty/);
  });

  it('says a truncated file is cut short, with the line where it ends', () => {
    const cut = PORTAL.slice(0, PORTAL.indexOf('#41=') + 30);
    const error = parseErrorOf(() => readCis2(bytes(cut)));
    expect(error.message).toMatch(/cut short/);
    expect(error.line).toBe(cut.split('\n').length);
    expect(
      parseErrorOf(() => readCis2(bytes(PORTAL.replace('ENDSEC;\nEND-ISO-10303-21;', '')))).message,
    ).toMatch(/cut short/);
  });

  it('refuses lists nested too deep without overflowing the stack', () => {
    const deep = `#1=X(${'('.repeat(100_000)}${')'.repeat(100_000)});`;
    const text = [...header(), 'DATA;', deep, 'ENDSEC;', 'END-ISO-10303-21;'].join('\n');
    expect(parseErrorOf(() => readCis2(bytes(text))).message).toMatch(/nested/);
  });

  it('refuses a unit defined in a loop', () => {
    const text = PORTAL.replace(
      '#2=LENGTH_MEASURE_WITH_UNIT(LENGTH_MEASURE(25.4),#1);',
      '#2=LENGTH_MEASURE_WITH_UNIT(LENGTH_MEASURE(25.4),#3);',
    );
    expect(parseErrorOf(() => readCis2(bytes(text))).message).toMatch(/loop/);
  });
});
