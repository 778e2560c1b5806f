import { describe, expect, it } from 'vitest';
import { ANALYSIS_E2K, e2kBytes } from '../../testing/analysisFixtures';
import { readE2k } from './read';
import { writeE2k } from './write';

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

  it('keeps a function type it does not read as ETABS text, says so in engineering words, and writes it back', () => {
    const at = ANALYSIS_E2K.indexOf('$ FUNCTIONS') + 1;
    const withPsd = [
      ...ANALYSIS_E2K.slice(0, at),
      '  FUNCTION "PSD1"  FUNCTYPE "POWERSPECTRALDENSITY"  FREQVAL "1  0.5"  ',
      ...ANALYSIS_E2K.slice(at),
    ];
    const read = readE2k(e2kBytes(withPsd));
    expect((read.model.functions ?? []).map((fn) => fn.id)).toEqual(['RS1']);
    const item = read.report.items.find((candidate) => candidate.subject === 'FUNCTION');
    expect(item).toMatchObject({ severity: 'approximated', concept: 'function' });
    expect(item?.reason).toContain('response spectra and time histories');
    expect(item?.reason).toContain('kept as ETABS text for ETABS exports');
    expect(new TextDecoder().decode(writeE2k(read.model).bytes)).toContain('FUNCTION "PSD1"');
  });
});
