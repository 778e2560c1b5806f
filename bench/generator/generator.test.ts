import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { hashModel } from '../../src/engine/canonical';
import { readE2k } from '../../src/engine/formats/etabs';
import { countModel } from '../../src/engine/formats/report';
import { ModelSchema } from '../../src/engine/schema';
import { generateBuilding } from '../../src/engine/testing/building';
import { writeBuildingFiles } from './output';
import type { PresetName } from '../../src/engine/testing/presets';
import {
  DEFAULT_SEED,
  expectedCounts,
  NOMINAL_ELEMENTS,
  PRESETS,
  presetParameters,
} from '../../src/engine/testing/presets';

const scratch = mkdtempSync(join(tmpdir(), 'gusset-generator-test-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function filesOf(preset: PresetName, seed: number, folder: string): Record<'json' | 'e2k' | 's2k', Buffer> {
  const files = writeBuildingFiles(
    generateBuilding(presetParameters(preset, seed)),
    join(scratch, folder),
    'b',
  );
  return { json: readFileSync(files.json), e2k: readFileSync(files.e2k), s2k: readFileSync(files.s2k) };
}

describe('the synthetic building generator', () => {
  it('writes identical bytes for the same seed, and different ones for another seed', () => {
    const first = filesOf('1k', 7, 'first');
    const again = filesOf('1k', 7, 'again');
    const other = filesOf('1k', 8, 'other');
    for (const format of ['json', 'e2k', 's2k'] as const) {
      expect(first[format].length, format).toBeGreaterThan(10_000);
      expect(first[format].equals(again[format]), format).toBe(true);
      expect(first[format].equals(other[format]), format).toBe(false);
    }
  });

  it.each(['1k', '10k', '100k'] as const)(
    'builds the %s preset with the counts its layout gives',
    (preset) => {
      const model = generateBuilding(presetParameters(preset));
      const expected = expectedCounts(PRESETS[preset]);
      const counts = countModel(model);
      expect({
        levels: counts.levels,
        grids: counts.grids,
        nodes: counts.nodes,
        columns: counts.columns,
        beams: counts.beams,
        braces: counts.braces,
        floors: counts.floors,
        walls: counts.walls,
        elements: model.elements.length,
        restraints: counts.restraints,
        pointLoads: counts.pointLoads,
        linearLoads: counts.linearLoads,
        areaLoads: counts.areaLoads,
      }).toEqual(expected);
      expect(counts.releases).toBeGreaterThanOrEqual(counts.braces);
      expect(Math.abs(expected.elements / NOMINAL_ELEMENTS[preset] - 1)).toBeLessThan(0.1);
    },
  );

  it('sizes the 1M preset at about a million elements', () => {
    const expected = expectedCounts(PRESETS['1m']);
    expect(Math.abs(expected.elements / NOMINAL_ELEMENTS['1m'] - 1)).toBeLessThan(0.05);
  });

  it('produces valid canonical models', () => {
    for (const preset of ['1k', '10k'] as const) {
      const parsed = ModelSchema.safeParse(generateBuilding(presetParameters(preset)));
      expect(parsed.success, parsed.error?.message).toBe(true);
    }
  });

  it('reads back from its .e2k hash-equal to the generated model', () => {
    const model = generateBuilding(presetParameters('1k', DEFAULT_SEED));
    const { e2k } = filesOf('1k', DEFAULT_SEED, 'roundtrip');
    const { model: read, report } = readE2k(e2k);
    expect(report.items).toEqual([]);
    // The reader keeps the file's own layout under attributes.etabs for the writer; the rest must match.
    expect(hashModel({ ...read, attributes: {} })).toBe(hashModel(model));
  });
});
