import { describe, expect, it } from 'vitest';
import { declutter, labelCorners, type LabelCamera } from './labels';

/** Looking down −Z from 10 m up, screen right +X, screen up +Y. */
const fromAbove = (orthographic: boolean, mmPerPixel: number): LabelCamera => ({
  position: [0, 0, 10_000],
  right: [1, 0, 0],
  up: [0, 1, 0],
  forward: [0, 0, -1],
  orthographic,
  mmPerPixel,
  pixelRatio: 1,
});

function quad(
  anchor: [number, number, number],
  camera: LabelCamera,
  align: 'centre' | 'end' = 'centre',
  bubble = true,
) {
  const out = new Float32Array(12);
  labelCorners(anchor, { heightPx: 20, align, bubble }, camera, out, 0);
  const xs = [out[0], out[3], out[6], out[9]] as number[];
  const ys = [out[1], out[4], out[7], out[10]] as number[];
  return { width: Math.max(...xs) - Math.min(...xs), height: Math.max(...ys) - Math.min(...ys), xs, ys, out };
}

describe('labelCorners', () => {
  it('keeps a label the same height on screen at any orthographic zoom', () => {
    // 5 mm a pixel, then 50: the quad is 100 mm tall, then 1 m; 20 px either way.
    expect(quad([0, 0, 0], fromAbove(true, 5)).height).toBeCloseTo(100, 3);
    expect(quad([0, 0, 0], fromAbove(true, 50)).height).toBeCloseTo(1000, 3);
    expect(quad([0, 0, 0], fromAbove(true, 5)).width).toBeCloseTo(400, 3);
    // A name is twice as wide as a bubble for the same height.
    expect(quad([0, 0, 0], fromAbove(true, 5), 'centre', false).width).toBeCloseTo(800, 3);
  });

  it('grows with depth in perspective, so a far bubble reads as large as a near one', () => {
    const near = quad([0, 0, 9000], fromAbove(false, 0.001));
    const far = quad([0, 0, 0], fromAbove(false, 0.001));
    expect(near.height).toBeCloseTo(1000 * 0.001 * 20, 3);
    expect(far.height).toBeCloseTo(10_000 * 0.001 * 20, 3);
  });

  it('faces the camera, ends at its anchor when aligned to the end, and collapses behind the camera', () => {
    const side: LabelCamera = { ...fromAbove(true, 1), right: [0, 1, 0], up: [0, 0, 1], forward: [-1, 0, 0] };
    const { out } = quad([0, 0, 0], side);
    // Spread along Y and Z, flat in X: square to the line of sight.
    for (let corner = 0; corner < 4; corner++) expect(out[corner * 3]).toBe(0);
    const end = quad([1000, 0, 0], fromAbove(true, 1), 'end');
    expect(Math.max(...end.xs)).toBeCloseTo(1000, 3);
    const behind = quad([0, 0, 20_000], fromAbove(false, 0.001));
    expect(behind.width).toBe(0);
  });
});

describe('declutter', () => {
  it('keeps the first of two labels that would overlap on screen, and both once zoomed in enough', () => {
    // Two level names 1 m apart, 20 px tall: at 100 mm a pixel they are 10 px apart, at 10 mm 100 px.
    const front: LabelCamera = {
      ...fromAbove(true, 100),
      right: [1, 0, 0],
      up: [0, 0, 1],
      forward: [0, 1, 0],
    };
    const anchors = Float32Array.from([0, 0, 3000, 0, 0, 4000, 50_000, 0, 3000]);
    const style = { heightPx: 20, align: 'end', bubble: false } as const;
    expect([...declutter(anchors, style, front)]).toEqual([1, 0, 1]);
    expect([...declutter(anchors, style, { ...front, mmPerPixel: 10 })]).toEqual([1, 1, 1]);
  });
});
