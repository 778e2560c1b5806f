import { describe, expect, it } from 'vitest';
import type { FrameProfile, Model, Profile, ShellProfile, Source } from '../schema';
import { emptyModel } from '../schema';
import { writeCis2 } from './cis2';
import { readE2k, writeE2k } from './etabs';
import { readSap2000, writeSap2000 } from './sap2000';
import { parseCsiTables } from './sap2000/tables';
import { decodeCsiText } from './sap2000/text';
import { deckEquivalentThickness, hasUnequalFlanges } from './sections';

const SAP: Source = { tool: 'sap2000', version: '25.3.1' };

function iProfile(id: string, bottomWidth: number, bottomThickness: number): FrameProfile {
  return {
    id,
    source: SAP,
    name: id,
    type: 'Profile',
    kind: 'frame',
    section: {
      shape: 'i',
      depth: 250.698,
      flangeWidth: 100.584,
      flangeThickness: 5.334,
      webThickness: 4.826,
      bottomFlangeWidth: bottomWidth,
      bottomFlangeThickness: bottomThickness,
    },
    attributes: {},
  };
}

/** Synthetic ETABS files with a filled deck: 20+ keywords (inches) and 9.x keywords (metres). */
function e2k(units: string, deckLines: string[]): Uint8Array {
  return new TextEncoder().encode(
    [
      '$ PROGRAM INFORMATION',
      '  PROGRAM  "ETABS"  VERSION "20.2.0"',
      '$ CONTROLS',
      `  UNITS  ${units}`,
      '$ STORIES - IN SEQUENCE FROM TOP',
      '  STORY "L1"  HEIGHT 3',
      '  STORY "Base"  ELEV 0',
      '$ MATERIAL PROPERTIES',
      '  MATERIAL  "4000Psi"  TYPE "Concrete"',
      '$ DECK PROPERTIES',
      ...deckLines,
      '$ POINT COORDINATES',
      '  POINT "1"  0 0',
      '  POINT "2"  6 0',
      '  POINT "3"  6 6',
      '$ AREA CONNECTIVITIES',
      '  AREA "F1"  FLOOR  3  "1"  "2"  "3"  0  0  0',
      '$ AREA ASSIGNS',
      '  AREAASSIGN  "F1"  "L1"  SECTION "Deck1"',
      '',
    ].join('\n'),
  );
}

const DECK_20 = [
  '  SHELLPROP  "Deck1"  PROPTYPE  "Deck"  DECKTYPE "Filled"  CONCMATERIAL "4000Psi"  DECKSLABDEPTH 3.5 DECKRIBDEPTH 3 DECKRIBWIDTHTOP 7 DECKRIBWIDTHBOTTOM 5 DECKRIBSPACING 12 DECKSHEARTHICKNESS 0.035',
];
const DECK_9 = [
  '  SHELLPROP  "Deck1"  PROPTYPE "DECK"  TYPE "MEMBRANE"',
  '  SHELLPROP  "Deck1"  DECKTYPE "FILLED"  CONCMATERIAL "4000Psi"  SLABDEPTH 0.0889',
  '  SHELLPROP  "Deck1"  RIBDEPTH 0.0762  RIBWIDTH 0.1524  RIBSPACING 0.3048',
];

function sapThickness(bytes: Uint8Array, section: string): string | undefined {
  const table = parseCsiTables(decodeCsiText(bytes).text, { format: 's2k' }).table('AREA SECTION PROPERTIES');
  for (let row = 0; row < (table?.rowCount ?? 0); row++)
    if (table!.get(row, 'Section') === section) return table!.get(row, 'Thickness');
  return undefined;
}

describe('flanges', () => {
  it('are unequal only when they differ by more than 0.01 mm', () => {
    const i = iProfile('W', 100.584, 5.334).section as Extract<FrameProfile['section'], { shape: 'i' }>;
    expect(hasUnequalFlanges(i)).toBe(false);
    expect(hasUnequalFlanges({ ...i, bottomFlangeWidth: 100.584 + 1e-9 })).toBe(false);
    expect(hasUnequalFlanges({ ...i, bottomFlangeThickness: 5.334 + 0.005 })).toBe(false);
    expect(hasUnequalFlanges({ ...i, bottomFlangeWidth: 150 })).toBe(true);
    expect(hasUnequalFlanges({ ...i, bottomFlangeThickness: 10 })).toBe(true);
    expect(hasUnequalFlanges({ ...i, bottomFlangeWidth: undefined, bottomFlangeThickness: undefined })).toBe(
      false,
    );
  });

  it('are reported by the ETABS and CIS/2 writers only when really unequal, with the profile id', () => {
    const model: Model = emptyModel(SAP, 'mm');
    model.sourceUnits = { force: 'N', length: 'mm', temperature: 'C' };
    // SAP2000 states t2b/tfb for every I section; a ft → mm conversion leaves float noise in them.
    model.profiles = [iProfile('EQUAL', 100.584 + 1e-12, 5.334), iProfile('UNEQUAL', 150, 8)] as Profile[];
    for (const report of [writeE2k(model).report, writeCis2(model).report]) {
      const flanges = report.items.filter((item) => /unequal flanges/.test(item.reason));
      expect(flanges).toHaveLength(1);
      expect(flanges[0]).toMatchObject({ id: 'UNEQUAL', concept: 'section', severity: 'approximated' });
    }
  });
});

describe('ETABS deck properties crossing to SAP2000', () => {
  it('get the concrete above the ribs plus the rib concrete spread over the rib spacing (20+, inches)', () => {
    const etabs = readE2k(e2k('"KIP"  "IN"  "F"', DECK_20)).model;
    const deck = etabs.profiles.find((profile) => profile.id === 'Deck1') as ShellProfile;
    expect(deck.thickness).toBeUndefined();
    // 3.5 + 3 × (7 + 5) / 2 / 12 = 5 in.
    expect(deckEquivalentThickness(deck, etabs)?.thickness).toBeCloseTo(127, 9);

    const written = writeSap2000(etabs);
    expect(Number(sapThickness(written.bytes, 'Deck1'))).toBeCloseTo(5, 9);
    const items = written.report.items.filter(
      (item) => item.concept === 'section' && item.subject === 'SHELLPROP',
    );
    expect(items.find((item) => item.severity === 'approximated')).toMatchObject({ ids: ['Deck1'] });
    expect(items.find((item) => item.severity === 'approximated')?.reason).toMatch(/equivalent thickness/);
    const back = readSap2000(written.bytes).model.profiles.find((profile) => profile.id === 'Deck1');
    expect(back).toMatchObject({ kind: 'shell', use: 'deck' });
    expect((back as ShellProfile).thickness).toBeCloseTo(127, 9);
  });

  it('read from the 9.x keywords (metres) give the same', () => {
    const etabs = readE2k(e2k('"KN"  "M"  "C"', DECK_9)).model;
    const deck = etabs.profiles.find((profile) => profile.id === 'Deck1') as ShellProfile;
    expect(deckEquivalentThickness(deck, etabs)?.thickness).toBeCloseTo(127, 6);
    expect(Number(sapThickness(writeSap2000(etabs).bytes, 'Deck1'))).toBeCloseTo(0.127, 9);
  });

  it('without concrete (unfilled) get no thickness, and the report says so', () => {
    const unfilled = DECK_20.map((line) => line.replace('"Filled"', '"Unfilled"'));
    const etabs = readE2k(e2k('"KIP"  "IN"  "F"', unfilled)).model;
    const written = writeSap2000(etabs);
    expect(sapThickness(written.bytes, 'Deck1')).toBeUndefined();
    expect(
      written.report.items.find((item) => item.severity === 'dropped' && item.subject === 'SHELLPROP'),
    ).toMatchObject({ concept: 'section', ids: ['Deck1'] });
  });
});

describe('SAP2000 writer report', () => {
  it('names a concept and the objects of every loss, one item per kind', () => {
    const etabs = readE2k(e2k('"KIP"  "IN"  "F"', DECK_20)).model;
    const model: Model = {
      ...etabs,
      springProperties: [
        {
          id: 'S1',
          source: etabs.source,
          name: 'S1',
          type: 'SpringProperty',
          ux: 1,
          uy: 1,
          uz: 1,
          rx: 0,
          ry: 0,
          rz: 0,
          attributes: {},
        },
      ],
      results: { memberForces: [] },
    };
    const { report } = writeSap2000(model);
    // Only the two file-level notes (SAP2000 version written, text encoding) explain no change to the model.
    const withoutConcept = report.items.filter((item) => item.concept === undefined);
    expect(withoutConcept.map((item) => item.subject)).toEqual(['PROGRAM CONTROL']);
    for (const item of report.items.filter((candidate) => candidate.concept !== 'results')) {
      if (item.concept === undefined) continue;
      expect(item.id !== undefined || (item.ids?.length ?? 0) > 0).toBe(true);
    }
    expect(report.items.find((item) => item.concept === 'level')?.ids).toEqual(
      etabs.levels.map((level) => level.id),
    );
    expect(report.items.find((item) => item.concept === 'spring')).toMatchObject({ ids: ['S1'] });
    expect(report.items.find((item) => item.concept === 'results')).toMatchObject({ severity: 'dropped' });
  });
});
