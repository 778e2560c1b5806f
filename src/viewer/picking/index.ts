export type { PickHit, PickIndex } from './pickIndex';
export { createPickIndex } from './pickIndex';
export { createBruteForcePicker } from './bruteForce';
export { DEFAULT_LINE_RADIUS_MM, DEFAULT_POINT_RADIUS_MM } from './elementShapes';
export { profilePickRadii } from './radii';
