import { readFileSync } from 'node:fs';
import { readSap2000 } from '../../src/engine/formats/sap2000';
import { parseS2kBaseline } from '../baselines/s2kBaseline';
import { cachedBuilding } from '../generator/cache';
import { defineBenchmark } from '../harness';
import { s2kRecordsFromTokenizer } from '../tokenizerRecords';

export default defineBenchmark({
  name: 'parse .s2k',
  setup({ preset, seed, log }) {
    const building = cachedBuilding(preset, seed);
    log(building.generated ? `generated ${building.files.s2k}` : `cached ${building.files.s2k}`);
    const bytes = readFileSync(building.files.s2k);
    return {
      inputBytes: bytes.length,
      baseline: { name: 'split + regex', run: () => parseS2kBaseline(bytes) },
      cases: [
        { name: 'like-for-like: our tokenizer → same records', run: () => s2kRecordsFromTokenizer(bytes) },
        { name: 'full read: readSap2000 → canonical model', run: () => readSap2000(bytes) },
      ],
      note: `${building.counts.elements} elements, ${(bytes.length / 1e6).toFixed(1)} MB. The baseline decodes, splits lines, joins " _" continuations and builds one Field → value record per table row. "like-for-like" builds the same records from our decoder and parseCsiTables: that ratio compares tokenizers. "full read" is readSap2000 building the whole canonical model and its report, strictly more work than the baseline`,
    };
  },
});
