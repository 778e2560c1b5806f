import { readResults, readResultsText, resultTable, tableBytes } from '../../src/engine/results';
import { NOMINAL_ELEMENTS } from '../../src/engine/testing/presets';
import { parseResultsBaseline } from '../baselines/resultsBaseline';
import { defineBenchmark } from '../harness';

const STATIONS = 5;
const CASES = ['DEAD', 'LIVE', '1.2D+1.6L', 'ENV'];

/** One member-force row of the benchmark's building: frame, case, station (m) and six values (kN, kN·m). */
interface ForceRow {
  readonly frame: number;
  readonly outputCase: string;
  readonly station: string;
  readonly values: readonly string[];
}

/** `rows` member-force rows: frames × 5 stations × 4 cases (the envelope with its Max step), seeded. */
function* forceRows(rows: number, seed: number): Generator<ForceRow> {
  const frames = Math.max(1, Math.round(rows / (STATIONS * CASES.length)));
  let state = seed >>> 0;
  const random = () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
  for (let frame = 1; frame <= frames; frame++) {
    for (const outputCase of CASES) {
      for (let station = 0; station < STATIONS; station++) {
        const values = Array.from({ length: 6 }, () => (random() * 400 - 200).toFixed(4));
        yield { frame, outputCase, station: (station * 1.5).toFixed(2), values };
      }
    }
  }
}

const isStatic = (outputCase: string) => outputCase === 'DEAD' || outputCase === 'LIVE';

/** The rows as SAP2000 exports them to text, in kN and m. */
function resultsText(rows: number, seed: number): string {
  const lines = [
    'TABLE:  "PROGRAM CONTROL"',
    '   ProgramName=SAP2000   Version=25.3.1   CurrUnits="KN, m, C"',
    '',
    'TABLE:  "ELEMENT FORCES - FRAMES"',
  ];
  for (const { frame, outputCase, station, values } of forceRows(rows, seed)) {
    const caseText = outputCase.includes('+') ? `"${outputCase}"` : outputCase;
    const type = isStatic(outputCase) ? 'LinStatic' : 'Combination';
    const step = outputCase === 'ENV' ? '   StepType=Max' : '';
    const [p, v2, v3, t, m2, m3] = values;
    lines.push(
      `   Frame=${frame}   Station=${station}   OutputCase=${caseText}   CaseType=${type}${step}   P=${p}   V2=${v2}   V3=${v3}   T=${t}   M2=${m2}   M3=${m3}   FrameElem=${frame}-1   ElemStation=${station}`,
    );
  }
  lines.push('', 'END TABLE DATA', '');
  return lines.join('\r\n');
}

/** The same rows as ETABS writes them to CSV (Export tables to CSV): names, a units row, comma-separated values. */
function resultsCsv(rows: number, seed: number): string {
  const lines = [
    'TABLE:  "Program Control"',
    'ProgramName,Version,CurrUnits',
    'ETABS,21.0.0,"KN, m, C"',
    '',
    'TABLE:  "Element Forces - Beams"',
    'Story,Beam,Unique Name,Output Case,Case Type,Step Type,Station,P,V2,V3,T,M2,M3,Element,Elem Station',
    ',,,,,,m,kN,kN,kN,kN-m,kN-m,kN-m,,m',
  ];
  for (const { frame, outputCase, station, values } of forceRows(rows, seed)) {
    const type = isStatic(outputCase) ? 'Linear Static' : 'Combination';
    const step = outputCase === 'ENV' ? 'Max' : '';
    lines.push(
      `Story${frame % 40},B${frame},${frame + 100},${outputCase},${type},${step},${station},${values.join(',')},B${frame}-1,${station}`,
    );
  }
  return lines.join('\r\n');
}

export default defineBenchmark({
  name: 'results',
  setup({ preset, seed, log }) {
    const rows = NOMINAL_ELEMENTS[preset];
    const text = resultsText(rows, seed);
    const csv = new TextEncoder().encode(resultsCsv(rows, seed));
    log(`${rows.toLocaleString('en-US')} member-force rows, ${(text.length / 1e6).toFixed(0)} MB of text`);
    let held = '';
    return {
      inputBytes: text.length,
      baseline: { name: 'split + regex → one object per row', run: () => parseResultsBaseline(text) },
      cases: [
        {
          name: 'readResultsText → column store',
          run: () => {
            const set = readResultsText(text);
            const forces = resultTable(set, 'frameForces');
            if (forces) {
              held = `${forces.rowCount.toLocaleString('en-US')} rows held in ${(tableBytes(forces) / 1e6).toFixed(1)} MB of typed arrays (${(tableBytes(forces) / forces.rowCount).toFixed(0)} bytes a row)`;
            }
            return set;
          },
        },
        { name: 'readResults (the same rows as CSV)', run: () => readResults(csv) },
      ],
      note: () =>
        `SAP2000 Element Forces - Frames in kN and m: frames × 5 stations × 4 cases, 14 fields a row (and the same rows as an ETABS CSV export, 15 fields). The baseline splits lines and builds one record per row with its numbers parsed (no units, no column store). ${held}`,
    };
  },
});
