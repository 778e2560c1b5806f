import type { ResultsTableSummaryWire } from '../../../contract/http/results';
import { isParseError } from '../../../engine/formats/parseError';
import {
  encodeResults,
  matchResults,
  outputCases,
  readResults,
  RESULT_TABLES,
  withTargets,
  type ResultSet,
  type ResultsMatch,
} from '../../../engine/results/index';
import { parseCsiUnits, UnknownUnitError } from '../../../engine/units';
import { serveTask } from '../../jobs/workerTask';
import { rebuildModel } from '../versions/manifest';
import type { ResultsAnswer, ResultsRequest } from './resultsProtocol';

/**
 * The CPU-heavy half of storing results, off the server's event loop: read the file (a million rows take
 * seconds), match its rows to the version's members, joints and stories, and encode the column store.
 */

function tableSummaries(set: ResultSet, match: ResultsMatch): ResultsTableSummaryWire[] {
  return set.tables.map((table) => {
    const spec = RESULT_TABLES.find((candidate) => candidate.kind === table.kind);
    const tableMatch = match.tables.find((candidate) => candidate.kind === table.kind);
    const components = (spec?.components ?? []).flatMap((component) => {
      const field = spec?.fields.find((candidate) => candidate.name === component);
      return table.numbers[component] && field && field.type !== 'text'
        ? [{ component, quantity: field.type }]
        : [];
    });
    return {
      kind: table.kind,
      title: spec?.title ?? table.kind,
      sources: [...table.sources],
      rows: table.rowCount,
      cases: outputCases(table),
      components,
      matched: tableMatch?.matched ?? 0,
      unmatched: tableMatch?.unmatched.length ?? 0,
      membersWithoutResults: tableMatch?.membersWithoutResults ?? 0,
    };
  });
}

function storeResults(request: ResultsRequest): ResultsAnswer {
  let set: ResultSet;
  try {
    const units = request.units === undefined ? undefined : parseCsiUnits(request.units);
    set = readResults(request.bytes, units === undefined ? {} : { units });
  } catch (error) {
    if (isParseError(error) || error instanceof UnknownUnitError) {
      return { kind: 'unreadable', message: error.message };
    }
    throw error;
  }
  const bodies = new Map<string, string>();
  for (let index = 0; index < request.hashes.length; index++) {
    bodies.set(request.hashes[index] as string, request.bodies[index] as string);
  }
  const model = rebuildModel(request.manifest, bodies);
  const match = matchResults(set, model);
  const items = [...set.items, ...match.items];
  const stored: ResultSet = { ...withTargets(set, match, model), items };
  return {
    kind: 'read',
    encoded: encodeResults(stored),
    ...(set.program === undefined ? {} : { program: set.program }),
    tables: tableSummaries(set, match),
    items,
  };
}

// The encoded bytes are the answer's bulk: moved to the main thread, not copied.
serveTask(storeResults, (answer) =>
  answer.kind === 'read' && answer.encoded.byteLength === answer.encoded.buffer.byteLength
    ? [answer.encoded.buffer as ArrayBuffer]
    : [],
);
