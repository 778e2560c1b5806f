import { describe, expect, it } from 'vitest';
import { hashModel } from '../canonical';
import { readE2k } from '../formats/etabs/read';
import type { Model } from '../schema';
import { FIXTURES_SKIP_NOTE, fixturesPresent, readFixture } from '../testing/fixtures';
import { applyDiff, diffModels } from './index';

/*
 * RDC_PERFORM__Ejemplo.e2k → RDC_PERFORM__EjemploNew.e2k. The expected numbers were established from the two
 * files alone with a small independent Python script (shlex-tokenised records, no Gusset code), by comparing:
 * - members: the LINEASSIGN keys (label, story) of BEAM/COLUMN lines (continuation lines joined). In both: 69
 *   beams and 85 columns; only in the new file: 2650 beams; only in the old: 460 beams. None of the common ones
 *   differs in its LINE record, its LINEASSIGN fields or its end points' POINT coordinates (0 modified). The old
 *   beams were replaced by finer ones: no removed beam has both end points (point coordinates × story) equal to
 *   an added beam's, so geometric matching has nothing to pair and must not turn any of them into "modified".
 * - nodes: the (point, story) pairs the members and areas use (columns drop to the story below, per-vertex drops
 *   for areas) plus the POINTASSIGN keys: 709 in the old file, all kept; 805 new; none moved (POINT x, y equal).
 * - loads: LINELOAD/AREALOAD records as whole normalised lines (multiset): 99 in both, 33 only in the old
 *   (all LINELOAD), 191 only in the new; no (kind, label, story, LC) key appears in both with other values, so 0
 *   modified. There are no POINTLOAD records.
 * - stories, materials, sections, patterns, cases and combinations are textually identical (0 changes).
 */
const EXPECTED = {
  beams: { added: 2650, removed: 460, modified: 0, unchanged: 69 },
  columns: { added: 0, removed: 0, modified: 0, unchanged: 85 },
  nodes: { added: 805, removed: 0, modified: 0, unchanged: 709 },
  loads: { added: 191, removed: 33, modified: 0, unchanged: 99 },
};

function read(name: string): Model {
  return readE2k(readFixture('e2k', name)).model;
}

describe.skipIf(!fixturesPresent)(`fixture pair Ejemplo → EjemploNew${FIXTURES_SKIP_NOTE}`, () => {
  const before = fixturesPresent ? read('RDC_PERFORM__Ejemplo.e2k') : ({} as Model);
  const after = fixturesPresent ? read('RDC_PERFORM__EjemploNew.e2k') : ({} as Model);
  const diff = fixturesPresent ? diffModels(before, after) : null;

  it('finds the added, removed and modified members the files show', () => {
    expect(diff?.elementCounts['Beam']).toEqual(EXPECTED.beams);
    expect(diff?.elementCounts['Column']).toEqual(EXPECTED.columns);
  });

  it('finds the added nodes and no moved ones', () => {
    expect(diff?.counts.nodes).toEqual(EXPECTED.nodes);
  });

  it('finds the added and removed loads', () => {
    expect(diff?.counts.loads).toEqual(EXPECTED.loads);
    const removedLoadTypes = new Set(
      diff?.changes
        .filter((change) => change.collection === 'loads' && change.kind === 'removed')
        .map((c) => c.type),
    );
    expect([...removedLoadTypes]).toEqual(['LinearLoad']);
  });

  it('pairs nothing by geometry, so no real change hides as a modification', () => {
    expect(diff?.changes.filter((change) => change.kind === 'modified')).toEqual([]);
    const withoutFallback = diffModels(before, after, { geometricMatching: 'off' });
    expect(withoutFallback.counts).toEqual(diff?.counts);
  });

  it('leaves sections, materials, stories and load definitions unchanged', () => {
    for (const collection of [
      'levels',
      'materials',
      'profiles',
      'loadPatterns',
      'loadCases',
      'loadCombinations',
    ] as const) {
      const counts = diff?.counts[collection];
      expect(counts?.added ?? -1, collection).toBe(0);
      expect(counts?.removed ?? -1, collection).toBe(0);
      expect(counts?.modified ?? -1, collection).toBe(0);
    }
  });

  it('applies to the old model to give the new one', () => {
    const exact = diffModels(before, after, { lengthTolerance: 0, relativeTolerance: 0 });
    expect(hashModel(applyDiff(before, exact))).toBe(hashModel(after));
  });
});
