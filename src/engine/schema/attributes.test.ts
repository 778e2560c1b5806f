import { describe, expect, it } from 'vitest';
import { hashModel } from '../canonical';
import { readModelJson, writeModelJson } from '../formats/json';
import { readXlsx, writeGussetWorkbook } from '../formats/xlsx';
import { AttributesSchema } from './common';
import { emptyModel, type Model } from './model';

/** Source fields named like JavaScript's internals: data, kept as they came, at the top and nested. */
const TRICKY = JSON.parse(
  '{"__proto__": {"a": 1}, "": {"__proto__": []}, "constructor": [{"__proto__": null}]}',
) as Model['attributes'];

function trickyModel(): Model {
  const model = emptyModel({ tool: 'etabs', version: '20' }, 'mm');
  model.attributes = TRICKY;
  return model;
}

describe('attribute bags', () => {
  it('are checked in place, so a __proto__ key stays a key', () => {
    const parsed = AttributesSchema.parse(TRICKY);
    expect(Object.keys(parsed)).toEqual(['__proto__', '', 'constructor']);
    expect(Object.keys(parsed[''] as object)).toEqual(['__proto__']);
    expect(Object.getPrototypeOf(parsed[''])).toBe(Object.prototype);
    expect(AttributesSchema.safeParse({ bad: Number.NaN }).success).toBe(false);
    expect(AttributesSchema.safeParse({ bad: new Date() }).success).toBe(false);
  });

  it('survive the Gusset workbook and canonical JSON round trips whole', async () => {
    const model = trickyModel();
    const { bytes } = await writeGussetWorkbook(model);
    const fromWorkbook = readXlsx(bytes).model;
    const fromJson = readModelJson(writeModelJson(model).bytes).model;
    for (const back of [fromWorkbook, fromJson]) {
      expect(hashModel(back)).toBe(hashModel(model));
      expect(Object.keys(back.attributes).sort()).toEqual(['', '__proto__', 'constructor']);
      expect(Object.keys(back.attributes[''] as object)).toEqual(['__proto__']);
    }
  });
});
