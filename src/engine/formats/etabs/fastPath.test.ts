import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FIXTURES_SKIP_NOTE, fixturesPresent, listFixtures, readFixture } from '../../testing/fixtures';
import { readE2k, readE2kGeneralPath } from './read';
import { propertyRuns } from '../../testing/propertyRuns';

const RUNS = propertyRuns(process.env['FC_NUM_RUNS'], { localRuns: 200, msPerRun: 4 });

/** The model and report, or the parse error's message: what a caller of the reader sees. */
function outcome(read: (bytes: Uint8Array) => unknown, bytes: Uint8Array): unknown {
  try {
    return read(bytes);
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}

const encoder = new TextEncoder();

const HEADER = [
  '$ PROGRAM INFORMATION',
  '  PROGRAM  "ETABS"  VERSION "20.2.0"',
  '$ CONTROLS',
  '  UNITS  "KN"  "M"  "C"',
  '$ STORIES - IN SEQUENCE FROM TOP',
  '  STORY "L2"  HEIGHT 3',
  '  STORY "L1"  HEIGHT 3',
  '  STORY "Base"  ELEV 0',
  '$ DIAPHRAGM NAMES',
  '  DIAPHRAGM "D1"  TYPE RIGID',
  '$ MATERIAL PROPERTIES',
  '  MATERIAL  "S355"  TYPE "Steel"',
  '$ FRAME SECTIONS',
  '  FRAMESECTION  "W1"  MATERIAL "S355"  SHAPE "Steel I/Wide Flange"  D 0.4 B 0.2 TF 0.02 TW 0.01',
  '$ SLAB PROPERTIES',
  '  SHELLPROP  "S1"  PROPTYPE  "Slab"  MATERIAL "S355"  SLABTHICKNESS 0.2',
  // The inch mark, doubled inside the quotes as ETABS writes it.
  '  SHELLPROP  "12"" SLAB"  PROPTYPE  "Slab"  MATERIAL "S355"  SLABTHICKNESS 0.3',
  '$ POINT COORDINATES',
  '  POINT "1"  0 0',
  '  POINT "2"  6 0',
  '  POINT "3"  6 6',
  '  POINT "4"  0 6',
  '$ LINE CONNECTIVITIES',
  '  LINE  "B1"  BEAM  "1"  "2"  0',
  '  LINE  "C1"  COLUMN  "1"  "1"  1',
  '$ AREA CONNECTIVITIES',
  '  AREA "F1"  FLOOR  4  "1"  "2"  "3"  "4"  0  0  0  0',
  '$ LOAD PATTERNS',
  '  LOADPATTERN "LIVE"  TYPE  "Live"  SELFWEIGHT  0',
];

/** Assignment and load lines, valid and not, in the shapes the fast paths accept and those they must refuse. */
const assignmentLine = fc.constantFrom(
  '$ LINE ASSIGNS',
  '  LINEASSIGN  "B1"  "L2"  SECTION "W1"  CARDINALPT 8',
  '  LINEASSIGN  "B1"  "L1"  SECTION "W1"  ANG 90  RELEASE "M2I M3I M2J M3J"',
  '  LINEASSIGN  "B1"  "L1"  LENGTHOFFI 0.2',
  '  LINEASSIGN  "C1"  "L2"  SECTION "NOPE"',
  '  LINEASSIGN  "C1"  "L1"  SECTION ""  CARDINALPT 12',
  '  LINEASSIGN  "C1"  "L1"  ANG x  RELEASE "M9"',
  '  LINEASSIGN  "C1"  "L2"  SECTION "W1"  SECTION "W1"',
  '  LINEASSIGN  "B1"  "L2"  RELEASE ""  EXTRA',
  '  LINEASSIGN  "B9"  "L2"  SECTION "W1"',
  '$ AREA ASSIGNS',
  '  AREAASSIGN  "F1"  "L2"  SECTION "S1"  DIAPH "D1"',
  '  AREAASSIGN  "F1"  "L1"  SECTION "S1"  DIAPH "D9"  ANG 30',
  '  AREAASSIGN  "F1"  "L1"  OPENING "Yes"',
  '  AREAASSIGN  "F1"  "L2"  DIAPH ""',
  '  AREAASSIGN  "F1"  "L1"  SECTION "12"" SLAB"  DIAPH "D1"',
  '  AREAASSIGN  "F1"  "L2"  SECTION "12"""  DIAPH "D1"',
  '  LINEASSIGN  "B1"  "L2"  SECTION "W1"  RELEASE "PINNED"',
  '$ SHELL OBJECT LOADS',
  '  AREALOAD  "F1"  "L2"  TYPE "UNIFF"  DIR "GRAV"  LC "LIVE"  FVAL 2.5',
  '  AREALOAD  "F1"  "L2"  TYPE "UNIFF"  LC "LIVE"',
  '  AREALOAD  "F1"  "L1"  TYPE "uniff"  DIR "Q"  LC "LIVE"  FVAL 1',
  '  AREALOAD  "F1"  "L1"  TYPE "UNIFF"  DIR "GRAV"  LC "DEAD"  FVAL 1',
  '  AREALOAD  "F1"  "L1"  TYPE "UNIFF"  DIR ""  LC "LIVE"  FVAL 1e400',
  '  AREALOAD  "F2"  "L1"  TYPE "UNIFF"  LC "LIVE"  FVAL 1',
);

describe('the reader’s fast paths', () => {
  it('give the same model and report as the general path on random assignment and load lines', () => {
    fc.assert(
      fc.property(fc.array(assignmentLine, { maxLength: 25 }), (lines) => {
        const bytes = encoder.encode([...HEADER, ...lines, '$ END OF MODEL FILE', ''].join('\n'));
        expect(outcome(readE2k, bytes)).toStrictEqual(outcome(readE2kGeneralPath, bytes));
      }),
      { numRuns: RUNS },
    );
  });

  it.skipIf(!fixturesPresent)(
    `give the same result as the general path on every e2k fixture${FIXTURES_SKIP_NOTE}`,
    () => {
      const files = listFixtures('e2k');
      expect(files.length).toBeGreaterThan(0);
      for (const file of files) {
        const bytes = readFixture('e2k', file);
        expect(outcome(readE2k, bytes), file).toStrictEqual(outcome(readE2kGeneralPath, bytes));
      }
    },
  );
});
