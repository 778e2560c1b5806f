import { afterAll, describe, expect, it } from 'vitest';
import { compareModels, explainDifferences, type FidelityDifference } from '../src/engine/fidelity';
import { translatorById, translatorForFile } from '../src/engine/formats/registry';
import type { FileTranslator } from '../src/engine/formats/types';
import type { Model } from '../src/engine/schema';
import {
  FIXTURES_SKIP_NOTE,
  fixturesPresent,
  listFixtures,
  readFixture,
} from '../src/engine/testing/fixtures';

/**
 * No silent loss (issue #20): every fixture × every writer. For each pair, read(original) and
 * read(write(read(original))) go through the fidelity oracle, and every difference it finds must be explained by
 * an item of the write report or of the read-back report that names the same concept and object. A difference no
 * report names is a silent loss: the pair fails and prints what was lost.
 */

const WRITERS = ['e2k', 's2k', 'ifc', 'cis2', 'xlsx', 'json'] as const;
type WriterId = (typeof WRITERS)[number];

/** Fixture files that are not structural models Gusset reads (each has its own test that says so). */
const NOT_MODELS = new Set([
  'EtabsModeling__Input_Data_V02.xlsx', // ETABS generator input tables: refused with a ParseError naming the kinds
  'EtabsModeling__PLan_View_V02.dxf', // a drawing: DXF is written, not read
  'STKOPlugIns__STKO_IMPORT_40_Story_Rc_Core_Wall_Bldng_e4.3.txt', // STKO's own text, no translator
]);

interface Fixture {
  kind: string;
  name: string;
}

const FIXTURES: Fixture[] = ['e2k', 's2k', 'ifc', 'other'].flatMap((kind) =>
  listFixtures(kind)
    .filter((name) => !NOT_MODELS.has(name))
    .map((name) => ({ kind, name })),
);

interface Cell {
  explained: number;
  unexplained: number;
}
const table = new Map<string, Map<WriterId, Cell>>();

/** The unexplained differences by concept, subject and field, with a few messages: what a failure prints. */
function summarize(differences: readonly FidelityDifference[]): string {
  const groups = new Map<string, { count: number; messages: string[] }>();
  for (const difference of differences) {
    const key = `${difference.concept} · ${difference.subject} · ${difference.change}${difference.field ? ` · ${difference.field}` : ''}`;
    const group = groups.get(key) ?? { count: 0, messages: [] };
    group.count++;
    if (group.messages.length < 3) group.messages.push(difference.message);
    groups.set(key, group);
  }
  return [...groups]
    .sort((a, b) => b[1].count - a[1].count)
    .map(([key, group]) => `${group.count}× ${key}\n    ${group.messages.join('\n    ')}`)
    .join('\n');
}

async function readOriginal(fixture: Fixture): Promise<Model> {
  const bytes = readFixture(fixture.kind, fixture.name);
  const translator = translatorForFile(fixture.name, bytes.subarray(0, 64 * 1024));
  if (!translator) throw new Error(`no translator reads ${fixture.name}`);
  return (await translator.read(bytes)).model;
}

function writerOf(id: WriterId): FileTranslator {
  const translator = translatorById(id);
  if (!translator) throw new Error(`no writer ${id}`);
  return translator;
}

describe(`fidelity matrix: every fixture × every writer${FIXTURES_SKIP_NOTE}`, () => {
  it.runIf(fixturesPresent)('covers every model fixture', () => {
    expect(FIXTURES.length).toBeGreaterThanOrEqual(29);
  });

  for (const fixture of FIXTURES) {
    describe(fixture.name, () => {
      let original: Promise<Model> | undefined;
      for (const writerId of WRITERS) {
        it(`→ ${writerId}: every difference is in a report`, async () => {
          original ??= readOriginal(fixture);
          const before = await original;
          const writer = writerOf(writerId);
          const written = await writer.write(before);
          const readBack = await writer.read(written.bytes);
          const { differences } = compareModels(before, readBack.model);
          const { explained, unexplained } = explainDifferences(differences, [
            ...written.report.items,
            ...readBack.report.items,
          ]);
          const row = table.get(fixture.name) ?? new Map<WriterId, Cell>();
          row.set(writerId, { explained: explained.length, unexplained: unexplained.length });
          table.set(fixture.name, row);

          expect(
            unexplained.length,
            `${fixture.name} → ${writerId}: differences no report explains:\n${summarize(unexplained)}`,
          ).toBe(0);
        });
      }
    });
  }

  afterAll(() => {
    if (table.size === 0) return;
    const header = `| file | ${WRITERS.join(' | ')} |`;
    const rows = [...table].map(
      ([name, row]) =>
        `| ${name} | ${WRITERS.map((id) => {
          const cell = row.get(id);
          return cell ? `${cell.explained} / ${cell.unexplained}` : '–';
        }).join(' | ')} |`,
    );
    // The note's table: explained / unexplained differences per pair.
    process.stdout.write(`${[header, `|${' --- |'.repeat(WRITERS.length + 1)}`, ...rows].join('\n')}\n`);
  });
});
