import { describe, expect, it } from 'vitest';
import { aVersion } from '../../machines/model/modelTestKit';
import { originText } from './versionText';

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
