import { describe, expect, it } from 'vitest';
import type { ElementType } from '../../engine/schema';
import type { SceneData } from '../../engine/scene';
import type { Triangulation, Vec3 } from './polygon';
import { sceneOfPoints } from '../scene/testScenes';
import { assignOpenings, triangulatePolygon } from './polygon';

function corner(t: Triangulation, index: number): Vec3 {
  const i = t.indices[index] as number;
  return [t.positions[i * 3] as number, t.positions[i * 3 + 1] as number, t.positions[i * 3 + 2] as number];
}

function sub(a: Vec3, b: Vec3): Vec3 {
  return [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
}

function cross(a: Vec3, b: Vec3): Vec3 {
  return [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
}

function dot(a: Vec3, b: Vec3): number {
  return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}

/** Triangles as corner triples, with their centroids and their area along the normal (positive when CCW). */
function triangles(t: Triangulation): Array<{ centroid: Vec3; signedArea: number }> {
  const result: Array<{ centroid: Vec3; signedArea: number }> = [];
  for (let k = 0; k < t.indices.length; k += 3) {
    const a = corner(t, k);
    const b = corner(t, k + 1);
    const c = corner(t, k + 2);
    result.push({
      centroid: [(a[0] + b[0] + c[0]) / 3, (a[1] + b[1] + c[1]) / 3, (a[2] + b[2] + c[2]) / 3],
      signedArea: dot(cross(sub(b, a), sub(c, a)), t.normal) / 2,
    });
  }
  return result;
}

function rectangle(x0: number, y0: number, x1: number, y1: number, z: number): Vec3[] {
  return [
    [x0, y0, z],
    [x1, y0, z],
    [x1, y1, z],
    [x0, y1, z],
  ];
}

describe('triangulatePolygon', () => {
  it('triangulates a 10 × 8 m floor around a 2 × 3 m opening, leaving the opening empty', () => {
    const floor = rectangle(0, 0, 10_000, 8_000, 3_500);
    const opening = rectangle(4_000, 2_000, 6_000, 5_000, 3_500);
    const t = triangulatePolygon(floor, [opening]);

    expect(t.area).toBeCloseTo(74e6, 3);
    expect(t.normal).toEqual([0, 0, 1]);
    expect(t.positions.length).toBe(8 * 3);
    const parts = triangles(t);
    expect(parts.length).toBeGreaterThanOrEqual(8);
    // The triangles cover the floor less the opening, all wound counter-clockwise about the normal.
    expect(parts.reduce((sum, part) => sum + part.signedArea, 0)).toBeCloseTo(74e6, 0);
    for (const { centroid, signedArea } of parts) {
      expect(signedArea).toBeGreaterThan(0);
      expect(centroid[2]).toBeCloseTo(3_500, 6);
      const inHole = centroid[0] > 4_000 && centroid[0] < 6_000 && centroid[1] > 2_000 && centroid[1] < 5_000;
      expect(inHole).toBe(false);
    }
  });

  it('triangulates a vertical wall with a door in its own plane', () => {
    // A wall along y = 2000 from x = 0 to 6000, 3.6 m high, outline wound clockwise seen from +y.
    const wall: Vec3[] = [
      [0, 2_000, 0],
      [6_000, 2_000, 0],
      [6_000, 2_000, 3_600],
      [0, 2_000, 3_600],
    ];
    const door: Vec3[] = [
      [2_000, 2_000, 0],
      [2_000, 2_000, 2_100],
      [3_000, 2_000, 2_100],
      [3_000, 2_000, 0],
    ];
    const t = triangulatePolygon(wall, [door]);

    expect(t.area).toBeCloseTo(6_000 * 3_600 - 1_000 * 2_100, 3);
    expect(t.normal[0]).toBeCloseTo(0, 12);
    expect(t.normal[1]).toBeCloseTo(-1, 12);
    expect(t.normal[2]).toBeCloseTo(0, 12);
    const parts = triangles(t);
    expect(parts.reduce((sum, part) => sum + part.signedArea, 0)).toBeCloseTo(t.area, 0);
    for (const { centroid, signedArea } of parts) {
      expect(signedArea).toBeGreaterThan(0);
      expect(centroid[1]).toBeCloseTo(2_000, 6);
      const inDoor = centroid[0] > 2_000 && centroid[0] < 3_000 && centroid[2] < 2_100;
      expect(inDoor).toBe(false);
    }
  });

  it('triangulates a sloped roof area, an L-shaped one, with its true (not plan) area', () => {
    // Rises 3 m over 4 m in x: the slope length is 5 m, so the area is 5/4 of the plan area.
    const rise = (x: number): number => 10_000 + (3 / 4) * x;
    const plan: Array<[number, number]> = [
      [0, 0],
      [4_000, 0],
      [4_000, 2_000],
      [2_000, 2_000],
      [2_000, 6_000],
      [0, 6_000],
    ];
    const outline = plan.map(([x, y]): Vec3 => [x, y, rise(x)]);
    const t = triangulatePolygon(outline, []);

    const planArea = 4_000 * 2_000 + 2_000 * 4_000;
    expect(t.area).toBeCloseTo(planArea * (5 / 4), 2);
    expect(t.normal[0]).toBeCloseTo(-3 / 5, 12);
    expect(t.normal[1]).toBeCloseTo(0, 12);
    expect(t.normal[2]).toBeCloseTo(4 / 5, 12);
    const parts = triangles(t);
    expect(parts).toHaveLength(4);
    expect(parts.reduce((sum, part) => sum + part.signedArea, 0)).toBeCloseTo(t.area, -1);
    for (const { centroid } of parts) {
      // On the plane, and not in the notch of the L.
      expect(centroid[2]).toBeCloseTo(rise(centroid[0]), 1);
      expect(centroid[0] > 2_000 && centroid[1] > 2_000).toBe(false);
    }
  });

  it('gives an empty triangulation for degenerate outlines and ignores degenerate holes', () => {
    const cases: Vec3[][] = [
      [],
      [[0, 0, 0]],
      [
        [0, 0, 0],
        [1_000, 0, 0],
      ],
      [
        [0, 0, 0],
        [1_000, 0, 0],
        [0, 0, 0],
        [1_000, 0, 0],
      ],
      // Collinear: three distinct points, no area.
      [
        [0, 0, 0],
        [1_000, 1_000, 1_000],
        [2_000, 2_000, 2_000],
      ],
      [
        [0, 0, 0],
        [Number.NaN, 0, 0],
        [0, 1_000, 0],
      ],
    ];
    for (const outline of cases) {
      const t = triangulatePolygon(outline, []);
      expect(t.indices).toHaveLength(0);
      expect(t.positions).toHaveLength(0);
      expect(t.area).toBe(0);
    }

    const floor = rectangle(0, 0, 1_000, 1_000, 0);
    const withBadHoles = triangulatePolygon(floor, [
      [],
      [[500, 500, 0]],
      [
        [100, 100, 0],
        [200, 200, 0],
        [300, 300, 0],
      ],
    ]);
    expect(withBadHoles.area).toBeCloseTo(1e6, 6);
    expect(withBadHoles.positions).toHaveLength(4 * 3);
    expect(withBadHoles.indices).toHaveLength(6);
  });
});

/** A scene of area elements only: each element is a type and its outline. */
function sceneOf(elements: Array<{ type: ElementType; outline: Vec3[]; level?: number }>): SceneData {
  return sceneOfPoints(elements.map(({ outline, ...element }) => ({ ...element, points: outline })));
}

describe('assignOpenings', () => {
  it('finds the host of each opening among floors stacked on the same plan, walls and sloped areas', () => {
    const elevations = [0, 3_600, 7_200, 10_800];
    const elements: Array<{ type: ElementType; outline: Vec3[] }> = [];
    // Two floor panels per storey, side by side, on the same plan at every level.
    for (const z of elevations) {
      elements.push({ type: 'Floor', outline: rectangle(0, 0, 8_000, 8_000, z) });
      elements.push({ type: 'Floor', outline: rectangle(8_000, 0, 16_000, 8_000, z) });
    }
    const floorAt = (storey: number, panel: 0 | 1): number => storey * 2 + panel;
    const wall = elements.push({
      type: 'Wall',
      outline: [
        [0, 8_000, 0],
        [8_000, 8_000, 0],
        [8_000, 8_000, 3_600],
        [0, 8_000, 3_600],
      ],
    });
    const slopedZ = (x: number): number => 20_000 + 0.5 * x;
    const sloped = elements.push({
      type: 'Area',
      outline: [
        [0, 0, slopedZ(0)],
        [6_000, 0, slopedZ(6_000)],
        [6_000, 4_000, slopedZ(6_000)],
        [0, 4_000, slopedZ(0)],
      ],
    });
    const firstOpening = elements.length;
    // Openings: in storey 2's first panel (0.4 mm off the plane), in storey 1's second panel, in storey 3's first
    // panel, a door in the wall, a skylight in the sloped area, one between storeys (no host) and one beside
    // the building (no host).
    elements.push({ type: 'Opening', outline: rectangle(2_000, 2_000, 4_000, 5_000, 7_200.4) });
    elements.push({ type: 'Opening', outline: rectangle(10_000, 1_000, 12_000, 3_000, 3_600) });
    elements.push({ type: 'Opening', outline: rectangle(1_000, 6_000, 3_000, 7_000, 10_800) });
    elements.push({
      type: 'Opening',
      outline: [
        [3_000, 8_000, 0],
        [4_000, 8_000, 0],
        [4_000, 8_000, 2_100],
        [3_000, 8_000, 2_100],
      ],
    });
    elements.push({
      type: 'Opening',
      outline: [
        [2_000, 1_000, slopedZ(2_000)],
        [3_000, 1_000, slopedZ(3_000)],
        [3_000, 2_000, slopedZ(3_000)],
        [2_000, 2_000, slopedZ(2_000)],
      ],
    });
    elements.push({ type: 'Opening', outline: rectangle(2_000, 2_000, 4_000, 5_000, 5_000) });
    elements.push({ type: 'Opening', outline: rectangle(20_000, 2_000, 22_000, 5_000, 3_600) });

    const hosts = assignOpenings(sceneOf(elements));

    expect(Array.from(hosts.slice(firstOpening))).toEqual([
      floorAt(2, 0),
      floorAt(1, 1),
      floorAt(3, 0),
      wall - 1,
      sloped - 1,
      -1,
      -1,
    ]);
    // Hosts themselves are not openings.
    expect(Array.from(hosts.slice(0, firstOpening)).every((host) => host === -1)).toBe(true);
  });

  it('rejects an opening more than a millimetre and a bit off the floor plane, and one outside a concave outline', () => {
    const lShape: Vec3[] = [
      [0, 0, 0],
      [4_000, 0, 0],
      [4_000, 2_000, 0],
      [2_000, 2_000, 0],
      [2_000, 6_000, 0],
      [0, 6_000, 0],
    ];
    const scene = sceneOf([
      { type: 'Floor', outline: lShape },
      { type: 'Opening', outline: rectangle(500, 500, 1_500, 1_500, 2) },
      // In the notch of the L: inside the floor's box but outside its outline.
      { type: 'Opening', outline: rectangle(3_000, 3_000, 3_500, 3_500, 0) },
      { type: 'Opening', outline: rectangle(500, 500, 1_500, 1_500, 0.9) },
    ]);
    expect(Array.from(assignOpenings(scene))).toEqual([-1, -1, -1, 0]);
  });

  it('assigns openings on every storey of a tall building to the floor panel of their own storey', () => {
    const elements: Array<{ type: ElementType; outline: Vec3[] }> = [];
    const storeys = 40;
    const bays = 25;
    for (let s = 1; s <= storeys; s++) {
      for (let i = 0; i < bays; i++) {
        for (let j = 0; j < bays; j++) {
          elements.push({
            type: 'Floor',
            outline: rectangle(i * 8_000, j * 8_000, (i + 1) * 8_000, (j + 1) * 8_000, s * 3_600),
          });
        }
      }
    }
    const floors = elements.length;
    for (let s = 1; s <= storeys; s++) {
      for (let i = 0; i < bays; i += 2) {
        elements.push({
          type: 'Opening',
          outline: rectangle(i * 8_000 + 1_000, 1_000, i * 8_000 + 2_000, 2_000, s * 3_600),
        });
      }
    }
    const hosts = assignOpenings(sceneOf(elements));
    let k = floors;
    for (let s = 1; s <= storeys; s++) {
      for (let i = 0; i < bays; i += 2) {
        expect(hosts[k++]).toBe((s - 1) * bays * bays + i * bays);
      }
    }
  });
});
