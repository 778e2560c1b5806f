import { describe, expect, it } from 'vitest';
import { aVersion } from '../../machines/model/modelTestKit';
import { countsText, originText } from './versionText';

describe('how a version came to be', () => {
  it('names a merge by its change count and the version it came from', () => {
    const merged = aVersion(4, {
      origin: { kind: 'merge', sourceVersionId: 'version-3', sourceNumber: 3, changeCount: 12 },
    });
    expect(originText(merged)).toBe('Merged 12 changes from version 3');
    const one = aVersion(5, {
      origin: { kind: 'merge', sourceVersionId: 'version-2', sourceNumber: 2, changeCount: 1 },
    });
    expect(originText(one)).toBe('Merged 1 change from version 2');
  });

  it('names a reviewed upload by its file and how much of it was applied', () => {
    const reviewed = aVersion(6, {
      origin: {
        kind: 'review',
        fileName: 'X.e2k',
        format: 'e2k',
        sizeBytes: 2048,
        changeCount: 40,
        totalChanges: 1052,
      },
    });
    expect(originText(reviewed)).toBe('Reviewed upload of X.e2k: 40 of 1,052 changes');
  });
});

describe('what a version holds, in words', () => {
  it('names the counts as engineers do, in the fixed order, singular for one, and skips the empty ones', () => {
    expect(
      countsText({ nodes: 1204, beams: 1, areaLoads: 2, linearLoads: 1, loadPatterns: 0, geoElements: 3 }),
    ).toBe('1,204 nodes · 1 beam · 3 reference geometry objects · 1 line load · 2 area loads');
    expect(countsText({ someNewThings: 2 })).toBe('2 some new things');
    expect(countsText({ nodes: 0 })).toBe('Empty model');
  });
});
