import { describe, expect, it } from 'vitest';
import { FIXTURES_SKIP_NOTE, fixturesPresent, readFixture } from '../testing/fixtures';
import { readE2k } from './etabs/read';
import { ModelLimitError } from './limits';
import { readSap2000 } from './sap2000/read';

describe.skipIf(!fixturesPresent)(`read limits${FIXTURES_SKIP_NOTE}`, () => {
  it('SAP2000: the joint rows are counted before anything is built, exactly', () => {
    const bytes = readFixture('s2k', 'xbim__Tower.s2k');
    const joints = readSap2000(bytes).model.nodes.length;
    expect(() => readSap2000(bytes, { limits: { maxPoints: joints - 1 } })).toThrow(
      `${joints} points, more than the limit of ${joints - 1}`,
    );
    expect(readSap2000(bytes, { limits: { maxPoints: joints } }).model.nodes).toHaveLength(joints);
  });

  it('ETABS: reading stops at the first element past the limit', () => {
    const bytes = readFixture('e2k', 'RDC_PERFORM__Ejemplo.e2k');
    let error: unknown;
    try {
      readE2k(bytes, { limits: { maxElements: 3 } });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ModelLimitError);
    expect(error).toMatchObject({ objects: 'elements', found: 4, limit: 3, exact: false });
    expect((error as Error).message).toContain('4 or more elements, more than the limit of 3');
  });
});
