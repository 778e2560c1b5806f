import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ModelSchema } from '../../schema';
import { fixturesPresent, readFixture } from '../../testing/fixtures';
import { ParseError } from '../parseError';
import { readIfc } from './read';
import { smallIfcBytes } from './readTestFile';
import { propertyRuns } from '../../testing/propertyRuns';

/** Each run reads a 1–15 KB file: up to about 11 ms (deleted lines, swapped references). */
const RUNS = propertyRuns(process.env['FC_NUM_RUNS'], { localRuns: 100, msPerRun: 11 });

/** The seeds: the hand-written file always, and the small real analysis exports when the fixtures are there. */
const SEEDS: Uint8Array[] = [
  smallIfcBytes(),
  ...(fixturesPresent
    ? ['ifc2ca__beam_01.ifc', 'ifc2ca__portal_01.ifc'].map((name) => readFixture('ifc', name))
    : []),
];

/**
 * P1 of the security notes: whatever the bytes, the reader either gives a model that passes the canonical schema
 * (with its problems in the report) or rejects with ParseError — never another exception, never a hang (the test
 * timeout bounds each property). web-ifc parses in WebAssembly and may throw plain errors or return garbage.
 */
async function readsOrRefuses(bytes: Uint8Array): Promise<void> {
  try {
    const { model } = await readIfc(bytes);
    const checked = ModelSchema.safeParse(model);
    expect(checked.success).toBe(true);
  } catch (error) {
    if (!(error instanceof ParseError)) throw error;
  }
}

const text = (bytes: Uint8Array): string => new TextDecoder('latin1').decode(bytes);
const encode = (value: string): Uint8Array => new TextEncoder().encode(value);

const seed = fc.integer({ min: 0, max: SEEDS.length - 1 }).map((index) => SEEDS[index] as Uint8Array);

describe('IFC reader under mutation', () => {
  it('survives truncation anywhere', async () => {
    await fc.assert(
      fc.asyncProperty(seed, fc.double({ min: 0, max: 1, noNaN: true }), async (bytes, cut) => {
        await readsOrRefuses(bytes.subarray(0, Math.floor(bytes.length * cut)));
      }),
      { numRuns: RUNS },
    );
  }, 600_000);

  it('survives flipped bytes', async () => {
    await fc.assert(
      fc.asyncProperty(
        seed,
        fc.array(fc.tuple(fc.double({ min: 0, max: 1, noNaN: true }), fc.integer({ min: 0, max: 255 })), {
          minLength: 1,
          maxLength: 8,
        }),
        async (bytes, flips) => {
          const copy = bytes.slice();
          for (const [at, value] of flips) copy[Math.floor(at * (copy.length - 1))] = value;
          await readsOrRefuses(copy);
        },
      ),
      { numRuns: RUNS },
    );
  }, 600_000);

  it('survives deleted lines', async () => {
    await fc.assert(
      fc.asyncProperty(seed, fc.array(fc.nat(), { minLength: 1, maxLength: 6 }), async (bytes, deletions) => {
        const lines = text(bytes).split('\n');
        for (const line of deletions) lines.splice(line % lines.length, 1);
        await readsOrRefuses(encode(lines.join('\n')));
      }),
      { numRuns: RUNS },
    );
  }, 600_000);

  it('survives swapped and dangling references', async () => {
    await fc.assert(
      fc.asyncProperty(
        seed,
        fc.array(
          fc.tuple(fc.nat(), fc.oneof(fc.nat({ max: 400 }), fc.constant(2 ** 31), fc.constant(999999))),
          {
            minLength: 1,
            maxLength: 6,
          },
        ),
        async (bytes, swaps) => {
          let source = text(bytes);
          const references = [...source.matchAll(/#\d+/g)];
          for (const [pick, target] of swaps) {
            const match = references[pick % Math.max(1, references.length)];
            if (!match || match.index === undefined) continue;
            source = `${source.slice(0, match.index)}#${target}${source.slice(match.index + match[0].length)}`;
          }
          await readsOrRefuses(encode(source));
        },
      ),
      { numRuns: RUNS },
    );
  }, 600_000);
});
