import { describe, expect, it } from 'vitest';
import { encodeWindows1252 } from '../../text/encoding';
import { readE2k } from './read';
import { writeE2k } from './write';

/** A frame and a shell with modifiers on section and member, Eigen and Ritz cases, RS in U1 and U2. */
export const ANALYSIS_E2K = [
  '$ File analysis.e2k',
  '',
  '$ PROGRAM INFORMATION',
  '  PROGRAM  "ETABS"  VERSION "20.2.0"  ',
  '',
  '$ CONTROLS',
  '  UNITS  "KN"  "M"  "C"  ',
  '',
  '$ STORIES - IN SEQUENCE FROM TOP',
  '  STORY "L1"  HEIGHT 3',
  '  STORY "Base"  ELEV 0',
  '',
  '$ MATERIAL PROPERTIES',
  '  MATERIAL  "C30"  TYPE "Concrete"  WEIGHTPERVOLUME 24',
  '',
  '$ FRAME SECTIONS',
  '  FRAMESECTION  "C40"  MATERIAL "C30"  SHAPE "Concrete Rectangular"  D 0.4 B 0.4',
  '  FRAMESECTION  "C40"  AMOD 1 A2MOD 1 A3MOD 1 JMOD 0.01 I2MOD 0.7 I3MOD 0.7 MMOD 1 WMOD 1 ',
  '',
  '$ SLAB PROPERTIES',
  '  SHELLPROP  "S20"  PROPTYPE  "Slab"  MATERIAL "C30"  MODELINGTYPE "ShellThin"  SLABTHICKNESS 0.2',
  '  SHELLPROP  "S20"  M11MOD 0.25 M22MOD 0.25 M12MOD 0.25 ',
  '',
  '$ POINT COORDINATES',
  '  POINT "1"  0 0',
  '  POINT "2"  5 0',
  '  POINT "3"  5 5',
  '',
  '$ LINE CONNECTIVITIES',
  '  LINE  "C1"  COLUMN  "1"  "1"  1',
  '  LINE  "B1"  BEAM  "1"  "2"  0',
  '',
  '$ AREA CONNECTIVITIES',
  '  AREA "F1"  FLOOR  3  "1"  "2"  "3"  0  0  0  ',
  '',
  '$ LINE ASSIGNS',
  '  LINEASSIGN  "C1"  "L1"  SECTION "C40"',
  '  LINEASSIGN  "B1"  "L1"  SECTION "C40"  PROPMODI33 0.35 PROPMODT 0.1',
  '',
  '$ AREA ASSIGNS',
  '  AREAASSIGN  "F1"  "L1"  SECTION "S20"  PROPMODF11 0.5 PROPMODM 1.2',
  '',
  '$ LOAD PATTERNS',
  '  LOADPATTERN "Dead"  TYPE  "Dead"  SELFWEIGHT  1',
  '',
  '$ FUNCTIONS',
  '  FUNCTION "RS1"  FUNCTYPE "SPECTRUM"  DAMPRATIO 0.05  SPECTYPE "USER"  ',
  '  FUNCTION "RS1"  TIMEVAL "0  0.4  0.5  1  1  0.5  4  0.125"  ',
  '',
  '$ LOAD CASES',
  '  LOADCASE "Modal"  TYPE  "Modal - Eigen"  INITCOND  "PRESET"  ',
  '  LOADCASE "Modal"  MAXMODES  12 MINMODES  1 EIGENSHIFTFREQ  0 EIGENCUTOFF  0 EIGENTOL  1E-09 ',
  '  LOADCASE "Ritz"  TYPE  "Modal - Ritz"  INITCOND  "PRESET"  ',
  '  LOADCASE "Ritz"  ACCEL  "UX"  ',
  '  LOADCASE "Ritz"  ACCEL  "UY"  ',
  '  LOADCASE "Ritz"  LINK  "ALL"  ',
  '  LOADCASE "Ritz"  MAXMODES  36 MINMODES  36 ',
  '  LOADCASE "Dead"  TYPE  "Linear Static"  INITCOND  "PRESET"  ',
  '  LOADCASE "Dead"  LOADPAT  "Dead"  SF  1 ',
  '  LOADCASE "EQ"  TYPE  "Response Spectrum"  MODALCASE  "Modal"  ',
  '  LOADCASE "EQ"  ACCEL  "U1"  FUNC  "RS1"  SF  9.80665 ',
  '  LOADCASE "EQ"  ACCEL  "U2"  FUNC  "RS1"  SF  2.941995 ',
  '  LOADCASE "EQ"  MODALDAMPTYPE  "Constant"  CONSTDAMP  0.05 ',
  '  LOADCASE "EQ"  ECCENRATIOTYPICAL  0.05 ',
  '',
  '$ END OF MODEL FILE',
  '',
];

export function e2kBytes(lines: readonly string[]): Uint8Array {
  return encodeWindows1252(lines.join('\n')).bytes;
}

describe('ETABS modifiers, modal and response spectrum cases, functions', () => {
  const { model, report } = readE2k(e2kBytes(ANALYSIS_E2K));

  it('reads section and member modifiers, factors of 1 left out', () => {
    const section = model.profiles.find((profile) => profile.id === 'C40');
    expect(section?.modifiers).toEqual({ torsion: 0.01, i22: 0.7, i33: 0.7 });
    expect(section?.attributes).toEqual({});
    expect(model.profiles.find((profile) => profile.id === 'S20')?.modifiers).toEqual({
      m11: 0.25,
      m22: 0.25,
      m12: 0.25,
    });
    const beam = model.elements.find((element) => element.id === 'B1@L1');
    expect(beam && 'modifiers' in beam ? beam.modifiers : undefined).toEqual({ i33: 0.35, torsion: 0.1 });
    const floor = model.elements.find((element) => element.id === 'F1@L1');
    expect(floor && 'modifiers' in floor ? floor.modifiers : undefined).toEqual({ f11: 0.5, mass: 1.2 });
  });

  it('reads modal cases, the spectrum case with its scale factors in m/s², and the function', () => {
    const byId = new Map(model.loadCases.map((loadCase) => [loadCase.id, loadCase]));
    expect(byId.get('Modal')?.modal).toEqual({
      method: 'eigen',
      maxModes: 12,
      minModes: 1,
      shift: 0,
      cutoff: 0,
      tolerance: 1e-9,
    });
    expect(byId.get('Ritz')?.modal).toEqual({
      method: 'ritz',
      maxModes: 36,
      minModes: 36,
      startingVectors: [
        { kind: 'accel', name: 'UX' },
        { kind: 'accel', name: 'UY' },
        { kind: 'link', name: '' },
      ],
    });
    const spectrum = byId.get('EQ')?.responseSpectrum;
    expect(spectrum?.modalCaseId).toBe('Modal');
    expect(spectrum?.damping).toBe(0.05);
    expect(spectrum?.eccentricity).toBe(0.05);
    expect(spectrum?.loads.map((load) => [load.direction, load.functionId])).toEqual([
      ['U1', 'RS1'],
      ['U2', 'RS1'],
    ]);
    expect(spectrum?.loads[0]?.scale).toBeCloseTo(9.80665, 9);
    expect(spectrum?.loads[1]?.scale).toBeCloseTo(2.941995, 9);
    expect(byId.get('EQ')?.attributes).toEqual({});
    expect(model.functions).toEqual([
      expect.objectContaining({
        id: 'RS1',
        functionType: 'responseSpectrum',
        definition: 'user',
        damping: 0.05,
        points: [
          { x: 0, y: 0.4 },
          { x: 0.5, y: 1 },
          { x: 1, y: 0.5 },
          { x: 4, y: 0.125 },
        ],
      }),
    ]);
    expect(report.items.filter((item) => item.concept === 'function')).toEqual([]);
  });

  it('writes them back so they read the same', () => {
    const text = new TextDecoder().decode(writeE2k(model).bytes);
    expect(text).toContain('FRAMESECTION  "C40"  JMOD 0.01 I2MOD 0.7 I3MOD 0.7');
    expect(text).toContain('TYPE  "Modal - Ritz"');
    const again = readE2k(writeE2k(model).bytes).model;
    expect(again.profiles).toEqual(model.profiles);
    expect(again.elements).toEqual(model.elements);
    expect(again.loadCases).toEqual(model.loadCases);
    expect(again.functions).toEqual(model.functions);
  });
});
