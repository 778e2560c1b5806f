import { describe, expect, it } from 'vitest';
import { translatorForFile } from '../formats/registry';
import type { CheckId } from '../repair/types';
import { CHECK_IDS } from '../repair/types';
import type { Model } from '../schema';
import { FIXTURES_SKIP_NOTE, fixturesPresent, listFixtures, readFixture } from '../testing/fixtures';
import { checkConnectivity } from './index';

/*
 * Pinned check counts of every ETABS and SAP2000 fixture (checks not listed are 0), with default tolerances. Why
 * each is plausible, from looking at the issues:
 * - ETABS_to_RAM_bridge__example.$et: a 3-member toy; one beam end is a genuine cantilever tip (C08 1).
 * - RDC_PERFORM__Ejemplo.e2k: the OLD version of EjemploNew. Its beams run over several bays without joints where
 *   other beams frame in or cross (ETABS meshes frames at intersections at analysis time), so C03/C04 are real
 *   T-junctions and crossings, and secondary beam lines touching the frame only mid-span come out as free ends
 *   (C08) and floating parts (C09). EjemploNew is the same building with those beams split (the diff fixture test
 *   shows 460 beams replaced by 2650): there all of them vanish, which is the check for the check.
 *   C13 (info: ETABS' automatic edge constraint) are beam joints on slab edges; C14 are ETABS end length offsets.
 * - RDC_PERFORM__EjemploNew.e2k: clean connectivity; only the slab-edge joints (C13 info) and end offsets (C14).
 * - RDC_PERFORM__KOSMOS_Plat.e2k: the same modelling style as Ejemplo (unsplit beams): many C03/C04 and the C08/C09
 *   they cause; 2 near misses; 24 nodes where only pinned members meet (C15 node rule).
 * - RDC_PERFORM__chimba.e2k: a small clean model: slab-edge joints and end offsets only.
 * - eng_utilities__Test_kNm_97_03.E2K: secondary beams framing mid-span into unsplit girders (C03 468) and the free
 *   ends / floating beam lines that follow (C08, C09); slab-edge joints (C13 info).
 * - parametric-etabs-tower__St_Regis_with_a_Twist.$et: a twisted tower whose floor beams end on unsplit members
 *   (C03) and 41 free beam ends; every component is supported (no C09).
 * - opensees-gallery__box_model.$2k: shells only; their edges carry other shells' nodes (C13 warnings, not ETABS)
 *   and 25 shell pieces reach no support through shared nodes (C09).
 * - xbim__Bridge01.b2k: a CSiBridge model whose deck and bents are tied by constraints/links Gusset does not model
 *   as supports, so parts float (C09) and a few joints sit on spans (C03).
 * - xbim__Example_1-001.s2k: a 3-member verification frame with a free tip (C08 1).
 * - xbim__Example_1-025.s2k: a verification example that models the same frame twice on top of itself: coincident
 *   joints (C01 4), duplicated members (C05 3) and X-bracing crossings flagged as intentional (C04 info).
 * - xbim__Example_5-004.s2k: a tiny shell model in inches whose mesh spacing is under tolNear (25 mm), so joints
 *   near each other (C02) and close to its grid lines (C11) are flagged: absolute tolerances on a model this small.
 * - xbim__Example_6-011a.s2k: members with insertion/end offsets (C14) only.
 * - xbim__Painter_Street_v1.2.s2k: a bridge on link springs: pieces joined only by constraints float (C09).
 * - xbim__Tower.s2k: a braced tower: 16 brace × brace crossings (info) and 4 other crossings.
 * - Init.$2k, CaltransCircle.s2k, Example_1-021/3-005/7-003: clean (or no geometry): zero everywhere.
 */
const EXPECTED: Record<string, Partial<Record<CheckId, number>>> = {
  'ETABS_to_RAM_bridge__example.$et': { C08: 1 },
  'RDC_PERFORM__Ejemplo.e2k': { C03: 580, C04: 805, C08: 398, C09: 199, C13: 158, C14: 225 },
  'RDC_PERFORM__EjemploNew.e2k': { C13: 158, C14: 324 },
  'RDC_PERFORM__KOSMOS_Plat.e2k': {
    C02: 2,
    C03: 3457,
    C04: 5731,
    C08: 1692,
    C09: 867,
    C13: 1127,
    C14: 1689,
    C15: 24,
  },
  'RDC_PERFORM__chimba.e2k': { C13: 20, C14: 41 },
  'eng_utilities__Test_kNm_97_03.E2K': { C03: 468, C08: 144, C09: 84, C13: 240 },
  'parametric-etabs-tower__St_Regis_with_a_Twist.$et': { C03: 1616, C08: 41, C13: 404 },
  'opensees-gallery__box_model.$2k': { C09: 25, C13: 35 },
  'sap2000-tbdy2018__Init.$2k': {},
  'xbim__Bridge01.b2k': { C03: 6, C08: 4, C09: 15, C14: 2 },
  'xbim__CaltransCircle.s2k': {},
  'xbim__Example_1-001.s2k': { C08: 1 },
  'xbim__Example_1-021.s2k': {},
  'xbim__Example_1-025.s2k': { C01: 4, C04: 24, C05: 3 },
  'xbim__Example_3-005.s2k': {},
  'xbim__Example_5-004.s2k': { C02: 91, C11: 50 },
  'xbim__Example_6-011a.s2k': { C14: 49 },
  'xbim__Example_7-003.s2k': {},
  'xbim__Painter_Street_v1.2.s2k': { C08: 1, C09: 15 },
  'xbim__Tower.s2k': { C04: 20 },
};

const FIXTURES = [
  ...listFixtures('e2k').map((name) => ({ kind: 'e2k', name })),
  ...listFixtures('s2k').map((name) => ({ kind: 's2k', name })),
];

async function readModel(kind: string, name: string): Promise<Model> {
  const translator = translatorForFile(name);
  if (!translator) throw new Error(`no translator reads ${name}`);
  return (await translator.read(readFixture(kind, name))).model;
}

describe.skipIf(!fixturesPresent)(`connectivity counts of the real fixtures${FIXTURES_SKIP_NOTE}`, () => {
  it('pins a count for every fixture', () => {
    expect(FIXTURES.map((fixture) => fixture.name).sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  for (const { kind, name } of FIXTURES) {
    it(`${name}`, async () => {
      const report = checkConnectivity(await readModel(kind, name));
      const expected = Object.fromEntries(CHECK_IDS.map((id) => [id, EXPECTED[name]?.[id] ?? 0]));
      expect(report.counts).toEqual(expected);
      // ETABS models: slab-edge joints are handled by its automatic edge constraint, so information only.
      if (kind === 'e2k')
        for (const issue of report.issues) if (issue.check === 'C13') expect(issue.severity).toBe('info');
    });
  }

  it('EjemploNew (beams split at every joint) has no connectivity defect its old version had', async () => {
    const counts = checkConnectivity(await readModel('e2k', 'RDC_PERFORM__EjemploNew.e2k')).counts;
    for (const id of ['C01', 'C02', 'C03', 'C04', 'C05', 'C08', 'C09'] as const) expect(counts[id]).toBe(0);
  });
});
