import { describe, expect, it } from 'vitest';
import { generateBuilding } from '../../engine/testing/building';
import { presetParameters } from '../../engine/testing/presets';
import type { ElementType } from '../../engine/schema';
import type { SceneData, SceneProfile } from '../../engine/scene';
import { sceneTypeIndex, toSceneData } from '../../engine/scene';
import type { Vec3 } from '../geometry/polygon';
import { createBruteForcePicker } from './bruteForce';
import { DEFAULT_LINE_RADIUS_MM, DEFAULT_POINT_RADIUS_MM } from './elementShapes';
import type { PickIndex } from './pickIndex';
import { createPickIndex } from './pickIndex';
import { profilePickRadii } from './radii';
import { frameProfile, sceneOfPoints } from '../scene/testScenes';

interface TestElement {
  type: ElementType;
  points: Vec3[];
  profile?: number;
  cardinalPoint?: number;
  angle?: number;
  radius?: number;
}

/** A scene of the given elements, each with its own nodes, and their pick radii. */
function sceneOf(
  elements: TestElement[],
  profiles: SceneProfile[],
): { data: SceneData; radii: Float32Array } {
  return {
    data: sceneOfPoints(elements, { profiles }),
    radii: Float32Array.from(elements, (element) => element.radius ?? 0),
  };
}

function rectangle(x0: number, y0: number, x1: number, y1: number, z: number): Vec3[] {
  return [
    [x0, y0, z],
    [x1, y0, z],
    [x1, y1, z],
    [x0, y1, z],
  ];
}

const all = (): boolean => true;

describe('createPickIndex on a small frame', () => {
  // A column, a beam hung from its top node (cardinal point 8), a floor with an opening over a ground floor, a
  // grounded link and a survey polyline.
  const COLUMN = 0;
  const BEAM = 1;
  const UPPER_FLOOR = 2;
  const GROUND_FLOOR = 4;
  const LINK = 5;
  const SURVEY = 6;
  const { data, radii } = sceneOf(
    [
      {
        type: 'Column',
        points: [
          [0, 0, 0],
          [0, 0, 3_000],
        ],
        profile: 0,
        radius: 200,
      },
      {
        type: 'Beam',
        points: [
          [0, 0, 3_000],
          [6_000, 0, 3_000],
        ],
        profile: 1,
        cardinalPoint: 8,
        radius: 250,
      },
      { type: 'Floor', points: rectangle(0, 0, 6_000, 6_000, 3_000) },
      { type: 'Opening', points: rectangle(2_000, 2_000, 4_000, 4_000, 3_000) },
      { type: 'Floor', points: rectangle(0, 0, 6_000, 6_000, 0) },
      { type: 'Link', points: [[10_000, 0, 0]] },
      {
        type: 'GeoElement',
        points: [
          [20_000, 0, 0],
          [20_000, 5_000, 0],
          [25_000, 5_000, 0],
        ],
      },
    ],
    [frameProfile('COL', 'i', 400, 400), frameProfile('BEAM', 'i', 500, 200)],
  );
  const index = createPickIndex(data, radii);

  it('counts every element of the scene', () => {
    expect(index.elementCount).toBe(7);
  });

  it('hits the column top first on a ray down its axis', () => {
    const hit = index.raycast([0, 0, 10_000], [0, 0, -1], all);
    expect(hit?.element).toBe(COLUMN);
    // The capsule's top is the column's top node plus its radius.
    expect(hit?.distance).toBeCloseTo(10_000 - 3_200, 6);
  });

  it('hits a beam within its radius of the axis its cardinal point moves, and misses just outside', () => {
    // Cardinal point 8 hangs the 500 mm beam from its node line at z = 3000: its axis is at z = 2750.
    const graze = (z: number) => index.raycast([3_000, -10_000, z], [0, 1, 0], all);
    const above = graze(2_750 + 249);
    expect(above?.element).toBe(BEAM);
    expect(above?.distance).toBeCloseTo(10_000 - Math.sqrt(250 ** 2 - 249 ** 2), 3);
    expect(graze(2_750 - 249)?.element).toBe(BEAM);
    // Within 250 mm of the node line, but not of the beam as drawn.
    expect(graze(2_750 + 251)).toBeNull();
    expect(graze(2_750 - 251)).toBeNull();
  });

  it('passes through an opening to the floor below, and hits the floor around it', () => {
    const throughHole = index.raycast([3_000, 3_000, 10_000], [0, 0, -1], all);
    expect(throughHole).toEqual({ element: GROUND_FLOOR, distance: 10_000 });
    const beside = index.raycast([1_000, 3_000, 10_000], [0, 0, -1], all);
    expect(beside).toEqual({ element: UPPER_FLOOR, distance: 7_000 });
    // From below, the opening is no obstacle either: the ceiling is hit around it, not in it.
    expect(index.raycast([3_000, 3_000, 1_000], [0, 0, 1], all)).toBeNull();
    expect(index.raycast([3_000, 1_000, 1_000], [0, 0, 1], all)?.element).toBe(UPPER_FLOOR);
  });

  it('skips invisible elements and returns the next one along the ray', () => {
    const hidden = new Set([UPPER_FLOOR]);
    const hit = index.raycast([1_000, 3_000, 10_000], [0, 0, -1], (element) => !hidden.has(element));
    expect(hit).toEqual({ element: GROUND_FLOOR, distance: 10_000 });
    expect(index.raycast([1_000, 3_000, 10_000], [0, 0, -1], () => false)).toBeNull();
  });

  it('hits single-node elements as spheres and GeoElements as thin polylines', () => {
    const link = index.raycast([10_000, -5_000, 100], [0, 1, 0], all);
    expect(link?.element).toBe(LINK);
    expect(link?.distance).toBeCloseTo(5_000 - Math.sqrt(DEFAULT_POINT_RADIUS_MM ** 2 - 100 ** 2), 3);
    // The polyline's second segment, from above, with a non-unit direction: distances stay in mm.
    const survey = index.raycast([22_000, 5_000 + DEFAULT_LINE_RADIUS_MM - 1, 1_000], [0, 0, -7], all);
    expect(survey?.element).toBe(SURVEY);
    expect(survey?.distance).toBeCloseTo(1_000 - Math.sqrt(DEFAULT_LINE_RADIUS_MM ** 2 - 49 ** 2), 3);
    expect(index.raycast([22_000, 5_000 + DEFAULT_LINE_RADIUS_MM + 1, 1_000], [0, 0, -1], all)).toBeNull();
  });

  it('returns null for rays that miss everything, point away, or have no direction', () => {
    expect(index.raycast([0, 0, 10_000], [0, 0, 1], all)).toBeNull();
    expect(index.raycast([50_000, 50_000, 0], [1, 0, 0], all)).toBeNull();
    expect(index.raycast([3_000, 3_000, 10_000], [0, 0, 0], all)).toBeNull();
  });
});

describe('createPickIndex on shapes that need care', () => {
  it('hits an L-shaped floor on its outline, not in its notch, and a polygon footing', () => {
    const { data, radii } = sceneOf(
      [
        {
          type: 'Floor',
          points: [
            [0, 0, 0],
            [4_000, 0, 0],
            [4_000, 2_000, 0],
            [2_000, 2_000, 0],
            [2_000, 6_000, 0],
            [0, 6_000, 0],
          ],
        },
        { type: 'Foundation', points: rectangle(10_000, 0, 12_000, 2_000, -1_000) },
      ],
      [],
    );
    const index = createPickIndex(data, radii);
    expect(index.raycast([3_000, 1_000, 5_000], [0, 0, -1], all)).toEqual({ element: 0, distance: 5_000 });
    expect(index.raycast([1_000, 5_000, 5_000], [0, 0, -1], all)).toEqual({ element: 0, distance: 5_000 });
    expect(index.raycast([3_000, 4_000, 5_000], [0, 0, -1], all)).toBeNull();
    expect(index.raycast([11_000, 1_000, 5_000], [0, 0, -1], all)).toEqual({ element: 1, distance: 6_000 });
  });

  it('gives a tie between members meeting at a node to the lower index, as testing every element does', () => {
    // Four equal beams meeting at the origin share the sphere at that end; a ray straight down hits it.
    const ends: Vec3[] = [
      [5_000, 0, 0],
      [0, 5_000, 0],
      [-5_000, 0, 0],
      [0, -5_000, 0],
    ];
    const { data, radii } = sceneOf(
      ends.map((end) => ({ type: 'Beam' as const, points: [end, [0, 0, 0]], radius: 150 })),
      [],
    );
    const index = createPickIndex(data, radii);
    const reference = createBruteForcePicker(data, radii);
    const hit = index.raycast([0, 0, 1_000], [0, 0, -1], all);
    expect(hit).toEqual({ element: 0, distance: 850 });
    expect(reference.raycast([0, 0, 1_000], [0, 0, -1], all)).toEqual(hit);
    expect(index.raycast([0, 0, 1_000], [0, 0, -1], (element) => element >= 2)).toEqual({
      element: 2,
      distance: 850,
    });
  });
});

/** Park–Miller: the same rays on every run. */
function seededRandom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 16_807) % 2_147_483_647;
    return state / 2_147_483_647;
  };
}

describe('createPickIndex on the 1k preset', () => {
  const data = toSceneData(generateBuilding(presetParameters('1k')));
  const radii = profilePickRadii(data);
  const index: PickIndex = createPickIndex(data, radii);
  const reference = createBruteForcePicker(data, radii);

  const { xyz } = data.nodes;
  const coordinates = (axis: number): number[] => xyz.filter((_, i) => i % 3 === axis);
  const min = [0, 1, 2].map((axis) => Math.min(...coordinates(axis))) as Vec3;
  const max = [0, 1, 2].map((axis) => Math.max(...coordinates(axis))) as Vec3;

  it('agrees with testing every element on 2,000 random rays, with and without hidden elements', () => {
    const random = seededRandom(20_240_611);
    const inBox = (margin: number): Vec3 =>
      min.map((low, axis) => {
        const span = (max[axis] as number) - low;
        return low - margin * span + random() * (1 + 2 * margin) * span;
      }) as Vec3;
    const types = data.elements.types;
    const floor = sceneTypeIndex('Floor');
    let hits = 0;
    let hiddenSkipped = 0;
    for (let ray = 0; ray < 2_000; ray++) {
      // Half the rays start outside the building and aim inside it; the others start anywhere inside and go
      // anywhere. Every fourth ray hides the floors and a random third of the rest.
      const origin = ray % 2 === 0 ? inBox(1) : inBox(0);
      const target = inBox(0);
      const direction: Vec3 = [target[0] - origin[0], target[1] - origin[1], target[2] - origin[2]];
      const hiddenSeed = ray;
      const isVisible =
        ray % 4 === 3
          ? (element: number) => types[element] !== floor && (element * 2_654_435_761 + hiddenSeed) % 3 !== 0
          : all;
      const expected = reference.raycast(origin, direction, isVisible);
      const actual = index.raycast(origin, direction, isVisible);
      expect(actual?.element ?? -1, `ray ${ray}`).toBe(expected?.element ?? -1);
      if (expected && actual) {
        expect(actual.distance).toBeCloseTo(expected.distance, 6);
        hits++;
        if (ray % 4 === 3 && reference.raycast(origin, direction, all)?.element !== expected.element) {
          hiddenSkipped++;
        }
      }
    }
    // The rays exercise the index: most hit something, and hiding changed the answer for many.
    expect(hits).toBeGreaterThan(1_000);
    expect(hiddenSkipped).toBeGreaterThan(100);
  });

  it('answers a ray through the middle of the building like the reference', () => {
    const centre: Vec3 = [(min[0] + max[0]) / 2, (min[1] + max[1]) / 2, (min[2] + max[2]) / 2];
    for (const [origin, direction] of [
      [
        [centre[0], min[1] - 50_000, centre[2] + 100],
        [0, 1, 0],
      ],
      [
        [centre[0] + 100, centre[1] + 100, max[2] + 50_000],
        [0, 0, -1],
      ],
      [
        [min[0] - 50_000, min[1] - 40_000, max[2] + 30_000],
        [centre[0] - min[0] + 50_000, centre[1] - min[1] + 40_000, centre[2] - max[2] - 30_000],
      ],
    ] as Array<[Vec3, Vec3]>) {
      const hit = index.raycast(origin, direction, all);
      expect(hit).not.toBeNull();
      expect(hit).toEqual(reference.raycast(origin, direction, all));
    }
  });
});
