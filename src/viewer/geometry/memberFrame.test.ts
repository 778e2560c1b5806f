import { describe, expect, it } from 'vitest';
import type { MemberPlacement } from './memberFrame';
import { cardinalPointOffset, memberAxes, writeArrowMatrix, writeMemberMatrix } from './memberFrame';

type V = [number, number, number];

function axesOf(i: V, j: V, angle = 0): { e1: V; e2: V; e3: V; length: number } {
  const out = new Float64Array(9);
  const length = memberAxes(...i, ...j, angle, out);
  return {
    e1: [out[0], out[1], out[2]] as V,
    e2: [out[3], out[4], out[5]] as V,
    e3: [out[6], out[7], out[8]] as V,
    length,
  };
}

function expectVector(actual: readonly number[], expected: readonly number[]): void {
  expect(actual).toHaveLength(expected.length);
  actual.forEach((value, k) => expect(value).toBeCloseTo(expected[k] as number, 9));
}

/** Where the unit mesh's local point (x, y, z) lands under a row-major instance matrix. */
function transform(matrix: Float32Array, [x, y, z]: V): V {
  const m = (k: number) => matrix[k] as number;
  return [
    x * m(0) + y * m(4) + z * m(8) + m(12),
    x * m(1) + y * m(5) + z * m(9) + m(13),
    x * m(2) + y * m(6) + z * m(10) + m(14),
  ];
}

function placement(overrides: Partial<MemberPlacement>): MemberPlacement {
  return {
    ix: 0,
    iy: 0,
    iz: 0,
    jx: 6000,
    jy: 0,
    jz: 0,
    angle: 0,
    cardinalPoint: 10,
    depth: 500,
    width: 200,
    centroid2: 0,
    centroid3: 0,
    ...overrides,
  };
}

describe('memberAxes (CSI local axes)', () => {
  it('points axis 2 up and axis 3 to global −Y for a beam along +X', () => {
    const { e1, e2, e3, length } = axesOf([0, 0, 0], [6000, 0, 0]);
    expect(length).toBe(6000);
    expectVector(e1, [1, 0, 0]);
    expectVector(e2, [0, 0, 1]);
    expectVector(e3, [0, -1, 0]);
  });

  it('takes global +X as axis 2 of a vertical column, and turns it to +Y at 90°', () => {
    const upright = axesOf([1000, 2000, 0], [1000, 2000, 4000]);
    expectVector(upright.e2, [1, 0, 0]);
    expectVector(upright.e3, [0, 1, 0]);
    const turned = axesOf([1000, 2000, 0], [1000, 2000, 4000], 90);
    expectVector(turned.e2, [0, 1, 0]);
    expectVector(turned.e3, [-1, 0, 0]);
  });

  it('keeps axis 2 in the vertical plane and pointing up for a sloping brace', () => {
    const { e1, e2, e3 } = axesOf([0, 0, 0], [3000, 4000, 5000]);
    expect(e2[2]).toBeGreaterThan(0);
    // Axis 2 is perpendicular to axis 1 and axis 3 is horizontal.
    expect(e1[0] * e2[0] + e1[1] * e2[1] + e1[2] * e2[2]).toBeCloseTo(0, 12);
    expect(e3[2]).toBeCloseTo(0, 12);
  });

  it('turns axes 2 and 3 counter-clockwise about axis 1', () => {
    const { e2, e3 } = axesOf([0, 0, 0], [6000, 0, 0], 30);
    const c = Math.cos(Math.PI / 6);
    const s = Math.sin(Math.PI / 6);
    // e2 = cos·Z + sin·(−Y); e3 = −sin·Z + cos·(−Y).
    expectVector(e2, [0, -s, c]);
    expectVector(e3, [0, -c, -s]);
  });

  it('gives zero for a member whose ends coincide', () => {
    expect(axesOf([5, 5, 5], [5, 5, 5]).length).toBe(0);
  });
});

describe('cardinalPointOffset', () => {
  const offset = (point: number, centroid: [number, number] = [0, 0]) => {
    const out = new Float64Array(2);
    cardinalPointOffset(point, 500, 200, centroid[0], centroid[1], out);
    return [out[0] as number, out[1] as number];
  };

  it('hangs the section under the line for top centre (8) and stands it on the line for bottom centre (2)', () => {
    expectVector(offset(8), [-250, 0]);
    expectVector(offset(2), [250, 0]);
  });

  it('puts the box centre to the right (+3) of a left cardinal point and to the left of a right one', () => {
    expectVector(offset(1), [250, 100]);
    expectVector(offset(9), [-250, -100]);
    expectVector(offset(6), [0, -100]);
  });

  it('centres the section on the line at 5 and moves it by the centroid at 10 and 11', () => {
    expectVector(offset(5), [0, 0]);
    expectVector(offset(10), [0, 0]);
    expectVector(offset(10, [0, -0.2]), [0, 40]);
    expectVector(offset(11, [0.1, 0]), [-50, 0]);
  });
});

describe('writeMemberMatrix', () => {
  it('scales the unit mesh to length, depth and width along the member axes', () => {
    const matrix = new Float32Array(16);
    expect(
      writeMemberMatrix(matrix, 0, placement({ ix: 100, iy: 200, iz: 3000, jx: 6100, jy: 200, jz: 3000 })),
    ).toBe(true);
    expectVector(Array.from(matrix.subarray(0, 3)), [6000, 0, 0]);
    expectVector(Array.from(matrix.subarray(4, 7)), [0, 0, 500]);
    expectVector(Array.from(matrix.subarray(8, 11)), [0, -200, 0]);
    // The section's centre runs from node i to node j.
    expectVector(transform(matrix, [0, 0, 0]), [100, 200, 3000]);
    expectVector(transform(matrix, [1, 0, 0]), [6100, 200, 3000]);
  });

  it('puts the top of a beam with cardinal point 8 on the line between its nodes', () => {
    const matrix = new Float32Array(16);
    writeMemberMatrix(matrix, 0, placement({ iz: 4000, jz: 4000, cardinalPoint: 8 }));
    expectVector(transform(matrix, [0, 0.5, 0]), [0, 0, 4000]);
    expectVector(transform(matrix, [1, 0.5, 0]), [6000, 0, 4000]);
    expectVector(transform(matrix, [0, -0.5, 0]), [0, 0, 3500]);
  });

  it('points the depth of a column rotated by 90° along global Y instead of X', () => {
    const column = placement({ jx: 0, jz: 3600, depth: 450, width: 300 });
    const straight = new Float32Array(16);
    const turned = new Float32Array(16);
    writeMemberMatrix(straight, 0, column);
    writeMemberMatrix(turned, 0, { ...column, angle: 90 });
    expectVector(Array.from(straight.subarray(4, 7)), [450, 0, 0]);
    expectVector(Array.from(turned.subarray(4, 7)), [0, 450, 0]);
    expectVector(Array.from(turned.subarray(8, 11)), [-300, 0, 0]);
  });

  it('writes at the given offset and nothing for a zero-length member', () => {
    const matrices = new Float32Array(32).fill(7);
    expect(writeMemberMatrix(matrices, 16, placement({ jx: 0 }))).toBe(false);
    expect(Array.from(matrices)).toEqual(new Array(32).fill(7));
    writeMemberMatrix(matrices, 16, placement({}));
    expect(matrices[0]).toBe(7);
    expect(matrices[31]).toBe(1);
  });
});

describe('writeArrowMatrix', () => {
  it('puts the tip on the point and the tail one length back against the direction', () => {
    const matrix = new Float32Array(16);
    writeArrowMatrix(matrix, 0, 10, 20, 30, 0, 0, -1, 900, 300);
    expectVector(transform(matrix, [0, 0, 0]), [10, 20, 30]);
    expectVector(transform(matrix, [-1, 0, 0]), [10, 20, 930]);
    const across = transform(matrix, [0, 1, 0]);
    expect(Math.hypot(across[0] - 10, across[1] - 20, across[2] - 30)).toBeCloseTo(300, 3);
  });
});
