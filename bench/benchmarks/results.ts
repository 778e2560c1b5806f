import { readResults, readResultsText, resultTable, tableBytes } from '../../src/engine/results';
import { NOMINAL_ELEMENTS } from '../../src/engine/testing/presets';
import { parseResultsBaseline } from '../baselines/resultsBaseline';
import { defineBenchmark } from '../harness';

const STATIONS = 5;
const CASES = ['DEAD', 'LIVE', '1.2D+1.6L', 'ENV'];

/**
 * A SAP2000 results export of `rows` member-force rows: frames × 5 stations × 4 cases (the envelope with its Max
 * step), in kN and m, as SAP writes it.
 */
function resultsText(rows: number, seed: number): string {
  const frames = Math.max(1, Math.round(rows / (STATIONS * CASES.length)));
  const lines = [
    'TABLE:  "PROGRAM CONTROL"',
    '   ProgramName=SAP2000   Version=25.3.1   CurrUnits="KN, m, C"',
    '',
    'TABLE:  "ELEMENT FORCES - FRAMES"',
  ];
  let state = seed >>> 0;
  const random = () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
  const value = () => (random() * 400 - 200).toFixed(4);
  for (let frame = 1; frame <= frames; frame++) {
    for (const outputCase of CASES) {
      const caseText = outputCase.includes('+') ? `"${outputCase}"` : outputCase;
      const type = outputCase === 'DEAD' || outputCase === 'LIVE' ? 'LinStatic' : 'Combination';
      const step = outputCase === 'ENV' ? '   StepType=Max' : '';
      for (let station = 0; station < STATIONS; station++) {
        lines.push(
          `   Frame=${frame}   Station=${(station * 1.5).toFixed(2)}   OutputCase=${caseText}   CaseType=${type}${step}   P=${value()}   V2=${value()}   V3=${value()}   T=${value()}   M2=${value()}   M3=${value()}   FrameElem=${frame}-1   ElemStation=${(station * 1.5).toFixed(2)}`,
        );
      }
    }
  }
  lines.push('', 'END TABLE DATA', '');
  return lines.join('\r\n');
}

/** The same rows as ETABS writes them to CSV (Export tables to CSV): names, a units row, comma-separated values. */
function resultsCsv(rows: number, seed: number): string {
  const frames = Math.max(1, Math.round(rows / (STATIONS * CASES.length)));
  const lines = [
    'TABLE:  "Program Control"',
    'ProgramName,Version,CurrUnits',
    'ETABS,21.0.0,"KN, m, C"',
    '',
    'TABLE:  "Element Forces - Beams"',
    'Story,Beam,Unique Name,Output Case,Case Type,Step Type,Station,P,V2,V3,T,M2,M3,Element,Elem Station',
    ',,,,,,m,kN,kN,kN,kN-m,kN-m,kN-m,,m',
  ];
  let state = seed >>> 0;
  const random = () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
  const value = () => (random() * 400 - 200).toFixed(4);
  for (let frame = 1; frame <= frames; frame++) {
    for (const outputCase of CASES) {
      const type = outputCase === 'DEAD' || outputCase === 'LIVE' ? 'Linear Static' : 'Combination';
      const step = outputCase === 'ENV' ? 'Max' : '';
      for (let station = 0; station < STATIONS; station++) {
        const at = (station * 1.5).toFixed(2);
        lines.push(
          `Story${frame % 40},B${frame},${frame + 100},${outputCase},${type},${step},${at},${value()},${value()},${value()},${value()},${value()},${value()},B${frame}-1,${at}`,
        );
      }
    }
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
