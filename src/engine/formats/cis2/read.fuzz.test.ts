import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { generateBuilding } from '../../testing/building';
import { hashModel } from '../../canonical';
import { ParseError } from '../parseError';
import { readCis2 } from './read';
import { writeCis2 } from './write';
import { propertyRuns } from '../../testing/propertyRuns';

const RUNS = propertyRuns(process.env['FC_NUM_RUNS'], { localRuns: 200, msPerRun: 5 });

/**
 * Mutated synthetic CIS/2 files (written by our writer from a small generated building) must give a model or a
 * ParseError with a line, never another exception or a hang: the reader follows references, units and lists that
 * a damaged file can point anywhere.
 */
const small = generateBuilding({
  storeys: 1,
  baysX: 1,
  baysY: 1,
  braceEvery: 1,
  coreBaysX: 0,
  coreBaysY: 0,
  seed: 7,
});
const base = new TextDecoder().decode(writeCis2(small, { timeStamp: '2025-01-01T00:00:00' }).bytes);

function attempt(text: string): void {
  try {
    const { model } = readCis2(Uint8Array.from(text, (char) => char.charCodeAt(0) & 0xff));
    expect(typeof hashModel(model)).toBe('string');
  } catch (error) {
    if (!(error instanceof ParseError)) throw error;
    expect(error.line).toBeGreaterThanOrEqual(0);
  }
}

describe('CIS/2 reader on mutated synthetic files', () => {
  it('reads the synthetic file it mutates', () => {
    expect(
      readCis2(Uint8Array.from(base, (char) => char.charCodeAt(0))).model.elements.length,
    ).toBeGreaterThan(0);
  });

  it('gives a model or a ParseError for byte-level edits', () => {
    const mutation = fc.record({
      at: fc.nat({ max: base.length }),
      remove: fc.nat({ max: 16 }),
      insert: fc.string({
        maxLength: 6,
        unit: fc.constantFrom(
          "'",
          '#',
          '(',
          ')',
          ',',
          ';',
          '$',
          '*',
          '.',
          '1',
          '9',
          'E',
          '-',
          '\\',
          '/',
          '\n',
          'X',
          '=',
        ),
      }),
    });
    fc.assert(
      fc.property(fc.array(mutation, { minLength: 1, maxLength: 4 }), (mutations) => {
        let text = base;
        for (const { at, remove, insert } of mutations) {
          const position = Math.min(at, text.length);
          text = text.slice(0, position) + insert + text.slice(position + remove);
        }
        attempt(text);
      }),
      { numRuns: RUNS },
    );
  });

  it('gives a model or a ParseError when references are redirected anywhere', () => {
    const references = [...base.matchAll(/#(\d+)(?!=)/g)].map((match) => match.index);
    fc.assert(
      fc.property(
        fc.array(fc.record({ which: fc.nat({ max: references.length - 1 }), to: fc.nat({ max: 400 }) }), {
          minLength: 1,
          maxLength: 6,
        }),
        (redirects) => {
          let text = base;
          for (const { which, to } of redirects) {
            const at = references[which] as number;
            const end = text.indexOf(/[,)]/.exec(text.slice(at))?.[0] ?? ')', at);
            text = `${text.slice(0, at)}#${to}${text.slice(end)}`;
          }
          attempt(text);
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('gives a ParseError for every truncation', () => {
    fc.assert(
      fc.property(fc.nat({ max: base.length - 20 }), (length) => {
        expect(() => readCis2(Uint8Array.from(base.slice(0, length), (char) => char.charCodeAt(0)))).toThrow(
          ParseError,
        );
      }),
      { numRuns: Math.min(RUNS, 500) },
    );
  });
});
