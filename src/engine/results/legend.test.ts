import { describe, expect, it } from 'vitest';
import { colourOf, NO_BAND, valueColours, valueLegend } from './legend';

describe('colouring members by a result', () => {
  it('centres a component of both signs on zero, so the sign never reads as a size', () => {
    const legend = valueLegend([-40, 10, 90]);
    expect(legend).toMatchObject({ kind: 'diverging', min: -90, max: 90 });
    expect(legend?.stops).toHaveLength(9);
    if (!legend) return;
    // −40 is on the blue side, 10 near the middle, 90 the deepest red.
    expect(colourOf(legend, -90)).toBe('#2166ac');
    expect(colourOf(legend, 90)).toBe('#b2182b');
    expect(colourOf(legend, 0)).toBe('#f7f7f7');
    expect(['#4393c3', '#92c5de']).toContain(colourOf(legend, -40));
  });

  it('spreads a component of one sign from its smallest to its largest magnitude', () => {
    const compression = valueLegend([-500, -100, -300]);
    expect(compression).toMatchObject({ kind: 'sequential', min: -500, max: -100 });
    if (!compression) return;
    // The largest compression is the darkest, as the largest tension would be.
    expect(colourOf(compression, -500)).toBe('#b10026');
    expect(colourOf(compression, -100)).toBe('#ffffb2');
    const tension = valueLegend([100, 500]);
    if (!tension) return;
    expect(colourOf(tension, 500)).toBe('#b10026');
  });

  it('colours only members with a value, and one value alone still gets a colour', () => {
    const { colouring, legend } = valueColours(['B1', 'B2', 'B3'], [5, Number.NaN, 5]);
    expect([...colouring.bands]).toEqual([0, NO_BAND, 0]);
    expect(legend).toMatchObject({ min: 5, max: 5 });
    expect(colouring.palette).toEqual(['#b10026']);
    expect(valueColours(['B1'], [-80]).colouring.palette).toEqual(['#b10026']);
    expect(valueColours(['B1'], [0]).colouring.palette).toEqual(['#ffffb2']);
    expect(valueColours(['B1'], [Number.NaN]).legend).toBeNull();
    // Bands index the palette: the two ends of a diverging ramp.
    const spread = valueColours(['A', 'B'], [-10, 10]).colouring;
    expect(spread.bands[0] === undefined ? '' : spread.palette[spread.bands[0]]).toBe('#2166ac');
    expect(spread.bands[1] === undefined ? '' : spread.palette[spread.bands[1]]).toBe('#b2182b');
  });
});
