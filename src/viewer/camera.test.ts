import { describe, expect, it } from 'vitest';
import {
  fitDistance,
  orthoFitRadius,
  orthoHalfHeight,
  orthoPoseForBox,
  flightDurationMs,
  flightPose,
  padBox,
  poseForBox,
  wheelScale,
  zoomAbout,
  type CameraAxes,
} from './camera';
import type { Vec3 } from './geometry/polygon';
import type { SectionBox } from './types';

const FOV = 0.8;

/** Looking along +Y with Z up (a front view). */
const front: CameraAxes = { right: [1, 0, 0], up: [0, 0, 1], forward: [0, 1, 0] };

/** An isometric-ish view: from (+1, −1, +1) towards the origin, Z up. */
function isoAxes(): CameraAxes {
  const forward = normalise([-1, 1, -1]);
  const right = normalise(cross(forward, [0, 0, 1]));
  return { forward, right, up: cross(right, forward) };
}

function cross(a: Vec3, b: Vec3): Vec3 {
  return [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
}
function normalise(v: Vec3): Vec3 {
  const length = Math.hypot(...v);
  return [v[0] / length, v[1] / length, v[2] / length];
}
const dot = (a: Vec3, b: Vec3) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];

/** Where a point lands in normalised device coordinates (−1…1) for a camera at `target − forward·radius`. */
function project(point: Vec3, target: Vec3, radius: number, axes: CameraAxes, aspect: number) {
  const eye: Vec3 = [
    target[0] - axes.forward[0] * radius,
    target[1] - axes.forward[1] * radius,
    target[2] - axes.forward[2] * radius,
  ];
  const v: Vec3 = [point[0] - eye[0], point[1] - eye[1], point[2] - eye[2]];
  const depth = dot(v, axes.forward);
  const tan = Math.tan(FOV / 2);
  return { x: dot(v, axes.right) / (depth * tan * aspect), y: dot(v, axes.up) / (depth * tan), depth };
}

function corners({ min, max }: SectionBox): Vec3[] {
  const points: Vec3[] = [];
  for (const x of [min[0], max[0]])
    for (const y of [min[1], max[1]]) for (const z of [min[2], max[2]]) points.push([x, y, z]);
  return points;
}

describe('fitDistance', () => {
  it('puts a cube seen face-on exactly at the margin', () => {
    const box: SectionBox = { min: [-500, -500, -500], max: [500, 500, 500] };
    const distance = fitDistance(box, front, FOV, 1, 0.5);
    // The near face (500 mm in front of the centre) fills 1/1.5 of the height.
    expect(distance).toBeCloseTo((500 * 1.5) / Math.tan(FOV / 2) + 500, 6);
  });

  it('keeps every corner on screen with the margin, for boxes, views and aspects', () => {
    const boxes: SectionBox[] = [
      { min: [0, 0, 0], max: [6000, 0, 0] }, // a short beam
      { min: [0, 0, 0], max: [0, 0, 4000] }, // a column
      { min: [-20_000, -15_000, 0], max: [20_000, 15_000, 100_000] }, // a tower
    ];
    for (const axes of [front, isoAxes()])
      for (const aspect of [0.5, 1, 16 / 9])
        for (const box of boxes) {
          const padded = padBox(box, 2000);
          const distance = fitDistance(padded, axes, FOV, aspect, 0.5);
          const centre: Vec3 = padded.min.map((value, axis) => (value + (padded.max[axis] ?? 0)) / 2) as Vec3;
          let widest = 0;
          for (const corner of corners(padded)) {
            const { x, y, depth } = project(corner, centre, distance, axes, aspect);
            expect(depth).toBeGreaterThan(0);
            widest = Math.max(widest, Math.abs(x), Math.abs(y));
          }
          // On screen with the margin, and tight: some corner touches it.
          expect(widest).toBeLessThanOrEqual(1 / 1.5 + 1e-9);
          expect(widest).toBeGreaterThan(1 / 1.5 - 1e-6);
        }
  });

  it('makes a short beam of a tall tower fill a sensible part of the view', () => {
    const beam: SectionBox = { min: [0, 0, 96_000], max: [6000, 0, 96_000] };
    const axes = isoAxes();
    const aspect = 1440 / 900;
    const pose = poseForBox(beam, axes, { fov: FOV, aspect, margin: 0.5, minSize: 2000 });
    // The pose's target is inside the beam's box.
    expect(pose.target[0]).toBeGreaterThanOrEqual(0);
    expect(pose.target[0]).toBeLessThanOrEqual(6000);
    expect(pose.target[2]).toBe(96_000);
    const ends = [project([0, 0, 96_000], pose.target, pose.radius, axes, aspect)];
    ends.push(project([6000, 0, 96_000], pose.target, pose.radius, axes, aspect));
    const height = Math.abs((ends[0]?.y ?? 0) - (ends[1]?.y ?? 0)) / 2;
    expect(height).toBeGreaterThan(0.05);
  });
});

describe('padBox', () => {
  it('grows a point to a cube whose diagonal is the minimum size, and leaves big sides alone', () => {
    const point = padBox({ min: [1, 2, 3], max: [1, 2, 3] }, 2000);
    const sides = point.max.map((value, axis) => value - (point.min[axis] ?? 0));
    expect(Math.hypot(...sides)).toBeCloseTo(2000, 6);
    expect(point.min[0] + point.max[0]).toBeCloseTo(2, 6);
    const beam = padBox({ min: [0, 0, 0], max: [6000, 0, 0] }, 2000);
    expect(beam.min[0]).toBe(0);
    expect(beam.max[0]).toBe(6000);
  });
});

describe('flightPose', () => {
  const from = { target: [0, 0, 50_000] as Vec3, radius: 250_000 };
  const to = { target: [6000, 0, 96_000] as Vec3, radius: 10_000 };

  it('starts at the start, ends at the end and clamps outside 0…1', () => {
    expect(flightPose(from, to, 0)).toEqual(from);
    expect(flightPose(from, to, 1)).toEqual(to);
    expect(flightPose(from, to, 2)).toEqual(to);
    expect(flightPose(from, to, -1)).toEqual(from);
  });

  it('changes the distance geometrically and the target along the line, both monotonically', () => {
    let previous = flightPose(from, to, 0);
    for (let step = 1; step <= 20; step += 1) {
      const pose = flightPose(from, to, step / 20);
      expect(pose.radius).toBeLessThan(previous.radius);
      expect(pose.target[0]).toBeGreaterThan(previous.target[0]);
      previous = pose;
    }
    // Halfway (the easing is symmetric) is the geometric mean of the distances.
    expect(flightPose(from, to, 0.5).radius).toBeCloseTo(Math.sqrt(from.radius * to.radius), 6);
  });

  it('lasts longer for a bigger change of distance, within bounds', () => {
    expect(flightDurationMs(from, from)).toBe(350);
    expect(flightDurationMs(from, to)).toBeGreaterThan(350);
    expect(flightDurationMs(from, { ...to, radius: 1 })).toBe(900);
  });
});

describe('zoom about the point under the cursor', () => {
  it('keeps the point where it is on screen and scales the distance', () => {
    const axes = isoAxes();
    const pose = { target: [0, 0, 50_000] as Vec3, radius: 250_000 };
    const point: Vec3 = [12_000, -3000, 96_000];
    const before = project(point, pose.target, pose.radius, axes, 1.6);
    const zoomed = zoomAbout(pose, point, 0.75);
    const after = project(point, zoomed.target, zoomed.radius, axes, 1.6);
    expect(after.x).toBeCloseTo(before.x, 9);
    expect(after.y).toBeCloseTo(before.y, 9);
    expect(after.depth).toBeCloseTo(before.depth * 0.75, 6);
    expect(zoomed.radius).toBe(250_000 * 0.75);
  });

  it('steps in proportion: a notch in and a notch out cancel, and a few notches cross a tower', () => {
    expect(wheelScale(-100, 0)).toBeCloseTo(0.75, 9);
    expect(wheelScale(-100, 0) * wheelScale(100, 0)).toBeCloseTo(1, 9);
    // Firefox's lines: three lines are about one notch.
    expect(wheelScale(-3, 1)).toBeCloseTo(Math.pow(0.75, 1.2), 9);
    // A flick is limited to four notches.
    expect(wheelScale(-10_000, 0)).toBeCloseTo(Math.pow(0.75, 4), 9);
    // From 250 m to 10 m away from a slab: a dozen notches; a trackpad's 4 px is a 1 % step.
    const notches = Math.log(10 / 250) / Math.log(wheelScale(-100, 0));
    expect(notches).toBeLessThan(12);
    expect(wheelScale(-4, 0)).toBeGreaterThan(0.985);
  });
});

describe('orthoFitRadius', () => {
  const plan: CameraAxes = { right: [1, 0, 0], up: [0, 1, 0], forward: [0, 0, -1] };

  it('fits a wide plan to the width and a tall one to the height, with the margin to spare', () => {
    const wide: SectionBox = { min: [0, 0, 3000], max: [40_000, 10_000, 3000] };
    const radius = orthoFitRadius(wide, plan, FOV, 2, 0.1);
    const halfHeight = orthoHalfHeight(radius, FOV);
    // 40 m across a canvas twice as wide as tall: the half-width (20 m) is what binds.
    expect(halfHeight).toBeCloseTo((20_000 * 1.1) / 2, 6);
    const tall: SectionBox = { min: [0, 0, 0], max: [10_000, 40_000, 0] };
    expect(orthoHalfHeight(orthoFitRadius(tall, plan, FOV, 2, 0.1), FOV)).toBeCloseTo(20_000 * 1.1, 6);
  });

  it('ignores depth: a tall building seen from above fits its footprint', () => {
    const tower: SectionBox = { min: [0, 0, 0], max: [10_000, 10_000, 200_000] };
    const flat: SectionBox = { min: [0, 0, 0], max: [10_000, 10_000, 0] };
    expect(orthoFitRadius(tower, plan, FOV, 1, 0.1)).toBeCloseTo(orthoFitRadius(flat, plan, FOV, 1, 0.1), 6);
  });

  it('gives a point a metre of view around it', () => {
    const point: SectionBox = { min: [5, 5, 5], max: [5, 5, 5] };
    expect(orthoHalfHeight(orthoFitRadius(point, plan, FOV, 1, 0), FOV)).toBeCloseTo(500, 6);
  });
});

describe('orthoPoseForBox', () => {
  const front: CameraAxes = { right: [1, 0, 0], up: [0, 0, 1], forward: [0, 1, 0] };
  /** Canvas pixels (from the top-left) of a point, for an orthographic pose on a width × height canvas. */
  const pixel = (point: Vec3, pose: { target: Vec3; radius: number }, width: number, height: number) => {
    const half = orthoHalfHeight(pose.radius, FOV);
    const mmPerPx = (2 * half) / height;
    const offset: Vec3 = [point[0] - pose.target[0], point[1] - pose.target[1], point[2] - pose.target[2]];
    return {
      x: width / 2 + dot(offset, front.right) / mmPerPx,
      y: height / 2 - dot(offset, front.up) / mmPerPx,
    };
  };

  it('keeps the padding free: the box sits inside what is left, filling it on its tighter side', () => {
    const building: SectionBox = { min: [0, 5000, 0], max: [30_000, 5000, 15_000] };
    const padding = { left: 200, right: 20, top: 40, bottom: 20 };
    const pose = orthoPoseForBox(building, front, { fov: FOV, width: 800, height: 600, margin: 0, padding });
    const low = pixel([0, 5000, 0], pose, 800, 600);
    const high = pixel([30_000, 5000, 15_000], pose, 800, 600);
    // 30 m across 580 px binds (15 m over 540 px would not): exactly between the paddings across.
    expect(low.x).toBeCloseTo(200, 6);
    expect(high.x).toBeCloseTo(780, 6);
    expect(high.y).toBeGreaterThanOrEqual(40 - 1e-6);
    expect(low.y).toBeLessThanOrEqual(580 + 1e-6);
    // Centred in the room left between top and bottom.
    expect((high.y + low.y) / 2).toBeCloseTo(40 + 540 / 2, 6);
  });

  it('gives a phone at most half its width for padding', () => {
    const box: SectionBox = { min: [0, 0, 0], max: [10_000, 0, 3000] };
    const padding = { left: 300, right: 100, top: 0, bottom: 0 };
    const pose = orthoPoseForBox(box, front, { fov: FOV, width: 390, height: 600, margin: 0, padding });
    const left = pixel([0, 0, 0], pose, 390, 600);
    const right = pixel([10_000, 0, 0], pose, 390, 600);
    expect(right.x - left.x).toBeCloseTo(195, 6);
    expect(left.x).toBeCloseTo((300 * 195) / 400, 6);
  });
});
