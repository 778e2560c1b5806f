import type { Vec3 } from './geometry/polygon';
import type { SectionBox } from './types';

/*
 * Camera arithmetic of the viewer, free of Babylon so it can be tested alone: fitting a box to a perspective
 * view, the flight between two poses, and zooming about the point under the cursor. Model millimetres; angles
 * in radians.
 */

/** The camera's unit axes in model space: screen right, screen up, and forward (into the screen). */
export interface CameraAxes {
  right: Vec3;
  up: Vec3;
  forward: Vec3;
}

/** Where an orbiting camera looks and how far it is from there; its direction is not part of a pose. */
export interface CameraPose {
  target: Vec3;
  radius: number;
}

const dot = (a: Vec3, b: Vec3) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];

export function boxCentre({ min, max }: SectionBox): Vec3 {
  return [(min[0] + max[0]) / 2, (min[1] + max[1]) / 2, (min[2] + max[2]) / 2];
}

/**
 * The box grown about its centre so each side is at least `minSize / √3`: a node or a short member still shows
 * some of its surroundings (a point becomes a cube whose diagonal is `minSize`).
 */
export function padBox(box: SectionBox, minSize: number): SectionBox {
  const side = minSize / Math.sqrt(3);
  const min: [number, number, number] = [...box.min];
  const max: [number, number, number] = [...box.max];
  for (let axis = 0; axis < 3; axis += 1) {
    const grow = Math.max(0, side - ((max[axis] as number) - (min[axis] as number))) / 2;
    min[axis] = (min[axis] as number) - grow;
    max[axis] = (max[axis] as number) + grow;
  }
  return { min, max };
}

/**
 * How far from the box's centre a perspective camera looking at that centre along `axes.forward` must stand so
 * every corner of the box is on screen with `margin` to spare (0.5: the box takes at most 1/1.5 of the view's
 * width or height). `fov` is the vertical field of view, `aspect` width / height. Exact per corner, so a long
 * thin member seen end-on is brought as close as its near end allows, and one seen side-on fills the width.
 */
export function fitDistance(
  box: SectionBox,
  axes: CameraAxes,
  fov: number,
  aspect: number,
  margin: number,
): number {
  const tanY = Math.tan(fov / 2) / (1 + margin);
  const tanX = (Math.tan(fov / 2) * aspect) / (1 + margin);
  const centre = boxCentre(box);
  let distance = 0;
  for (const x of [box.min[0], box.max[0]])
    for (const y of [box.min[1], box.max[1]])
      for (const z of [box.min[2], box.max[2]]) {
        const offset: Vec3 = [x - centre[0], y - centre[1], z - centre[2]];
        // Depth of the corner behind the centre: a nearer corner needs the camera further back.
        const depth = dot(offset, axes.forward);
        distance = Math.max(
          distance,
          Math.abs(dot(offset, axes.right)) / tanX - depth,
          Math.abs(dot(offset, axes.up)) / tanY - depth,
          // In front of the nearest corner even when it lies on the line of sight.
          1 - depth,
        );
      }
  return distance;
}

/** The pose that shows `box` (padded to `minSize`) from the current direction with `margin` to spare. */
export function poseForBox(
  box: SectionBox,
  axes: CameraAxes,
  view: { fov: number; aspect: number; margin: number; minSize: number },
): CameraPose {
  const padded = padBox(box, view.minSize);
  return {
    target: boxCentre(padded),
    radius: fitDistance(padded, axes, view.fov, view.aspect, view.margin),
  };
}

/** Slow in, slow out. */
const ease = (t: number) => t * t * (3 - 2 * t);

/**
 * The pose `progress` (0…1) of the way through a flight. The target moves along a line; the distance changes
 * geometrically, so going from a 100 m tower to a 3 m beam spends as long on the last metres as on the first
 * tens and the picture seems to approach at an even speed.
 */
export function flightPose(from: CameraPose, to: CameraPose, progress: number): CameraPose {
  const t = ease(Math.min(1, Math.max(0, progress)));
  if (t >= 1) return { target: [...to.target], radius: to.radius };
  const target: Vec3 = [
    from.target[0] + (to.target[0] - from.target[0]) * t,
    from.target[1] + (to.target[1] - from.target[1]) * t,
    from.target[2] + (to.target[2] - from.target[2]) * t,
  ];
  const radius = from.radius * Math.pow(to.radius / from.radius, t);
  return { target, radius };
}

/** A flight lasts longer the further the distance changes (each tenfold adds 200 ms), within 350–900 ms. */
export function flightDurationMs(from: CameraPose, to: CameraPose): number {
  const decades = Math.abs(Math.log10(to.radius / from.radius));
  return Math.min(900, 350 + 200 * decades);
}

/**
 * Zooming about a point: the camera and its target move toward (`scale` < 1) or away from (`scale` > 1) the
 * point by that factor, so the point stays where it is on screen and each step is proportional to the distance
 * left. The direction of view does not change.
 */
export function zoomAbout(pose: CameraPose, point: Vec3, scale: number): CameraPose {
  return {
    target: [
      point[0] + (pose.target[0] - point[0]) * scale,
      point[1] + (pose.target[1] - point[1]) * scale,
      point[2] + (pose.target[2] - point[2]) * scale,
    ],
    radius: pose.radius * scale,
  };
}

/** One mouse-wheel notch (100 px of deltaY) goes a quarter of the way to the point under the cursor. */
const NOTCH_PX = 100;
const NOTCH_SCALE = 0.75;
/** Lines and pages, as Firefox may report them, in pixels. */
const LINE_PX = 40;
const PAGE_PX = 800;

/**
 * The distance factor of one wheel event: below 1 zooms in (deltaY < 0, the wheel turned away from the user),
 * above 1 out; a trackpad's small deltas give small steps. Exponential, so in and out by the same amount cancel.
 */
export function wheelScale(deltaY: number, deltaMode: number): number {
  const pixels = deltaY * (deltaMode === 1 ? LINE_PX : deltaMode === 2 ? PAGE_PX : 1);
  // A burst of fast notches is limited to four at a time, so one flick cannot jump through the model.
  const notches = Math.max(-4, Math.min(4, pixels / NOTCH_PX));
  return Math.pow(NOTCH_SCALE, -notches);
}

/**
 * An orthographic view is drawn at the scale a perspective camera of the same `fov` has at its target: its
 * half-height is `radius · tan(fov / 2)`. The distance then stays the one zoom parameter, so zooming about the
 * cursor, flights and panning speed work the same in both projections.
 */
export function orthoHalfHeight(radius: number, fov: number): number {
  return radius * Math.tan(fov / 2);
}

/** Half the width and height (mm) of a box seen along `axes`: its corners' largest offsets on screen. */
function screenHalfExtents(box: SectionBox, axes: CameraAxes): { halfWidth: number; halfHeight: number } {
  const centre = boxCentre(box);
  let halfWidth = 0;
  let halfHeight = 0;
  for (const x of [box.min[0], box.max[0]])
    for (const y of [box.min[1], box.max[1]])
      for (const z of [box.min[2], box.max[2]]) {
        const offset: Vec3 = [x - centre[0], y - centre[1], z - centre[2]];
        halfWidth = Math.max(halfWidth, Math.abs(dot(offset, axes.right)));
        halfHeight = Math.max(halfHeight, Math.abs(dot(offset, axes.up)));
      }
  return { halfWidth, halfHeight };
}

/**
 * The distance whose orthographic view (see `orthoHalfHeight`) shows `box` seen along `axes`, centred, with
 * `margin` to spare on the tighter side (0.1: the box takes 1/1.1 of the width or height). Depth does not
 * matter to an orthographic picture, so only the box's extent across the screen counts.
 */
export function orthoFitRadius(
  box: SectionBox,
  axes: CameraAxes,
  fov: number,
  aspect: number,
  margin: number,
): number {
  const { halfWidth, halfHeight } = screenHalfExtents(box, axes);
  // A single point or a line seen end-on still gets a metre of view around it.
  const needed = Math.max(halfHeight, halfWidth / Math.max(aspect, 1e-6), 500) * (1 + margin);
  return needed / Math.tan(fov / 2);
}

/** Room (CSS px) kept free at each side of the canvas: for labels drawn outside the model's box. */
export interface ScreenPadding {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

/**
 * The orthographic pose (see `orthoHalfHeight`) that shows `box` seen along `axes` inside the canvas less
 * `padding`, with `margin` to spare: an elevation keeps room left of the building for its levels' names and
 * above it for its grid bubbles, which have a fixed size on screen and so cannot be in a box in mm. The target
 * is moved off the box's centre by half the difference of opposite paddings. Padding never takes more than
 * half the canvas either way, so a phone still shows the drawing.
 */
export function orthoPoseForBox(
  box: SectionBox,
  axes: CameraAxes,
  view: { fov: number; width: number; height: number; margin: number; padding: ScreenPadding },
): CameraPose {
  const { width, height, padding } = view;
  const centre = boxCentre(box);
  const { halfWidth, halfHeight } = screenHalfExtents(box, axes);
  const squeeze = (start: number, end: number, size: number) => {
    const scale = Math.min(1, size / 2 / Math.max(start + end, 1e-9));
    return [start * scale, end * scale] as const;
  };
  const [left, right] = squeeze(padding.left, padding.right, width);
  const [top, bottom] = squeeze(padding.top, padding.bottom, height);
  const usableWidth = Math.max(1, width - left - right);
  const usableHeight = Math.max(1, height - top - bottom);
  // Millimetres per pixel; a point still gets a metre of view across the canvas's height.
  const scale = Math.max(
    ((2 * halfWidth) / usableWidth) * (1 + view.margin),
    ((2 * halfHeight) / usableHeight) * (1 + view.margin),
    1000 / Math.max(1, height),
  );
  // Where the box's centre should be, in pixels right of and below the canvas's centre.
  const dx = (left - right) / 2;
  const dy = (top - bottom) / 2;
  return {
    target: [
      centre[0] - axes.right[0] * dx * scale + axes.up[0] * dy * scale,
      centre[1] - axes.right[1] * dx * scale + axes.up[1] * dy * scale,
      centre[2] - axes.right[2] * dx * scale + axes.up[2] * dy * scale,
    ],
    radius: (scale * height) / 2 / Math.tan(view.fov / 2),
  };
}
