import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { propertyRuns } from '../../testing/propertyRuns';
import { parseNumberRange } from './numberRange';

const numRuns = propertyRuns(process.env['FC_NUM_RUNS'], { localRuns: 500, msPerRun: 0.05 });

/** Every way a CSI program or a spreadsheet writes a double. */
const written = fc
  .tuple(
    fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e30, max: 1e30 }),
    fc.constantFrom('string', 'fixed', 'precision', 'exponential'),
    fc.integer({ min: 0, max: 15 }),
  )
  .map(([value, style, digits]) => {
    switch (style) {
      case 'fixed':
        return Math.abs(value) < 1e21 ? value.toFixed(digits) : String(value);
      case 'precision':
        return value.toPrecision(digits + 1);
      case 'exponential':
        return value.toExponential(digits).toUpperCase();
      default:
        return String(value);
    }
  });

describe('parseNumberRange', () => {
  it('gives exactly the double Number() gives, for every way a number is written', () => {
    fc.assert(
      fc.property(written, fc.string({ unit: fc.constantFrom(' ', '\t') }), (text, padding) => {
        const framed = `Field=${padding}${text}${padding}   Next=1`;
        const start = 'Field='.length;
        const parsed = parseNumberRange(framed, start, start + padding.length * 2 + text.length);
        expect(Object.is(parsed, Number(text)), `${text} → ${String(parsed)}`).toBe(true);
      }),
      { numRuns },
    );
  });

  it('reads the forms CSI files hold, and refuses what is not a number', () => {
    const read = (text: string) => parseNumberRange(text, 0, text.length);
    expect(read('-1.234E-03')).toBe(-0.001234);
    expect(read('.5')).toBe(0.5);
    expect(read('+7.')).toBe(7);
    expect(read('0.000000000000000000000000123')).toBe(1.23e-25);
    expect(read('12345678901234567890')).toBe(Number('12345678901234567890'));
    expect(read('1,5')).toBe(1.5);
    expect(read('-12/375')).toBe(-12.375);
    expect(Object.is(read('-0'), -0)).toBe(true);
    expect(read('   ')).toBeNaN();
    for (const bad of ['n/a', '0x10', '0b1', 'Infinity', '-', '.', '1e', '1e5x', '1.2.3', '1,5,6', '1/2/3']) {
      expect(read(bad), bad).toBeUndefined();
    }
  });
});
