import { readFileSync } from 'node:fs';
import { readE2k } from '../../src/engine/formats/etabs';
import { parseE2kBaseline } from '../baselines/e2kBaseline';
import { cachedBuilding } from '../generator/cache';
import { defineBenchmark } from '../harness';
import { e2kRecordsFromTokenizer } from '../tokenizerRecords';

export default defineBenchmark({
  name: 'parse .e2k',
  setup({ preset, seed, log }) {
    const building = cachedBuilding(preset, seed);
    log(building.generated ? `generated ${building.files.e2k}` : `cached ${building.files.e2k}`);
    const bytes = readFileSync(building.files.e2k);
    return {
      inputBytes: bytes.length,
      baseline: { name: 'split + regex', run: () => parseE2kBaseline(bytes) },
      cases: [
        { name: 'like-for-like: our tokenizer → same records', run: () => e2kRecordsFromTokenizer(bytes) },
        { name: 'full read: readE2k → canonical model', run: () => readE2k(bytes) },
      ],
      note: `${building.counts.elements} elements, ${(bytes.length / 1e6).toFixed(1)} MB. The baseline decodes, splits lines and builds one record per line (keyword, name, key/value fields). "like-for-like" builds the same records from our decoder and scanE2kTokens: that ratio compares tokenizers. "full read" is readE2k building the whole canonical model and its report, strictly more work than the baseline`,
    };
  },
});
