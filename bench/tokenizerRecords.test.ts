import { describe, expect, it } from 'vitest';
import { writeE2k } from '../src/engine/formats/etabs';
import { writeSap2000 } from '../src/engine/formats/sap2000';
import { parseE2kBaseline } from './baselines/e2kBaseline';
import { parseS2kBaseline } from './baselines/s2kBaseline';
import { generateBuilding } from '../src/engine/testing/building';
import { presetParameters } from '../src/engine/testing/presets';
import { e2kRecordsFromTokenizer, s2kRecordsFromTokenizer } from './tokenizerRecords';

/** The like-for-like bench cases are only honest if they build what the baselines build. */
describe('our tokenizers build the baselines’ records', () => {
  const model = generateBuilding(presetParameters('1k', 11));

  it('for a generated .e2k, line for line', () => {
    const bytes = writeE2k(model).bytes;
    const ours = e2kRecordsFromTokenizer(bytes);
    expect([...ours.keys()]).toContain('LINE ASSIGNS');
    expect(ours.get('LINE ASSIGNS')?.length).toBeGreaterThan(100);
    expect(ours).toEqual(parseE2kBaseline(bytes));
  });

  it('for a generated .s2k, row for row', () => {
    const bytes = writeSap2000(model).bytes;
    const ours = s2kRecordsFromTokenizer(bytes);
    expect(ours.get('CONNECTIVITY - FRAME')?.length).toBeGreaterThan(100);
    expect(ours).toEqual(parseS2kBaseline(bytes));
  });
});
