import fc from 'fast-check';
import { zipSync, unzipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Model } from '../../schema';
import { emptyModel } from '../../schema';
import { isParseError } from '../parseError';
import { readXlsx, writeGussetWorkbook } from '.';
import { propertyRuns } from '../../testing/propertyRuns';

/** Each run reads a 10 KB workbook: about 6 ms. */
const RUNS = propertyRuns(process.env['FC_NUM_RUNS'], { localRuns: 200, msPerRun: 6 });

function smallModel(): Model {
  const model = emptyModel({ tool: 'etabs' }, 'm');
  for (let index = 0; index < 4; index++) {
    model.nodes.push({
      id: `N${index}`,
      name: `${index}`,
      type: 'Node',
      x: index * 1000,
      y: 0,
      z: index % 2 ? 3000 : 0,
      source: { tool: 'etabs' },
      attributes: {},
    });
  }
  model.profiles.push({
    id: 'W14',
    name: 'W14X90',
    type: 'Profile',
    kind: 'frame',
    source: { tool: 'etabs' },
    attributes: {},
    section: { shape: 'rectangle', depth: 500, width: 300 },
  });
  model.elements.push({
    id: 'B1',
    name: 'B1',
    type: 'Beam',
    startNodeId: 'N0',
    endNodeId: 'N1',
    profileId: 'W14',
    source: { tool: 'etabs' },
    attributes: { note: 'x' },
  });
  return model;
}

/** A read either gives a model or a ParseError; anything else (TypeError, RangeError, a hang) is a bug. */
function readsSafely(bytes: Uint8Array): void {
  try {
    readXlsx(bytes);
  } catch (error) {
    if (!isParseError(error)) throw error;
  }
}

describe('mutated workbooks give a model or a ParseError, never a crash', () => {
  let workbook: Uint8Array;
  let parts: Record<string, Uint8Array>;
  beforeAll(async () => {
    workbook = (await writeGussetWorkbook(smallModel())).bytes;
    parts = unzipSync(workbook);
  });

  it('byte flips and truncation of the zip', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })), { minLength: 1, maxLength: 8 }),
        fc.option(fc.nat()),
        (flips, cut) => {
          const bytes = workbook.slice(0, cut === null ? workbook.length : cut % (workbook.length + 1));
          for (const [at, value] of flips) if (bytes.length > 0) bytes[at % bytes.length] = value;
          readsSafely(bytes);
        },
      ),
      { numRuns: RUNS },
    );
  }, 120_000);

  it('mutations inside the XML parts (re-zipped, so they reach the sheet reader)', () => {
    const names = Object.keys(parts).filter((name) => name.endsWith('.xml') || name.endsWith('.rels'));
    fc.assert(
      fc.property(
        fc.constantFrom(...names),
        fc.oneof(
          fc.tuple(fc.constant('flip' as const), fc.nat(), fc.integer({ min: 0, max: 255 })),
          fc.tuple(fc.constant('cut' as const), fc.nat(), fc.constant(0)),
          fc.tuple(
            fc.constant('insert' as const),
            fc.nat(),
            fc.constantFrom(...'<>&"/=#x0'.split('').map((c) => c.charCodeAt(0))),
          ),
          fc.tuple(fc.constant('drop' as const), fc.constant(0), fc.constant(0)),
        ),
        (name, [kind, at, value]) => {
          const part = parts[name] as Uint8Array;
          const copy: Record<string, Uint8Array> = { ...parts };
          if (kind === 'drop') delete copy[name];
          else if (kind === 'cut') copy[name] = part.slice(0, at % (part.length + 1));
          else if (kind === 'flip') {
            const changed = part.slice();
            changed[at % changed.length] = value;
            copy[name] = changed;
          } else {
            const where = at % (part.length + 1);
            copy[name] = new Uint8Array([...part.subarray(0, where), value, ...part.subarray(where)]);
          }
          // Stored, not deflated: re-compressing 2,000 times would be most of the run.
          readsSafely(zipSync(copy, { level: 0 }));
        },
      ),
      { numRuns: RUNS },
    );
  }, 120_000);

  it('the unmutated workbook still reads (the fuzz starts from a valid file)', () => {
    expect(readXlsx(workbook).model.elements).toHaveLength(1);
  });
});
