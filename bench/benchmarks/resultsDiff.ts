import { diffResults, TextColumnBuilder, type ResultTable } from '../../src/engine/results';
import { NOMINAL_ELEMENTS } from '../../src/engine/testing/presets';
import { defineBenchmark } from '../harness';

const CASES = 10;
const STATIONS = 3;
const STORIES = 40;

/** Member forces of `members` members × 10 cases × 3 stations, M3 only; `revision` changes one member in 20 by 25 %. */
function memberForces(members: number, seed: number, revision: boolean): ResultTable {
  const rows = members * CASES * STATIONS;
  const element = new TextColumnBuilder(rows);
  const story = new TextColumnBuilder(rows);
  const outputCase = new TextColumnBuilder(rows);
  const m3 = new Float64Array(rows);
  let state = seed >>> 0;
  const random = () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
  let row = 0;
  for (let member = 0; member < members; member++) {
    const factor = revision && member % 20 === 0 ? 1.25 : 1;
    for (let caseIndex = 0; caseIndex < CASES; caseIndex++) {
      for (let station = 0; station < STATIONS; station++) {
        element.set(row, `B${Math.floor(member / STORIES)}`);
        story.set(row, `Story${member % STORIES}`);
        outputCase.set(row, `COMB${caseIndex + 1}`);
        m3[row] = (random() * 800 - 400) * 1000 * factor;
        row++;
      }
    }
  }
  return {
    kind: 'frameForces',
    sources: ['ELEMENT FORCES - BEAMS'],
    rowCount: rows,
    text: { element: element.build(), story: story.build(), case: outputCase.build() },
    numbers: { m3 },
  };
}

/** What a script would do: one record per row, a map from member and case to the extreme, then compare. */
function naiveDiff(before: ResultTable, after: ResultTable, threshold: number): number {
  const extremes = (table: ResultTable) => {
    const map = new Map<string, number>();
    const { element, story, case: outputCase } = table.text;
    for (let row = 0; row < table.rowCount; row++) {
      const record = {
        member: `${element?.values[(element.codes[row] as number) - 1]}@${story?.values[(story.codes[row] as number) - 1]}`,
        case: outputCase?.values[(outputCase.codes[row] as number) - 1],
        m3: table.numbers.m3?.[row] as number,
      };
      const key = `${record.member}|${record.case}`;
      const current = map.get(key);
      if (current === undefined || Math.abs(record.m3) > Math.abs(current)) map.set(key, record.m3);
    }
    return map;
  };
  const old = extremes(before);
  const next = extremes(after);
  let changed = 0;
  for (const [key, was] of old) {
    const now = next.get(key);
    if (now !== undefined && Math.abs(now - was) / Math.abs(was) >= threshold / 100) changed++;
  }
  return changed;
}

export default defineBenchmark({
  name: 'results diff',
  setup({ preset, seed, log }) {
    const members = Math.max(100, NOMINAL_ELEMENTS[preset] / 10);
    const before = memberForces(members, seed, false);
    const after = memberForces(members, seed, true);
    log(`${members.toLocaleString('en-US')} members × ${CASES} cases × ${STATIONS} stations a side`);
    let listed = 0;
    return {
      baseline: { name: 'one record per row, Map by member|case', run: () => naiveDiff(before, after, 10) },
      cases: [
        {
          name: 'diffResults (M3, 10 %)',
          run: () => {
            const diff = diffResults(before, after, 'm3', { thresholdPercent: 10 });
            listed = diff.changes.length;
            return diff;
          },
        },
      ],
      note: () =>
        `${members.toLocaleString('en-US')} members (1m preset: 100k) × ${CASES} cases × ${STATIONS} stations, M3; the revision scales one member in 20 by 1.25 (${listed.toLocaleString('en-US')} member-case changes listed). Times exclude reading the files.`,
    };
  },
});
