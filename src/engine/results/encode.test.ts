import { describe, expect, it } from 'vitest';
import { decodeResults, encodeResults, ResultsEncodingError } from './encode';
import { readResultsText } from './read';
import { resultTable, tableBytes, type ResultSet } from './store';

function sample(): ResultSet {
  const rows = Array.from(
    { length: 300 },
    (_, index) =>
      `   Frame=F${index}   Station=${index % 3}   OutputCase="${index % 2 ? '1.2D+1.6L' : 'DEAD'}"   CaseType=LinStatic   P=${index - 150}   M3=${index === 7 ? '' : index / 7}`,
  );
  return readResultsText(
    [
      'TABLE:  "PROGRAM CONTROL"',
      '   ProgramName=SAP2000   Version=25.3.1   CurrUnits="KN, m, C"',
      'TABLE:  "ELEMENT FORCES - FRAMES"',
      ...rows,
      'TABLE:  "ELEMENT FORCES - AREA SHELLS"',
      '   Area=1   OutputCase=DEAD   F11=1',
      'TABLE:  "JOINT REACTIONS"',
      '   Joint=1   OutputCase=DEAD   F3=-0',
      'END TABLE DATA',
    ].join('\n'),
  );
}

describe('stored results', () => {
  it('come back exactly: every column, NaN and -0 kept, text codes as wide as they were, the report', () => {
    const set = sample();
    const back = decodeResults(encodeResults(set));
    expect(back.program).toBe('SAP2000 25.3.1');
    expect(back.items).toEqual(set.items);
    expect(back.items.length).toBeGreaterThan(0);
    const forces = resultTable(back, 'frameForces');
    const original = resultTable(set, 'frameForces');
    expect(forces?.rowCount).toBe(300);
    expect(forces?.sources).toEqual(original?.sources);
    for (const [field, column] of Object.entries(original?.numbers ?? {})) {
      expect([...(forces?.numbers[field] ?? [])], field).toEqual([...column]);
    }
    for (const [field, column] of Object.entries(original?.text ?? {})) {
      expect(forces?.text[field]?.values, field).toEqual(column.values);
      expect(forces?.text[field]?.codes.constructor, field).toBe(column.codes.constructor);
      expect([...(forces?.text[field]?.codes ?? [])], field).toEqual([...column.codes]);
    }
    expect(Number.isNaN(forces?.numbers.m3?.[7])).toBe(true);
    expect(Object.is(resultTable(back, 'jointReactions')?.numbers.fz?.[0], -0)).toBe(true);
  });

  it('cost their arrays and a small header, and decode into views rather than copies', () => {
    const set = sample();
    const bytes = encodeResults(set);
    const arrays = set.tables.reduce((sum, table) => sum + tableBytes(table), 0);
    expect(bytes.length).toBeLessThan(arrays + 4096);
    const back = decodeResults(bytes);
    expect(resultTable(back, 'frameForces')?.numbers.p?.buffer).toBe(bytes.buffer);
    // Bytes that do not start on an 8-byte boundary are copied once, then viewed.
    const shifted = new Uint8Array(bytes.length + 1);
    shifted.set(bytes, 1);
    expect([...(resultTable(decodeResults(shifted.subarray(1)), 'frameForces')?.numbers.p ?? [])]).toEqual([
      ...(resultTable(set, 'frameForces')?.numbers.p ?? []),
    ]);
  });

  it('refuses bytes they did not make, and cut-short ones', () => {
    const bytes = encodeResults(sample());
    expect(() => decodeResults(new Uint8Array([1, 2, 3]))).toThrow(ResultsEncodingError);
    expect(() => decodeResults(bytes.subarray(0, 20))).toThrow(/cut short/);
    expect(() => decodeResults(bytes.subarray(0, bytes.length - 8))).toThrow(/cut short \(arrays\)/);
  });
});
